// A Keen process that commits a change with its event and is killed before the event is delivered:
// its subscriber ends the process the moment delivery starts. Run by test/events/outbox-crash.test.ts
// on the compiled backend (KEEN_DIST), against DATABASE_URL.
import 'reflect-metadata';
import { pino } from 'pino';

const dist = process.env.KEEN_DIST;
const { createDataSource } = await import(`${dist}/app/data-source.js`);
const { Outbox, raise } = await import(`${dist}/events/outbox.js`);
const { startWork } = await import(`${dist}/events/work.js`);
const { JobQueue } = await import(`${dist}/jobs/job-queue.js`);

const url = process.env.DATABASE_URL;
const logger = pino({ level: 'silent' });
const db = createDataSource(url, { poolSize: 2 });
await db.initialize();
const jobs = await JobQueue.start(url, { pollSeconds: 0.5, scheduledRetrySeconds: 1 }, logger);
const outbox = new Outbox(db, jobs, { retentionDays: 7 }, logger);
await startWork(jobs, outbox, [
  {
    subscribers: [
      { name: 'read-cache', events: 'all', inOrder: false, inline: true, handle: async () => process.kill(process.pid, 'SIGKILL') },
    ],
  },
]);
const id = process.env.PRODUCT_ID;
await db.transaction((manager) =>
  raise(manager, 'product.updated', id, { productId: id, name: 'Crash', price: 1, quantity: 1, minimumQuantity: 1 }),
);
process.stdout.write('delivered: the process was not killed\n');
process.exit(2);
