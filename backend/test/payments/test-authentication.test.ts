import { OrderEvent } from '../../src/modules/orders/order-event.entity';
import { Order, OrderState } from '../../src/modules/orders/order.entity';
import { TestPaymentIntent } from '../../src/modules/payments/test-payment-intent.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const PAY_WITH_CARD =
  'mutation($orderId: ID!, $card: TestCardInput!) { confirmTestCardPayment(orderId: $orderId, card: $card) { id paid state transactionId } }';
const AUTHENTICATE =
  'mutation($orderId: ID!, $succeed: Boolean!) { completeTestPaymentAuthentication(orderId: $orderId, succeed: $succeed) { id paid state transactionId } }';
const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' });

async function unpaidOrder(session: TestSession): Promise<Order> {
  const product = await app.product({ price: 25 });
  return app.placeOrder(session, product.id, 2);
}

const reload = (order: Order) => app.db.getRepository(Order).findOneByOrFail({ id: order.id });
const intentOf = async (order: Order) =>
  app.db.getRepository(TestPaymentIntent).findOneByOrFail({ id: (await reload(order)).paymentIntentId! });
const paidEvents = (order: Order) => app.db.getRepository(OrderEvent).countBy({ orderId: order.id, toState: OrderState.Paid });

/** An order whose payment with Stripe's authentication test card waits for the challenge's answer. */
async function awaitingAuthentication(shopper: TestSession): Promise<Order> {
  const order = await unpaidOrder(shopper);
  const charged = await app.gql(PAY_WITH_CARD, { orderId: order.id, card: card('4000 0027 6000 3184') }, shopper);
  expect(charged.errors).toBeUndefined();
  expect(charged.data!.confirmTestCardPayment).toEqual({ id: order.id, paid: false, state: 'AwaitingPayment', transactionId: null });
  expect((await intentOf(order)).status).toBe('requires_action');
  return order;
}

test('4000 0027 6000 3184 waits for authentication; Complete marks the order paid exactly once', async () => {
  const shopper = await app.customer();
  const order = await awaitingAuthentication(shopper);
  const intent = await intentOf(order);

  const completed = await app.gql(AUTHENTICATE, { orderId: order.id, succeed: true }, shopper);
  expect(completed.errors).toBeUndefined();
  expect(completed.data!.completeTestPaymentAuthentication).toEqual({ id: order.id, paid: true, state: 'Paid', transactionId: intent.id });
  expect((await intentOf(order)).status).toBe('succeeded');
  const paid = await reload(order);

  const again = await app.gql(AUTHENTICATE, { orderId: order.id, succeed: true }, shopper);
  expect(codeOf(again)).toBe('FORBIDDEN');
  expect(messageOf(again)).toBe('This order is already paid');
  const failedLate = await app.gql(AUTHENTICATE, { orderId: order.id, succeed: false }, shopper);
  expect(messageOf(failedLate)).toBe('This order is already paid');
  expect(await reload(order)).toEqual(paid);
  expect((await intentOf(order)).status).toBe('succeeded');
  expect(await paidEvents(order)).toBe(1);
});

test('two answers to one challenge at once pay the order once and refuse the other', async () => {
  const shopper = await app.customer();
  const order = await awaitingAuthentication(shopper);
  const answers = await Promise.all([
    app.gql(AUTHENTICATE, { orderId: order.id, succeed: true }, shopper),
    app.gql(AUTHENTICATE, { orderId: order.id, succeed: true }, shopper),
  ]);
  expect(answers.filter((answer) => answer.errors === undefined)).toHaveLength(1);
  expect((await reload(order)).paid).toBe(true);
  expect(await paidEvents(order)).toBe(1);
});

