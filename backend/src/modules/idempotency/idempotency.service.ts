import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource, EntityManager } from 'typeorm';
import { AppError, badInput, conflict } from '../../common/errors';

/** How long a key answers its first result. */
export const KEY_LIFETIME_HOURS = 24;
/** A claim still running after this long was left by a process that died before its result committed. */
const STALE_CLAIM_SECONDS = 60;
/** How long a request waits for another one working on its key, and how often it looks. */
const WAIT_MS = 30_000;
const POLL_MS = 100;

/** 1 to 255 printable characters: no control, format or unassigned code points. */
const KEY_PATTERN = /^\P{C}{1,255}$/u;

/** One use of a key: whose, for which operation, and the request it stands for. */
export interface KeyedRequest {
  callerId: string;
  operation: string;
  key: unknown;
  /** The normalised request without its key: plain JSON values. */
  request: unknown;
}

/**
 * Marks the claim done with its result, in the transaction that writes the result, so that a
 * result never exists without its key saying so.
 */
export type RecordResult = (manager: EntityManager, resultId: string) => Promise<void>;

/** Thrown when the claim was taken over while the work ran: the work's transaction rolls back. */
class ClaimLost extends Error {}

/** The key as sent: 400 unless 1 to 255 printable characters. */
export function checkKey(key: unknown): string {
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw badInput('An idempotency key must be 1 to 255 printable characters');
  return key;
}

/** The key a GraphQL mutation was given, as its argument or as the Idempotency-Key header (both only if equal). */
export function keyOfRequest(argument: string | null | undefined, header: string | null): string | null {
  if (argument != null && header !== null && argument !== header)
    throw badInput('The Idempotency-Key header and the idempotencyKey argument differ: send the key once');
  return argument ?? header;
}

/**
 * Idempotency keys (issue 40): the same key from the same caller for the same operation within 24
 * hours answers the first result without doing the work again, across every process on the
 * database. A key is claimed by an insert committed at once; the work marks it done inside its
 * own transaction; a failed work releases it so that a retry runs again.
 */
export class IdempotencyService {
  constructor(
    private readonly db: DataSource,
    /** `IDEMPOTENCY_KEYS_PER_HOUR`: new keys one caller may claim for one operation in any hour; every key is a row kept for a day. */
    private readonly keysPerHour: number,
  ) {}

  async once<T>(keyed: KeyedRequest, work: (record: RecordResult) => Promise<T>, replay: (resultId: string) => Promise<T>): Promise<T> {
    const key = checkKey(keyed.key);
    const id = [keyed.callerId, keyed.operation, key];
    const hash = hashOf(keyed.request);
    const until = Date.now() + WAIT_MS;
    for (;;) {
      const token = randomUUID();
      // A row older than the key's lifetime not yet pruned is claimed afresh; a new key only while the caller has room for it.
      const claimed: unknown[] = await this.db.query(
        `INSERT INTO "idempotency_key" ("callerId", "operation", "key", "requestHash", "state", "claimToken")
         SELECT $1::uuid, $2::varchar, $3::varchar, $4::varchar, 'running', $5::uuid
          WHERE (SELECT count(*) FROM "idempotency_key"
                  WHERE "callerId" = $1 AND "operation" = $2 AND "createdAt" > now() - interval '1 hour') < $7
         ON CONFLICT ON CONSTRAINT "PK_idempotency_key" DO UPDATE
           SET "requestHash" = $4, "state" = 'running', "claimToken" = $5, "resultId" = NULL, "createdAt" = now(), "claimedAt" = now()
           WHERE "idempotency_key"."createdAt" < now() - make_interval(hours => $6)
         RETURNING 1`,
        [...id, hash, token, KEY_LIFETIME_HOURS, this.keysPerHour],
      );
      if (claimed.length) {
        const ran = await this.runClaimed(id, token, work);
        if (ran) return ran.result;
        continue;
      }

      const [row]: { requestHash: string; state: string; resultId: string | null; claimToken: string; stale: boolean; expired: boolean }[] =
        await this.db.query(
          `SELECT "requestHash", "state", "resultId", "claimToken", "claimedAt" < now() - make_interval(secs => $4) AS stale,
                  "createdAt" < now() - make_interval(hours => $5) AS expired
             FROM "idempotency_key" WHERE "callerId" = $1 AND "operation" = $2 AND "key" = $3`,
          [...id, STALE_CLAIM_SECONDS, KEY_LIFETIME_HOURS],
        );
      // A new (or expired) key not claimed: the caller's keys of the hour are used up, or a failed work released it since the insert.
      if (!row || row.expired) {
        await this.assertRoomForKey(keyed);
        continue;
      }
      if (row.requestHash !== hash) throw conflict('This idempotency key was used for a different order');
      if (row.state === 'done') return replay(row.resultId!);
      if (row.stale) {
        const [, taken]: [unknown, number] = await this.db.query(
          `UPDATE "idempotency_key" SET "claimToken" = $4, "claimedAt" = now()
            WHERE "callerId" = $1 AND "operation" = $2 AND "key" = $3 AND "state" = 'running' AND "claimToken" = $5`,
          [...id, token, row.claimToken],
        );
        const ran = taken ? await this.runClaimed(id, token, work) : null;
        if (ran) return ran.result;
        continue;
      }
      if (Date.now() > until) throw conflict('A request with this idempotency key is still in progress; try again shortly');
      await sleep(POLL_MS);
    }
  }

