import { Product } from '../../src/modules/catalog/product.entity';
import { OrderEvent } from '../../src/modules/orders/order-event.entity';
import { Order, OrderState } from '../../src/modules/orders/order.entity';
import { type TestPaymentProvider } from '../../src/modules/payments/test-provider';
import { codeOf, messageOf, startTestApp, type TestApp } from '../support/harness';

// A three-second hold, swept every 200 ms by each of two processes on one database.
const HOLD = { UNPAID_ORDER_HOLD_MINUTES: '0.05', ORDER_EXPIRY_SWEEP_SECONDS: '0.2' };

let app: TestApp;
let second: Awaited<ReturnType<TestApp['replica']>>;
beforeAll(async () => {
  app = await startTestApp(HOLD);
  second = await app.replica(HOLD);
});
afterAll(async () => {
  await second.close();
  await app.close();
});

const stockOf = async (id: string) => (await app.db.getRepository(Product).findOneByOrFail({ id })).quantity;
const reload = (id: string) => app.db.getRepository(Order).findOneByOrFail({ id });

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('unpaid orders expire after the hold and return their units exactly once, with two processes sweeping', async () => {
  const [alice, bob] = [await app.customer('alice'), await app.customer('bob')];
  const product = await app.product({ quantity: 20 });
  const unpaid = [
    await app.placeOrder(alice, product.id, 1),
    await app.placeOrder(alice, product.id, 2),
    await app.placeOrder(bob, product.id, 3),
  ];
  // One has started paying (an intent exists, no card yet): the hold still runs out and the intent is cancelled.
  const intent = await app.gql(
    'mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { id } }',
    { orderId: unpaid[1].id },
    alice,
  );
  expect(intent.errors).toBeUndefined();
  const paid = await app.placeOrder(bob, product.id, 4);
  await app.payOrder(bob, paid.id);
  expect(await stockOf(product.id)).toBe(10);

  // Both processes also sweep on demand, at the same moments as their timers.
  const sweeps: Promise<string[]>[] = [];
  await until(async () => {
    sweeps.push(app.services.orders.expireOverdue(), second.services.orders.expireOverdue());
    const states = await Promise.all(unpaid.map(async (o) => (await reload(o.id)).state));
    return states.every((state) => state === OrderState.Expired);
  });
  await Promise.all(sweeps);
  await new Promise((resolve) => setTimeout(resolve, 600)); // a few more timer sweeps

  expect(await stockOf(product.id)).toBe(16);
  for (const order of unpaid) {
    const events = await app.db.getRepository(OrderEvent).findBy({ orderId: order.id, toState: OrderState.Expired });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ fromState: OrderState.AwaitingPayment, actor: 'system', note: 'Not paid within 0.05 minutes' });
    expect((await reload(order.id)).expiredAt).toBeInstanceOf(Date);
  }
  expect((await reload(paid.id)).state).toBe(OrderState.Paid);
  const provider = app.services.payments.provider as TestPaymentProvider;
  expect((await provider.retrieveIntent(intent.data!.createPaymentIntent.id))!.status).toBe('canceled');
});

test("an expired two-line order returns both lines' units exactly once, with two processes sweeping", async () => {
  const shopper = await app.customer('cart');
  const chef = await app.product({ quantity: 10 });
  const paring = await app.product({ quantity: 8 });
  const placed = await app.gql(
    'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
    {
      input: {
        phone: '+1 555 0100',
        address: '1 Test Street',
        lines: [
          { productId: chef.id, quantity: 2 },
          { productId: paring.id, quantity: 5 },
        ],
      },
    },
    shopper,
  );
  expect(placed.errors).toBeUndefined();
  const order = await reload(placed.data!.placeOrder.id);
  expect([await stockOf(chef.id), await stockOf(paring.id)]).toEqual([8, 3]);

  // Both processes also sweep on demand, at the same moments as their timers.
  const sweeps: Promise<string[]>[] = [];
  await until(async () => {
    sweeps.push(app.services.orders.expireOverdue(), second.services.orders.expireOverdue());
    return (await reload(order.id)).state === OrderState.Expired;
  });
  // However many sweeps ran, at most one of them expired it (the timers' sweeps may have won).
  expect((await Promise.all(sweeps)).flat().filter((id) => id === order.id).length).toBeLessThanOrEqual(1);
  await new Promise((resolve) => setTimeout(resolve, 600)); // a few more timer sweeps
  const late = await Promise.all([app.services.orders.expireOverdue(), second.services.orders.expireOverdue()]);
  expect(late.flat()).not.toContain(order.id);

  expect([await stockOf(chef.id), await stockOf(paring.id)]).toEqual([10, 8]);
  const events = await app.db.getRepository(OrderEvent).findBy({ orderId: order.id, toState: OrderState.Expired });
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({ fromState: OrderState.AwaitingPayment, actor: 'system' });
});

test('an expired order shows as such and takes no payment, cancel or ship', async () => {
  const shopper = await app.customer();
  const admin = await app.adminUser();
  const order = await app.placeOrder(shopper, (await app.product()).id);
  await until(async () => (await reload(order.id)).state === OrderState.Expired);

  const mine = await app.gql('{ myOrders { items { id state status paid } } }', {}, shopper);
  expect(mine.data!.myOrders.items).toEqual([{ id: order.id, state: 'Expired', status: 'Pending', paid: false }]);
  const pay = await app.gql('mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { id } }', { orderId: order.id }, shopper);
  expect(codeOf(pay)).toBe('FORBIDDEN');
  expect(messageOf(pay)).toBe('This order has expired: it was not paid in time');
  expect(messageOf(await app.gql('mutation($id: ID!) { deleteOrder(id: $id) }', { id: order.id }, shopper))).toBe(
    'This order has expired: it was not paid in time',
  );
  expect(messageOf(await app.gql('mutation($id: ID!) { markShipped(id: $id) { id } }', { id: order.id }, admin))).toBe(
    'Only a paid, pending order can be shipped',
  );
});

test('a card charged just before the hold ran out keeps the order: the sweep skips it and the payment lands', async () => {
  const shopper = await app.customer();
  const product = await app.product({ quantity: 5 });
  const order = await app.placeOrder(shopper, product.id, 2);
  const intent = (
    await app.gql('mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { id } }', { orderId: order.id }, shopper)
  ).data!.createPaymentIntent;
  // The browser's card confirmation succeeds at the provider; Keen has not yet heard of it.
  const provider = app.services.payments.provider as TestPaymentProvider;
  await provider.confirmCard(intent.id, { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' });
  await new Promise((resolve) => setTimeout(resolve, 4000));
  // A paying order is not expired by the sweep; the confirmation then pays it.
  expect((await reload(order.id)).state).toBe(OrderState.AwaitingPayment);
  const confirmed = await app.gql(
    'mutation($orderId: ID!, $id: String!) { confirmPayment(orderId: $orderId, paymentIntentId: $id) { state } }',
    { orderId: order.id, id: intent.id },
    shopper,
  );
  expect(confirmed.data!.confirmPayment.state).toBe('Paid');
  expect(await stockOf(product.id)).toBe(3);
});
