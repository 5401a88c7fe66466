import { Order } from '../../src/modules/orders/order.entity';
import { codeOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

let app: TestApp;
let admin: TestSession;
let shopper: TestSession;

const OVERVIEW = '{ overview { days { day revenue orders } paidOrders unpaidOrders lowStockProducts { name quantity minimumQuantity } } }';
const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

async function csv(path: string, session?: TestSession) {
  const response = await fetch(`${app.url}${path}`, { headers: session ? { authorization: `Bearer ${session.token}` } : {} });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), text, lines: text.split('\r\n').filter(Boolean) };
}

/** Known data: two customers, products with and without enough stock, orders spread over days. */
async function orderOn(
  session: TestSession,
  productId: string,
  quantity: number,
  { paid = false, shipped = false, at = new Date(), paidAt = at }: { paid?: boolean; shipped?: boolean; at?: Date; paidAt?: Date } = {},
) {
  const order = await app.placeOrder(session, productId, quantity);
  await settle(session, order.id, { paid, shipped, at, paidAt });
  return order;
}

type Timing = { paid?: boolean; shipped?: boolean; at?: Date; paidAt?: Date };

/** Pays and ships the order through the API as asked, then backdates it. */
async function settle(session: TestSession, orderId: string, { paid = false, shipped = false, at = new Date(), paidAt = at }: Timing) {
  if (paid) await app.payOrder(session, orderId);
  if (shipped) expect((await app.gql('mutation($id: ID!) { markShipped(id: $id) { id } }', { id: orderId }, admin)).errors).toBeUndefined();
  // Only the timestamps are backdated, to spread the orders over days; states come from the real calls.
  await app.db.getRepository(Order).update({ id: orderId }, { createdAt: at, ...(paid ? { paidAt } : {}) });
}

type LineInput = { productId: string; quantity: number; engraving?: { text: string; font: string } };

/** A cart order of several lines, placed through the API as the customer would, then settled like orderOn. */
async function cartOrderOn(session: TestSession, lines: LineInput[], timing: Timing = {}): Promise<string> {
  const res = await app.gql<{ placeOrder: { id: string } }>(
    'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
    { input: { lines, phone: '+1 555 0100', address: '1 Test Street' } },
    session,
  );
  expect(res.errors).toBeUndefined();
  await settle(session, res.data!.placeOrder.id, timing);
  return res.data!.placeOrder.id;
}

let alice: TestSession;
beforeAll(async () => {
  app = await startTestApp();
  [admin, shopper, alice] = await Promise.all([app.adminUser(), app.customer('shopper'), app.customer('alice')]);
});
afterAll(() => app.close());

