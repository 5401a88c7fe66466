import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../src/app/data-source';
import type { DomainEvent } from '../../src/events/domain-events';
import type { ProductPayload } from '../../src/modules/catalog';
import { Outbox, raise } from '../../src/events/outbox';
import { startWork } from '../../src/events/work';
import { JobQueue } from '../../src/jobs/job-queue';
import { createTestDatabase, type TestDatabase } from '../support/harness';

const logger = pino({ level: 'silent' });
let database: TestDatabase;
let db: DataSource;
let jobs: JobQueue;
let outbox: Outbox;

/** What each subscriber received, with the time of every attempt. */
const received: Record<string, DomainEvent[]> = { recorder: [], flaky: [] };
const attempts = new Map<string, number[]>();
/** A flaky delivery fails while the product's name asks for it: "FAIL-2" fails twice. */
function failuresWanted(event: DomainEvent): number {
  return Number(/^FAIL-(\d)/.exec((event.payload as ProductPayload).name)?.[1] ?? 0);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDataSource(database.url, { poolSize: 10 });
  await db.initialize();
  jobs = await JobQueue.start(database.url, { pollSeconds: 0.5, scheduledRetrySeconds: 1 }, logger);
  outbox = new Outbox(db, jobs, { retentionDays: 7 }, logger);
  await startWork(jobs, outbox, [
    {
      subscribers: [
        {
          name: 'recorder',
          events: 'all',
          inOrder: true,
          inline: true,
          handle: async (event) => void received.recorder.push(event),
        },
        {
          name: 'flaky',
          events: ['product.updated'],
          inOrder: true,
          handle: async (event) => {
            const times = [...(attempts.get(event.id) ?? []), Date.now()];
            attempts.set(event.id, times);
            if (times.length <= failuresWanted(event)) throw new Error(`flaky failure ${times.length}`);
            received.flaky.push(event);
          },
        },
      ],
    },
  ]);
});

afterAll(async () => {
  await jobs.stop();
  await db.destroy();
  await database.drop();
});

function productUpdated(aggregateId: string, name: string): ProductPayload {
  return { productId: aggregateId, name, priceAmount: 1000, currency: 'USD', price: 10, quantity: 1, minimumQuantity: 1 };
}

function commit(aggregateId: string, name: string): Promise<void> {
  return db.transaction((manager) => raise(manager, 'product.updated', aggregateId, productUpdated(aggregateId, name)));
}

const of = (subscriber: string, aggregateId: string) => received[subscriber].filter((event) => event.aggregateId === aggregateId);

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 40_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function rowsOf(aggregateId: string): Promise<{ deliveredAt: Date | null; deliveredTo: string[] }[]> {
  return db.query(`SELECT "deliveredAt", "deliveredTo" FROM "outbox_event" WHERE "aggregateId" = $1 ORDER BY "seq"`, [aggregateId]);
}

test('a committed event reaches every subscriber once, as soon as the transaction commits', async () => {
  const id = randomUUID();
  await commit(id, 'Once');
  // An inline subscriber has it before the transaction's promise resolves (the write's answer
  // follows its effects); the others right after the connection goes back to the pool.
  expect(of('recorder', id)).toHaveLength(1);
  await eventually(() => of('flaky', id).length === 1);
  expect(of('recorder', id)[0]).toMatchObject({ name: 'product.updated', aggregateId: id, payload: { name: 'Once' } });
  await eventually(async () => (await rowsOf(id))[0].deliveredAt !== null);
  const [row] = await rowsOf(id);
  expect([...row.deliveredTo].sort()).toEqual(['flaky', 'recorder']);

  // The relay finds nothing left to deliver, so nothing arrives twice.
  expect(await outbox.relay(0)).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(of('recorder', id)).toHaveLength(1);
});

test('a rolled-back transaction leaves no event and delivers nothing', async () => {
  const id = randomUUID();
  await expect(
    db.transaction(async (manager) => {
      await raise(manager, 'product.updated', id, productUpdated(id, 'Never'));
      throw new Error('the change is refused');
    }),
  ).rejects.toThrow('the change is refused');
  expect(await rowsOf(id)).toEqual([]);
  expect(of('recorder', id)).toEqual([]);
  expect(await outbox.relay(0)).toBe(0);
});

test('an event raised outside a transaction is refused: it could exist without its change', async () => {
  await expect(raise(db.manager, 'product.updated', randomUUID(), productUpdated('x', 'Loose'))).rejects.toThrow(
    'product.updated must be raised inside the transaction that makes the change',
  );
});

test('a subscriber that throws is retried with growing delays and never holds back the others', async () => {
  const id = randomUUID();
  await commit(id, 'FAIL-3');
  expect(of('recorder', id)).toHaveLength(1);
  expect(of('flaky', id)).toHaveLength(0);
  expect((await rowsOf(id))[0].deliveredAt).toBeNull();

  await eventually(() => of('flaky', id).length === 1);
  const times = attempts.get(of('flaky', id)[0].id)!;
  expect(times).toHaveLength(4);
  const gaps = times.slice(1).map((time, index) => time - times[index]);
  expect(gaps[0]).toBeGreaterThanOrEqual(1500);
  expect(gaps[2]).toBeGreaterThanOrEqual(3500);
  expect(gaps[2]).toBeGreaterThan(gaps[0]);
  await eventually(async () => (await rowsOf(id))[0].deliveredAt !== null);
  expect(of('recorder', id)).toHaveLength(1);
});

test('events of one aggregate reach a subscriber in the order they were raised, even when the first one had to be retried', async () => {
  const id = randomUUID();
  await commit(id, 'FAIL-1 first');
  await commit(id, 'second');
  // The recorder had the first event, so the second is not held back for it.
  expect(of('recorder', id).map((event) => (event.payload as ProductPayload).name)).toEqual(['FAIL-1 first', 'second']);
  await eventually(() => of('flaky', id).length === 2);
  expect(of('flaky', id).map((event) => (event.payload as ProductPayload).name)).toEqual(['FAIL-1 first', 'second']);
  // Another aggregate is not held back meanwhile.
  const other = randomUUID();
  await commit(other, 'FAIL-1 elsewhere');
  const unrelated = randomUUID();
  await commit(unrelated, 'unrelated');
  await eventually(() => of('flaky', unrelated).length === 1, 1500);
  expect(of('flaky', other)).toEqual([]);
});

test('events past their retention are pruned, delivered or not', async () => {
  const old = randomUUID();
  const recent = randomUUID();
  await commit(old, 'Old');
  await commit(recent, 'Recent');
  await db.query(`UPDATE "outbox_event" SET "createdAt" = now() - interval '8 days' WHERE "aggregateId" = $1`, [old]);
  expect(await outbox.prune()).toBeGreaterThanOrEqual(1);
  expect(await rowsOf(old)).toEqual([]);
  expect(await rowsOf(recent)).toHaveLength(1);
});
