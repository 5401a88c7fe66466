import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { Product } from '../../src/modules/catalog/product.entity';
import { Order } from '../../src/modules/orders/order.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

/** The few Stripe endpoints Keen uses, answering as the real API does. */
class StripeStandIn {
  readonly intents = new Map<string, Record<string, any>>();
  readonly creates: { idempotencyKey: string | undefined; params: URLSearchParams }[] = [];
  /** Refunds as Stripe keeps them: one per idempotency key. */
  readonly refunds = new Map<string, { paymentIntent: string; amount: number }>();
  readonly cancels: string[] = [];
  /** Intents whose look-up fails as an outage would. */
  readonly failing = new Set<string>();
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
      if (!req.headers.authorization?.startsWith('Bearer sk_test_'))
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
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
      const cancel = req.method === 'POST' && /^\/v1\/payment_intents\/([^/?]+)\/cancel$/.exec(req.url ?? '');
      if (cancel) {
        const intent = this.intents.get(decodeURIComponent(cancel[1]));
        if (!intent)
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
        this.cancels.push(intent.id);
        if (['succeeded', 'processing', 'canceled'].includes(intent.status)) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        }
        intent.status = 'canceled';
        return send(200, intent);
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        const params = new URLSearchParams(body);
        const intent = this.intents.get(params.get('payment_intent') ?? '');
        if (!intent || intent.status !== 'succeeded')
          return send(400, { error: { type: 'invalid_request_error', message: 'This PaymentIntent has no successful charge to refund.' } });
        const key = (req.headers['idempotency-key'] as string | undefined) ?? `no-key-${this.refunds.size}`;
        const refunded = [...this.refunds.values()].filter((r) => r.paymentIntent === intent.id).reduce((sum, r) => sum + r.amount, 0);
        const amount = Number(params.get('amount') ?? intent.amount - refunded);
        if (!this.refunds.has(key)) {
          if (amount > intent.amount - refunded)
            return send(400, {
              error: {
                type: 'invalid_request_error',
                code: 'amount_too_large',
                message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - refunded) / 100).toFixed(2)})`,
              },
            });
          this.refunds.set(key, { paymentIntent: intent.id, amount });
        }
        return send(200, {
          id: `re_${randomBytes(8).toString('hex')}`,
          object: 'refund',
          status: 'succeeded',
          payment_intent: intent.id,
          amount: this.refunds.get(key)!.amount,
        });
      }
      const update = req.method === 'POST' && /^\/v1\/payment_intents\/([^/?]+)$/.exec(req.url ?? '');
      if (update) {
        const intent = this.intents.get(decodeURIComponent(update[1]));
        if (!intent)
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
        if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status))
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'This PaymentIntent cannot be updated.',
            },
          });
        intent.amount = Number(new URLSearchParams(body).get('amount'));
        return send(200, intent);
      }
      const match = req.method === 'GET' && /^\/v1\/payment_intents\/([^/?]+)/.exec(req.url ?? '');
      if (match && this.failing.has(decodeURIComponent(match[1])))
        return send(500, { error: { type: 'api_error', message: 'Stand-in outage' } });
      if (match) {
        const intent = this.intents.get(decodeURIComponent(match[1]));
        if (intent) return send(200, intent);
        return send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${match[1]}'` },
        });
      }
      send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  }
}

const WEBHOOK_SECRET = 'whsec_test_keen';
const CREATE = 'mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { id clientSecret amount currency } }';
const CONFIRM =
  'mutation($orderId: ID!, $id: String!) { confirmPayment(orderId: $orderId, paymentIntentId: $id) { id paid transactionId } }';

const stripe = new Stripe('sk_test_unused');
const standIn = new StripeStandIn();
let app: TestApp;

let standInUrl: string;

