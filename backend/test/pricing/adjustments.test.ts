import { Order } from '../../src/modules/orders/order.entity';
import { OrderLine } from '../../src/modules/orders/order-line.entity';
import { OrderAdjustment } from '../../src/modules/pricing/order-adjustment.entity';
import { UK } from '../support/addresses';
import { apiKey } from '../support/blades';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * "Adjust price": staff change an unpaid order's price with a reason; the pricing module allocates
 * it over the lines and works the tax out again, the payment intent follows, the history says so.
 */

const ADJUST = `mutation($orderId: ID!, $input: PriceAdjustmentInput!) { adjustOrderPrice(orderId: $orderId, input: $input) {
  id state adjustments { source label money { amount } }
  lines { lineAmount { amount } adjustment { amount } tax { amount } }
  totals { subtotal { amount } adjustments { amount } shipping { amount } tax { amount } total { amount } } } }`;
const PLACE = 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id totals { total { amount } tax { amount } } } }';
const INTENT = 'mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { id amount } }';

let app: TestApp;
let admin: TestSession;
let buyer: TestSession;
let products: string[];

beforeAll(async () => {
  // Tax-exclusive (the test default), VAT 20% on the UK zone, delivery $12.00 (taxed too).
  app = await startTestApp({ TAX_SHIPPING: 'true' });
  admin = await app.adminUser();
  buyer = await app.customer('adjusted');
  const zone = await app.gql(
    'mutation($input: ShippingZoneInput!) { createShippingZone(input: $input) { id } }',
    { input: { name: 'UK', countries: ['GB'] } },
    admin,
  );
  const zoneId = zone.data!.createShippingZone.id;
  await app.gql(
    'mutation($input: ShippingMethodInput!) { createShippingMethod(input: $input) { id } }',
    { input: { zoneId, name: 'Royal Mail', price: 1200, minDays: 1, maxDays: 3 } },
    admin,
  );
  await app.gql(
    'mutation($input: TaxRateInput!) { setTaxRate(input: $input) { id } }',
    { input: { zoneId, category: 'standard', ratePercent: 20 } },
    admin,
  );
  products = [(await app.product({ price: 129 })).id, (await app.product({ price: 45 })).id, (await app.product({ price: 18.9 })).id];
});
afterAll(() => app.close());

async function unpaidOrder(): Promise<string> {
  const placed = await app.gql(
    PLACE,
    { input: { lines: products.map((productId) => ({ productId, quantity: 1 })), phone: UK.phone, shippingAddress: UK } },
    buyer,
  );
  expect(placed.errors).toBeUndefined();
  return placed.data!.placeOrder.id;
}

const snapshot = async (orderId: string) => ({
  order: await app.db.getRepository(Order).findOneByOrFail({ id: orderId }),
  lines: await app.db.getRepository(OrderLine).find({ where: { orderId }, order: { position: 'ASC' } }),
  adjustments: await app.db.getRepository(OrderAdjustment).countBy({ orderId }),
});

test('an admin takes $20.00 off a three-line order: allocated over the lines, tax again on what is left, the intent follows, the history says why', async () => {
  const orderId = await unpaidOrder();
  const intent = (await app.gql(INTENT, { orderId }, buyer)).data!.createPaymentIntent;
  // 129 + 45 + 18.90 = 192.90, 20% VAT 38.58 and 2.40 on delivery, delivery 12.00.
  expect(intent.amount).toBe(19290 + 1200 + 3858 + 240);

  const adjusted = await app.gql(
    ADJUST,
    { orderId, input: { amount: -2000, reason: 'Engraving was late', label: 'Sorry for the wait' } },
    admin,
  );
  expect(adjusted.errors).toBeUndefined();
  const order = adjusted.data!.adjustOrderPrice;
  expect(order.adjustments).toEqual([{ source: 'manual', label: 'Sorry for the wait', money: { amount: -2000 } }]);
  expect(order.lines.map((line: { adjustment: { amount: number } }) => line.adjustment.amount)).toEqual([-1337, -467, -196]);
  // 20% of 115.63, 40.33 and 16.94, each rounded half up, and of the delivery.
  expect(order.lines.map((line: { tax: { amount: number } }) => line.tax.amount)).toEqual([2313, 807, 339]);
  const tax = 2313 + 807 + 339 + 240;
  expect(order.totals).toEqual({
    subtotal: { amount: 19290 },
    adjustments: { amount: -2000 },
    shipping: { amount: 1200 },
    tax: { amount: tax },
    total: { amount: 19290 - 2000 + 1200 + tax },
  });
  const moved = (await app.gql(INTENT, { orderId }, buyer)).data!.createPaymentIntent;
  expect(moved).toEqual({ id: intent.id, amount: 19290 - 2000 + 1200 + tax });

  const history = await app.gql(
    'query($id: ID!) { orderHistory(id: $id) { fromState toState actor actorEmail note } }',
    { id: orderId },
    admin,
  );
  expect(history.data!.orderHistory.at(-1)).toEqual({
    fromState: 'AwaitingPayment',
    toState: 'AwaitingPayment',
    actor: 'admin',
    actorEmail: admin.email,
    note: `Price adjusted −$20.00 (Engraving was late); the total is now $${((19290 - 2000 + 1200 + tax) / 100).toFixed(2)}`,
  });
  await app.settled();
  const [event] = await app.db.query(`SELECT payload FROM "outbox_event" WHERE "name" = 'order.price_adjusted' AND "aggregateId" = $1`, [
    orderId,
  ]);
  expect(event.payload.totals).toMatchObject({ adjustments: -2000, total: 19290 - 2000 + 1200 + tax });

  // The customer pays the adjusted total.
  const paid = await app.payOrder(buyer, orderId);
  expect([paid.state, paid.totalAmount]).toEqual(['Paid', 19290 - 2000 + 1200 + tax]);
});

