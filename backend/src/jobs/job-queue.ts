import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config';

/** pg-boss keeps its tables in this schema of Keen's own database. */
export const JOB_SCHEMA = 'pgboss';
/** Jobs that used up their retries are copied here, so they outlive the failed job's retention. */
export const DEAD_LETTER_QUEUE = 'dead-letter';

export type JobQueueSettings = Config['jobs'];

export interface QueueOptions<T extends object = object> {
  /** Attempts after the first (pg-boss's `retryLimit`). */
  retries: number;
  /** Seconds before the first retry; doubled for each later one (with jitter). */
  retryDelaySeconds: number;
  /** A run taking longer than this counts as failed (and is retried). */
  expireInSeconds?: number;
  /** At most one waiting job per key (see `send`), so a job queued twice runs once. */
  unique?: boolean;
  /** Jobs this process runs at once, 1 unless set: one pg-boss worker each (pg-boss 10's `work()` has no concurrency option). */
  concurrency?: number;
  /**
   * Jobs of one lane (e.g. the deliveries to one webhook endpoint) run one at a time in this
   * process: a job whose lane is busy goes back to the queue for a moment, so one slow lane never
   * takes every worker.
   */
  laneOf?(data: T): string | undefined;
}

/**
 * A queue a module declares (beside it, in its `*.work.ts`), worked in every process. Its handler
 * and `laneOf` are methods: a list of one module's queues holds queues of different job types.
 */
export interface QueueDeclaration<T extends object = object> {
  name: string;
  options: QueueOptions<T>;
  handle(data: T): Promise<void>;
}

/** A job a module declares to run every `everySeconds`, once across processes (see `JobQueue.every`). */
export interface RecurringJob {
  name: string;
  everySeconds: number;
  run(): Promise<void>;
}

/** A recurring job as the admins' "Background jobs" panel shows it. */
export interface ScheduledJobStatus {
  name: string;
  periodSeconds: number;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  /** The last run's error; null once a run succeeds. */
  lastError: string | null;
  consecutiveFailures: number;
  /** When the next run is due (null: none queued, e.g. while one runs). */
  nextRunAt: Date | null;
}

/** A job that failed for good, for the admins' "Background jobs" panel. */
export interface FailedJob {
  id: string;
  queue: string;
  state: string;
  /** Runs so far, the first included. */
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  failedAt: Date | null;
}

