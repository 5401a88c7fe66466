import { Discount, DiscountUse } from '../../src/modules/discounts/discount.entity';
import { Order } from '../../src/modules/orders/order.entity';
import { messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { discount, orderOf, PLACE, ukZone } from './support';

/** A code's usage limit holds in a rush: its use is taken by a conditional UPDATE in each order's transaction. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

test('a code with usageLimit 10 and 100 buyers racing makes exactly 10 orders', async () => {
  const admin = await app.adminUser();
  await ukZone(app, admin);
  const product = await app.product({ price: 60, quantity: 1000 });
  const code = await discount(app, admin, { code: 'RUSH', usageLimit: 10 });
  let buyers: TestSession[] = [];
  while (buyers.length < 100) buyers = buyers.concat(await Promise.all(Array.from({ length: 20 }, () => app.customer('racer'))));

  const results = await Promise.all(buyers.map((buyer) => app.gql(PLACE, { input: orderOf([product.id], 'rush') }, buyer)));
  const placed = results.filter((result) => !result.errors);
  expect(placed).toHaveLength(10);
  expect(new Set(results.filter((result) => result.errors).map(messageOf))).toEqual(new Set(['RUSH has been used up']));
  expect(placed.every((result) => result.data!.placeOrder.totals.discount.amount === -600)).toBe(true);
  expect((await app.db.getRepository(Discount).findOneByOrFail({ id: code.id })).timesUsed).toBe(10);
  expect(await app.db.getRepository(DiscountUse).countBy({ discountId: code.id })).toBe(10);
  expect(await app.db.getRepository(Order).countBy({ discountCode: 'RUSH' })).toBe(10);
});
