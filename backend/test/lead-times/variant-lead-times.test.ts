import { addWorkingDays, formatShipWindow, isoDateOf } from '@keen/rules';
import { ProductVariantRow } from '../../src/modules/catalog/variant.entity';
import type { Product } from '../../src/modules/catalog/product.entity';
import { Order } from '../../src/modules/orders/order.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';

/**
 * A variant's own lead time (issue 52): made to order in its own days beyond its stock (up to its
 * product's cap), or in stock only whatever its product; what GraphQL and REST show of it; who may set it.
 */
let app: TestApp;
let admin: TestSession;
let buyer: TestSession;

const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id shipBy { earliest latest text } lines { quantity queuedQuantity } } }`;
const SET = `mutation($id: ID!, $input: ProductVariantInput!) { updateProductVariant(id: $id, input: $input) { id variants { id leadTimeMode madeToOrder { minDays maxDays } } } }`;
const VARIANT_LEAD_TIME = `query($id: ID!) { product(id: $id) { leadTime { text } variants { leadTimeMode madeToOrder { minDays maxDays } leadTime { madeToOrder minDays maxDays text shipWindow { earliest latest } } } } }`;
const address = '1 Test Street, United States';
const today = () => isoDateOf(new Date());

const place = (productId: string, quantity: number) =>
  app.gql(PLACE, { input: { lines: [{ productId, quantity }], phone: '+1 555 0100', address } }, buyer);
const variantOf = async (product: Product) => (await app.db.getRepository(ProductVariantRow).findOneByOrFail({ productId: product.id })).id;
const setLeadTime = async (product: Product, input: Record<string, unknown>) => {
  const answer = await app.gql(SET, { id: await variantOf(product), input }, admin);
  expect(answer.errors).toBeUndefined();
  return answer.data!.updateProductVariant.variants[0];
};

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminUser();
  buyer = await app.verifyEmail(await app.customer('variant-maker'));
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.db.query(`UPDATE "order" SET "state" = 'Cancelled' WHERE "state" IN ('AwaitingPayment', 'Paid')`);
  await app.db.query(`DELETE FROM "workshop_closed_date"`);
  await app.db.query(`UPDATE "workshop_settings" SET "handlingDays" = 2, "capacityPerWeek" = NULL`);
});

test('a made-to-order variant of an in-stock product: its days in GraphQL and REST; ordered beyond its stock, the rest queued, shipBy in its days', async () => {
  const product = await app.product({ quantity: 1 });
  expect(await setLeadTime(product, { leadTimeMode: 'MADE_TO_ORDER', madeToOrderMinDays: 10, madeToOrderMaxDays: 15 })).toMatchObject({
    leadTimeMode: 'MADE_TO_ORDER',
    madeToOrder: { minDays: 10, maxDays: 15 },
  });
  // With its one unit in stock it ships from stock; the product's own lead time is unchanged.
  const before = await app.gql(VARIANT_LEAD_TIME, { id: product.id });
  expect(before.data!.product.variants[0].leadTime).toMatchObject({ madeToOrder: false, text: 'In stock: ships in 2 days' });
  expect(before.data!.product.leadTime.text).toBe('In stock: ships in 2 days');

  const placed = await place(product.id, 3);
  expect(placed.errors).toBeUndefined();
  expect(placed.data!.placeOrder.lines).toEqual([{ quantity: 3, queuedQuantity: 2 }]);
  const window = { earliest: addWorkingDays(today(), 10), latest: addWorkingDays(today(), 15) };
  expect(placed.data!.placeOrder.shipBy).toEqual({ ...window, text: formatShipWindow(window) });

  // Out of stock now: the variant shows its own made-to-order days.
  const after = await app.gql(VARIANT_LEAD_TIME, { id: product.id });
  expect(after.data!.product.variants[0]).toMatchObject({
    leadTimeMode: 'MADE_TO_ORDER',
    madeToOrder: { minDays: 10, maxDays: 15 },
    leadTime: { madeToOrder: true, minDays: 10, maxDays: 15, text: 'Made to order: ships in 2-3 weeks', shipWindow: window },
  });
  const rest = await restClient(app)('GET', `/products?id=${product.id}`);
  expect(rest.status).toBe(200);
  expect(rest.body[0].variants[0]).toMatchObject({ leadTimeMode: 'MADE_TO_ORDER', madeToOrder: { minDays: 10, maxDays: 15 } });
});

test('an in-stock variant of a made-to-order product is refused beyond its stock; INHERIT makes it made to order again', async () => {
  const product = await app.product({ quantity: 2, madeToOrderMinDays: 20, madeToOrderMaxDays: 30 });
  expect(await setLeadTime(product, { leadTimeMode: 'IN_STOCK' })).toEqual({
    id: expect.any(String),
    leadTimeMode: 'IN_STOCK',
    madeToOrder: null,
  });
  const refused = await place(product.id, 3);
  expect(messageOf(refused)).toBe('Product cannot be purchased for product shortage');
  expect(await app.db.getRepository(Order).countBy({ productId: product.id })).toBe(0);
  const rest = await restClient(app)('GET', `/products?id=${product.id}`);
  expect(rest.body[0].variants[0]).toMatchObject({ leadTimeMode: 'IN_STOCK', madeToOrder: null });

  expect(await setLeadTime(product, { leadTimeMode: 'INHERIT' })).toMatchObject({
    leadTimeMode: 'INHERIT',
    madeToOrder: { minDays: 20, maxDays: 30 },
  });
  const placed = await place(product.id, 3);
  expect(placed.errors).toBeUndefined();
  expect(placed.data!.placeOrder.lines).toEqual([{ quantity: 3, queuedQuantity: 1 }]);
});

test("a variant made to order in its own days keeps its product's cap of open made-to-order units", async () => {
  const product = await app.product({ quantity: 0, madeToOrderMinDays: 20, madeToOrderMaxDays: 30, madeToOrderCap: 4 });
  await setLeadTime(product, { leadTimeMode: 'MADE_TO_ORDER', madeToOrderMinDays: 5, madeToOrderMaxDays: 8 });
  const first = await place(product.id, 3);
  expect(first.errors).toBeUndefined();
  expect(first.data!.placeOrder.shipBy).toMatchObject({ earliest: addWorkingDays(today(), 5), latest: addWorkingDays(today(), 8) });
  const refused = await place(product.id, 2);
  expect(codeOf(refused)).toBe('BAD_USER_INPUT');
  expect(messageOf(refused)).toBe(`${product.name} is made to order and its queue is full (3 open); try again later`);
  expect((await place(product.id, 1)).errors).toBeUndefined();
});

test('the admin edit: days required with MADE_TO_ORDER, the most at least the fewest; customers FORBIDDEN, anonymous UNAUTHENTICATED first', async () => {
  const product = await app.product({ quantity: 0 });
  const id = await variantOf(product);
  const refusals = [
    [{ leadTimeMode: 'MADE_TO_ORDER', madeToOrderMinDays: 5 }, 'A variant made to order needs its fewest and most days to make'],
    [{ leadTimeMode: 'MADE_TO_ORDER', madeToOrderMinDays: 9, madeToOrderMaxDays: 5 }, 'Most days to make must be at least the fewest days'],
    [{ madeToOrderMinDays: 5, madeToOrderMaxDays: 9 }, 'Give leadTimeMode MADE_TO_ORDER with the days to make'],
  ] as const;
  for (const [input, message] of refusals) expect(messageOf(await app.gql(SET, { id, input }, admin))).toBe(message);
  const input = { leadTimeMode: 'MADE_TO_ORDER', madeToOrderMinDays: 0, madeToOrderMaxDays: 5 };
  expect(codeOf(await app.gql(SET, { id, input }))).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql(SET, { id, input: { leadTimeMode: 'IN_STOCK' } }, await app.customer('variant-curious')))).toBe('FORBIDDEN');
  expect(await app.db.getRepository(ProductVariantRow).findOneByOrFail({ id })).toMatchObject({
    leadTimeMode: 'INHERIT',
    madeToOrderMinDays: null,
    madeToOrderMaxDays: null,
  });
});