describe('overview', () => {
  test('aggregates revenue and orders per UTC day for 30 days, paid vs unpaid, and low-stock products', async () => {
    const santoku = await app.product({ name: 'Overview Santoku', price: 40, quantity: 100, minimumQuantity: 1 });
    const cleaver = await app.product({ name: 'Overview Cleaver', price: 15, quantity: 100, minimumQuantity: 2 });
    await app.product({ name: 'Overview Low Paring', quantity: 3, minimumQuantity: 3 });
    await app.product({ name: 'Overview Empty Bread', quantity: 0, minimumQuantity: 1 });
    await app.product({ name: 'Overview Plenty', quantity: 4, minimumQuantity: 3 });

    const today = new Date();
    await orderOn(shopper, santoku.id, 2, { paid: true, at: today }); // 80
    await orderOn(alice, cleaver.id, 2, { paid: true, shipped: true, at: today }); // 30
    await orderOn(alice, santoku.id, 1, { paid: false, at: today }); // unpaid: counts as an order, not revenue
    await orderOn(shopper, cleaver.id, 4, { paid: true, at: daysAgo(3) }); // 60
    await orderOn(shopper, santoku.id, 1, { paid: true, at: daysAgo(29) }); // 40, the oldest day shown
    await orderOn(shopper, santoku.id, 5, { paid: true, at: daysAgo(31) }); // too old for the days, still paid
    await orderOn(alice, santoku.id, 1, { paid: false, at: daysAgo(40) });
    await orderOn(alice, cleaver.id, 2, { paid: true, at: daysAgo(5), paidAt: today }); // 30: revenue on the day it was paid

    const res = await app.gql(OVERVIEW, {}, admin);
    expect(res.errors).toBeUndefined();
    const { days, paidOrders, unpaidOrders, lowStockProducts } = res.data!.overview;
    expect(days).toHaveLength(30);
    expect(days[0].day).toBe(utcDay(daysAgo(29)));
    expect(days[29]).toEqual({ day: utcDay(today), revenue: 140, orders: 3 });
    expect(days.find((d: { day: string }) => d.day === utcDay(daysAgo(5)))).toEqual({ day: utcDay(daysAgo(5)), revenue: 0, orders: 1 });
    expect(days.find((d: { day: string }) => d.day === utcDay(daysAgo(3)))).toEqual({ day: utcDay(daysAgo(3)), revenue: 60, orders: 1 });
    expect(days[0]).toEqual({ day: utcDay(daysAgo(29)), revenue: 40, orders: 1 });
    expect(days.reduce((sum: number, d: { revenue: number }) => sum + d.revenue, 0)).toBe(240);
    expect(days.reduce((sum: number, d: { orders: number }) => sum + d.orders, 0)).toBe(6);
    expect(paidOrders).toBe(6);
    expect(unpaidOrders).toBe(2);
    expect(lowStockProducts.map((p: { name: string }) => p.name)).toEqual(['Overview Empty Bread', 'Overview Low Paring']);
  });

  test('units by product: every line of the orders paid in the last 30 days, most units first, at most 10 products', async () => {
    const chef = await app.product({ name: 'Units Chef', price: 90, quantity: 100 });
    const paring = await app.product({
      name: 'Units Paring',
      price: 30,
      quantity: 100,
      engravable: true,
      engravingPrice: 7,
      engravingMaxLength: 20,
    });
    const gone = await app.product({ name: 'Units Retired Nakiri', quantity: 100 });
    const fillers = await Promise.all(
      Array.from({ length: 11 }, (_, i) => app.product({ name: `Units Filler ${String(i).padStart(2, '0')}` })),
    );

    // A paid three-line order: the same product on two lines (different engravings) sums.
    await cartOrderOn(
      shopper,
      [
        { productId: chef.id, quantity: 3 },
        { productId: paring.id, quantity: 2, engraving: { text: 'Ada', font: 'serif' } },
        { productId: paring.id, quantity: 4 },
      ],
      { paid: true },
    );
    await cartOrderOn(alice, [{ productId: chef.id, quantity: 9 }], { paid: true, shipped: true, at: daysAgo(10) });
    // Not counted: an unpaid cart order, a paid one refunded since, and a paid one paid 31 days ago.
    const refunded = await cartOrderOn(shopper, [{ productId: paring.id, quantity: 30 }], { paid: true });
    expect((await app.gql('mutation($id: ID!) { deleteOrder(id: $id) }', { id: refunded }, admin)).errors).toBeUndefined();
    expect((await app.db.getRepository(Order).findOneByOrFail({ id: refunded })).state).toBe('Refunded');
    await cartOrderOn(alice, [
      { productId: chef.id, quantity: 50 },
      { productId: paring.id, quantity: 40 },
    ]);
    await cartOrderOn(
      shopper,
      [
        { productId: chef.id, quantity: 20 },
        { productId: paring.id, quantity: 20 },
      ],
      { paid: true, at: daysAgo(31) },
    );
    // A product deleted after it sold keeps its units, under the name on its line.
    await cartOrderOn(shopper, [{ productId: gone.id, quantity: 7 }], { paid: true, at: daysAgo(2) });
    expect((await app.gql('mutation($id: ID!) { deleteProduct(id: $id) }', { id: gone.id }, admin)).errors).toBeUndefined();
    // Eleven products of one unit each: more products than the list holds.
    await cartOrderOn(
      alice,
      fillers.map((p) => ({ productId: p.id, quantity: 1 })),
      { paid: true },
    );

    const res = await app.gql('{ overview { unitsByProduct { productId name units } } }', {}, admin);
    expect(res.errors).toBeUndefined();
    const units: { productId: string | null; name: string; units: number }[] = res.data!.overview.unitsByProduct;
    expect(units).toHaveLength(10);
    expect(units.map((u) => u.units)).toEqual([...units.map((u) => u.units)].sort((a, b) => b - a));
    expect(units.filter((u) => u.name.startsWith('Units ') && !u.name.startsWith('Units Filler'))).toEqual([
      { productId: chef.id, name: 'Units Chef', units: 12 },
      { productId: null, name: 'Units Retired Nakiri', units: 7 },
      { productId: paring.id, name: 'Units Paring', units: 6 },
    ]);
    // Ties are in name order; the list ends before the last fillers.
    const shownFillers = units.filter((u) => u.name.startsWith('Units Filler'));
    expect(shownFillers.length).toBeGreaterThan(0);
    expect(shownFillers.every((u) => u.units === 1)).toBe(true);
    expect(shownFillers.map((u) => u.name)).toEqual(fillers.slice(0, shownFillers.length).map((p) => p.name));
  });

  test('is refused to customers and anonymous callers', async () => {
    expect(codeOf(await app.gql(OVERVIEW, {}, shopper))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(OVERVIEW))).toBe('UNAUTHENTICATED');
    const units = '{ overview { unitsByProduct { name units } } }';
    expect(codeOf(await app.gql(units, {}, shopper))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(units))).toBe('UNAUTHENTICATED');
  });
});

