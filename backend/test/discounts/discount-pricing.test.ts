import { Discount } from '../../src/modules/discounts/discount.entity';
import { Order } from '../../src/modules/orders/order.entity';
import { OrderAdjustment } from '../../src/modules/pricing/order-adjustment.entity';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';
import { discount, orderOf, PLACE, QUOTE, quoteOf, ukZone } from './support';

/**
 * A code's reduction goes through the pricing seam: allocated over the lines it applies to, tax on
 * what is left, free shipping off delivery; the quote and the order agree, and the order keeps it
 * (lines, adjustments, REST, the order.placed event). A cancelled order gives its use back.
 */

let app: TestApp;
let admin: TestSession;
let buyer: TestSession;
let products: string[];

beforeAll(async () => {
  // Tax-exclusive, VAT 20% in the UK on the lines and on the $12.00 delivery.
  app = await startTestApp({ TAX_SHIPPING: 'true', MAX_UNPAID_ORDERS: '100' });
  admin = await app.adminUser();
  buyer = await app.customer('discounted');
  await ukZone(app, admin);
  products = [(await app.product({ price: 129 })).id, (await app.product({ price: 45 })).id, (await app.product({ price: 18.9 })).id];
});
afterAll(() => app.close());

test('15% off three lines: allocated so the lines sum to the discount, tax on the discounted lines; the quote says the same', async () => {
  await discount(app, admin, { code: 'Fifteen', value: 15 });
  const quote = await app.gql(QUOTE, { input: quoteOf(products, 'fifteen') }, buyer);
  expect(quote.errors).toBeUndefined();
  const placed = await app.gql(PLACE, { input: orderOf(products, 'FIFTEEN') }, buyer);
  expect(placed.errors).toBeUndefined();
  const order = placed.data!.placeOrder;
  // 15% of 192.90 = 28.935 -> 28.94, split 12900 : 4500 : 1890 (1935.4, 675.1, 283.6: the largest remainder gets the cent).
  expect(order.lines.map((line: { discount: { amount: number } }) => line.discount.amount)).toEqual([-1935, -675, -284]);
  expect(order.lines.map((line: { adjustment: { amount: number } }) => line.adjustment.amount)).toEqual([-1935, -675, -284]);
  // 20% of 109.65 = 21.93, of 38.25 = 7.65, of 16.06 = 3.212 -> 3.21; delivery's 2.40.
  expect(order.lines.map((line: { tax: { amount: number } }) => line.tax.amount)).toEqual([2193, 765, 321]);
  const tax = 2193 + 765 + 321 + 240;
  expect(order.totals).toEqual({
    subtotal: { amount: 19290 },
    adjustments: { amount: -2894 },
    discount: { amount: -2894 },
    shipping: { amount: 1200 },
    tax: { amount: tax },
    total: { amount: 19290 - 2894 + 1200 + tax },
  });
  expect(order.adjustments).toEqual([{ source: 'discount', label: 'Fifteen', money: { amount: -2894 } }]);
  const { totals } = quote.data!.shippingOptions[0];
  expect(totals).toEqual({
    subtotal: order.totals.subtotal,
    discount: order.totals.discount,
    shipping: order.totals.shipping,
    tax: order.totals.tax,
    total: order.totals.total,
  });

  await app.settled();
  const [event] = await app.db.query(`SELECT payload FROM "outbox_event" WHERE "name" = 'order.placed' AND "aggregateId" = $1`, [order.id]);
  expect(event.payload.discountCode).toBe('Fifteen');
  expect(event.payload.totals).toMatchObject({ discount: -2894, total: 19290 - 2894 + 1200 + tax });
  expect(event.payload.lines.map((line: { discountAmount: number }) => line.discountAmount)).toEqual([-1935, -675, -284]);
});

test('an amount off some products never takes a line below zero; the other lines keep their price', async () => {
  await discount(app, admin, { code: 'WHETSTONE50', kind: 'AMOUNT', value: 5000, appliesTo: 'PRODUCTS', productIds: [products[1]] });
  const order = (await app.gql(PLACE, { input: orderOf(products, 'whetstone50') }, buyer)).data!.placeOrder;
  expect(order.lines.map((line: { discount: { amount: number } }) => line.discount.amount)).toEqual([0, -4500, 0]);
  expect(order.lines.map((line: { tax: { amount: number } }) => line.tax.amount)).toEqual([2580, 0, 378]);
  expect(order.totals.discount).toEqual({ amount: -4500 });
});

