import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { Order } from '../../src/modules/orders/order.entity';
import { codeOf, messageOf, startTestApp, TestApp, TestSession } from '../support/harness';

/** The few Stripe endpoints Keen uses, answering as the real API does. */
class StripeStandIn {
  readonly intents = new Map<string, Record<string, any>>();
  readonly creates: { idempotencyKey: string | undefined; params: URLSearchParams }[] = [];
  private readonly byKey = new Map<string, string>();
  private readonly server = http.createServer((req, res) => this.answer(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse) {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
        res.end(JSON.stringify(json));
      };
      if (!req.headers.authorization?.startsWith('Bearer sk_test_')) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
      if (req.method === 'POST' && req.url === '/v1/payment_intents') {
        const key = req.headers['idempotency-key'] as string | undefined;
        const params = new URLSearchParams(body);
        this.creates.push({ idempotencyKey: key, params });
        if (key && this.byKey.has(key)) return send(200, this.intents.get(this.byKey.get(key)!));
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const intent = {
          id,
          object: 'payment_intent',
          amount: Number(params.get('amount')),
          currency: params.get('currency'),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          metadata: { orderId: params.get('metadata[orderId]') },
        };
        this.intents.set(id, intent);
        if (key) this.byKey.set(key, id);
        return send(200, intent);
      }
      const match = req.method === 'GET' && /^\/v1\/payment_intents\/([^/?]+)/.exec(req.url ?? '');
      if (match) {
        const intent = this.intents.get(decodeURIComponent(match[1]));
        if (intent) return send(200, intent);
        return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${match[1]}'` } });
      }
      send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  }
}

const WEBHOOK_SECRET = 'whsec_test_keen';
const CREATE = 'mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { id clientSecret amount currency } }';
const CONFIRM = 'mutation($orderId: ID!, $id: String!) { confirmPayment(orderId: $orderId, paymentIntentId: $id) { id paid transactionId } }';

const stripe = new Stripe('sk_test_unused');
const standIn = new StripeStandIn();
let app: TestApp;

beforeAll(async () => {
  const apiUrl = await standIn.start();
  app = await startTestApp({ STRIPE_SECRET_KEY: 'sk_test_keen', STRIPE_PUBLISHABLE_KEY: 'pk_test_keen', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: apiUrl });
});
afterAll(async () => {
  await app.close();
  await standIn.stop();
});

async function unpaidOrder(session: TestSession): Promise<Order> {
  const product = await app.product({ price: 30 });
  return app.placeOrder(session, product.id, 3);
}

const reload = (order: Order) => app.db.getRepository(Order).findOneByOrFail({ id: order.id });

async function intentFor(session: TestSession, order: Order) {
  const { data, errors } = await app.gql(CREATE, { orderId: order.id }, session);
  expect(errors).toBeUndefined();
  return standIn.intents.get(data!.createPaymentIntent.id)!;
}

function succeededEvent(intent: Record<string, any>, id = `evt_${randomBytes(6).toString('hex')}`) {
  return JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', data: { object: { ...intent, status: 'succeeded' } } });
}

function webhook(payload: string, secret = WEBHOOK_SECRET) {
  return fetch(`${app.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    body: payload,
  });
}

test('/config.json names the Stripe provider and its publishable key', async () => {
  const config = await (await fetch(`${app.url}/config.json`)).json();
  expect(config).toMatchObject({ paymentProvider: 'stripe', stripePublishableKey: 'pk_test_keen' });
});

test("createPaymentIntent asks Stripe for the order's total in cents, with the order id and a per-order idempotency key, once", async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const before = standIn.creates.length;
  const first = await app.gql(CREATE, { orderId: order.id }, shopper);
  expect(first.data!.createPaymentIntent).toMatchObject({ amount: 9000, currency: 'usd' });

  const create = standIn.creates[before];
  expect(create.params.get('amount')).toBe('9000');
  expect(create.params.get('currency')).toBe('usd');
  expect(create.params.get('metadata[orderId]')).toBe(order.id);
  expect(create.idempotencyKey).toBe(`keen-order-${order.id}`);

  const rest = await fetch(`${app.url}/api/create-payment-intent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
    body: JSON.stringify({ totalPrice: 1, orderId: order.id }),
  });
  expect(await rest.json()).toEqual({ clientSecret: first.data!.createPaymentIntent.clientSecret });
  expect(standIn.creates.length).toBe(before + 1);
});

// No lock is held while Stripe answers, so concurrent first calls may each ask; the per-order
// idempotency key makes Stripe answer them all with one intent.
test('concurrent createPaymentIntent calls for one order make one intent', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const before = standIn.creates.length;
  const answers = await Promise.all([1, 2, 3].map(() => app.gql(CREATE, { orderId: order.id }, shopper)));
  const ids = new Set(answers.map((answer) => answer.data!.createPaymentIntent.id));
  expect(ids.size).toBe(1);
  expect(new Set(standIn.creates.slice(before).map((create) => create.idempotencyKey))).toEqual(new Set([`keen-order-${order.id}`]));
  expect((await reload(order)).paymentIntentId).toBe([...ids][0]);
});