describe('CSV exports', () => {
  // 105 paid orders placed and paid through the API: more time than most tests need.
  test('orders.csv has every row matching the grid filter, across pages, with the grid sort', async () => {
    const product = await app.product({ name: 'Export "Damascus", Chef', price: 7, quantity: 1000 });
    // 105 paid Pending orders: more than one 100-row page.
    for (let i = 0; i < 105; i += 1) await orderOn(alice, product.id, 1 + (i % 3), { paid: true });
    await orderOn(alice, product.id, 1, { paid: false });
    await orderOn(alice, product.id, 1, { paid: true, shipped: true });

    const all = await csv(
      `/api/admin/export/orders.csv?search=${encodeURIComponent('damascus')}&status=Pending&paid=true&sortBy=quantity&sortDirection=ASC`,
      admin,
    );
    expect(all.status).toBe(200);
    expect(all.type).toMatch(/^text\/csv/);
    expect(all.lines[0]).toBe(
      'id,line,createdAt,product,customer,email,phone,address,quantity,price,lineTotal,totalPrice,paid,status,transactionId,state,paidAt,engravingText,engravingFont,engravingUnitPrice,variant,sku,customValue,currency,discountCode,lineDiscount,orderDiscount,giftMessage,workshopNote',
    );
    expect(all.lines).toHaveLength(1 + 105);
    expect(all.lines[1]).toContain('"Export ""Damascus"", Chef"');
    expect(all.lines.slice(1).every((line) => line.includes(',true,Pending,pi_') && line.includes(',Paid,'))).toBe(true);
    const quantities = all.lines.slice(1).map((line) => Number(line.split(',').at(-16)));
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    expect(new Set(all.lines.slice(1).map((line) => line.split(',')[0])).size).toBe(105);

    const unpaid = await csv('/api/admin/export/orders.csv?search=damascus&paid=false', admin);
    expect(unpaid.lines).toHaveLength(2);
    const shipped = await csv('/api/admin/export/orders.csv?search=damascus&status=Shipped', admin);
    expect(shipped.lines).toHaveLength(2);
    expect(shipped.lines[1]).toContain(',Shipped,');
  }, 90_000);

  test('products.csv and users.csv follow their search, and defuse spreadsheet formulas', async () => {
    await app.product({ name: '=HYPERLINK("http://evil.test") Export Knife', description: 'export me' });
    await app.product({ name: 'Export Other Blade', description: 'export me too' });
    const products = await csv('/api/admin/export/products.csv?search=export%20me&sortBy=name&sortDirection=DESC', admin);
    expect(products.status).toBe(200);
    expect(products.lines[0]).toBe('id,createdAt,name,description,price,quantity,minimumQuantity,img,currency');
    expect(products.lines).toHaveLength(3);
    expect(products.lines[2]).toContain(`"'=HYPERLINK(""http://evil.test"") Export Knife"`);

    const users = await csv(`/api/admin/export/users.csv?search=${encodeURIComponent(alice.email)}`, admin);
    expect(users.lines).toHaveLength(2);
    expect(users.lines[1]).toContain(`,${alice.email},`);
    const admins = await csv('/api/admin/export/users.csv?role=admin', admin);
    expect(admins.lines.slice(1).map((line) => line.split(',')[3])).toEqual([admin.email]);
  });

  test('refuses customers with 403 and anonymous callers with 401, on every export', async () => {
    for (const kind of ['orders', 'products', 'users']) {
      const asCustomer = await csv(`/api/admin/export/${kind}.csv`, shopper);
      expect(asCustomer.status).toBe(403);
      expect(JSON.parse(asCustomer.text).message).toBe('Only an admin may do this');
      expect((await csv(`/api/admin/export/${kind}.csv`)).status).toBe(401);
    }
  });

  test("refuses a sort column or filter value outside the grid's own", async () => {
    const res = await csv('/api/admin/export/orders.csv?sortBy=id;DROP', admin);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).message).toMatch(/^sortBy must be one of/);
    expect((await csv('/api/admin/export/orders.csv?paid=maybe', admin)).status).toBe(400);
  });
});
