import { Order, OrderState } from '../../src/modules/orders/order.entity';
import { type TestPaymentProvider } from '../../src/modules/payments/test-provider';
import { codeOf, messageOf, startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ MAX_UNPAID_ORDERS: '2' });
});
afterAll(() => app.close());

const PLACE = 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id state } }';
const input = (productId: string) => ({ productId, quantity: 1, phone: '+1 555 0100', address: '1 Test Street' });

test('a customer holds at most MAX_UNPAID_ORDERS unpaid orders; paying or cancelling one makes room', async () => {
  const shopper = await app.customer();
  const product = await app.product({ quantity: 10 });
  const first = await app.placeOrder(shopper, product.id);
  await app.placeOrder(shopper, product.id);
  const refused = await app.gql(PLACE, { input: input(product.id) }, shopper);
  expect(codeOf(refused)).toBe('BAD_USER_INPUT');
  expect(messageOf(refused)).toBe('You already have 2 unpaid orders: pay for or cancel one before placing another');
  expect(await app.db.getRepository(Order).countBy({ customerId: shopper.user.id })).toBe(2);

  await app.payOrder(shopper, first.id);
  const third = await app.gql(PLACE, { input: input(product.id) }, shopper);
  expect(third.data!.placeOrder.state).toBe('AwaitingPayment');
  expect(codeOf(await app.gql(PLACE, { input: input(product.id) }, shopper))).toBe('BAD_USER_INPUT');
  expect((await app.gql('mutation($id: ID!) { deleteOrder(id: $id) }', { id: third.data!.placeOrder.id }, shopper)).errors).toBeUndefined();
  expect((await app.gql(PLACE, { input: input(product.id) }, shopper)).errors).toBeUndefined();

  // Another customer has their own allowance.
  const other = await app.customer('other');
  expect((await app.gql(PLACE, { input: input(product.id) }, other)).errors).toBeUndefined();
});

test('concurrent orders cannot pass the limit together', async () => {
  const shopper = await app.customer();
  const product = await app.product({ quantity: 50 });
  const answers = await Promise.all(Array.from({ length: 6 }, () => app.gql(PLACE, { input: input(product.id) }, shopper)));
  expect(answers.filter((answer) => !answer.errors)).toHaveLength(2);
  expect(await app.db.getRepository(Order).countBy({ customerId: shopper.user.id, state: OrderState.AwaitingPayment })).toBe(2);
});

test('cancelling cancels the offline intent, which then takes no card; a charged intent blocks the cancel', async () => {
  const shopper = await app.customer();
  const product = await app.product({ quantity: 10 });
  const provider = app.services.payments.provider as TestPaymentProvider;
  const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };

  const cancelled = await app.placeOrder(shopper, product.id);
  const intent = (
    await app.gql('mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { id } }', { orderId: cancelled.id }, shopper)
  ).data!.createPaymentIntent;
  expect((await app.gql('mutation($id: ID!) { deleteOrder(id: $id) }', { id: cancelled.id }, shopper)).errors).toBeUndefined();
  expect((await provider.retrieveIntent(intent.id))!.status).toBe('canceled');
  await expect(provider.confirmCard(intent.id, card)).rejects.toThrow('This payment was cancelled with its order.');

  const paying = await app.placeOrder(shopper, product.id);
  const payingIntent = (
    await app.gql('mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { id } }', { orderId: paying.id }, shopper)
  ).data!.createPaymentIntent;
  await provider.confirmCard(payingIntent.id, card); // charged in the browser; Keen not told yet
  const refused = await app.gql('mutation($id: ID!) { deleteOrder(id: $id) }', { id: paying.id }, shopper);
  expect(codeOf(refused)).toBe('CONFLICT');
  expect(messageOf(refused)).toBe('This order is being paid');
  expect((await app.db.getRepository(Order).findOneByOrFail({ id: paying.id })).state).toBe(OrderState.AwaitingPayment);
});