test('confirmPayment accepts only a succeeded intent, and a replay changes nothing', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const intent = await intentFor(shopper, order);

  const early = await app.gql(CONFIRM, { orderId: order.id, id: intent.id }, shopper);
  expect(messageOf(early)).toBe('This payment has not succeeded');
  expect((await reload(order)).paid).toBe(false);

  intent.status = 'succeeded';
  const confirmed = await app.gql(CONFIRM, { orderId: order.id, id: intent.id }, shopper);
  expect(confirmed.data!.confirmPayment).toEqual({ id: order.id, paid: true, transactionId: intent.id });

  const paid = await reload(order);
  expect(codeOf(await app.gql(CONFIRM, { orderId: order.id, id: intent.id }, shopper))).toBe('FORBIDDEN');
  expect(await reload(order)).toEqual(paid);
});

test('a forged intent id is refused through GraphQL and REST PATCH', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  await intentFor(shopper, order);
  expect(messageOf(await app.gql(CONFIRM, { orderId: order.id, id: 'pi_doesnotexist' }, shopper))).toBe('No such payment');
  expect(messageOf(await app.gql(CONFIRM, { orderId: order.id, id: '../v1/charges' }, shopper))).toBe('No such payment');
  const patched = await fetch(`${app.url}/api/orders/${order.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
    body: JSON.stringify({ orders: order.id, transactionId: 'pi_doesnotexist' }),
  });
  expect(patched.status).toBe(400);
  expect(await reload(order)).toMatchObject({ paid: false, transactionId: null });
});

test('an intent with a different amount or order id in its metadata is refused', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const intent = await intentFor(shopper, order);
  intent.status = 'succeeded';

  intent.amount = 100;
  expect(messageOf(await app.gql(CONFIRM, { orderId: order.id, id: intent.id }, shopper))).toBe("This payment's amount does not match the order");
  intent.amount = 9000;
  intent.metadata = { orderId: '00000000-0000-4000-8000-000000000000' };
  expect(messageOf(await app.gql(CONFIRM, { orderId: order.id, id: intent.id }, shopper))).toBe('This payment belongs to another order');
  expect(await reload(order)).toMatchObject({ paid: false, transactionId: null });
});

test('only the owner confirms: another customer and an admin are refused', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const intent = await intentFor(shopper, order);
  intent.status = 'succeeded';
  for (const session of [await app.customer('other'), await app.adminUser()]) {
    expect(codeOf(await app.gql(CREATE, { orderId: order.id }, session))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(CONFIRM, { orderId: order.id, id: intent.id }, session))).toBe('FORBIDDEN');
  }
  expect((await reload(order)).paid).toBe(false);
});

test('test cards are refused while Stripe is the provider', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const response = await app.gql(
    'mutation($orderId: ID!, $card: TestCardInput!) { confirmTestCardPayment(orderId: $orderId, card: $card) { paid } }',
    { orderId: order.id, card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } },
    shopper,
  );
  expect(codeOf(response)).toBe('BAD_USER_INPUT');
  expect((await reload(order)).paid).toBe(false);
});

test('a signed payment_intent.succeeded webhook pays the order; a replay changes nothing', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const intent = await intentFor(shopper, order);
  const payload = succeededEvent(intent);

  const first = await webhook(payload);
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ received: true });
  const paid = await reload(order);
  expect(paid).toMatchObject({ paid: true, transactionId: intent.id });

  expect((await webhook(payload)).status).toBe(200);
  expect(await reload(order)).toEqual(paid);
});

test('a webhook with a wrong signature, or none, is refused and the order stays unpaid', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const payload = succeededEvent(await intentFor(shopper, order));

  const wrong = await webhook(payload, 'whsec_someone_else');
  expect(wrong.status).toBe(400);
  const unsigned = await fetch(`${app.url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
  expect(unsigned.status).toBe(400);
  const tampered = JSON.stringify({ ...JSON.parse(payload), id: 'evt_changed' });
  const replayedHeader = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const swapped = await fetch(`${app.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': replayedHeader },
    body: tampered,
  });
  expect(swapped.status).toBe(400);
  expect(await reload(order)).toMatchObject({ paid: false, transactionId: null });
});

test('a signed webhook whose amount or order does not match leaves the order unpaid', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const intent = await intentFor(shopper, order);
  expect((await webhook(succeededEvent({ ...intent, amount: 1 }))).status).toBe(200);
  const other = await unpaidOrder(shopper);
  expect((await webhook(succeededEvent({ ...intent, metadata: { orderId: other.id } }))).status).toBe(200);
  expect(await reload(order)).toMatchObject({ paid: false, transactionId: null });
  expect(await reload(other)).toMatchObject({ paid: false, transactionId: null });
});

test('other webhook events are acknowledged and change nothing', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const intent = await intentFor(shopper, order);
  const payload = JSON.stringify({ id: 'evt_failed', object: 'event', type: 'payment_intent.payment_failed', data: { object: intent } });
  expect((await webhook(payload)).status).toBe(200);
  expect((await reload(order)).paid).toBe(false);
});
