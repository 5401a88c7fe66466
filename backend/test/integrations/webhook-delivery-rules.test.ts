import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Config, loadConfig } from '../../src/config';
import { WebhookDelivery, WebhookEndpoint } from '../../src/modules/integrations/webhook.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * What the admin decides holds for deliveries (disable, delete, pause as failing), and one slow
 * receiver does not hold up the others. Real receivers on 127.0.0.1; deliveries run on the app's
 * own job queue.
 */

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A receiver on 127.0.0.1 answering `statuses` in turn (then 200), or never answering while `hang` is set. */
async function receiver(statuses: number[] = [], { hang = false } = {}) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body, at: Date.now() });
      if (!hang) res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    statuses,
    events: () => received.map((r) => JSON.parse(r.body).type as string),
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
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const CREATE = `mutation($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) { secret endpoint { id createdBy } }
}`;
const ENDPOINTS = '{ webhookEndpoints { id url enabled createdBy consecutiveFailures failingSince } }';
const DELIVERIES = 'query($id: ID!) { webhookDeliveries(endpointId: $id) { id event status attempts statusCode error } }';
const UPDATE = 'mutation($id: ID!, $enabled: Boolean) { updateWebhookEndpoint(id: $id, input: { enabled: $enabled }) { enabled } }';
const RESEND = 'mutation($id: ID!) { resendWebhookDelivery(id: $id) { status } }';
const RESUME = 'mutation($id: ID!) { resumeWebhookEndpoint(id: $id) { id failingSince consecutiveFailures } }';
const SEND_TEST = 'mutation($id: ID!) { sendTestWebhook(endpointId: $id) { id event status attempts statusCode error } }';

/** Two delivery slots per process, so one endpoint taking both would show; a paused endpoint after 3 failures in a row. */
const ENV = {
  WEBHOOK_RETRY_DELAY_SECONDS: '1',
  JOB_POLL_SECONDS: '0.5',
  WEBHOOK_CONCURRENCY: '2',
  WEBHOOK_PAUSE_AFTER_FAILURES: '3',
};

