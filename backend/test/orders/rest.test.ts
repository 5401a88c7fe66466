import { Product } from '../../src/modules/catalog/product.entity';
import { Order } from '../../src/modules/orders/order.entity';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';

let app: TestApp;
let api: ReturnType<typeof restClient>;
let admin: TestSession;
let shopper: TestSession;
let other: TestSession;

beforeAll(async () => {
  // These tests share two customers across many unpaid orders; the limit has its own test.
  app = await startTestApp({ MAX_UNPAID_ORDERS: '100' });
  api = restClient(app);
  [admin, shopper, other] = await Promise.all([app.adminUser(), app.customer(), app.customer('other')]);
});
afterAll(() => app.close());

const orderKeys = [
  '_id',
  'address',
  'ageRestricted',
  'amountDue',
  'description',
  'discount',
  'discountCode',
  'email',
  'engraving',
  'giftCards',
  'giftMessage',
  'img',
  'invoiceNumber',
  'lines',
  'minimumQuantity',
  'name',
  'paid',
  'phone',
  'price',
  'productCode',
  'proofs',
  'quantity',
  'refunded',
  'shipBy',
  'state',
  'status',
  'totalPrice',
  'transactionId',
  'userName',
  'workshopNote',
].sort();
const contact = { phone: '+1 555 0100', address: '1 Test Street' };
const stockOf = async (id: string) => (await app.db.getRepository(Product).findOneByOrFail({ id })).quantity;

