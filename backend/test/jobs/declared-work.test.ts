import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import type { DomainEventName } from '../../src/events/domain-events';
import { Outbox } from '../../src/events/outbox';
import { type DeclareWork, type ModuleWork, startWork } from '../../src/events/work';
import { readCacheWork } from '../../src/events/read-cache.work';
import { JobQueue } from '../../src/jobs/job-queue';
import { APP_MODULES, PUBLIC_ANSWER_EVENTS } from '../../src/app/services';
import { retriesFor } from '../../src/modules/integrations/webhooks.service';
import { startTestApp, type TestApp } from '../support/harness';
import { startSmtpCatcher } from '../support/smtp-catcher';

/**
 * Each module declares its background work beside it, in a `*.work.ts`; the server wires every
 * declaration the same way. Found here by file name, not from the server's list: a module whose
 * work the server forgets fails this test.
 */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let app: TestApp;

beforeAll(async () => {
  // With mail on, so that the notifications' work is declared too.
  smtp = await startSmtpCatcher();
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Keen <shop@keen.test>', JOB_POLL_SECONDS: '0.5' });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

/** The outbox's own machinery (events/outbox.ts), wired with the modules' work. */
const OUTBOX_OWN = { queues: ['outbox.deliver'], recurring: ['outbox.relay', 'outbox.prune'], subscribers: [] };

/**
 * The work the server declares (the read cache's, then each module's, from app/modules.ts), called
 * as the server calls it; and no `*.work.ts` under src/ exports a declaration left out of that list.
 */
function declaredWork(): ModuleWork[] {
  const src = path.resolve(__dirname, '../../src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.work.ts'));
  expect(files.length).toBeGreaterThanOrEqual(5);
  const listed: unknown[] = [readCacheWork, ...APP_MODULES.map((module) => module.work)];
  for (const file of files) {
    const exported = Object.values(jest.requireActual<Record<string, unknown>>(path.join(src, file))).filter(
      (value) => typeof value === 'function',
    );
    expect(exported.length).toBeGreaterThan(0);
    for (const declaration of exported) expect({ file, listed: listed.includes(declaration) }).toEqual({ file, listed: true });
  }
  const declarations: DeclareWork<typeof app.services>[] = [
    readCacheWork(PUBLIC_ANSWER_EVENTS),
    ...APP_MODULES.flatMap((module) => (module.work ? [module.work] : [])),
  ];
  return declarations.map((declare) => declare(app.services, app.config, pino({ level: 'silent' })));
}

const namesOf = (works: ModuleWork[], part: keyof ModuleWork) => works.flatMap((work) => (work[part] ?? []).map(({ name }) => name)).sort();

test("the server wires exactly the modules' declared queues, recurring jobs and subscribers, the known ones among them", async () => {
  const works = declaredWork();
  const wired = app.work;
  expect([...wired.queues].sort()).toEqual([...namesOf(works, 'queues'), ...OUTBOX_OWN.queues].sort());
  expect([...wired.recurring].sort()).toEqual([...namesOf(works, 'recurring'), ...OUTBOX_OWN.recurring].sort());
  expect([...wired.subscribers].sort()).toEqual(namesOf(works, 'subscribers'));

  expect(wired.queues).toEqual(expect.arrayContaining(['mail.send', 'webhooks.deliver', 'outbox.deliver']));
  expect(wired.recurring).toEqual(
    expect.arrayContaining([
      'orders.expire-holds',
      'orders.take-delivered',
      'proofs.remind-and-apply-policy',
      'idempotency.prune-keys',
      'uploads.clean-up',
      'mail.prune',
      'compliance.prune-evidence',
      'outbox.relay',
      'outbox.prune',
    ]),
  );
  expect(wired.subscribers).toEqual(
    expect.arrayContaining(['order-emails', 'held-order-emails', 'webhooks', 'read-cache', 'age-evidence']),
  );
});

test('each queue is declared in pg-boss with its own retries, and each recurring job with its period', async () => {
  const queues: {
    name: string;
    policy: string;
    retry_limit: number;
    retry_delay: number;
    expire_seconds: number;
    dead_letter: string | null;
  }[] = await app.db.query(
    `SELECT name, policy, retry_limit, retry_delay, expire_seconds, dead_letter FROM pgboss.queue WHERE name = ANY($1)`,
    [app.work.queues],
  );
  const byName = new Map(queues.map(({ name, ...settings }) => [name, settings]));
  const deadLettered = { policy: 'stately', dead_letter: 'dead-letter' };
  // A job left active by a killed process runs again after a minute.
  expect(byName.get('mail.send')).toEqual({ ...deadLettered, retry_limit: 8, retry_delay: 30, expire_seconds: 60 });
  expect(byName.get('webhooks.deliver')).toEqual({
    ...deadLettered,
    retry_limit: retriesFor(app.config.webhooks.retryDelaySeconds),
    retry_delay: app.config.webhooks.retryDelaySeconds,
    expire_seconds: 60,
  });
  expect(byName.get('outbox.deliver')).toEqual({ ...deadLettered, retry_limit: 10, retry_delay: 2, expire_seconds: 60 });
  expect(byName.size).toBe(app.work.queues.length);

  const scheduled: { name: string; periodSeconds: number }[] = await app.db.query(
    `SELECT "name", "periodSeconds" FROM "scheduled_job_status"`,
  );
  expect(Object.fromEntries(scheduled.map(({ name, periodSeconds }) => [name, Number(periodSeconds)]))).toEqual({
    'orders.expire-holds': app.config.orders.expirySweepSeconds,
    'orders.take-delivered': 60 * 60,
    'proofs.remind-and-apply-policy': 60 * 60,
    'workshop.late-orders': 60 * 60,
    'idempotency.prune-keys': 60 * 60,
    'uploads.clean-up': 60 * 60,
    'mail.prune': 60 * 60,
    'compliance.prune-evidence': 24 * 60 * 60,
    'outbox.relay': 60,
    'outbox.prune': 60 * 60,
  });
});

test('a committed event reaches exactly the wired subscribers that declare it', async () => {
  const works = declaredWork();
  const subscribers = works.flatMap((work) => work.subscribers ?? []);
  const expected = (event: DomainEventName) =>
    subscribers
      .filter(({ events }) => events === 'all' || events.includes(event))
      .map(({ name }) => name)
      .sort();
  // A verified sign-in raises user.emailVerified; an order, order.placed.
  const customer = await app.verifyEmail(await app.customer('wired'));
  expect((await app.gql('{ me { id } }', {}, customer)).errors).toBeUndefined();
  const product = await app.product({ quantity: 5 });
  await app.placeOrder(customer, product.id);
  const raised: { name: DomainEventName; deliveredTo: string[] }[] = [];
  const deadline = Date.now() + 20_000;
  for (;;) {
    raised.splice(
      0,
      raised.length,
      ...(await app.db.query(`SELECT "name", "deliveredTo" FROM "outbox_event" WHERE "deliveredAt" IS NOT NULL`)),
    );
    if (['user.emailVerified', 'order.placed'].every((name) => raised.some((event) => event.name === name)) || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(raised.map(({ name }) => name)).toEqual(expect.arrayContaining(['user.emailVerified', 'order.placed']));
  for (const event of raised)
    expect({ event: event.name, reached: [...event.deliveredTo].sort() }).toEqual({ event: event.name, reached: expected(event.name) });
  expect(expected('order.placed')).toEqual(expect.arrayContaining(['order-emails', 'read-cache', 'webhooks']));
  expect(expected('user.emailVerified')).toEqual(['held-order-emails']);
});

test('a name declared twice is refused', async () => {
  const logger = pino({ level: 'silent' });
  const jobs = await JobQueue.start(app.databaseUrl, app.config.jobs, logger);
  try {
    const outbox = new Outbox(app.db, jobs, app.config.events, logger);
    const forgets = (): ModuleWork => ({ subscribers: [{ name: 'forgetful', events: 'all', inOrder: false, handle: async () => {} }] });
    await expect(startWork(jobs, outbox, [forgets(), forgets()])).rejects.toThrow('The subscriber forgetful is declared twice');
    const twiceDeliver = { queues: [{ name: 'outbox.deliver', options: { retries: 0, retryDelaySeconds: 1 }, handle: async () => {} }] };
    await expect(startWork(jobs, outbox, [twiceDeliver])).rejects.toThrow('The queue outbox.deliver is declared twice');
  } finally {
    await jobs.stop();
  }
});
