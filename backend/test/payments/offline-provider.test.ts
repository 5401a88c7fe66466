import { loadConfig } from '../../src/config';
import { Order } from '../../src/modules/orders/order.entity';
import { type TestPaymentProvider } from '../../src/modules/payments/test-provider';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const CREATE = 'mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { id clientSecret amount currency status } }';
const PAY_WITH_CARD =
  'mutation($orderId: ID!, $card: TestCardInput!) { confirmTestCardPayment(orderId: $orderId, card: $card) { id paid transactionId } }';
const CONFIRM =
  'mutation($orderId: ID!, $id: String!) { confirmPayment(orderId: $orderId, paymentIntentId: $id) { id paid transactionId } }';

const card = (number: string, overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
  ...overrides,
});

async function unpaidOrder(session: TestSession, quantity = 2): Promise<Order> {
  const product = await app.product({ price: 25 });
  return app.placeOrder(session, product.id, quantity);
}

const reload = (order: Order) => app.db.getRepository(Order).findOneByOrFail({ id: order.id });

async function rest(method: string, path: string, body: unknown, session?: TestSession) {
  const response = await fetch(`${app.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session.token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

test('the success card pays the order through GraphQL, with the intent id as transaction id', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);

  const created = await app.gql(CREATE, { orderId: order.id }, shopper);
  expect(created.errors).toBeUndefined();
  const intent = created.data!.createPaymentIntent;
  expect(intent).toMatchObject({ amount: 5000, currency: 'usd', status: 'requires_payment_method' });
  expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));

  const paid = await app.gql(PAY_WITH_CARD, { orderId: order.id, card: card('4242 4242 4242 4242') }, shopper);
  expect(paid.errors).toBeUndefined();
  expect(paid.data!.confirmTestCardPayment).toEqual({ id: order.id, paid: true, transactionId: intent.id });

  const mine = await app.gql('{ myOrders { items { id paid transactionId } } }', {}, shopper);
  expect(mine.data!.myOrders.items).toEqual([{ id: order.id, paid: true, transactionId: intent.id }]);
});

test('a second createPaymentIntent answers the same intent', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const first = await app.gql(CREATE, { orderId: order.id }, shopper);
  const second = await app.gql(CREATE, { orderId: order.id }, shopper);
  expect(second.data!.createPaymentIntent.clientSecret).toBe(first.data!.createPaymentIntent.clientSecret);
  expect((await reload(order)).paymentIntentId).toBe(first.data!.createPaymentIntent.id);
});

test.each([
  ['4000 0000 0000 0002', {}, 'Your card was declined.'],
  ['4000 0000 0000 9995', {}, 'Your card has insufficient funds.'],
  ['4242 4242 4242 4242', { expYear: new Date().getUTCFullYear() - 1 }, "Your card's expiration year is invalid."],
  ['4242 4242 4242 4241', {}, 'Your card number is invalid.'],
  ['4242 4242 4242 4242', { expMonth: 13 }, "Your card's expiration month is invalid."],
  ['4242 4242 4242 4242', { cvc: '1' }, "Your card's security code is invalid."],
])('card %s %j fails with "%s" and the order stays unpaid', async (number, overrides, message) => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const response = await app.gql(PAY_WITH_CARD, { orderId: order.id, card: card(number, overrides) }, shopper);
  expect(codeOf(response)).toBe('BAD_USER_INPUT');
  expect(messageOf(response)).toBe(message);
  expect(await reload(order)).toMatchObject({ paid: false, transactionId: null });

  // The same intent then takes a good card.
  const retried = await app.gql(PAY_WITH_CARD, { orderId: order.id, card: card('4242424242424242') }, shopper);
  expect(retried.data!.confirmTestCardPayment.paid).toBe(true);
});

test('createPaymentIntent is limited per customer (RATE_LIMIT_PAYMENT_INTENTS, 10 a minute): the 11th asks the provider for nothing', async () => {
  expect(app.config.rateLimits.allowances.paymentIntent).toEqual({ points: 10, seconds: 60 });
  const shopper = await app.customer();
  const [retried, next] = [await unpaidOrder(shopper), await unpaidOrder(shopper)];
  // Every call counts, a second one for the same order included.
  for (let i = 0; i < 10; i += 1) expect((await app.gql(CREATE, { orderId: retried.id }, shopper)).errors).toBeUndefined();
  const limited = await app.gql(CREATE, { orderId: next.id }, shopper);
  expect(codeOf(limited)).toBe('RATE_LIMITED');
  expect(messageOf(limited)).toMatch(/^Too many requests; please try again in \d+ seconds$/);
  expect((await reload(next)).paymentIntentId).toBeNull();
  expect((await rest('POST', '/create-payment-intent', { orderId: next.id }, shopper)).status).toBe(429);
  // Another customer is not held by it.
  const other = await app.customer();
  expect((await app.gql(CREATE, { orderId: (await unpaidOrder(other)).id }, other)).errors).toBeUndefined();
});

test('the browser confirms the card, then REST PATCH /orders/{id} records the payment once', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const { status, body } = await rest('POST', '/create-payment-intent', { totalPrice: 1, id: order.id }, shopper);
  expect(status).toBe(200);
  const intentId = body.clientSecret.split('_secret_')[0];
  const intent = await (app.services.payments.provider as TestPaymentProvider).retrieveIntent(intentId);
  expect(intent).toMatchObject({ amount: 5000, orderId: order.id });

  const early = await rest('PATCH', `/orders/${order.id}`, { orders: order.id, transactionId: intentId }, shopper);
  expect(early.status).toBe(400);
  expect(early.body.message).toBe('This payment has not succeeded');
  expect((await reload(order)).paid).toBe(false);

  await (app.services.payments.provider as TestPaymentProvider).confirmCard(intentId, card('4242424242424242'));
  const patched = await rest('PATCH', `/orders/${order.id}`, { orders: order.id, transactionId: intentId }, shopper);
  expect(patched).toEqual({ status: 200, body: { _id: order.id, paid: true, transactionId: intentId } });

  const before = await reload(order);
  const replay = await rest('PATCH', `/orders/${order.id}`, { transactionId: intentId }, shopper);
  expect(replay.status).toBe(403);
  expect(await reload(order)).toEqual(before);
});

test('REST create-payment-intent needs the order id and the owner', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  expect((await rest('POST', '/create-payment-intent', { totalPrice: 50 }, shopper)).status).toBe(400);
  expect(await rest('POST', '/create-payment-intent', { orderId: [order.id] }, shopper)).toEqual({
    status: 400,
    body: { message: 'orderId must be text' },
  });
  expect((await rest('POST', '/create-payment-intent', { orderId: order.id })).status).toBe(401);
  expect((await rest('POST', '/create-payment-intent', { orderId: 42 })).status).toBe(401);
  expect((await rest('POST', '/create-payment-intent', { orderId: order.id }, await app.customer('other'))).status).toBe(403);
});

test('a forged transaction id is refused through GraphQL and REST, and the order stays unpaid', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const forged = await app.gql(CONFIRM, { orderId: order.id, id: 'pi_forged123' }, shopper);
  expect(codeOf(forged)).toBe('BAD_USER_INPUT');
  expect(messageOf(forged)).toBe('No such payment');
  const patched = await rest('PATCH', `/orders/${order.id}`, { transactionId: 'pi_forged123' }, shopper);
  expect(patched.status).toBe(400);
  expect((await rest('PATCH', `/orders/${order.id}`, {}, shopper)).status).toBe(400);
  expect(await rest('PATCH', `/orders/${order.id}`, { transactionId: 42 }, shopper)).toEqual({
    status: 400,
    body: { message: 'transactionId must be text' },
  });
  expect((await rest('PATCH', `/orders/${order.id}`, { transactionId: 42 })).status).toBe(401);
  expect(await reload(order)).toMatchObject({ paid: false, transactionId: null });
});

test("another order's succeeded intent does not pay this order", async () => {
  const shopper = await app.customer();
  const paidOrder = await unpaidOrder(shopper);
  const intent = (await app.gql(CREATE, { orderId: paidOrder.id }, shopper)).data!.createPaymentIntent;
  await app.gql(PAY_WITH_CARD, { orderId: paidOrder.id, card: card('4242424242424242') }, shopper);

  const other = await unpaidOrder(shopper);
  const graphql = await app.gql(CONFIRM, { orderId: other.id, id: intent.id }, shopper);
  expect(messageOf(graphql)).toBe('This payment belongs to another order');
  const patched = await rest('PATCH', `/orders/${other.id}`, { transactionId: intent.id }, shopper);
  expect(patched.status).toBe(400);
  expect(await reload(other)).toMatchObject({ paid: false, transactionId: null });
});

test('an intent whose amount no longer matches the order is refused', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const intent = (await app.gql(CREATE, { orderId: order.id }, shopper)).data!.createPaymentIntent;
  await (app.services.payments.provider as TestPaymentProvider).confirmCard(intent.id, card('4242424242424242'));
  await app.db.getRepository(Order).update({ id: order.id }, { totalAmount: 5100 });
  const response = await app.gql(CONFIRM, { orderId: order.id, id: intent.id }, shopper);
  expect(messageOf(response)).toBe("This payment's amount does not match the order");
  expect((await reload(order)).paid).toBe(false);
});

test('only the owner pays: anonymous, another customer and an admin are refused', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const intent = (await app.gql(CREATE, { orderId: order.id }, shopper)).data!.createPaymentIntent;
  await (app.services.payments.provider as TestPaymentProvider).confirmCard(intent.id, card('4242424242424242'));

  const other = await app.customer('other');
  const admin = await app.adminUser();
  expect(codeOf(await app.gql(CREATE, { orderId: order.id }))).toBe('UNAUTHENTICATED');
  for (const [session, code] of [
    [other, 'FORBIDDEN'],
    [admin, 'FORBIDDEN'],
  ] as const) {
    expect(codeOf(await app.gql(CREATE, { orderId: order.id }, session))).toBe(code);
    expect(codeOf(await app.gql(CONFIRM, { orderId: order.id, id: intent.id }, session))).toBe(code);
    expect(codeOf(await app.gql(PAY_WITH_CARD, { orderId: order.id, card: card('4242424242424242') }, session))).toBe(code);
    expect((await rest('PATCH', `/orders/${order.id}`, { transactionId: intent.id }, session)).status).toBe(403);
  }
  expect(await reload(order)).toMatchObject({ paid: false, transactionId: null });
});

test('a paid order takes no second payment and cannot be deleted by its owner; a shipped one cannot be paid', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  await app.gql(PAY_WITH_CARD, { orderId: order.id, card: card('4242424242424242') }, shopper);
  const paid = await reload(order);

  const again = await app.gql(PAY_WITH_CARD, { orderId: order.id, card: card('4242424242424242') }, shopper);
  expect(messageOf(again)).toBe('This order is already paid');
  expect(messageOf(await app.gql(CREATE, { orderId: order.id }, shopper))).toBe('This order is already paid');
  expect(messageOf(await app.gql(CONFIRM, { orderId: order.id, id: paid.transactionId }, shopper))).toBe('This order is already paid');
  expect(codeOf(await app.gql('mutation($id: ID!) { deleteOrder(id: $id) }', { id: order.id }, shopper))).toBe('FORBIDDEN');
  expect(await reload(order)).toEqual(paid);

  const admin = await app.adminUser();
  expect((await app.gql('mutation($id: ID!) { markShipped(id: $id) { id } }', { id: order.id }, admin)).errors).toBeUndefined();
  const shipped = await app.gql(PAY_WITH_CARD, { orderId: order.id, card: card('4242424242424242') }, shopper);
  expect(codeOf(shipped)).toBe('FORBIDDEN');
  expect(messageOf(shipped)).toBe('This order is already paid');
});

test('the offline provider sends no webhooks', async () => {
  const response = await fetch(`${app.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
    body: '{}',
  });
  expect(response.status).toBe(503);
});

test('the offline provider is refused in production', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db/keen',
    FIREBASE_SERVICE_ACCOUNT: '{"project_id":"p"}',
    FIREBASE_WEB_API_KEY: 'k',
    ACCESS_TOKEN_SECRET: 'x'.repeat(32),
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
    EMAILS: 'off',
    SHOP_URL: 'https://shop.example.com',
    AGE_VERIFICATION: 'declared',
  };
  expect(() => loadConfig(production)).toThrow('Setting STRIPE_SECRET_KEY: is required in production');
  expect(
    loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })
      .stripe.secretKey,
  ).toBe('sk_test_1');
});