export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * How often one process runs pg-boss's upkeep, which among other things fails the jobs past their
 * expiry so that they run again: those a killed process left active (pg-boss's default is 2 minutes).
 */
const MAINTENANCE_SECONDS = 30;

/** How long a job whose lane is busy waits before a worker may take it again. */
const LANE_WAIT_SECONDS = 2;

/** Held while a queue is declared: pg-boss's `create_queue` deadlocks another process's running at the same time. */
const QUEUE_DECLARATION_LOCK = `hashtext('keen:job-queues')`;

/** A queue's settings as pg-boss's `create_queue` reads them. */
interface PgBossQueueSettings {
  policy: 'standard' | 'stately';
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  deadLetter?: string;
}

/** pg-boss's statements, on a pool of Keen's, counted so `JobQueue.stop` knows whether a worker was mid-statement. */
class JobDatabase {
  private readonly pool: pg.Pool;
  private statementsRunning = 0;

  constructor(databaseUrl: string, onError: (error: Error) => void) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 4, application_name: 'keen-jobs' });
    this.pool.on('error', onError);
  }

  get busy(): boolean {
    return this.statementsRunning > 0;
  }

  async executeSql(text: string, values: unknown[] = []): Promise<{ rows: Record<string, unknown>[] }> {
    this.statementsRunning++;
    try {
      return await this.pool.query(text, values);
    } finally {
      this.statementsRunning--;
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/**
 * Keen's background work on pg-boss, in its own PostgreSQL: each job runs in one process at a time
 * (pg-boss locks the row it hands out), is retried with exponential backoff, and lands in the
 * dead-letter queue when its retries run out. Admins see and retry failed jobs.
 */
export class JobQueue {
  private handlersRunning = 0;

  private constructor(
    private readonly boss: PgBoss,
    private readonly database: JobDatabase,
    private readonly settings: JobQueueSettings,
    private readonly logger: Logger,
  ) {}

  static async start(databaseUrl: string, settings: JobQueueSettings, logger: Logger): Promise<JobQueue> {
    // pg's errors carry their whole client object: the log keeps what says what went wrong.
    const logError = (error: Error & { code?: string }) =>
      logger.error({ err: { type: error.name, message: error.message, code: error.code, stack: error.stack } }, 'job queue error');
    const database = new JobDatabase(databaseUrl, logError);
    const boss = new PgBoss({ db: database, schema: JOB_SCHEMA, maintenanceIntervalSeconds: MAINTENANCE_SECONDS });
    boss.on('error', logError);
    // pg-boss declares its own cron queue as it starts, outside Keen's lock: start under the lock.
    const turn = new pg.Client({ connectionString: databaseUrl, application_name: 'keen-jobs-start' });
    await turn.connect();
    try {
      await turn.query(`SELECT pg_advisory_lock(${QUEUE_DECLARATION_LOCK})`);
      await boss.start();
    } finally {
      await turn.end();
    }
    const queue = new JobQueue(boss, database, settings, logger);
    await queue.createQueue(DEAD_LETTER_QUEUE, { policy: 'standard' });
    return queue;
  }

  /** Declares a queue, once for all processes, taking turns with them under the declaration lock. */
  private async createQueue(name: string, options: PgBossQueueSettings): Promise<void> {
    await this.boss
      .getDb()
      .executeSql(`SELECT ${JOB_SCHEMA}.create_queue($1, $2) FROM (SELECT pg_advisory_xact_lock(${QUEUE_DECLARATION_LOCK})) AS turn`, [
        name,
        options,
      ]);
  }

  /** Declares a queue and works its jobs in this process, `concurrency` at a time (one per lane). */
  async define<T extends object>(name: string, options: QueueOptions<T>, handler: JobHandler<T>): Promise<void> {
    await this.createQueue(name, {
      policy: options.unique ? 'stately' : 'standard',
      retryLimit: options.retries,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: options.expireInSeconds ?? 15 * 60,
      deadLetter: DEAD_LETTER_QUEUE,
    });
    const run = async (job: PgBoss.Job<T>) => {
      try {
        await handler(job.data);
      } catch (error) {
        this.logger.warn({ err: error, queue: name, job: job.id }, 'background job failed; it is retried with backoff');
        throw error;
      }
    };
    const busyLanes = new Set<string>();
    for (let slot = 0; slot < (options.concurrency ?? 1); slot++) {
      const worker: string = await this.boss.work<T>(
        name,
        { pollingIntervalSeconds: this.settings.pollSeconds, batchSize: 1 },
        this.counted(async ([job]: PgBoss.Job<T>[]) => {
          // A worker that found a job asks again at once (pg-boss would wait a whole poll first): a
          // backlog drains as fast as the handler runs, and an empty queue is still asked once a poll.
          try {
            const lane = options.laneOf?.(job.data);
            if (lane === undefined) return await run(job);
            if (busyLanes.has(lane)) return await this.putBack(name, job.id);
            busyLanes.add(lane);
            try {
              await run(job);
            } finally {
              busyLanes.delete(lane);
            }
          } finally {
            this.boss.notifyWorker(worker);
          }
        }),
      );
    }
  }

  /**
   * Hands a running job back to the queue unrun, for LANE_WAIT_SECONDS: its id, retry count and
   * key stay (pg-boss has no such call; its own `complete` then finds the job no longer active).
   * Should a twin with the same key be waiting already (a stately queue holds one), the job just
   * ends: the twin does the work.
   */
  private async putBack(name: string, id: string): Promise<void> {
    try {
      await this.boss.getDb().executeSql(
        `UPDATE ${JOB_SCHEMA}.job SET
           state = (CASE WHEN retry_count = 0 THEN 'created' ELSE 'retry' END)::${JOB_SCHEMA}.job_state,
           started_on = NULL,
           start_after = now() + make_interval(secs => $3)
         WHERE name = $1 AND id = $2::uuid AND state = 'active'`,
        [name, id, LANE_WAIT_SECONDS],
      );
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
    }
  }

  /**
   * Runs `handler` every `seconds` (the first time one period after the queue is first declared),
   * in one process at a time across all of them: the queue holds at most one waiting and one
   * running tick, each run queues the next, and a once-a-minute cron queues one should that chain
   * ever break (a process killed mid-run). A run that fails is tried again sooner, after
   * `scheduledRetrySeconds` doubled for each failure in a row (never later than the period); each
   * run's outcome is kept in `scheduled_job_status` for the admins.
   */
  async every(name: string, seconds: number, handler: () => Promise<void>): Promise<void> {
    await this.createQueue(name, { policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60 });
    await this.boss.getDb().executeSql(
      `INSERT INTO "scheduled_job_status" ("name", "periodSeconds") VALUES ($1, $2)
         ON CONFLICT ("name") DO UPDATE SET "periodSeconds" = EXCLUDED."periodSeconds"`,
      [name, seconds],
    );
    const tick = { singletonKey: 'tick' };
    const tickHandler = this.counted(async () => {
      let failure: Error | null = null;
      try {
        await handler();
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
      }
      // The next run is queued before this one is recorded, so the admins never see a failure without its retry.
      const failuresInARow = failure ? (await this.failuresInARow(name).catch(() => 0)) + 1 : 0;
      const next = failure ? Math.min(seconds, this.settings.scheduledRetrySeconds * 2 ** (failuresInARow - 1)) : seconds;
      await this.boss.send(name, {}, { ...tick, startAfter: next }).catch(() => null);
      if (failure) this.logger.error({ err: failure, queue: name, failuresInARow, retryInSeconds: next }, 'scheduled job failed');
      await this.recordRun(name, failure).catch((error: unknown) =>
        this.logger.error({ err: error, queue: name }, 'could not record a scheduled run'),
      );
    });
    await this.boss.work(name, { pollingIntervalSeconds: this.settings.pollSeconds, batchSize: 1 }, tickHandler);
    await this.boss.schedule(name, '* * * * *', {}, tick);
    await this.boss.send(name, {}, { ...tick, startAfter: seconds });
  }

  private async failuresInARow(name: string): Promise<number> {
    const { rows } = await this.boss
      .getDb()
      .executeSql(`SELECT "consecutiveFailures" FROM "scheduled_job_status" WHERE "name" = $1`, [name]);
    return (rows[0]?.consecutiveFailures as number | undefined) ?? 0;
  }

  /** Records a scheduled run's outcome. */
  private async recordRun(name: string, failure: Error | null): Promise<void> {
    await this.boss.getDb().executeSql(
      failure
        ? `UPDATE "scheduled_job_status" SET "lastFailureAt" = now(), "lastError" = $2, "consecutiveFailures" = "consecutiveFailures" + 1
           WHERE "name" = $1`
        : `UPDATE "scheduled_job_status" SET "lastSuccessAt" = now(), "lastError" = NULL, "consecutiveFailures" = 0
           WHERE "name" = $1`,
      failure ? [name, failure.message.slice(0, 500)] : [name],
    );
  }

  /** Every recurring job declared with `every`, by name, with its last runs and when the next is due. */
  async scheduledJobs(): Promise<ScheduledJobStatus[]> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT s."name", s."periodSeconds", s."lastSuccessAt", s."lastFailureAt", s."lastError", s."consecutiveFailures",
         (SELECT min(j.start_after) FROM ${JOB_SCHEMA}.job j WHERE j.name = s."name" AND j.state < 'active') AS "nextRunAt"
       FROM "scheduled_job_status" s ORDER BY s."name"`,
      [],
    );
    return rows as ScheduledJobStatus[];
  }

  /** Queues a job; with `key`, a job whose key is already waiting is not queued twice. */
  async send(name: string, data: object, options: { key?: string; startAfterSeconds?: number } = {}): Promise<void> {
    await this.boss.send(name, data, {
      ...(options.key ? { singletonKey: options.key } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
  }

  /** Jobs that failed for good (their retries used up), newest first. */
  async failedJobs(limit = 100): Promise<FailedJob[]> {
    const rows: {
      id: string;
      name: string;
      state: string;
      retry_count: number;
      output: unknown;
      created_on: Date;
      completed_on: Date | null;
    }[] = (
      await this.boss.getDb().executeSql(
        `SELECT id, name, state, retry_count, output, created_on, completed_on FROM ${JOB_SCHEMA}.job
             WHERE state = 'failed' ORDER BY completed_on DESC NULLS LAST LIMIT $1`,
        [limit],
      )
    ).rows;
    return rows.map((row) => ({
      id: row.id,
      queue: row.name,
      state: row.state,
      attempts: row.retry_count + 1,
      lastError: errorMessageOf(row.output),
      createdAt: row.created_on,
      failedAt: row.completed_on,
    }));
  }

  /** Queues a failed job again (a fresh set of retries); false when no failed job has that id. */
  async retry(id: string): Promise<boolean> {
    const { rows } = await this.boss
      .getDb()
      .executeSql(`SELECT name FROM ${JOB_SCHEMA}.job WHERE id = $1::uuid AND state = 'failed'`, [id]);
    if (!rows.length) return false;
    await this.boss.retry(rows[0].name as string, id);
    return true;
  }

  /** Wraps a worker's handler so `stop` knows whether a job was running. */
  private counted<A>(handler: (jobs: A) => Promise<void>): (jobs: A) => Promise<void> {
    return async (jobs) => {
      this.handlersRunning++;
      try {
        await handler(jobs);
      } finally {
        this.handlersRunning--;
      }
    };
  }

  async stop(): Promise<void> {
    // A worker stopped mid-statement or mid-job is looked at again by pg-boss a second later, with a
    // timer of its own: it must find the pool still open, and must not outlive the process (or a test file).
    const workerWasBusy = this.database.busy || this.handlersRunning > 0;
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    if (workerWasBusy) await new Promise((resolve) => setTimeout(resolve, 1_100));
    await this.database.close();
  }
}

/** pg-boss stores a failed run's error as its output: `{ message, stack }`, or `{ value: { message } }` for a time-out. */
function errorMessageOf(output: unknown): string | null {
  const error = (output as { message?: unknown; value?: { message?: unknown } } | null) ?? null;
  const message = error?.message ?? error?.value?.message;
  if (message !== undefined) return String(message);
  return output == null ? null : JSON.stringify(output);
}