test('a second adjustment adds to the first; an orders:write key may adjust, a key without it may not', async () => {
  const orderId = await unpaidOrder();
  const key = await apiKey(app, admin, ['orders:write']);
  const first = await app.gql(ADJUST, { orderId, input: { amount: -1000, reason: 'Show discount' } }, key);
  expect(first.data!.adjustOrderPrice.adjustments).toEqual([{ source: 'manual', label: 'Price adjustment', money: { amount: -1000 } }]);
  const second = await app.gql(ADJUST, { orderId, input: { amount: 250, reason: 'Gift box' } }, admin);
  expect(second.data!.adjustOrderPrice.totals.adjustments).toEqual({ amount: -750 });
  expect(second.data!.adjustOrderPrice.adjustments).toHaveLength(2);
  const readOnly = await apiKey(app, admin, ['orders:read']);
  expect(messageOf(await app.gql(ADJUST, { orderId, input: { amount: -1, reason: 'x' } }, readOnly))).toBe(
    'This API key lacks the scope orders:write',
  );
});

test('refused, changing nothing: anonymous before its input, a customer, bad amounts, no reason, below zero, a paid order, an unknown one', async () => {
  const orderId = await unpaidOrder();
  const before = await snapshot(orderId);
  const attempt = (input: Record<string, unknown>, as?: TestSession, id = orderId) => app.gql(ADJUST, { orderId: id, input }, as);

  expect(codeOf(await attempt({ amount: 0, reason: '' }))).toBe('UNAUTHENTICATED');
  expect(codeOf(await attempt({ amount: -100, reason: 'Mine' }, buyer))).toBe('FORBIDDEN');
  expect(messageOf(await attempt({ amount: 0, reason: 'Nothing' }, admin))).toBe(
    'The adjustment must be a whole number of minor units other than 0',
  );
  expect(messageOf(await attempt({ amount: -100, reason: '  ' }, admin))).toBe('Reason is Required');
  expect(messageOf(await attempt({ amount: -19291, reason: 'Too much' }, admin))).toBe('An adjustment cannot take the order below zero');
  expect(codeOf(await attempt({ amount: -100, reason: 'Unknown' }, admin, '00000000-0000-4000-8000-000000000000'))).toBe('NOT_FOUND');
  expect(await snapshot(orderId)).toEqual(before);

  const paidId = await unpaidOrder();
  await app.payOrder(buyer, paidId);
  const paidBefore = await snapshot(paidId);
  expect(messageOf(await attempt({ amount: -100, reason: 'Too late' }, admin, paidId))).toBe(
    "Only an unpaid order's price can be adjusted",
  );
  expect(await snapshot(paidId)).toEqual(paidBefore);
});

test('a quote and a new order carry no adjustment: their adjustments total is zero', async () => {
  const options = await app.gql(
    'query($input: ShippingOptionsInput!) { shippingOptions(input: $input) { totals { adjustments { amount } total { amount } } } }',
    { input: { lines: [{ productId: products[0], quantity: 1 }], address: UK } },
  );
  expect(options.data!.shippingOptions[0].totals.adjustments).toEqual({ amount: 0 });
});
