import { Product } from '../../src/modules/catalog/product.entity';
import { Order } from '../../src/modules/orders/order.entity';
import { messageOf, startTestApp, TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
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
