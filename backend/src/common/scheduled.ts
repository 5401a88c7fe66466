import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';

/**
 * Runs `work` while holding the PostgreSQL advisory lock named `lockName`, unless another process
 * (or this one) holds it already: then answers `{ ran: false }` at once. The lock is held on its
 * own connection, so `work` needs the pool to have another one free.
 */
export async function runExclusively<T>(
  db: DataSource,
  lockName: string,
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    const [{ locked }]: { locked: boolean }[] = await runner.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [lockName]);
    if (!locked) return { ran: false };
    try {
      return { ran: true, result: await work() };
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockName]);
    }
  } finally {
    await runner.release();
  }
}

/**
 * Runs the job `job` if it has not run, in any process, for `everyMs`: the advisory lock keeps two
 * runs from overlapping, and the shared `scheduled_run` row makes it once per period, whichever
 * process gets there first. Answers whether it ran here.
 */
export async function runIfDue(db: DataSource, job: string, everyMs: number, work: () => Promise<void>): Promise<boolean> {
  const outcome = await runExclusively(db, `keen:job:${job}`, async () => {
    const claimed: unknown[] = await db.query(
      `INSERT INTO "scheduled_run" ("job", "lastRunAt") VALUES ($1, now())
       ON CONFLICT ("job") DO UPDATE SET "lastRunAt" = now()
       WHERE "scheduled_run"."lastRunAt" <= now() - make_interval(secs => $2)
       RETURNING "job"`,
      [job, everyMs / 1000],
    );
    if (claimed.length === 0) return false;
    await work();
    return true;
  });
  return outcome.ran && outcome.result;
}

export interface Schedule {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Every process schedules the same jobs; each one checks four times a period (but no more often
 * than every second and no less often than every minute) whether the job is due, and only one
 * process runs it per period. The first check is at once. Failures are logged, not thrown.
 */
export function schedule(db: DataSource, options: { job: string; everyMs: number; logger: Logger }, work: () => Promise<void>): Schedule {
  const { job, everyMs, logger } = options;
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= runIfDue(db, job, everyMs, work)
      .then((ran) => void (ran && logger.debug({ job }, 'scheduled job ran')))
      .catch((error: unknown) => logger.error({ err: error, job }, 'scheduled job failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, Math.max(1000, Math.min(everyMs / 4, 60_000)));
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