test("Fail leaves the order unpaid with Stripe's message, and the intent takes another card", async () => {
  const shopper = await app.customer();
  const order = await awaitingAuthentication(shopper);

  const failed = await app.gql(AUTHENTICATE, { orderId: order.id, succeed: false }, shopper);
  expect(codeOf(failed)).toBe('BAD_USER_INPUT');
  expect(messageOf(failed)).toBe(AUTHENTICATION_FAILED);
  expect(await reload(order)).toMatchObject({ paid: false, state: OrderState.AwaitingPayment, transactionId: null });
  expect(await intentOf(order)).toMatchObject({ status: 'requires_payment_method', lastError: AUTHENTICATION_FAILED });
  expect(await paidEvents(order)).toBe(0);

  // Not waiting any more: a late Complete is refused and pays nothing.
  const late = await app.gql(AUTHENTICATE, { orderId: order.id, succeed: true }, shopper);
  expect(codeOf(late)).toBe('CONFLICT');
  expect(messageOf(late)).toBe('This payment is not waiting for authentication');
  expect((await reload(order)).paid).toBe(false);

  const retried = await app.gql(PAY_WITH_CARD, { orderId: order.id, card: card('4242424242424242') }, shopper);
  expect(retried.data!.confirmTestCardPayment.paid).toBe(true);
});

test('an order whose payment is not waiting for authentication is refused, and nothing changes', async () => {
  const shopper = await app.customer();
  const fresh = await unpaidOrder(shopper);
  const noIntent = await app.gql(AUTHENTICATE, { orderId: fresh.id, succeed: true }, shopper);
  expect(codeOf(noIntent)).toBe('CONFLICT');
  expect(messageOf(noIntent)).toBe('This payment is not waiting for authentication');

  const declined = await unpaidOrder(shopper);
  await app.gql(PAY_WITH_CARD, { orderId: declined.id, card: card('4000000000000002') }, shopper);
  const before = await intentOf(declined);
  const refused = await app.gql(AUTHENTICATE, { orderId: declined.id, succeed: true }, shopper);
  expect(codeOf(refused)).toBe('CONFLICT');
  expect(await intentOf(declined)).toEqual(before);
  expect(await reload(fresh)).toMatchObject({ paid: false, transactionId: null });
  expect(await reload(declined)).toMatchObject({ paid: false, transactionId: null });

  const unknown = await app.gql(AUTHENTICATE, { orderId: '00000000-0000-4000-8000-000000000000', succeed: true }, shopper);
  expect(codeOf(unknown)).toBe('NOT_FOUND');
});

test('only the owner answers the challenge: anonymous (401), another customer and an admin are refused', async () => {
  const shopper = await app.customer();
  const order = await awaitingAuthentication(shopper);
  const anonymous = await app.gql(AUTHENTICATE, { orderId: order.id, succeed: true });
  expect(codeOf(anonymous)).toBe('UNAUTHENTICATED');
  // Before any question about the input.
  expect(codeOf(await app.gql(AUTHENTICATE, { orderId: 'not-an-order', succeed: true }))).toBe('UNAUTHENTICATED');
  for (const session of [await app.customer('other'), await app.adminUser()]) {
    expect(codeOf(await app.gql(AUTHENTICATE, { orderId: order.id, succeed: true }, session))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(AUTHENTICATE, { orderId: order.id, succeed: false }, session))).toBe('FORBIDDEN');
  }
  expect(await reload(order)).toMatchObject({ paid: false, transactionId: null });
  expect((await intentOf(order)).status).toBe('requires_action');
});

test('4000 0000 0000 9995 answers insufficient funds and takes no authentication', async () => {
  const shopper = await app.customer();
  const order = await unpaidOrder(shopper);
  const response = await app.gql(PAY_WITH_CARD, { orderId: order.id, card: card('4000 0000 0000 9995') }, shopper);
  expect(messageOf(response)).toBe('Your card has insufficient funds.');
  expect(await intentOf(order)).toMatchObject({ status: 'requires_payment_method', lastError: 'Your card has insufficient funds.' });
  expect(codeOf(await app.gql(AUTHENTICATE, { orderId: order.id, succeed: true }, shopper))).toBe('CONFLICT');
  expect((await reload(order)).paid).toBe(false);
});