beforeAll(async () => {
  const apiUrl = await standIn.start();
  standInUrl = apiUrl;
  app = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_keen',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_keen',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: apiUrl,
  });
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
test("an admin's price adjustment moves the Stripe intent's amount, and that intent pays the adjusted order", async () => {
  const shopper = await app.customer('stripe-adjusted');
  const order = await unpaidOrder(shopper);
  const intent = await intentFor(shopper, order);
  expect(intent.amount).toBe(9000);
  const admin = await app.adminUser();
  const adjusted = await app.gql(
    'mutation($orderId: ID!, $input: PriceAdjustmentInput!) { adjustOrderPrice(orderId: $orderId, input: $input) { totals { total { amount } } } }',
    { orderId: order.id, input: { amount: -1500, reason: 'Scratched box' } },
    admin,
  );
  expect(adjusted.data!.adjustOrderPrice.totals.total.amount).toBe(7500);
  expect(standIn.intents.get(intent.id)!.amount).toBe(7500);
  standIn.intents.get(intent.id)!.status = 'succeeded';
  const { data } = await app.gql(CONFIRM, { orderId: order.id, id: intent.id }, shopper);
  expect(data!.confirmPayment.paid).toBe(true);
});

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

test("a price in cents with an engraving: Stripe is asked for the order's total to the cent, and that intent pays it", async () => {
  const shopper = await app.customer();
  const product = await app.product({ price: 129.5, engravable: true, engravingPrice: 15.25 });
  const placed = await app.gql<{ placeOrder: { id: string; totals: { total: { amount: number; currency: string } } } }>(
    'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id totals { total { amount currency } } } }',
    {
      input: {
        phone: '+1 555 0100',
        address: '1 Cents Street',
        lines: [{ productId: product.id, quantity: 3, engraving: { text: 'Cents', font: 'serif' } }],
      },
    },
    shopper,
  );
  expect(placed.errors).toBeUndefined();
  const { id, totals } = placed.data!.placeOrder;
  expect(totals.total).toEqual({ amount: 3 * (12950 + 1525), currency: 'USD' });

  const before = standIn.creates.length;
  const created = await app.gql(CREATE, { orderId: id }, shopper);
  expect(created.data!.createPaymentIntent).toMatchObject({ amount: totals.total.amount, currency: 'usd' });
  expect(standIn.creates[before].params.get('amount')).toBe(String(totals.total.amount));
  expect(standIn.creates[before].params.get('currency')).toBe('usd');

  const intent = standIn.intents.get(created.data!.createPaymentIntent.id)!;
  intent.status = 'succeeded';
  const confirmed = await app.gql(CONFIRM, { orderId: id, id: intent.id }, shopper);
  expect(confirmed.data!.confirmPayment).toEqual({ id, paid: true, transactionId: intent.id });
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
  expect(messageOf(await app.gql(CONFIRM, { orderId: order.id, id: intent.id }, shopper))).toBe(
    "This payment's amount does not match the order",
  );
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
  const unsigned = await fetch(`${app.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: payload,
  });
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

describe('cancelling, refunds and disputes', () => {
  const DELETE = 'mutation($id: ID!) { deleteOrder(id: $id) }';
  const HISTORY = 'query($id: ID!) { orderHistory(id: $id) { fromState toState actor actorEmail note } }';
  const refundsOf = (intentId: string) => [...standIn.refunds.values()].filter((refund) => refund.paymentIntent === intentId).length;
  const stockOf = async (order: Order) => (await app.db.getRepository(Product).findOneByOrFail({ id: order.productId! })).quantity;

  test.each(['succeeded', 'processing'])(
    'cancelling an order whose payment %s is refused with "This order is being paid"',
    async (status) => {
      const shopper = await app.customer();
      const order = await unpaidOrder(shopper);
      const intent = await intentFor(shopper, order);
      intent.status = status;
      const cancels = standIn.cancels.length;
      const refused = await app.gql(DELETE, { id: order.id }, shopper);
      expect(codeOf(refused)).toBe('CONFLICT');
      expect(messageOf(refused)).toBe('This order is being paid');
      const rest = await fetch(`${app.url}/api/orders?id=${order.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${shopper.token}` },
      });
      expect(rest.status).toBe(409);
      expect(await rest.json()).toEqual({ message: 'This order is being paid' });
      expect(standIn.cancels.length).toBe(cancels);
      expect((await reload(order)).state).toBe('AwaitingPayment');
      expect(await stockOf(order)).toBe(7);
    },
  );

  test('a payment that succeeds between the check and the cancel wins: the cancel is refused', async () => {
    const shopper = await app.customer();
    const order = await unpaidOrder(shopper);
    const intent = await intentFor(shopper, order);
    // Stripe answers the look-up as unpaid, then refuses the cancel because the card was just charged.
    const get = intent.status;
    Object.defineProperty(intent, 'status', {
      configurable: true,
      enumerable: true,
      get: () => (standIn.cancels.includes(intent.id) ? 'succeeded' : get),
      set: () => undefined,
    });
    expect(messageOf(await app.gql(DELETE, { id: order.id }, shopper))).toBe('This order is being paid');
    expect((await reload(order)).state).toBe('AwaitingPayment');
  });

  test('cancelling an unpaid order cancels its intent at Stripe first, then returns the units', async () => {
    const shopper = await app.customer();
    const order = await unpaidOrder(shopper);
    const intent = await intentFor(shopper, order);
    expect((await app.gql(DELETE, { id: order.id }, shopper)).errors).toBeUndefined();
    expect(intent.status).toBe('canceled');
    expect((await reload(order)).state).toBe('Cancelled');
    expect(await stockOf(order)).toBe(10);
  });

  test('a payment that succeeds for a cancelled order is refunded, logged in its history, and a replay refunds nothing more', async () => {
    const shopper = await app.customer();
    const admin = await app.adminUser();
    const order = await unpaidOrder(shopper);
    const intent = await intentFor(shopper, order);
    expect((await app.gql(DELETE, { id: order.id }, shopper)).errors).toBeUndefined();
    intent.status = 'succeeded'; // the card went through at Stripe all the same
    const payload = succeededEvent(intent);
    expect((await webhook(payload)).status).toBe(200);
    expect(refundsOf(intent.id)).toBe(1);
    const refunded = await reload(order);
    expect(refunded).toMatchObject({ state: 'Refunded', paid: false, transactionId: intent.id });
    expect(await stockOf(order)).toBe(10);

    expect((await webhook(payload)).status).toBe(200);
    expect(refundsOf(intent.id)).toBe(1);
    expect(await reload(order)).toEqual(refunded);
    const history = await app.gql(HISTORY, { id: order.id }, admin);
    expect(history.data!.orderHistory).toEqual([
      { fromState: null, toState: 'AwaitingPayment', actor: 'customer', actorEmail: shopper.email, note: null },
      { fromState: 'AwaitingPayment', toState: 'Cancelled', actor: 'customer', actorEmail: shopper.email, note: null },
      {
        fromState: 'Cancelled',
        toState: 'Refunded',
        actor: 'provider',
        actorEmail: null,
        note: 'The payment arrived after the order was cancelled; it was refunded',
      },
    ]);
  });

  test('a payment that succeeds for an expired order is refunded too', async () => {
    const shopper = await app.customer();
    const order = await unpaidOrder(shopper);
    const intent = await intentFor(shopper, order);
    await app.db.getRepository(Order).update({ id: order.id }, { createdAt: new Date(Date.now() - 31 * 60_000) });
    expect(await app.services.orders.expireOverdue()).toContain(order.id);
    expect((await reload(order)).state).toBe('Expired');
    intent.status = 'succeeded';
    expect((await webhook(succeededEvent(intent))).status).toBe(200);
    expect(refundsOf(intent.id)).toBe(1);
    expect((await reload(order)).state).toBe('Refunded');
  });

  test("a customer's confirmation of a card charged as the order expired refunds it and says so", async () => {
    const shopper = await app.customer();
    const order = await unpaidOrder(shopper);
    const intent = await intentFor(shopper, order);
    await app.db.getRepository(Order).update({ id: order.id }, { createdAt: new Date(Date.now() - 31 * 60_000) });
    expect(await app.services.orders.expireOverdue()).toContain(order.id);
    // An expired order refuses an unconfirmed payment with its state, and another customer learns nothing.
    expect(messageOf(await app.gql(CONFIRM, { orderId: order.id, id: intent.id }, shopper))).toBe(
      'This order has expired: it was not paid in time',
    );
    intent.status = 'succeeded';
    expect(messageOf(await app.gql(CONFIRM, { orderId: order.id, id: intent.id }, await app.customer('other')))).toBe(
      'This is not your order',
    );
    expect(refundsOf(intent.id)).toBe(0);

    const late = await app.gql(CONFIRM, { orderId: order.id, id: intent.id }, shopper);
    expect(messageOf(late)).toBe('This order closed before the payment arrived; the payment has been refunded');
    expect(refundsOf(intent.id)).toBe(1);
    expect((await reload(order)).state).toBe('Refunded');
  });

  test('an admin deleting a paid, unshipped order refunds it at Stripe and returns its units', async () => {
    const shopper = await app.customer();
    const admin = await app.adminUser();
    const order = await unpaidOrder(shopper);
    const intent = await intentFor(shopper, order);
    intent.status = 'succeeded';
    expect((await webhook(succeededEvent(intent))).status).toBe(200);
    expect((await reload(order)).state).toBe('Paid');

    expect(codeOf(await app.gql(DELETE, { id: order.id }, await app.customer('other')))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(DELETE, { id: order.id }))).toBe('UNAUTHENTICATED');
    expect(refundsOf(intent.id)).toBe(0);

    expect((await app.gql(DELETE, { id: order.id }, admin)).errors).toBeUndefined();
    expect(refundsOf(intent.id)).toBe(1);
    expect((await reload(order)).state).toBe('Refunded');
    expect(await stockOf(order)).toBe(10);
    const history = (await app.gql(HISTORY, { id: order.id }, admin)).data!.orderHistory;
    expect(history.at(-1)).toEqual({
      fromState: 'Paid',
      toState: 'Refunded',
      actor: 'admin',
      actorEmail: admin.email,
      note: 'Deleted by an admin; the payment was refunded',
    });
    // Stripe then reports the refund it made: nothing changes.
    const refundedEvent = JSON.stringify({
      id: 'evt_refunded_again',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge', refunded: true, payment_intent: intent.id } },
    });
    expect((await webhook(refundedEvent)).status).toBe(200);
    expect((await app.gql(HISTORY, { id: order.id }, admin)).data!.orderHistory).toHaveLength(history.length);
  });

  test("a partial refund goes to Stripe with the order's idempotency key and amount; Stripe refusing one changes nothing and says why", async () => {
    const shopper = await app.customer();
    const admin = await app.adminUser();
    const order = await unpaidOrder(shopper);
    const intent = await intentFor(shopper, order);
    intent.status = 'succeeded';
    expect((await webhook(succeededEvent(intent))).status).toBe(200);
    const REFUND =
      'mutation($orderId: ID!, $input: RefundInput!) { refundOrder(orderId: $orderId, input: $input) { state totals { refunded { amount } } } }';
    const input = { amount: 2000, reason: 'Scratched sheath' };

    expect(codeOf(await app.gql(REFUND, { orderId: order.id, input }, shopper))).toBe('FORBIDDEN');
    const first = await app.gql(REFUND, { orderId: order.id, input }, admin);
    expect(first.data!.refundOrder).toEqual({ state: 'PartiallyRefunded', totals: { refunded: { amount: 2000 } } });
    expect(standIn.refunds.get(`keen-refund-${order.id}-1`)).toEqual({ paymentIntent: intent.id, amount: 2000 });

    // Refunded at Stripe's dashboard meanwhile: Stripe has $10.00 left of the $90.00, Keen thinks $70.00.
    const atDashboard = await fetch(`${standInUrl}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_dashboard', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment_intent: intent.id, amount: '6000' }),
    });
    expect(atDashboard.status).toBe(200);
    const refused = await app.gql(REFUND, { orderId: order.id, input: { amount: 1500, reason: 'More scratches' } }, admin);
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(messageOf(refused)).toBe(
      'The payment provider refused the refund: Refund amount ($15.00) is greater than unrefunded amount on charge ($10.00)',
    );
    expect(await reload(order)).toMatchObject({ state: 'PartiallyRefunded', refundedAmount: 2000 });
    expect(refundsOf(intent.id)).toBe(2);
  });

  test.each([
    [
      'charge.refunded',
      (pi: string) => ({ id: 'ch_x', object: 'charge', refunded: true, payment_intent: pi }),
      'Refunded at the payment provider',
    ],
    [
      'charge.dispute.created',
      (pi: string) => ({ id: 'dp_x', object: 'dispute', payment_intent: pi }),
      'The customer disputed the payment',
    ],
  ])('a signed %s webhook moves a shipped order to Refunded once, without restocking', async (type, object, note) => {
    const shopper = await app.customer();
    const admin = await app.adminUser();
    const order = await unpaidOrder(shopper);
    const intent = await intentFor(shopper, order);
    intent.status = 'succeeded';
    await webhook(succeededEvent(intent));
    expect((await app.gql('mutation($id: ID!) { markShipped(id: $id) { id } }', { id: order.id }, admin)).errors).toBeUndefined();

    const payload = JSON.stringify({ id: `evt_${type}`, object: 'event', type, data: { object: object(intent.id) } });
    expect((await webhook(payload)).status).toBe(200);
    const refunded = await reload(order);
    expect(refunded).toMatchObject({ state: 'Refunded', status: 'Shipped', paid: false });
    expect(await stockOf(order)).toBe(7);
    expect((await webhook(payload)).status).toBe(200);
    expect(await reload(order)).toEqual(refunded);
    const history = (await app.gql(HISTORY, { id: order.id }, admin)).data!.orderHistory;
    expect(history.filter((event: { toState: string }) => event.toState === 'Refunded')).toEqual([
      { fromState: 'Shipped', toState: 'Refunded', actor: 'provider', actorEmail: null, note },
    ]);
  });

  test('a partial refund leaves a paid order as it is', async () => {
    const shopper = await app.customer();
    const order = await unpaidOrder(shopper);
    const intent = await intentFor(shopper, order);
    intent.status = 'succeeded';
    await webhook(succeededEvent(intent));
    const partial = JSON.stringify({
      id: 'evt_partial',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_p', object: 'charge', refunded: false, amount_refunded: 100, payment_intent: intent.id } },
    });
    expect((await webhook(partial)).status).toBe(200);
    expect((await reload(order)).state).toBe('Paid');
  });

  test('the order history is for admins only', async () => {
    const shopper = await app.customer();
    const order = await unpaidOrder(shopper);
    expect(codeOf(await app.gql(HISTORY, { id: order.id }, shopper))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(HISTORY, { id: order.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(HISTORY, { id: '00000000-0000-4000-8000-000000000000' }, await app.adminUser()))).toBe('NOT_FOUND');
  });
});

