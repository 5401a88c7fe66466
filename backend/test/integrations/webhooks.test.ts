import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { pino } from 'pino';
import { loadConfig } from '../../src/config';
import { User } from '../../src/modules/users/user.entity';
import { WebhookDelivery, WebhookEndpoint } from '../../src/modules/integrations/webhook.entity';
import { postSigned } from '../../src/modules/integrations/webhook-target';
import { WEBHOOK_DELIVERY_QUEUE, WEBHOOK_TIMEOUT_MS, WebhooksService, retriesFor } from '../../src/modules/integrations/webhooks.service';
import { freePort } from '../support/free-port';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that answers the given statuses in turn (then 200). */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, port, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A receiver on 127.0.0.1 that reads each request and never answers; `closed` counts the connections dropped by the sender. */
async function silentReceiver() {
  const received: string[] = [];
  const connections = { closed: 0 };
  const server = http.createServer((req) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => received.push(body));
    req.socket.on('close', () => connections.closed++);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    connections,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

async function until<T>(check: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const CREATE = `mutation($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) { secret endpoint { id url events enabled } }
}`;

let app: TestApp;
let admin: TestSession;
beforeAll(async () => {
  app = await startTestApp({ WEBHOOK_RETRY_DELAY_SECONDS: '1', JOB_POLL_SECONDS: '0.5' });
  admin = await app.adminUser();
});
afterAll(() => app.close());

async function endpoint(url: string, events: string[]) {
  const { data, errors } = await app.gql(CREATE, { input: { url, events } }, admin);
  if (errors) throw new Error(JSON.stringify(errors));
  return data!.createWebhookEndpoint as { secret: string; endpoint: { id: string } };
}

async function paidOrder() {
  const customer = await app.customer();
  const order = await app.placeOrder(customer, (await app.product()).id);
  return app.payOrder(customer, order.id);
}

test('a test-card payment sends order.paid to the receiver, signed with the endpoint secret', async () => {
  const hooks = await receiver();
  try {
    const { secret } = await endpoint(hooks.url, ['order.paid']);
    expect(secret).toMatch(/^whsec_/);
    const order = await paidOrder();
    const [{ headers, body }] = await until(async () => hooks.received.length > 0 && hooks.received);
    const event = JSON.parse(body);
    expect(event).toMatchObject({ type: 'order.paid', data: { orderId: order.id, state: 'Paid' } });
    expect(headers['keen-event-id']).toBe(event.id);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['keen-signature']))!;
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(30);
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
    expect(hooks.received.every((r) => JSON.parse(r.body).type === 'order.paid')).toBe(true);

    // Standard Webhooks: the receiver's own library verifies it, and refuses it altered or under another secret.
    const standard = {
      'webhook-id': String(headers['webhook-id']),
      'webhook-timestamp': String(headers['webhook-timestamp']),
      'webhook-signature': String(headers['webhook-signature']),
    };
    expect(standard['webhook-id']).toBe(event.id);
    expect(new Webhook(secret).verify(body, standard)).toEqual(event);
    expect(() => new Webhook(secret).verify(body.replace('order.paid', 'order.paix'), standard)).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(body, standard)).toThrow();
  } finally {
    await hooks.close();
  }
});

test('a receiver answering 500 twice then 200 gets the event three times, and it is marked delivered', async () => {
  const hooks = await receiver([500, 500]);
  try {
    const { endpoint: created } = await endpoint(hooks.url, ['order.paid']);
    await paidOrder();
    const delivered = await until(async () => {
      const row = await app.db.getRepository(WebhookDelivery).findOneBy({ endpointId: created.id });
      return row?.status === 'delivered' && row;
    });
    expect(delivered).toMatchObject({ attempts: 3, statusCode: 200, error: null, nextRetryAt: null });
    expect(hooks.received).toHaveLength(3);
    expect(new Set(hooks.received.map((r) => r.headers['keen-event-id'])).size).toBe(1);
    expect(new Set(hooks.received.map((r) => r.body)).size).toBe(1);

    const log = await app.gql(
      'query($id: ID!) { webhookDeliveries(endpointId: $id) { id event attempts statusCode durationMs nextRetryAt deliveredAt status } }',
      { id: created.id },
      admin,
    );
    expect(log.data!.webhookDeliveries).toEqual([
      expect.objectContaining({ event: 'order.paid', attempts: 3, statusCode: 200, status: 'delivered', nextRetryAt: null }),
    ]);
    const resent = await app.gql('mutation($id: ID!) { resendWebhookDelivery(id: $id) { status } }', { id: delivered.id }, admin);
    expect(resent.errors).toBeUndefined();
    await until(async () => hooks.received.length === 4);
    expect(hooks.received[3].headers['keen-event-id']).toBe(hooks.received[0].headers['keen-event-id']);
  } finally {
    await hooks.close();
  }
});

