import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { pino } from 'pino';
import { JobQueue } from '../../src/jobs/job-queue';
import { codeOf, createTestDatabase, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

const FAILED = '{ failedJobs { id queue state attempts lastError createdAt failedAt } }';
const RETRY = 'mutation($id: ID!) { retryJob(id: $id) { id attempts } }';
const SCHEDULED = '{ scheduledJobs { name periodSeconds lastSuccessAt lastFailureAt lastError consecutiveFailures nextRunAt } }';

let app: TestApp;
let admin: TestSession;
/** A second worker on the app's database, with a queue whose jobs always fail. */
let worker: JobQueue;
let runs = 0;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminUser();
  worker = await JobQueue.start(app.databaseUrl, { pollSeconds: 0.5, scheduledRetrySeconds: 1 }, pino({ level: 'silent' }));
  await worker.define('test.always-fails', { retries: 1, retryDelaySeconds: 1 }, async () => {
    runs += 1;
    throw new Error(`the receiver is down (run ${runs})`);
  });
});
afterAll(async () => {
  await worker.stop();
  await app.close();
});

type Failed = { id: string; queue: string; state: string; attempts: number; lastError: string | null };

async function failedJobs(): Promise<Failed[]> {
  const res = await app.gql<{ failedJobs: Failed[] }>(FAILED, {}, admin);
  expect(res.errors).toBeUndefined();
  return res.data!.failedJobs.filter((job) => job.queue === 'test.always-fails');
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('only admins see failed jobs and retry them', async () => {
  expect(codeOf(await app.gql(FAILED))).toBe('UNAUTHENTICATED');
  const customer = await app.customer();
  expect(codeOf(await app.gql(FAILED, {}, customer))).toBe('FORBIDDEN');
  expect(codeOf(await app.gql(RETRY, { id: '00000000-0000-4000-8000-000000000000' }))).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql(RETRY, { id: '00000000-0000-4000-8000-000000000000' }, customer))).toBe('FORBIDDEN');
});

test('a job that used up its retries is listed with its attempts and last error; Retry runs it once more', async () => {
  await worker.send('test.always-fails', { order: 'x' });
  const [failed] = await eventually(failedJobs, (jobs) => jobs.length === 1);
  expect(failed).toMatchObject({ state: 'failed', attempts: 2, lastError: 'the receiver is down (run 2)' });
  expect(runs).toBe(2);
  // A copy waits in the dead-letter queue for whoever looks into it later.
  const letters = await app.db.query(`SELECT data FROM pgboss.job WHERE name = 'dead-letter'`);
  expect(letters).toEqual([{ data: { order: 'x' } }]);

  const retried = await app.gql<{ retryJob: Failed[] }>(RETRY, { id: failed.id }, admin);
  expect(retried.errors).toBeUndefined();
  expect(retried.data!.retryJob.map((job) => job.id)).not.toContain(failed.id);
  const [again] = await eventually(failedJobs, (jobs) => jobs.length === 1 && jobs[0].attempts === 3);
  expect(again).toMatchObject({ id: failed.id, lastError: 'the receiver is down (run 3)' });
  expect(runs).toBe(3);
});

type Scheduled = {
  name: string;
  periodSeconds: number;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
  consecutiveFailures: number;
  nextRunAt: string | null;
};

async function scheduledJobs(): Promise<Scheduled[]> {
  const res = await app.gql<{ scheduledJobs: Scheduled[] }>(SCHEDULED, {}, admin);
  expect(res.errors).toBeUndefined();
  return res.data!.scheduledJobs;
}

test('only admins see the recurring jobs: anonymous UNAUTHENTICATED, customer and API key FORBIDDEN', async () => {
  expect(codeOf(await app.gql(SCHEDULED))).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql(SCHEDULED, {}, await app.customer()))).toBe('FORBIDDEN');
  const key = await app.gql('mutation { createApiKey(input: { name: "Ops", scopes: ["orders:write"] }) { secret } }', {}, admin);
  expect(codeOf(await app.gql(SCHEDULED, {}, key.data!.createApiKey.secret))).toBe('FORBIDDEN');
});

test("the shop's recurring jobs are listed with their periods", async () => {
  const jobs = await scheduledJobs();
  const periods = Object.fromEntries(jobs.map((job) => [job.name, job.periodSeconds]));
  expect(periods).toMatchObject({ 'orders.expire-holds': 60, 'uploads.clean-up': 3600, 'outbox.relay': 60, 'outbox.prune': 3600 });
});