test('free shipping takes delivery off, and its tax with it', async () => {
  await discount(app, admin, { code: 'SHIPFREE', kind: 'FREE_SHIPPING' });
  const order = (await app.gql(PLACE, { input: orderOf(products, 'shipfree') }, buyer)).data!.placeOrder;
  const linesTax = 2580 + 900 + 378;
  expect(order.totals).toEqual({
    subtotal: { amount: 19290 },
    adjustments: { amount: -1200 },
    discount: { amount: -1200 },
    shipping: { amount: 1200 },
    tax: { amount: linesTax },
    total: { amount: 19290 + linesTax },
  });
  expect(order.lines.map((line: { discount: { amount: number } }) => line.discount.amount)).toEqual([0, 0, 0]);
  const row = await app.db.getRepository(OrderAdjustment).findOneByOrFail({ orderId: order.id });
  expect([row.onDelivery, row.linePositions]).toEqual([true, null]);
});

test('a cancelled order gives its use back: a one-use code is used up, then free again', async () => {
  const code = await discount(app, admin, { code: 'ONLYONE', usageLimit: 1 });
  const other = await app.customer('second');
  const first = (await app.gql(PLACE, { input: orderOf(products, 'onlyone') }, buyer)).data!.placeOrder;
  expect((await app.db.getRepository(Discount).findOneByOrFail({ id: code.id })).timesUsed).toBe(1);
  const refused = await app.gql(PLACE, { input: orderOf(products, 'onlyone') }, other);
  expect(refused.errors?.[0]).toMatchObject({ message: 'ONLYONE has been used up', extensions: { code: 'BAD_USER_INPUT' } });

  const cancelled = await app.gql('mutation($id: ID!) { deleteOrder(id: $id) }', { id: first.id }, buyer);
  expect(cancelled.errors).toBeUndefined();
  // The use is given back by the discounts module once order.cancelled is committed.
  await app.settled();
  expect((await app.db.getRepository(Discount).findOneByOrFail({ id: code.id })).timesUsed).toBe(0);
  // Delivered again (at least once), it gives nothing more back.
  await app.services.discounts.releaseUseOf(first.id);
  expect((await app.db.getRepository(Discount).findOneByOrFail({ id: code.id })).timesUsed).toBe(0);
  const second = await app.gql(PLACE, { input: orderOf(products, 'onlyone') }, other);
  expect(second.errors).toBeUndefined();
  expect((await app.db.getRepository(Discount).findOneByOrFail({ id: code.id })).timesUsed).toBe(1);
});

test('REST: POST /api/orders takes discountCode and answers the discount; the OpenAPI document declares it', async () => {
  await discount(app, admin, { code: 'RESTFUL', kind: 'AMOUNT', value: 1000 });
  const api = restClient(app);
  const { status, body } = await api('POST', '/orders', {
    as: buyer,
    body: {
      productId: products[0],
      quantity: 1,
      phone: '+44 20 7946 0000',
      shippingAddress: orderOf([]).shippingAddress,
      discountCode: 'restful',
    },
  });
  expect(status).toBe(200);
  expect(body).toMatchObject({ discountCode: 'RESTFUL', discount: -10, lines: [{ discount: -10 }] });
  const order = await app.db.getRepository(Order).findOneByOrFail({ id: body._id });
  expect(order.discountAmount).toBe(-1000);
  expect(body.totalPrice).toBe(order.totalAmount / 100);

  const refused = await api('POST', '/orders', {
    as: buyer,
    body: {
      productId: products[0],
      quantity: 1,
      phone: '+44 20 7946 0000',
      shippingAddress: orderOf([]).shippingAddress,
      discountCode: 'NOPE',
    },
  });
  expect(refused).toEqual({ status: 400, body: { message: 'There is no code NOPE' } });

  const document = await (await fetch(`${app.url}/api/openapi.json`)).json();
  const schema = document.paths['/orders'].post.requestBody.content['application/json'].schema;
  expect(JSON.stringify(schema)).toContain('discountCode');
});