let app: TestApp;
let admin: TestSession;
beforeAll(async () => {
  // A receiver that never answers is given up on after 4 s here (10 s in the shop).
  const webhooks: Config['webhooks'] & { timeoutMs: number } = {
    ...loadConfig({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', ...ENV }).webhooks,
    timeoutMs: 4000,
  };
  app = await startTestApp(ENV, { overrides: { webhooks } });
  admin = await app.adminUser();
});
afterAll(() => app.close());

async function endpoint(url: string, events: string[], session: TestSession = admin) {
  const { data, errors } = await app.gql(CREATE, { input: { url, events } }, session);
  if (errors) throw new Error(JSON.stringify(errors));
  return data!.createWebhookEndpoint.endpoint as { id: string; createdBy: string | null };
}

async function paidOrder() {
  const customer = await app.customer();
  const order = await app.placeOrder(customer, (await app.product()).id);
  return app.payOrder(customer, order.id);
}

const deliveriesOf = (endpointId: string) => app.db.getRepository(WebhookDelivery).find({ where: { endpointId } });
const endpointRow = (id: string) => app.db.getRepository(WebhookEndpoint).findOneByOrFail({ id });

test('after disable, nothing more reaches the receiver while retries were pending; the log says "Endpoint disabled"; Resend is refused', async () => {
  const hooks = await receiver(Array(50).fill(500));
  try {
    const created = await endpoint(hooks.url, ['order.paid']);
    await paidOrder();
    // The first attempt failed: a retry is due in a second or two.
    const [pending] = await until(async () => {
      const rows = await deliveriesOf(created.id);
      return rows.length === 1 && rows[0].attempts === 1 && rows[0].status === 'pending' && rows;
    });
    expect(hooks.received).toHaveLength(1);

    expect((await app.gql(UPDATE, { id: created.id, enabled: false }, admin)).data).toEqual({ updateWebhookEndpoint: { enabled: false } });
    // Retries would have come at about 1-2 s and 3-6 s.
    await sleep(7000);
    expect(hooks.received).toHaveLength(1);
    const log = await app.gql(DELIVERIES, { id: created.id }, admin);
    expect(log.data!.webhookDeliveries).toEqual([
      expect.objectContaining({ id: pending.id, status: 'cancelled', error: 'Endpoint disabled', attempts: 1, statusCode: 500 }),
    ]);

    const resend = await app.gql(RESEND, { id: pending.id }, admin);
    expect(codeOf(resend)).toBe('BAD_USER_INPUT');
    expect(messageOf(resend)).toBe('This endpoint is disabled; enable it before resending');
    await paidOrder();
    await sleep(1500);
    expect(hooks.received).toHaveLength(1);
    expect(await deliveriesOf(created.id)).toHaveLength(1);
  } finally {
    await hooks.close();
  }
});

test('an attempt that finds its endpoint disabled posts nothing and ends the delivery', async () => {
  const hooks = await receiver();
  try {
    const created = await endpoint(hooks.url, ['order.paid']);
    const row = await app.db
      .getRepository(WebhookDelivery)
      .save({ endpointId: created.id, eventId: created.id, event: 'order.paid', body: '{}', attemptLimit: 3 });
    await app.db.getRepository(WebhookEndpoint).update({ id: created.id }, { enabled: false });
    await app.services.webhooks.attempt(row.id);
    expect(hooks.received).toHaveLength(0);
    expect(await app.db.getRepository(WebhookDelivery).findOneByOrFail({ id: row.id })).toMatchObject({
      status: 'cancelled',
      error: 'Endpoint disabled',
      attempts: 0,
    });
  } finally {
    await hooks.close();
  }
});

test('after delete, nothing more reaches the receiver while retries were pending', async () => {
  const hooks = await receiver(Array(50).fill(500));
  try {
    const created = await endpoint(hooks.url, ['order.paid']);
    await paidOrder();
    await until(async () => {
      const rows = await deliveriesOf(created.id);
      return rows.length === 1 && rows[0].attempts === 1 && rows[0].status === 'pending';
    });
    const deleted = await app.gql('mutation($id: ID!) { deleteWebhookEndpoint(id: $id) }', { id: created.id }, admin);
    expect(deleted.data).toEqual({ deleteWebhookEndpoint: created.id });
    await sleep(7000);
    expect(hooks.received).toHaveLength(1);
  } finally {
    await hooks.close();
  }
});

test('a receiver that hangs does not hold up a healthy one: its delivery of the same event arrives within 2 s', async () => {
  const hanging = await receiver([], { hang: true });
  const healthy = await receiver();
  try {
    // The hanging endpoint has two deliveries waiting (order.placed, then order.paid): with two
    // slots and no limit per endpoint, both slots would hang on it.
    const slow = await endpoint(hanging.url, ['order.placed', 'order.paid']);
    const fast = await endpoint(healthy.url, ['order.paid']);
    const customer = await app.customer();
    const order = await app.placeOrder(customer, (await app.product()).id);
    await until(async () => hanging.received.length === 1);
    const paidAt = Date.now();
    await app.payOrder(customer, order.id);
    const [arrived] = await until(async () => healthy.received.length > 0 && healthy.received, 15_000);
    expect(JSON.parse(arrived.body)).toMatchObject({ type: 'order.paid', data: { orderId: order.id } });
    expect(arrived.at - paidAt).toBeLessThan(2000);
    // Its first delivery still hangs (until the 4 s time-out): its second waits rather than take the other slot.
    expect(hanging.events()).toEqual(['order.placed']);
    const delivered = await until(async () => (await deliveriesOf(fast.id)).find((row) => row.status === 'delivered'));
    expect(delivered).toMatchObject({ attempts: 1, statusCode: 200 });
    for (const id of [slow.id, fast.id]) await app.gql(UPDATE, { id, enabled: false }, admin);
  } finally {
    await hanging.close();
    await healthy.close();
  }
});

test('3 failed attempts in a row pause the endpoint as failing; it gets no new events until resumed', async () => {
  const hooks = await receiver([500, 500, 500]);
  const marker = await receiver();
  try {
    const created = await endpoint(hooks.url, ['order.paid']);
    const witness = await endpoint(marker.url, ['order.paid']);
    await paidOrder();
    const [ended] = await until(async () => {
      const rows = await deliveriesOf(created.id);
      return rows[0]?.status === 'cancelled' && rows;
    });
    expect(ended).toMatchObject({ attempts: 3, statusCode: 500, error: 'Endpoint paused as failing after 3 failed attempts in a row' });
    expect(hooks.received).toHaveLength(3);
    const paused = await endpointRow(created.id);
    expect(paused.consecutiveFailures).toBe(3);
    expect(paused.failingSince).toBeInstanceOf(Date);
    const listed = await app.gql(ENDPOINTS, {}, admin);
    expect(listed.data!.webhookEndpoints).toContainEqual(
      expect.objectContaining({ id: created.id, enabled: true, consecutiveFailures: 3, failingSince: expect.any(String) }),
    );

    // A new event reaches the other endpoint, not the paused one.
    await paidOrder();
    await until(async () => marker.received.length === 2);
    await sleep(1000);
    expect(await deliveriesOf(created.id)).toHaveLength(1);
    expect(hooks.received).toHaveLength(3);
    const resend = await app.gql(RESEND, { id: ended.id }, admin);
    expect(messageOf(resend)).toBe('This endpoint is paused as failing; resume it before resending');

    const resumed = await app.gql(RESUME, { id: created.id }, admin);
    expect(resumed.errors).toBeUndefined();
    expect(resumed.data!.resumeWebhookEndpoint).toEqual({ id: created.id, failingSince: null, consecutiveFailures: 0 });
    await paidOrder();
    await until(async () => (await deliveriesOf(created.id)).some((row) => row.status === 'delivered'));
    expect(hooks.received).toHaveLength(4);
    await app.gql(UPDATE, { id: witness.id, enabled: false }, admin);
  } finally {
    await hooks.close();
    await marker.close();
  }
});

test('Send test posts a signed ping and answers its delivery; failed tests count, and a 2xx resumes a failing endpoint', async () => {
  const hooks = await receiver([503, 503, 503]);
  try {
    const { data } = await app.gql(
      'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { id } } }',
      { input: { url: hooks.url, events: ['product.deleted'] } },
      admin,
    );
    const { secret, endpoint: created } = data!.createWebhookEndpoint as { secret: string; endpoint: { id: string } };
    for (let i = 1; i <= 3; i++) {
      const failed = await app.gql(SEND_TEST, { id: created.id }, admin);
      expect(failed.data!.sendTestWebhook).toMatchObject({ event: 'ping', status: 'failed', attempts: 1, statusCode: 503 });
    }
    expect((await endpointRow(created.id)).failingSince).toBeInstanceOf(Date);

    const passed = await app.gql(SEND_TEST, { id: created.id }, admin);
    expect(passed.data!.sendTestWebhook).toMatchObject({ event: 'ping', status: 'delivered', attempts: 1, statusCode: 200, error: null });
    expect(await endpointRow(created.id)).toMatchObject({ failingSince: null, consecutiveFailures: 0 });
    const { headers, body } = hooks.received[3];
    expect(JSON.parse(body)).toMatchObject({ type: 'ping', data: { endpointId: created.id } });
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['keen-signature']))!;
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));

    await app.gql(UPDATE, { id: created.id, enabled: false }, admin);
    const refused = await app.gql(SEND_TEST, { id: created.id }, admin);
    expect(messageOf(refused)).toBe('This endpoint is disabled; enable it before sending a test');
    expect(hooks.received).toHaveLength(4);
  } finally {
    await hooks.close();
  }
});