test('a recurring job that throws is listed with its error and retried with backoff; a success sets the last success and clears the failure', async () => {
  const runs: number[] = [];
  // Every 4 s, the first time 4 s from now; this worker retries after 1 s, then 2 s.
  await worker.every('test.flaky', 4, async () => {
    runs.push(Date.now());
    if (runs.length <= 2) throw new Error(`the bucket is unreachable (run ${runs.length})`);
  });
  const flaky = async () => (await scheduledJobs()).find((job) => job.name === 'test.flaky');
  const failing = await eventually(flaky, (job) => job?.consecutiveFailures === 1);
  expect(failing).toMatchObject({
    periodSeconds: 4,
    lastError: 'the bucket is unreachable (run 1)',
    lastSuccessAt: null,
    lastFailureAt: expect.any(String),
    nextRunAt: expect.any(String),
  });
  expect(Date.parse(failing!.nextRunAt!) - Date.parse(failing!.lastFailureAt!)).toBeLessThan(1500);

  const recovered = await eventually(flaky, (job) => job?.lastSuccessAt !== null);
  expect(recovered).toMatchObject({ consecutiveFailures: 0, lastError: null, lastFailureAt: expect.any(String) });
  expect(Date.parse(recovered!.lastSuccessAt!)).toBeGreaterThan(Date.parse(recovered!.lastFailureAt!));
  expect(runs).toHaveLength(3);
  // Retried sooner than the 4 s period, the second wait twice the first.
  expect(runs[1] - runs[0]).toBeGreaterThanOrEqual(900);
  expect(runs[1] - runs[0]).toBeLessThan(3000);
  expect(runs[2] - runs[1]).toBeGreaterThanOrEqual(1900);
  expect(runs[2] - runs[1]).toBeLessThan(3800);
});

test('retrying a job that is not a failed one is a clear error', async () => {
  expect(messageOf(await app.gql(RETRY, { id: 'not-an-id' }, admin))).toBe('Failed job not found');
  expect(messageOf(await app.gql(RETRY, { id: '00000000-0000-4000-8000-000000000000' }, admin))).toBe('Failed job not found');
});

test('processes that start together on a database without the queue tables all start and declare the same queues', async () => {
  // Each round starts from no pg-boss schema at all: the moment pg-boss declares its own queues too.
  for (let round = 1; round <= 10; round += 1) {
    const database = await createTestDatabase();
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('DROP SCHEMA pgboss CASCADE');
      const queues = await Promise.all(
        [1, 2, 3, 4, 5, 6].map(() =>
          JobQueue.start(database.url, { pollSeconds: 0.5, scheduledRetrySeconds: 1 }, pino({ level: 'silent' })),
        ),
      );
      try {
        await Promise.all(
          queues.flatMap((queue) =>
            ['a', 'b', 'c', 'd', 'e'].map((name) =>
              queue.define(`test.together-${name}`, { retries: 0, retryDelaySeconds: 1 }, async () => {}),
            ),
          ),
        );
      } finally {
        await Promise.all(queues.map((queue) => queue.stop()));
      }
      const { rows } = await client.query(`SELECT count(*)::int AS count FROM pgboss.queue WHERE name LIKE 'test.together-%'`);
      expect(rows).toEqual([{ count: 5 }]);
    } finally {
      await client.end();
      await database.drop();
    }
  }
  // Ten rounds of six processes: a minute and more on a busy two-core machine.
}, 120_000);

test('a worker that found a job asks again at once: a backlog drains well within one poll', async () => {
  const client = new Client({ connectionString: app.databaseUrl });
  await client.connect();
  // The queue exists, with twenty jobs waiting, before any process works it.
  await client.query(`SELECT pgboss.create_queue('test.backlog', '{"policy":"standard","retryLimit":0}'::json)`);
  await client.end();
  for (let job = 0; job < 20; job += 1) await worker.send('test.backlog', { job });
  // A poll of 30 s: pg-boss alone would run one job, then wait 30 s for the next.
  const slow = await JobQueue.start(app.databaseUrl, { pollSeconds: 30, scheduledRetrySeconds: 1 }, pino({ level: 'silent' }));
  const ran = new Set<number>();
  try {
    const started = Date.now();
    await slow.define('test.backlog', { retries: 0, retryDelaySeconds: 1 }, async ({ job }: { job: number }) => {
      ran.add(job);
    });
    await eventually(
      async () => ran.size,
      (size) => size === 20 || Date.now() - started > 10_000,
    );
    expect(ran.size).toBe(20);
    expect(Date.now() - started).toBeLessThan(10_000);
  } finally {
    await slow.stop();
  }
});

test('a queue stopped while a job runs lets its process exit at once: pg-boss is left with nothing to look at later', async () => {
  const database = await createTestDatabase();
  try {
    const backend = path.resolve(__dirname, '..', '..');
    const output = execFileSync(
      process.execPath,
      [
        '--require',
        path.join(backend, 'test', 'support', 'require-typescript.cjs'),
        path.join(backend, 'test', 'support', 'stop-queue-mid-job.ts'),
      ],
      { cwd: backend, env: { PATH: process.env.PATH, DATABASE_URL: database.url }, timeout: 60_000 },
    ).toString();
    const { stopMs, livedOnMs } = JSON.parse(output) as { stopMs: number; livedOnMs: number };
    // The job's last 300 ms are waited for, then pg-boss's second look at its stopped workers.
    expect(stopMs).toBeGreaterThanOrEqual(250);
    expect(livedOnMs).toBeLessThan(200);
  } finally {
    await database.drop();
  }
});
