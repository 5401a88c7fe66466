import { addWorkingDays, formatShipWindow, isoDateOf } from '@keen/rules';
import { ProductVariantRow } from '../../src/modules/catalog/variant.entity';
import { Product } from '../../src/modules/catalog/product.entity';
import { Order } from '../../src/modules/orders/order.entity';
import { OrderLine } from '../../src/modules/orders/order-line.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';

/**
 * Lead times (issue 52): the estimate a product shows, with and without the workshop's capacity and
 * its closed dates; made-to-order units ordered beyond stock and their cap; the window an order keeps;
 * the workshop's admin operations and who they refuse.
 */
let app: TestApp;
let admin: TestSession;
let buyer: TestSession;

const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id shipBy { earliest latest text } lines { quantity queuedQuantity } } }`;
const LEAD_TIME = `query($id: ID!) { product(id: $id) { madeToOrder { minDays maxDays } leadTime { madeToOrder minDays maxDays text shipWindow { earliest latest text } } } }`;
const SETTINGS = `mutation($input: WorkshopSettingsInputType!) { updateWorkshopSettings(input: $input) { handlingDays capacityPerWeek queuedUnits } }`;
const address = '1 Test Street, United States';

const today = () => isoDateOf(new Date());
const place = (productId: string, quantity: number, as = buyer) =>
  app.gql(PLACE, { input: { lines: [{ productId, quantity }], phone: '+1 555 0100', address } }, as);
const leadTime = async (productId: string) => {
  const answer = await app.gql(LEAD_TIME, { id: productId });
  expect(answer.errors).toBeUndefined();
  return answer.data!.product;
};
const setWorkshop = async (handlingDays: number, capacityPerWeek: number | null) => {
  const answer = await app.gql(SETTINGS, { input: { handlingDays, capacityPerWeek } }, admin);
  expect(answer.errors).toBeUndefined();
  return answer.data!.updateWorkshopSettings;
};
const madeToOrder = (overrides: Partial<Product> = {}) =>
  app.product({ quantity: 2, madeToOrderMinDays: 20, madeToOrderMaxDays: 30, ...overrides });
const stockOf = async (productId: string) => {
  const [variant] = await app.db.getRepository(ProductVariantRow).findBy({ productId });
  const product = await app.db.getRepository(Product).findOneByOrFail({ id: productId });
  return { variant: variant.quantity, product: product.quantity };
};

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminUser();
  buyer = await app.verifyEmail(await app.customer('maker'));
});
afterAll(() => app.close());
beforeEach(async () => {
  // Each test starts with an empty queue and the default workshop.
  await app.db.query(`UPDATE "order" SET "state" = 'Cancelled' WHERE "state" IN ('AwaitingPayment', 'Paid')`);
  await app.db.query(`DELETE FROM "workshop_closed_date"`);
  await app.db.query(`UPDATE "workshop_settings" SET "handlingDays" = 2, "capacityPerWeek" = NULL`);
});

describe("a product's estimate", () => {
  test('in stock: the handling days, as dates from today', async () => {
    const product = await app.product();
    const { madeToOrder: made, leadTime: lead } = await leadTime(product.id);
    const window = { earliest: addWorkingDays(today(), 2), latest: addWorkingDays(today(), 2) };
    expect(made).toBeNull();
    expect(lead).toEqual({
      madeToOrder: false,
      minDays: 2,
      maxDays: 2,
      text: 'In stock: ships in 2 days',
      shipWindow: { ...window, text: formatShipWindow(window) },
    });
    await setWorkshop(5, null);
    expect((await leadTime(product.id)).leadTime).toMatchObject({ minDays: 5, maxDays: 5, text: 'In stock: ships in 5 days' });
  });

  test('a product list and a product page by its slug answer the estimate its page by id does, whatever else is asked', async () => {
    const product = await madeToOrder({ quantity: 0, name: `Made to order ${Date.now()}` });
    const fields = 'madeToOrder { minDays maxDays } leadTime { madeToOrder minDays maxDays text }';
    const byId = await leadTime(product.id);
    expect(byId.madeToOrder).toEqual({ minDays: 20, maxDays: 30 });
    const list = await app.gql(`query($search: String) { products(options: { search: $search }) { items { id ${fields} } } }`, {
      search: product.name,
    });
    expect(list.errors).toBeUndefined();
    const { id: _id, ...listed } = list.data!.products.items.find((item: { id: string }) => item.id === product.id);
    const bySlug = await app.gql(`query($slug: String!) { product(slug: $slug) { ${fields} } }`, { slug: product.slug });
    expect(bySlug.errors).toBeUndefined();
    const expected = { madeToOrder: byId.madeToOrder, leadTime: { ...byId.leadTime, shipWindow: undefined } };
    delete expected.leadTime.shipWindow;
    expect(listed).toEqual(expected);
    expect(bySlug.data!.product).toEqual(expected);
  });

  test("made to order without a capacity: the product's own days, whatever the queue", async () => {
    const product = await madeToOrder({ quantity: 0 });
    expect((await place(product.id, 4)).errors).toBeUndefined();
    const { madeToOrder: made, leadTime: lead } = await leadTime(product.id);
    expect(made).toEqual({ minDays: 20, maxDays: 30 });
    expect(lead).toMatchObject({ madeToOrder: true, minDays: 20, maxDays: 30, text: 'Made to order: ships in 4-6 weeks' });
    expect(lead.shipWindow).toMatchObject({ earliest: addWorkingDays(today(), 20), latest: addWorkingDays(today(), 30) });
  });

  test('made to order with a capacity: the queue ahead over the weekly capacity lengthens it', async () => {
    const product = await madeToOrder({ quantity: 0 });
    expect(await setWorkshop(2, 5)).toEqual({ handlingDays: 2, capacityPerWeek: 5, queuedUnits: 0 });
    expect((await leadTime(product.id)).leadTime).toMatchObject({ minDays: 20, maxDays: 30 });
    // Ten units waiting at five a week: two weeks (ten working days) more.
    expect((await place(product.id, 10)).errors).toBeUndefined();
    const { leadTime: lead } = await leadTime(product.id);
    expect(lead).toMatchObject({ minDays: 30, maxDays: 40, text: 'Made to order: ships in 6-8 weeks' });
    expect(lead.shipWindow).toMatchObject({ earliest: addWorkingDays(today(), 30), latest: addWorkingDays(today(), 40) });
    // Stock never queues: an in-stock product keeps its handling days.
    expect((await leadTime((await app.product()).id)).leadTime).toMatchObject({ minDays: 2, maxDays: 2 });
  });

  test('closed dates and weekends are skipped', async () => {
    const product = await app.product();
    const before = (await leadTime(product.id)).leadTime.shipWindow.latest;
    const first = addWorkingDays(today(), 1);
    const closed = await app.gql(
      `mutation($date: String!) { closeWorkshopDate(date: $date, note: "Knife show") { closedDates { date note } } }`,
      { date: first },
      admin,
    );
    expect(closed.errors).toBeUndefined();
    expect(closed.data!.closeWorkshopDate.closedDates).toEqual([{ date: first, note: 'Knife show' }]);
    const after = (await leadTime(product.id)).leadTime.shipWindow.latest;
    expect(after).toBe(addWorkingDays(today(), 2, [first]));
    expect(after > before).toBe(true);
    const weekday = new Date(`${after}T00:00:00Z`).getUTCDay();
    expect([0, 6]).not.toContain(weekday);
    const reopened = await app.gql(
      `mutation($date: String!) { reopenWorkshopDate(date: $date) { closedDates { date } } }`,
      { date: first },
      admin,
    );
    expect(reopened.data!.reopenWorkshopDate.closedDates).toEqual([]);
    expect((await leadTime(product.id)).leadTime.shipWindow.latest).toBe(before);
  });
});

describe('ordering a made-to-order variant', () => {
  test('beyond its stock: stock first, the rest joins the queue; the order keeps its window; cancelling returns only the stock', async () => {
    const product = await madeToOrder({ quantity: 2 });
    const placed = await place(product.id, 5);
    expect(placed.errors).toBeUndefined();
    const order = placed.data!.placeOrder;
    expect(order.lines).toEqual([{ quantity: 5, queuedQuantity: 3 }]);
    const window = { earliest: addWorkingDays(today(), 20), latest: addWorkingDays(today(), 30) };
    expect(order.shipBy).toEqual({ ...window, text: formatShipWindow(window) });
    expect(await stockOf(product.id)).toEqual({ variant: 0, product: 0 });
    const rest = await restClient(app)('GET', `/orders?email=${encodeURIComponent(buyer.email)}`, { as: buyer });
    expect(rest.status).toBe(200);
    expect(rest.body.find((o: { _id: string }) => o._id === order.id).shipBy).toEqual(window);

    expect((await app.gql(`mutation($id: ID!) { cancelOrder(id: $id) { state } }`, { id: order.id }, buyer)).errors).toBeUndefined();
    expect(await stockOf(product.id)).toEqual({ variant: 2, product: 2 });
  });

  test('from stock alone it ships in the handling days and queues nothing', async () => {
    const product = await madeToOrder({ quantity: 3 });
    // With finished units on hand, the storefront promises what stock ships in.
    expect((await leadTime(product.id)).leadTime).toMatchObject({ madeToOrder: false, text: 'In stock: ships in 2 days' });
    const order = (await place(product.id, 3)).data!.placeOrder;
    expect(order.lines).toEqual([{ quantity: 3, queuedQuantity: 0 }]);
    expect(order.shipBy).toMatchObject({ earliest: addWorkingDays(today(), 2), latest: addWorkingDays(today(), 2) });
  });

  test('up to its cap of open made-to-order units, and no further', async () => {
    const product = await madeToOrder({ quantity: 0, madeToOrderCap: 4 });
    expect((await place(product.id, 3)).errors).toBeUndefined();
    const refused = await place(product.id, 2);
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(messageOf(refused)).toBe(`${product.name} is made to order and its queue is full (3 open); try again later`);
    expect(await app.db.getRepository(Order).countBy({ productId: product.id })).toBe(1);
    expect((await place(product.id, 1)).errors).toBeUndefined();
  });

  test('a product shipped from stock still refuses more than its stock', async () => {
    const product = await app.product({ quantity: 2 });
    const refused = await place(product.id, 3);
    expect(messageOf(refused)).toBe('Product cannot be purchased for product shortage');
    expect(await stockOf(product.id)).toEqual({ variant: 2, product: 2 });
  });

  test('the admin sets made to order on the product form: both days or neither, the most at least the fewest', async () => {
    const product = await app.product();
    const update = `mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { madeToOrder { minDays maxDays } madeToOrderCap } }`;
    const fields = { quantity: 10, minimumQuantity: 1, img: product.img, priceAmount: product.priceAmount };
    const bad = await app.gql(update, { id: product.id, input: { ...fields, madeToOrderMinDays: 10, madeToOrderMaxDays: 5 } }, admin);
    expect(messageOf(bad)).toBe('Most days to make must be at least the fewest days');
    const set = await app.gql(
      update,
      { id: product.id, input: { ...fields, madeToOrderMinDays: 5, madeToOrderMaxDays: 10, madeToOrderCap: 3 } },
      admin,
    );
    expect(set.errors).toBeUndefined();
    expect(set.data!.updateProduct).toEqual({ madeToOrder: { minDays: 5, maxDays: 10 }, madeToOrderCap: 3 });
    const cleared = await app.gql(update, { id: product.id, input: { ...fields, madeToOrderMinDays: null } }, admin);
    expect(cleared.data!.updateProduct).toEqual({ madeToOrder: null, madeToOrderCap: null });
  });
});

describe('the Workshop page', () => {
  test('the queue: made-to-order lines by their latest date, overdue flagged, with engraving and measure', async () => {
    const early = await madeToOrder({ quantity: 0, madeToOrderMinDays: 1, madeToOrderMaxDays: 2 });
    const late = await madeToOrder({ quantity: 0 });
    const lateOrder = (await place(late.id, 1)).data!.placeOrder;
    const earlyOrder = (await place(early.id, 2)).data!.placeOrder;
    await app.db.getRepository(Order).update({ id: lateOrder.id }, { shipByEarliest: '2020-01-01', shipByLatest: '2020-01-10' });
    const queue = await app.gql(
      `{ workshopQueue { orderId productName queuedQuantity engravingText customValue overdue shipBy { latest } } }`,
      {},
      admin,
    );
    expect(queue.errors).toBeUndefined();
    expect(queue.data!.workshopQueue).toEqual([
      {
        orderId: lateOrder.id,
        productName: late.name,
        queuedQuantity: 1,
        engravingText: null,
        customValue: null,
        overdue: true,
        shipBy: { latest: '2020-01-10' },
      },
      {
        orderId: earlyOrder.id,
        productName: early.name,
        queuedQuantity: 2,
        engravingText: null,
        customValue: null,
        overdue: false,
        shipBy: { latest: earlyOrder.shipBy.latest },
      },
    ]);
  });

  test('refuses anonymous callers (before the input) and customers; bad settings are refused and change nothing', async () => {
    const customer = await app.customer('curious');
    for (const [query, variables] of [
      ['{ workshopSettings { handlingDays } }', {}],
      ['{ workshopQueue { orderId } }', {}],
      [SETTINGS, { input: { handlingDays: 99, capacityPerWeek: 0 } }],
      ['mutation { closeWorkshopDate(date: "nonsense") { handlingDays } }', {}],
      ['mutation { setOrderShipBy(orderId: "00000000-0000-0000-0000-000000000000", latest: "2099-01-01") { id } }', {}],
    ] as const) {
      expect(codeOf(await app.gql(query, variables))).toBe('UNAUTHENTICATED');
      expect(codeOf(await app.gql(query, variables, customer))).toBe('FORBIDDEN');
    }
    expect(messageOf(await app.gql(SETTINGS, { input: { handlingDays: 99, capacityPerWeek: 5 } }, admin))).toBe(
      'Handling days must be between 0 and 30',
    );
    expect(messageOf(await app.gql('mutation { closeWorkshopDate(date: "2027-02-30") { handlingDays } }', {}, admin))).toBe(
      'Closed dates are calendar dates like 2027-01-12',
    );
    const settings = await app.gql('{ workshopSettings { handlingDays capacityPerWeek closedDates { date } } }', {}, admin);
    expect(settings.data!.workshopSettings).toEqual({ handlingDays: 2, capacityPerWeek: null, closedDates: [] });
  });
});

describe('an order that runs late', () => {
  test('the overdue job tells once; the admin sets a new date; the order answers it', async () => {
    const product = await madeToOrder({ quantity: 0 });
    const order = (await place(product.id, 1)).data!.placeOrder;
    await app.db.getRepository(Order).update({ id: order.id }, { shipByEarliest: '2020-01-01', shipByLatest: '2020-01-10' });
    expect(await app.services.workshop.noticeLateOrders()).toBe(1);
    expect(await app.services.workshop.noticeLateOrders()).toBe(0);
    const events = () =>
      app.db.query(`SELECT "name" FROM "outbox_event" WHERE "aggregateId" = $1 AND "name" LIKE 'order.%' ORDER BY "createdAt"`, [order.id]);
    expect((await events()).map((row: { name: string }) => row.name)).toEqual(['order.placed', 'order.late']);

    const set = `mutation($id: ID!, $latest: String!) { setOrderShipBy(orderId: $id, latest: $latest) { shipBy { earliest latest } } }`;
    expect(messageOf(await app.gql(set, { id: order.id, latest: '2020-02-01' }, admin))).toBe('The new ship date cannot be in the past');
    const latest = addWorkingDays(today(), 10);
    const moved = await app.gql(set, { id: order.id, latest }, admin);
    expect(moved.errors).toBeUndefined();
    expect(moved.data!.setOrderShipBy.shipBy).toEqual({ earliest: '2020-01-01', latest });
    expect((await events()).map((row: { name: string }) => row.name)).toEqual(['order.placed', 'order.late', 'order.ship_date_changed']);
    expect(await app.db.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({ shipByLatest: latest });
    // The new date has not passed: nothing more to tell.
    expect(await app.services.workshop.noticeLateOrders()).toBe(0);
  });
});

test('a line of an order keeps its made-to-order units', async () => {
  const product = await madeToOrder({ quantity: 1 });
  const order = (await place(product.id, 2)).data!.placeOrder;
  expect(await app.db.getRepository(OrderLine).findOneByOrFail({ orderId: order.id })).toMatchObject({ quantity: 2, queuedQuantity: 1 });
});

test("a late paid order's owner cancels it for a full refund; on time, or another customer, is refused", async () => {
  const product = await madeToOrder({ quantity: 1 });
  const { id } = (await place(product.id, 3)).data!.placeOrder;
  await app.payOrder(buyer, id);
  const cancel = `mutation($id: ID!) { cancelOrder(id: $id) { state } }`;
  expect(messageOf(await app.gql(cancel, { id }, buyer))).toBe('A paid order cannot be deleted');
  await app.db.getRepository(Order).update({ id }, { shipByEarliest: '2020-01-01', shipByLatest: '2020-01-10' });
  const other = await app.customer('other');
  expect(codeOf(await app.gql(cancel, { id }, other))).toBe('FORBIDDEN');
  const refunded = await app.gql(cancel, { id }, buyer);
  expect(refunded.errors).toBeUndefined();
  expect(refunded.data!.cancelOrder.state).toBe('Refunded');
  const order = await app.db.getRepository(Order).findOneByOrFail({ id });
  expect(order.refundedAmount).toBe(order.totalAmount);
  // Its one unit from stock goes back; the two made to order never existed.
  expect(await stockOf(product.id)).toEqual({ variant: 1, product: 1 });
});
