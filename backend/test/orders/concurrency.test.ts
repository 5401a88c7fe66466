import { Product } from '../../src/modules/catalog/product.entity';
import { OrderEvent } from '../../src/modules/orders/order-event.entity';
import { Order, OrderState } from '../../src/modules/orders/order.entity';
import { Role } from '../../src/modules/auth/role';
import { User } from '../../src/modules/users/user.entity';
import { messageOf, startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  // Which of the five buyers win the rush is up to the race: one may win six of the ten units, past
  // the default limit of five unpaid orders. These tests are about stock, so the limit is raised.
  app = await startTestApp({ MAX_UNPAID_ORDERS: '100' });
});
afterAll(() => app.close());

test('50 simultaneous orders for 1 unit on a stock of 10: exactly 10 succeed, the rest are short, stock ends at 0', async () => {
  const buyers = await Promise.all(Array.from({ length: 5 }, (_, i) => app.customer(`rush${i}`)));
  const product = await app.product({ quantity: 10, minimumQuantity: 1 });
  const results = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      app.gql(
        'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
        { input: { productId: product.id, quantity: 1, phone: '+1 555 0100', address: '1 Rush Street' } },
        buyers[i % buyers.length],
      ),
    ),
  );
  const succeeded = results.filter((r) => !r.errors && r.data?.placeOrder?.id);
  const failed = results.filter((r) => r.errors);
  expect(succeeded).toHaveLength(10);
  expect(failed).toHaveLength(40);
  expect(new Set(failed.map(messageOf))).toEqual(new Set(['Product cannot be purchased for product shortage']));
  expect((await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).quantity).toBe(0);
  expect(await app.db.getRepository(Order).countBy({ productId: product.id })).toBe(10);
});

test('simultaneous orders for several units never oversell', async () => {
  const buyer = await app.customer('bulk');
  const product = await app.product({ quantity: 10, minimumQuantity: 1 });
  const results = await Promise.all(
    Array.from({ length: 12 }, () =>
      app.gql(
        'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { quantity } }',
        { input: { productId: product.id, quantity: 3, phone: '+1 555 0100', address: '1 Rush Street' } },
        buyer,
      ),
    ),
  );
  expect(results.filter((r) => !r.errors)).toHaveLength(3);
  expect((await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).quantity).toBe(1);
});

test('simultaneous deletes of one order cancel it once and restock it once', async () => {
  const buyer = await app.customer('twice');
  const admin = await app.adminUser();
  const product = await app.product({ quantity: 10 });
  const order = await app.placeOrder(buyer, product.id, 4);
  const results = await Promise.all(
    Array.from({ length: 6 }, (_, i) => app.gql('mutation($id: ID!) { deleteOrder(id: $id) }', { id: order.id }, i % 2 ? buyer : admin)),
  );
  expect(results.filter((r) => !r.errors)).toHaveLength(1);
  // The order stays, Cancelled: the others are refused by the state machine.
  expect(results.filter((r) => r.errors).every((r) => r.errors![0].message === 'This order was cancelled')).toBe(true);
  expect((await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).quantity).toBe(10);
  expect(await app.db.getRepository(OrderEvent).countBy({ orderId: order.id, toState: OrderState.Cancelled })).toBe(1);
});

test("a newcomer's first ten requests at once all succeed and make one profile", async () => {
  const session = await app.signUp('eager', 'Eager Newcomer');
  const answers = await Promise.all(Array.from({ length: 10 }, () => app.gql('{ me { id email name } }', {}, session)));
  expect(answers.map((answer) => answer.errors)).toEqual(Array(10).fill(undefined));
  expect(new Set(answers.map((answer) => answer.data!.me.id)).size).toBe(1);
  expect(answers[0].data!.me).toMatchObject({ email: session.email, name: 'Eager Newcomer' });
  expect(await app.db.getRepository(User).countBy({ email: session.email })).toBe(1);
});

test('two last admins removing their own rights at once leave one admin', async () => {
  const first = await app.adminUser();
  const second = await app.adminUser();
  await app.db.query(`UPDATE "user" SET role = 'user' WHERE id NOT IN ($1, $2)`, [first.user.id, second.user.id]);
  const remove = 'mutation($email: String!) { removeAdmin(email: $email) { role } }';
  const results = await Promise.all([app.gql(remove, { email: first.email }, first), app.gql(remove, { email: second.email }, second)]);
  expect(results.filter((r) => !r.errors)).toHaveLength(1);
  expect(results.filter((r) => r.errors?.[0].extensions?.code === 'FORBIDDEN')).toHaveLength(1);
  expect(await app.db.getRepository(User).countBy({ role: Role.admin })).toBe(1);
});

test("a new user's first simultaneous requests create one profile row", async () => {
  const session = await app.signUp('eager', 'Eager Beaver');
  const results = await Promise.all(Array.from({ length: 8 }, () => app.gql('{ me { id } }', {}, session)));
  expect(results.every((r) => !r.errors)).toBe(true);
  expect(new Set(results.map((r) => r.data!.me.id)).size).toBe(1);
  expect(await app.db.getRepository(User).countBy({ email: session.email })).toBe(1);
});