test('the Node example in examples/ verifies Keen-Signature and refuses a forged one', async () => {
  // A port nobody holds (a random one could be a client socket's, the example then failing to listen).
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const { secret, endpoint: created } = await endpoint(url, ['order.paid']);
  const example: ChildProcess = spawn(process.execPath, [path.join(__dirname, '../../../examples/verify-keen-signature.mjs')], {
    env: { ...process.env, PORT: String(port), KEEN_WEBHOOK_SECRET: secret },
  });
  let output = '';
  example.stdout!.on('data', (chunk) => (output += chunk));
  try {
    await until(async () =>
      fetch(url, { method: 'POST', body: '{}' }).then(
        (r) => r.status === 400,
        () => false,
      ),
    );
    const order = await paidOrder();
    const row = await until(async () => {
      const delivery = await app.db.getRepository(WebhookDelivery).findOneBy({ endpointId: created.id });
      return delivery?.status === 'delivered' && delivery;
    });
    expect(row.statusCode).toBe(204);
    expect(output).toBe(`${row.eventId} order.paid\n`);
    const forged = await fetch(url, {
      method: 'POST',
      headers: { 'keen-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      body: JSON.stringify({ type: 'order.paid', data: { orderId: order.id } }),
    });
    expect(forged.status).toBe(400);
  } finally {
    example.kill();
  }
});

test('production rules: https only, and no loopback, private or metadata address at creation or at delivery', async () => {
  const adminRow = await app.db.getRepository(User).findOneByOrFail({ email: admin.email });
  const caller = { user: adminRow, emailVerified: true };
  const production = new WebhooksService(
    app.db,
    null as never,
    { retryDelaySeconds: 1, publicHttpsOnly: true, pauseAfterFailures: 20 },
    pino({ level: 'silent' }),
  );
  const before = await app.db.getRepository(WebhookEndpoint).count();
  const refusal = (url: string) =>
    production.create(caller, { url, events: ['order.paid'] }).then(
      () => null,
      (error: Error) => error.message,
    );
  expect(await refusal('http://example.com/hooks')).toBe('The URL must start with https://');
  expect(await refusal('https://127.0.0.1/hooks')).toMatch(/127\.0\.0\.1 resolves to a private, loopback or link-local address/);
  expect(await refusal('https://169.254.169.254/latest/meta-data')).toMatch(/169\.254\.169\.254 resolves to a private/);
  expect(await refusal('https://[::1]/hooks')).toMatch(/resolves to a private/);
  expect(await refusal('https://10.1.2.3/hooks')).toMatch(/resolves to a private/);
  expect(await refusal('https://localhost/hooks')).toMatch(/localhost resolves to a private/);
  expect(await app.db.getRepository(WebhookEndpoint).count()).toBe(before);

  // An endpoint saved earlier (or a name that now resolves elsewhere) is checked again at each delivery.
  const hooks = await receiver();
  try {
    const delivery = await pendingDelivery(`https://127.0.0.1:${hooks.port}/hooks`, '{}', 2);
    await expect(production.attempt(delivery.id)).rejects.toThrow(/resolves to a private/);
    expect(await app.db.getRepository(WebhookDelivery).findOneByOrFail({ id: delivery.id })).toMatchObject({
      attempts: 1,
      status: 'pending',
      statusCode: null,
    });
    expect(hooks.received).toHaveLength(0);
  } finally {
    await hooks.close();
  }
});

test('managing endpoints: anonymous UNAUTHENTICATED, customer and API key FORBIDDEN; unknown events refused, nothing saved', async () => {
  const input = { url: 'http://127.0.0.1:9/hooks', events: ['order.paid'] };
  expect((await app.gql(CREATE, { input })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  expect((await app.gql(CREATE, { input }, await app.customer())).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  const key = await app.gql(
    'mutation { createApiKey(input: { name: "All", scopes: ["catalog:write", "orders:write", "users:write"] }) { secret } }',
    {},
    admin,
  );
  expect((await app.gql('{ webhookEndpoints { id } }', {}, key.data!.createApiKey.secret)).errors?.[0].extensions?.code).toBe('FORBIDDEN');

  const before = await app.db.getRepository(WebhookEndpoint).count();
  const unknown = await app.gql(CREATE, { input: { ...input, events: ['review.added'] } }, admin);
  expect(unknown.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  expect(unknown.errors?.[0].message).toMatch(/Unknown event "review.added"/);
  expect((await app.gql(CREATE, { input: { ...input, url: 'ftp://x' } }, admin)).errors?.[0].message).toBe('The URL must be http(s)');
  expect(await app.db.getRepository(WebhookEndpoint).count()).toBe(before);

  const { endpoint: created } = await endpoint(input.url, ['product.created']);
  const updated = await app.gql(
    'mutation($id: ID!) { updateWebhookEndpoint(id: $id, input: { enabled: false, events: ["product.updated"] }) { enabled events } }',
    { id: created.id },
    admin,
  );
  expect(updated.data!.updateWebhookEndpoint).toEqual({ enabled: false, events: ['product.updated'] });
  const listed = await app.gql('{ webhookEndpoints { id } }', {}, admin);
  expect(JSON.stringify(listed.data)).not.toContain('whsec_');
  expect((await app.gql('mutation($id: ID!) { deleteWebhookEndpoint(id: $id) }', { id: created.id }, admin)).data).toEqual({
    deleteWebhookEndpoint: created.id,
  });
});

/** A delivery of `body` to `url` waiting for its attempts (its endpoint's event is never raised here, so no event adds others). */
async function pendingDelivery(url: string, body: string, attemptLimit: number): Promise<WebhookDelivery> {
  const endpoint = await app.db.getRepository(WebhookEndpoint).save({ url, events: ['product.deleted'], secret: 'whsec_test' });
  return app.db
    .getRepository(WebhookDelivery)
    .save({ endpointId: endpoint.id, eventId: endpoint.id, event: 'order.paid', body, attemptLimit });
}

test('a delivery whose last attempt fails is marked failed, with the answer it got', async () => {
  const hooks = await receiver([500, 500]);
  try {
    const delivery = await pendingDelivery(hooks.url, '{}', 2);
    await expect(app.services.webhooks.attempt(delivery.id)).rejects.toThrow(/answered 500/);
    expect(await app.db.getRepository(WebhookDelivery).findOneByOrFail({ id: delivery.id })).toMatchObject({
      attempts: 1,
      status: 'pending',
      nextRetryAt: expect.any(Date),
    });
    await expect(app.services.webhooks.attempt(delivery.id)).rejects.toThrow(/answered 500/);
    expect(await app.db.getRepository(WebhookDelivery).findOneByOrFail({ id: delivery.id })).toMatchObject({
      attempts: 2,
      status: 'failed',
      statusCode: 500,
      error: 'Answered 500',
      nextRetryAt: null,
      deliveredAt: null,
    });
    // A failed delivery is not tried again by a stray job; only Resend sends it again.
    await app.services.webhooks.attempt(delivery.id);
    expect(hooks.received).toHaveLength(2);
  } finally {
    await hooks.close();
  }
});

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The time from a delivery's first attempt to its last retry, shortest and longest: pg-boss (a queue
 * with retryBackoff) waits retry_delay x 2^(min(16, k) - 1) x (1 + random()) before retry k
 * (pg-boss's plans.js, failJobs).
 */
function retrySpan(retryDelaySeconds: number, retries: number) {
  let shortest = 0;
  for (let k = 1; k <= retries; k++) shortest += retryDelaySeconds * 2 ** (Math.min(16, k) - 1);
  return { shortest, longest: 2 * shortest };
}

test('retries span at least 24 hours (one retry fewer would not) and not much more, with the default delay and any other', async () => {
  const defaultDelay = loadConfig({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).webhooks.retryDelaySeconds;
  expect(defaultDelay).toBe(60);

  // The default: 11 retries after 1, 2, 4 ... 1024 minutes (each up to twice that with pg-boss's jitter).
  expect(retriesFor(defaultDelay)).toBe(11);
  expect(retrySpan(defaultDelay, retriesFor(defaultDelay))).toEqual({ shortest: 122_820, longest: 245_640 });

  // Every delay the setting accepts (1 s to an hour): even the shortest schedule lasts 24 hours, one
  // retry fewer would not, and the longest ends within about four days.
  for (let delay = 1; delay <= 3600; delay++) {
    const retries = retriesFor(delay);
    const { shortest, longest } = retrySpan(delay, retries);
    const problem = (what: string) => `WEBHOOK_RETRY_DELAY_SECONDS=${delay}, ${retries} retries: ${what}`;
    expect(shortest >= DAY_SECONDS || problem(`the shortest schedule lasts only ${shortest} s`)).toBe(true);
    expect(retrySpan(delay, retries - 1).shortest < DAY_SECONDS || problem('one retry fewer would do')).toBe(true);
    expect(shortest <= 2 * DAY_SECONDS + delay || problem(`the shortest schedule lasts ${shortest} s`)).toBe(true);
    expect(longest <= 4 * DAY_SECONDS + 2 * delay || problem(`the longest schedule lasts ${longest} s`)).toBe(true);
  }

  // The queue the app declares retries the same way: this suite's WEBHOOK_RETRY_DELAY_SECONDS is 1
  // (17 retries; pg-boss stops doubling after the 16th).
  expect(app.services.webhooks.retries).toBe(retriesFor(1));
  expect(retriesFor(1)).toBe(17);
  expect(retrySpan(1, 17).shortest).toBe(98_303);
  const [queue] = await app.db.query('SELECT retry_limit, retry_delay, retry_backoff, expire_seconds FROM pgboss.queue WHERE name = $1', [
    WEBHOOK_DELIVERY_QUEUE,
  ]);
  expect(queue).toMatchObject({ retry_limit: 17, retry_delay: 1, retry_backoff: true });
  // pg-boss expires a job that runs longer than this: an attempt waiting on a receiver must end first.
  expect(queue.expire_seconds * 1000).toBeGreaterThan(WEBHOOK_TIMEOUT_MS);
});

test('an answer that arrived while the process was too busy to read it, past the time-out, is taken, not dropped', async () => {
  // The receiver, on a thread of its own, answers only once this thread is blocked: [received, answer now, answered].
  const flags = new Int32Array(new SharedArrayBuffer(12));
  const receiver = new Worker(
    `const http = require('node:http');
     const { parentPort, workerData: flags } = require('node:worker_threads');
     const server = http.createServer((req, res) => {
       req.resume();
       req.on('end', () => {
         Atomics.store(flags, 0, 1);
         Atomics.wait(flags, 1, 0);
         res.writeHead(204).end(() => Atomics.store(flags, 2, 1));
       });
     });
     server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));`,
    { eval: true, workerData: flags },
  );
  try {
    const port = await new Promise<number>((resolve) => receiver.once('message', resolve));
    const started = Date.now();
    const posting = postSigned(new URL(`http://127.0.0.1:${port}/hooks`), '{"busy":true}', {}, { publicHttpsOnly: false }, 300);
    while (Atomics.load(flags, 0) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // Busy (blocked) past the time-out while the answer comes in, in the loop's check phase: on the
    // next turn the timer is due, and the timers run before the sockets are read.
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        Atomics.store(flags, 1, 1);
        Atomics.notify(flags, 1);
        while (Atomics.load(flags, 2) === 0 || Date.now() - started < 600);
        resolve();
      }),
    );
    expect((await posting).statusCode).toBe(204);
  } finally {
    await receiver.terminate();
  }
});

test('a receiver that never answers is abandoned after the time-out (10 s unless set), and the attempt is recorded as failed', async () => {
  // The default, in the app and in a service built without one.
  expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
  expect(app.services.webhooks.timeoutMs).toBe(10_000);
  expect(
    new WebhooksService(
      app.db,
      null as never,
      { retryDelaySeconds: 60, publicHttpsOnly: false, pauseAfterFailures: 20 },
      pino({ level: 'silent' }),
    ).timeoutMs,
  ).toBe(10_000);

  const hooks = await silentReceiver();
  try {
    // postSigned itself gives up at its time-out, with no status, and drops the connection.
    let started = Date.now();
    const posted = await postSigned(new URL(hooks.url), '{"probe":true}', {}, { publicHttpsOnly: false }, 300);
    const waited = Date.now() - started;
    expect(posted).toEqual({ statusCode: null, error: 'No answer within 0.3 s' });
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(3000);
    await until(async () => hooks.connections.closed === 1);
    expect(hooks.received).toEqual(['{"probe":true}']);

    // A delivery's last attempt to such a receiver: abandoned at the service's time-out and marked failed.
    const impatient = new WebhooksService(
      app.db,
      null as never,
      { retryDelaySeconds: 1, publicHttpsOnly: false, pauseAfterFailures: 20, timeoutMs: 500 },
      pino({ level: 'silent' }),
    );
    const delivery = await pendingDelivery(hooks.url, '{"id":"silent"}', 1);
    started = Date.now();
    await expect(impatient.attempt(delivery.id)).rejects.toThrow(/No answer within 0\.5 s/);
    expect(Date.now() - started).toBeLessThan(5000);
    const row = await app.db.getRepository(WebhookDelivery).findOneByOrFail({ id: delivery.id });
    expect(row).toMatchObject({
      attempts: 1,
      status: 'failed',
      statusCode: null,
      error: 'No answer within 0.5 s',
      deliveredAt: null,
      nextRetryAt: null,
    });
    expect(row.durationMs).toBeGreaterThanOrEqual(490);
    expect(row.durationMs).toBeLessThan(5000);
    await until(async () => hooks.connections.closed === 2);
    expect(hooks.received).toEqual(['{"probe":true}', '{"id":"silent"}']);
  } finally {
    await hooks.close();
  }
});