test("the expiry sweep takes each order on its own: one order's provider error does not keep the others' units on hold", async () => {
  const shopper = await app.customer();
  const unreachable = await unpaidOrder(shopper);
  const broken = await intentFor(shopper, unreachable);
  const plain = await unpaidOrder(await app.customer());
  standIn.failing.add(broken.id);
  try {
    // The broken one is the oldest, so the sweep meets it first.
    await app.db.getRepository(Order).update({ id: unreachable.id }, { createdAt: new Date(Date.now() - 32 * 60_000) });
    await app.db.getRepository(Order).update({ id: plain.id }, { createdAt: new Date(Date.now() - 31 * 60_000) });
    const expired = await app.services.orders.expireOverdue();
    expect(expired).toContain(plain.id);
    expect(expired).not.toContain(unreachable.id);
    expect((await reload(plain)).state).toBe('Expired');
    expect((await reload(unreachable)).state).toBe('AwaitingPayment');
  } finally {
    standIn.failing.delete(broken.id);
  }
  expect(await app.services.orders.expireOverdue()).toContain(unreachable.id);
});

test("a delivered webhook's change reaches the public answers cached before it", async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const intent = await intentFor(shopper, order);
  intent.status = 'succeeded';
  expect((await webhook(succeededEvent(intent))).status).toBe(200);
  const PRODUCT = 'query($id: ID!) { product(id: $id) { quantity } }';
  const stock = async () => (await app.gql<{ product: { quantity: number } }>(PRODUCT, { id: order.productId })).data!.product.quantity;
  expect(await stock()).toBe(7);
  expect(await stock()).toBe(7);
  const refunded = JSON.stringify({
    id: `evt_${randomBytes(6).toString('hex')}`,
    object: 'event',
    type: 'charge.refunded',
    data: { object: { id: 'ch_cache', object: 'charge', refunded: true, payment_intent: intent.id } },
  });
  expect((await webhook(refunded)).status).toBe(200);
  // The refund put the paid, unshipped units back: the anonymous answer read before says so at once.
  expect(await stock()).toBe(10);
});

test('the intent offers cards (with the wallets they bring) and Link, for the Payment Element to show what the account has', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const before = standIn.creates.length;
  expect((await app.gql(CREATE, { orderId: order.id }, shopper)).errors).toBeUndefined();
  const { params } = standIn.creates[before];
  expect([params.get('allowed_payment_method_types[0]'), params.get('allowed_payment_method_types[1]')]).toEqual(['card', 'link']);
});