test('resume and Send test: anonymous UNAUTHENTICATED, customer and API key FORBIDDEN, unknown endpoint not found', async () => {
  const created = await endpoint('http://127.0.0.1:9/hooks', ['product.deleted']);
  const key = await app.gql(
    'mutation { createApiKey(input: { name: "All", scopes: ["catalog:write", "orders:write", "users:write"] }) { secret } }',
    {},
    admin,
  );
  const customer = await app.customer();
  for (const operation of [RESUME, SEND_TEST]) {
    expect(codeOf(await app.gql(operation, { id: created.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(operation, { id: created.id }, customer))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(operation, { id: created.id }, key.data!.createApiKey.secret))).toBe('FORBIDDEN');
    expect(messageOf(await app.gql(operation, { id: '00000000-0000-4000-8000-000000000000' }, admin))).toBe('Webhook endpoint not found');
  }
  expect(await app.db.getRepository(WebhookDelivery).countBy({ endpointId: created.id })).toBe(0);
});

test('an endpoint records the admin who created it, and stays when that admin is demoted', async () => {
  const author = await app.adminUser();
  const created = await endpoint('http://127.0.0.1:9/hooks', ['product.deleted'], author);
  expect(created.createdBy).toBe(author.email);
  expect(await endpointRow(created.id)).toMatchObject({ createdById: author.user.id, createdBy: author.email });

  const demoted = await app.gql('mutation($email: String!) { removeAdmin(email: $email) { role } }', { email: author.email }, admin);
  expect(demoted.errors).toBeUndefined();
  const listed = await app.gql(ENDPOINTS, {}, admin);
  expect(listed.data!.webhookEndpoints).toContainEqual(expect.objectContaining({ id: created.id, createdBy: author.email }));
});
