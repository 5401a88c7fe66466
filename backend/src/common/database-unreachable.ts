import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';

/** Network failures, and PostgreSQL refusing service (shutting down, starting up, too many connections). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08006',
]);
/** What pg says when a connection drops or the pool cannot get one in time. */
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Connection is not established/i;

/** TypeORM's errors for a statement on a transaction whose connection it released (the connection dropped). */
const RELEASED_RUNNER_ERRORS = new Set<unknown>(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);

/**
 * True for an error (or the driver error, cause or thrown value inside it: graphql-js wraps values
 * that are not Errors of its realm) that means PostgreSQL cannot be reached just now.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, message, driverError, cause, thrownValue } = current as {
      code?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
      thrownValue?: unknown;
    };
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
    // TypeORM releases a transaction's connection as soon as it drops; the next statement, or the COMMIT, then meets one of these.
    if (RELEASED_RUNNER_ERRORS.has((current as { name?: unknown }).name)) return true;
    current = driverError ?? cause ?? thrownValue;
  }
  return false;
}

/**
 * Runs `work`, again each second while the database cannot be reached, for up to `withinMs`: for
 * recording what already happened outside it (a mail the server took, a webhook its receiver
 * accepted), which a retry of the whole job would do twice.
 */
export async function onceReachable<T>(work: () => Promise<T>, withinMs: number): Promise<T> {
  for (const giveUpAt = Date.now() + withinMs; ; await sleep(1000)) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnreachable(error) || Date.now() > giveUpAt) throw error;
    }
  }
}

/**
 * For `process.on('unhandledRejection')`. pg-boss 10 marks a job completed or failed without waiting
 * for the statement (its issue #577): while PostgreSQL restarts, that statement's rejection reaches
 * no handler, and Node would exit, taking every process down at once. A database that cannot be
 * reached is logged instead (the job stays active until it expires, then runs again); any other
 * rejection is thrown, and the process exits as before.
 */
export function survivingDatabaseOutages(logger: Pick<Logger, 'warn'>): (reason: unknown) => void {
  return (reason) => {
    if (!isDatabaseUnreachable(reason)) throw reason;
    logger.warn({ err: reason }, 'a statement nobody waited for failed: the database cannot be reached');
  };
}