describe('POST /orders', () => {
  it('places an order from productCode: price, total, status and payment fields from the client are ignored; stock is taken', async () => {
    const product = await app.product({ price: 40, quantity: 10 });
    const { status, body } = await api('POST', '/orders', {
      as: shopper,
      body: {
        productCode: product.id,
        quantity: 3,
        ...contact,
        price: 1,
        totalPrice: 1,
        status: 'Shipped',
        paid: true,
        transactionId: 'pi_fake',
        email: other.email,
        userName: 'Someone',
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      productCode: product.id,
      quantity: 3,
      price: 40,
      totalPrice: 120,
      status: 'Pending',
      paid: false,
      transactionId: null,
      email: shopper.email,
      message: 'Order Placed',
    });
    expect(body.insertedId).toBe(body._id);
    expect(await stockOf(product.id)).toBe(7);
  });

  it('accepts productId as well, and a quantity sent as text by a form', async () => {
    const product = await app.product();
    expect((await api('POST', '/orders', { as: shopper, body: { productId: product.id, quantity: 1, ...contact } })).status).toBe(200);
    const { status, body } = await api('POST', '/orders', { as: shopper, body: { productId: product.id, quantity: ' 2 ', ...contact } });
    expect({ status, quantity: body.quantity, totalPrice: body.totalPrice }).toEqual({ status: 200, quantity: 2, totalPrice: 50 });
    expect(await stockOf(product.id)).toBe(7);
  });

  it('answers the SPEC messages for empty, short and below-minimum quantities; bad types and unknown products are 400/404', async () => {
    const product = await app.product({ quantity: 5, minimumQuantity: 2 });
    const place = (body: object) => api('POST', '/orders', { as: shopper, body: { productCode: product.id, ...contact, ...body } });
    expect(await place({})).toEqual({ status: 400, body: { message: 'Empty Quantity' } });
    expect(await place({ quantity: 6 })).toEqual({ status: 400, body: { message: 'Product cannot be purchased for product shortage' } });
    expect(await place({ quantity: 1 })).toEqual({ status: 400, body: { message: 'Minimum Quantity Required' } });
    expect((await place({ quantity: 'two' })).status).toBe(400);
    expect((await place({ quantity: 1e300 })).status).toBe(400);
    expect(
      (
        await api('POST', '/orders', {
          as: shopper,
          body: { productCode: '00000000-0000-0000-0000-000000000000', quantity: 2, ...contact },
        })
      ).status,
    ).toBe(404);
    expect((await api('POST', '/orders', { as: shopper, raw: '{oops' })).status).toBe(400);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('refuses anonymous callers', async () => {
    const product = await app.product();
    expect((await api('POST', '/orders', { body: { productCode: product.id, quantity: 1, ...contact } })).status).toBe(401);
    expect(await stockOf(product.id)).toBe(10);
  });

  it('a field of the wrong type is 400 naming the field (anonymous callers still get 401), and takes no stock', async () => {
    const product = await app.product();
    const place = (body: object, as?: TestSession) =>
      api('POST', '/orders', { as, body: { productCode: product.id, quantity: 1, ...contact, ...body } });
    for (const [wrong, message] of [
      [{ quantity: 'two' }, 'quantity must be a whole number'],
      [{ quantity: 1.5 }, 'quantity must be a whole number'],
      [{ quantity: 1e300 }, 'quantity must be a whole number'],
      [{ productCode: 42 }, 'productCode must be text'],
      [{ productId: [product.id] }, 'productId must be text'],
      [{ phone: 5550100 }, 'phone must be text'],
      [{ address: { street: '1 Test Street' } }, 'address must be text'],
      [{ engraving: { text: 'For Sam', font: 3 } }, 'engraving.font must be text'],
    ] as const) {
      expect(await place(wrong, shopper)).toEqual({ status: 400, body: { message } });
    }
    expect((await place({ quantity: 'two', phone: 5 })).status).toBe(401);
    expect(await stockOf(product.id)).toBe(10);
    expect(await app.db.getRepository(Order).countBy({ productId: product.id })).toBe(0);
  });

  it('two concurrent orders for the last unit cannot oversell', async () => {
    const product = await app.product({ quantity: 1 });
    const results = await Promise.all(
      [shopper, other].map((session) =>
        api('POST', '/orders', { as: session, body: { productCode: product.id, quantity: 1, ...contact } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body).toEqual({ message: 'Product cannot be purchased for product shortage' });
    expect(await stockOf(product.id)).toBe(0);
    expect(await app.db.getRepository(Order).countBy({ productId: product.id })).toBe(1);
  });

  it('eight concurrent orders for three units: exactly three succeed and the stock ends at zero', async () => {
    const product = await app.product({ quantity: 3 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api('POST', '/orders', { as: i % 2 ? shopper : other, body: { productCode: product.id, quantity: 1, ...contact } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 400)).toHaveLength(5);
    expect(await stockOf(product.id)).toBe(0);
    expect(await app.db.getRepository(Order).countBy({ productId: product.id })).toBe(3);
  });
});

describe('GET /orders', () => {
  it("?email= answers the caller's own orders with the SPEC fields; an admin may ask about anyone", async () => {
    const product = await app.product();
    const mine = await app.placeOrder(shopper, product.id);
    await app.placeOrder(other, product.id);
    const { status, body } = await api('GET', `/orders?email=${encodeURIComponent(shopper.email)}`, { as: shopper });
    expect(status).toBe(200);
    expect(body.every((o: { email: string }) => o.email === shopper.email)).toBe(true);
    const found = body.find((o: { _id: string }) => o._id === mine.id);
    expect(Object.keys(found).sort()).toEqual(orderKeys);
    const asAdmin = await api('GET', `/orders?email=${encodeURIComponent(shopper.email)}`, { as: admin });
    expect(asAdmin.body.map((o: { _id: string }) => o._id)).toContain(mine.id);
    expect(asAdmin.body.every((o: { email: string }) => o.email === shopper.email)).toBe(true);
    expect(await api('GET', '/orders?email=nobody%40keen.test', { as: admin })).toEqual({ status: 200, body: [] });
  });

  it("refuses another customer's e-mail (403), anonymous callers (401) and a malformed e-mail (400)", async () => {
    expect((await api('GET', `/orders?email=${encodeURIComponent(other.email)}`, { as: shopper })).status).toBe(403);
    expect((await api('GET', `/orders?email=${encodeURIComponent(shopper.email)}`)).status).toBe(401);
    expect((await api('GET', '/orders?email=nope', { as: shopper })).status).toBe(400);
  });

  it('without an e-mail: every order for an admin; refused to a customer', async () => {
    const all = await api('GET', '/orders', { as: admin });
    expect(all.status).toBe(200);
    expect(new Set(all.body.map((o: { email: string }) => o.email))).toEqual(new Set([shopper.email, other.email]));
    expect(all.body.length).toBe(await app.db.getRepository(Order).count());
    expect((await api('GET', '/orders', { as: shopper })).status).toBe(403);
    expect((await api('GET', '/orders')).status).toBe(401);
  });

  it('checks the caller before the paging: a bad ?skip is 401 anonymously, 403 for a customer listing every order, 400 for an admin', async () => {
    expect(await api('GET', '/orders?skip=x')).toEqual({ status: 401, body: { message: 'Please sign in first' } });
    expect(await api('GET', '/orders?skip=x', { as: shopper })).toEqual({ status: 403, body: { message: 'Only an admin may do this' } });
    expect((await api('GET', `/orders?skip=x&email=${encodeURIComponent(shopper.email)}`, { as: shopper })).status).toBe(400);
    expect((await api('GET', '/orders?skip=x', { as: admin })).status).toBe(400);
  });
});

describe('GET /orders/{id}', () => {
  it('answers one order to its customer and to an admin, refuses another customer, 404 for unknown ids', async () => {
    const order = await app.placeOrder(shopper, (await app.product()).id, 2);
    const own = await api('GET', `/orders/${order.id}`, { as: shopper });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ _id: order.id, quantity: 2, totalPrice: 50, status: 'Pending', paid: false });
    expect((await api('GET', `/orders/${order.id}`, { as: admin })).status).toBe(200);
    expect((await api('GET', `/orders/${order.id}`, { as: other })).status).toBe(403);
    expect((await api('GET', `/orders/${order.id}`)).status).toBe(401);
    expect((await api('GET', '/orders/not-an-id', { as: admin })).status).toBe(404);
  });
});

describe('PUT /orders?id=', () => {
  it("an admin ships a paid order with status 'Shipped'", async () => {
    const order = await app.placeOrder(shopper, (await app.product()).id);
    await app.payOrder(shopper, order.id);
    const { status, body } = await api('PUT', `/orders?id=${order.id}`, { as: admin, body: { ...order, status: 'Shipped' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: order.id, status: 'Shipped', paid: true, state: 'Shipped', message: 'Status is updated' });
  });

  it('now needs a token and an admin; other status values are 400; an unpaid order cannot ship; unknown ids are 404', async () => {
    const order = await app.placeOrder(shopper, (await app.product()).id);
    expect((await api('PUT', `/orders?id=${order.id}`, { body: { status: 'Shipped' } })).status).toBe(401);
    expect((await api('PUT', `/orders?id=${order.id}`, { as: shopper, body: { status: 'Shipped' } })).status).toBe(403);
    expect(await api('PUT', `/orders?id=${order.id}`, { as: admin, body: { status: 'Shipped' } })).toEqual({
      status: 403,
      body: { message: 'Only a paid, pending order can be shipped' },
    });
    await app.payOrder(shopper, order.id);
    expect(await api('PUT', `/orders?id=${order.id}`, { as: admin, body: { status: 'Delivered' } })).toEqual({
      status: 400,
      body: { message: "Only status 'Shipped' can be set" },
    });
    expect((await api('PUT', '/orders?id=00000000-0000-0000-0000-000000000000', { as: admin, body: { status: 'Shipped' } })).status).toBe(
      404,
    );
    expect((await api('PUT', '/orders', { as: admin, body: { status: 'Shipped' } })).status).toBe(400);
    expect(await api('PUT', `/orders?id=${order.id}`, { as: admin, body: { status: ['Shipped'] } })).toEqual({
      status: 400,
      body: { message: 'status must be text' },
    });
    expect((await api('PUT', `/orders?id=${order.id}`, { body: { status: 7 } })).status).toBe(401);
    expect((await app.db.getRepository(Order).findOneByOrFail({ id: order.id })).state).toBe('Paid');
  });
});

describe('DELETE /orders?id=', () => {
  it('the customer cancels their own unpaid order: { deletedCount: 1 } and the stock comes back', async () => {
    const product = await app.product({ quantity: 10 });
    const order = await app.placeOrder(shopper, product.id, 4);
    expect(await stockOf(product.id)).toBe(6);
    expect(await api('DELETE', `/orders?id=${order.id}`, { as: shopper })).toEqual({ status: 200, body: { deletedCount: 1 } });
    expect(await stockOf(product.id)).toBe(10);
    // The order stays, Cancelled; a second delete is refused and returns nothing more.
    expect((await api('GET', `/orders/${order.id}`, { as: shopper })).body).toMatchObject({
      state: 'Cancelled',
      status: 'Pending',
      paid: false,
    });
    expect(await api('DELETE', `/orders?id=${order.id}`, { as: shopper })).toEqual({
      status: 403,
      body: { message: 'This order was cancelled' },
    });
    expect(await stockOf(product.id)).toBe(10);
  });

  it('an admin deletes (refunds) a paid order; another customer, an anonymous caller and the owner of a paid order are refused', async () => {
    const product = await app.product();
    const order = await app.placeOrder(shopper, product.id);
    expect((await api('DELETE', `/orders?id=${order.id}`)).status).toBe(401);
    expect((await api('DELETE', `/orders?id=${order.id}`, { as: other })).status).toBe(403);
    await app.payOrder(shopper, order.id);
    expect(await api('DELETE', `/orders?id=${order.id}`, { as: shopper })).toEqual({
      status: 403,
      body: { message: 'A paid order cannot be deleted' },
    });
    expect(await stockOf(product.id)).toBe(9);
    expect(await api('DELETE', `/orders?id=${order.id}`, { as: admin })).toEqual({ status: 200, body: { deletedCount: 1 } });
    expect(await app.db.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({ state: 'Refunded', paid: false });
    expect(await stockOf(product.id)).toBe(10);
  });

  it('checks the caller before the id: without one, anonymous is 401 and a customer 400', async () => {
    expect(await api('DELETE', '/orders')).toEqual({ status: 401, body: { message: 'Please sign in first' } });
    expect((await api('DELETE', '/orders', { as: shopper })).status).toBe(400);
  });
});
