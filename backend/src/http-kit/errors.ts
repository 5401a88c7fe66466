import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { AppError, databaseUnavailable } from '../common/errors';
import { isDatabaseUnreachable } from '../common/database-unreachable';

/** A request body that cannot be read (not JSON, too large): 400 or 413, GraphQL's code BAD_REQUEST. */
export class UnreadableBody extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What a failure answers, whichever API it is answered on: the HTTP status, `Retry-After`, the
 * message (REST's `{ message }`) and GraphQL's `extensions`. `internal` failures are logged and
 * answered with a message that says nothing of them.
 */
export interface Failure {
  status: number;
  retryAfter: number | null;
  message: string;
  extensions: { code: string } & Record<string, unknown>;
  internal: boolean;
}

/**
 * The one place an error becomes an answer: an AppError as it is, an unreachable database as a
 * 503 to retry, a body express.json could not read as 400 or 413, anything else an internal 500.
 */
export function failureOf(error: unknown): Failure {
  const callerError = error instanceof AppError ? error : isDatabaseUnreachable(error) ? databaseUnavailable() : null;
  if (callerError) {
    const { status, retryAfter, message, code, details } = callerError;
    return {
      status,
      retryAfter,
      message,
      extensions: { code, ...details, ...(retryAfter !== null ? { retryAfter } : {}) },
      internal: false,
    };
  }
  const unreadable = error instanceof UnreadableBody ? error : unreadableBodyOf(error);
  if (unreadable) {
    return {
      status: unreadable.status,
      retryAfter: null,
      message: unreadable.message,
      extensions: { code: 'BAD_REQUEST' },
      internal: false,
    };
  }
  return {
    status: 500,
    retryAfter: null,
    message: 'Something went wrong on our side; please try again',
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
    internal: true,
  };
}

/** A body express.json could not read: 400 for text that is not JSON, 413 for too much of it. */
function unreadableBodyOf(error: unknown): UnreadableBody | null {
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (type === 'entity.parse.failed') return new UnreadableBody(400, 'The request body is not valid JSON');
  if (type === 'entity.too.large') return new UnreadableBody(413, 'The request body is larger than 1 MB');
  if (typeof type === 'string' && typeof status === 'number' && status >= 400 && status < 500) {
    return new UnreadableBody(status, 'The request body could not be read');
  }
  return null;
}

/** Whether `error` is a body express.json could not read (the GraphQL route answers those in its own shape). */
export const isUnreadableBody = (error: unknown) => error instanceof UnreadableBody || unreadableBodyOf(error) !== null;

/** Answers `value` as JSON with `status`, on any response (Express's `res.json` is only on Express's). */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}

/** A failure as a GraphQL error (`message`, `extensions`), for `{ errors }` and Apollo's formatError. */
export const graphQLErrorOf = ({ message, extensions }: Failure) => ({ message, extensions });

function sendAnswer(res: ServerResponse, error: unknown, log: (error: unknown) => void, body: (failure: Failure) => unknown): void {
  const failure = failureOf(error);
  if (failure.internal) log(error);
  if (res.headersSent) return;
  if (failure.retryAfter !== null) res.setHeader('retry-after', String(failure.retryAfter));
  sendJson(res, failure.status, body(failure));
}

/** The answer to a request whose handling threw, as REST answers it: the status, `Retry-After`, and `{ message }`; an internal error logged (`log`). */
export function sendFailure(res: ServerResponse, error: unknown, log: (error: unknown) => void): void {
  sendAnswer(res, error, log, ({ message }) => ({ message }));
}

/** The same answer in GraphQL's shape: `{ errors: [{ message, extensions }] }`. */
export function sendGraphQLFailure(res: ServerResponse, error: unknown, log: (error: unknown) => void): void {
  sendAnswer(res, error, log, (failure) => ({ errors: [graphQLErrorOf(failure)] }));
}

/**
 * A REST request whose handling threw, wherever it is answered (the /api router, the front door):
 * `{ message }` with the error's status, or a 500 logged.
 */
export function sendRestFailure(res: ServerResponse, error: unknown, logger: Logger): void {
  if (failureOf(error).extensions.code === 'SERVICE_UNAVAILABLE')
    logger.warn({ err: error }, 'REST request failed: a service is unavailable');
  sendFailure(res, error, (failure) => logger.error({ err: failure }, 'REST request failed'));
}