  /** Refuses a new key once the caller claimed `keysPerHour` for the operation within the hour (RATE_LIMITED, with when to retry). */
  private async assertRoomForKey({ callerId, operation }: KeyedRequest): Promise<void> {
    const [{ count, retryAfter }]: { count: number; retryAfter: number | null }[] = await this.db.query(
      `SELECT count(*)::int AS "count", ceil(extract(epoch FROM min("createdAt") + interval '1 hour' - now()))::int AS "retryAfter"
         FROM "idempotency_key" WHERE "callerId" = $1 AND "operation" = $2 AND "createdAt" > now() - interval '1 hour'`,
      [callerId, operation],
    );
    if (count < this.keysPerHour) return;
    const seconds = Math.max(1, retryAfter ?? 1);
    throw new AppError(
      'RATE_LIMITED',
      `Too many idempotency keys: at most ${this.keysPerHour} new keys an hour for ${operation}. Retry with a key you already sent, or try again in ${seconds} seconds`,
      seconds,
    );
  }

  /** Deletes keys past their lifetime (the recurring job); answers how many. */
  async prune(): Promise<number> {
    const [, count]: [unknown, number] = await this.db.query(
      `DELETE FROM "idempotency_key" WHERE "createdAt" < now() - make_interval(hours => $1)`,
      [KEY_LIFETIME_HOURS],
    );
    return count;
  }

  /** Runs the work under this claim; null when the claim was taken over meanwhile (its result is the taker's). */
  private async runClaimed<T>(id: string[], token: string, work: (record: RecordResult) => Promise<T>): Promise<{ result: T } | null> {
    const record: RecordResult = async (manager, resultId) => {
      const [, marked]: [unknown, number] = await manager.query(
        `UPDATE "idempotency_key" SET "state" = 'done', "resultId" = $5
          WHERE "callerId" = $1 AND "operation" = $2 AND "key" = $3 AND "claimToken" = $4 AND "state" = 'running'`,
        [...id, token, resultId],
      );
      if (!marked) throw new ClaimLost();
    };
    try {
      return { result: await work(record) };
    } catch (error) {
      if (error instanceof ClaimLost) return null;
      // Released so that a retry runs the work again; if even that fails the claim goes stale and is taken over.
      await this.db
        .query(
          `DELETE FROM "idempotency_key" WHERE "callerId" = $1 AND "operation" = $2 AND "key" = $3 AND "claimToken" = $4 AND "state" = 'running'`,
          [...id, token],
        )
        .catch(() => undefined);
      throw error;
    }
  }
}

/** sha256 of the request as JSON with its object keys sorted, so that field order never matters. */
function hashOf(request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(sorted(request)))
    .digest('hex');
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => [k, sorted(v)]),
  );
}
