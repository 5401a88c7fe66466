import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { WebhookDelivery, WebhookEndpoint } from '../../src/modules/integrations/webhook.entity';
import { WebhooksService } from '../../src/modules/integrations/webhooks.service';
import { startTestApp, type TestApp } from '../support/harness';
import { relayToTestServer } from '../support/relay';

/**
 * A delivery its receiver accepted while PostgreSQL went away (a restart) is recorded once the
 * database is back, so the job is not retried and the receiver gets the event once. The app reaches
 * PostgreSQL through a relay the receiver cuts as it answers.
 */

const relay = relayToTestServer();
let app: TestApp;

beforeAll(async () => {
  await relay.open();
  app = await startTestApp({}, { databaseAddress: { host: '127.0.0.1', port: relay.port } });
});
afterAll(async () => {
  await app.close();
  await relay.cut().catch(() => undefined);
});

/** A receiver that cuts the database for `downMs` as each request arrives, then answers 204. */
async function receiverThatCutsTheDatabase(downMs: number) {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      received.push(body);
      await relay.cut();
      setTimeout(() => void relay.open(), downMs);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

test('a 2xx answered while the database is away is recorded once it is back: the attempt succeeds and nothing is sent twice', async () => {
  const hooks = await receiverThatCutsTheDatabase(2500);
  try {
    const endpoint = await app.db.getRepository(WebhookEndpoint).save({ url: hooks.url, events: ['order.paid'], secret: 'whsec_test' });
    const delivery = await app.db
      .getRepository(WebhookDelivery)
      .save({ endpointId: endpoint.id, eventId: endpoint.id, event: 'order.paid', body: '{"type":"order.paid"}', attemptLimit: 3 });

    const startedAt = Date.now();
    await expect(app.services.webhooks.attempt(delivery.id)).resolves.toBeUndefined();
    // It waited for the database rather than failing the job (which the queue would run again).
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2000);
    expect(await app.db.getRepository(WebhookDelivery).findOneByOrFail({ id: delivery.id })).toMatchObject({
      status: 'delivered',
      attempts: 1,
      statusCode: 204,
      error: null,
    });
    // The job's retry (had it failed) finds it delivered and sends nothing.
    await app.services.webhooks.attempt(delivery.id);
    expect(hooks.received).toEqual(['{"type":"order.paid"}']);
  } finally {
    await hooks.close();
  }
});

test('an outage longer than the job waits: the job ends without an error, the record lands once the database is back, and a retry meanwhile sends nothing', async () => {
  const hooks = await receiverThatCutsTheDatabase(3000);
  // The app's own service waits 30 s for the record; this one, on the same database, half a second.
  const webhooks = new WebhooksService(
    app.db,
    null as never,
    { retryDelaySeconds: 60, publicHttpsOnly: false, pauseAfterFailures: 20, recordWaitMs: 500 },
    pino({ level: 'silent' }),
  );
  try {
    const endpoint = await app.db.getRepository(WebhookEndpoint).save({ url: hooks.url, events: ['order.paid'], secret: 'whsec_test' });
    const delivery = await app.db
      .getRepository(WebhookDelivery)
      .save({ endpointId: endpoint.id, eventId: endpoint.id, event: 'order.paid', body: '{"type":"order.shipped"}', attemptLimit: 3 });

    const startedAt = Date.now();
    await expect(webhooks.attempt(delivery.id)).resolves.toBeUndefined();
    // It ended before the database was back (a job that failed would be run again).
    expect(Date.now() - startedAt).toBeLessThan(2500);
    // The queue's retry of the job, here while the record is still waiting: it waits too, and sends nothing.
    await webhooks.attempt(delivery.id);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2900);
    expect(await app.db.getRepository(WebhookDelivery).findOneByOrFail({ id: delivery.id })).toMatchObject({
      status: 'delivered',
      attempts: 1,
      statusCode: 204,
    });
    // A retry once it is recorded finds it delivered.
    await webhooks.attempt(delivery.id);
    expect(hooks.received).toEqual(['{"type":"order.shipped"}']);
  } finally {
    await hooks.close();
  }
});
