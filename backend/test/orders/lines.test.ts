import { Product } from '../../src/modules/catalog/product.entity';
import { ProductVariantRow } from '../../src/modules/catalog/variant.entity';
import { Order, OrderState } from '../../src/modules/orders/order.entity';
import { OrderLine } from '../../src/modules/orders/order-line.entity';
import { codeOf, messageOf, type ProductFixture, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';

let app: TestApp;
let api: ReturnType<typeof restClient>;
let admin: TestSession;
let buyer: TestSession;
let other: TestSession;

beforeAll(async () => {
  app = await startTestApp({ MAX_UNPAID_ORDERS: '100' });
  api = restClient(app);
  [admin, buyer, other] = await Promise.all([app.adminUser(), app.customer('cart'), app.customer('other')]);
});
afterAll(() => app.close());

const contact = { phone: '+1 555 0100', address: '1 Cart Street' };
const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    id totalPrice name quantity
    lines { product { id } name quantity unitPrice lineTotal engraving { text font unitPrice } }
  }
}`;
/** The order of these lines, placed by `session` (the buyer unless named). */
const placeLines = (lines: object[], session = buyer) => app.gql(PLACE, { input: { ...contact, lines } }, session);
const stockOf = async (id: string) => (await app.db.getRepository(Product).findOneByOrFail({ id })).quantity;
const engravable = (overrides: ProductFixture = {}) =>
  app.product({ engravable: true, engravingPrice: 7, engravingMaxLength: 20, ...overrides });

test('a two-line order (one engraved): each line priced from the database, one total, every line taken from stock, the event carries both lines', async () => {
  const chef = await app.product({ price: 90, quantity: 10 });
  const paring = await engravable({ price: 30, quantity: 5 });
  const { data, errors } = await placeLines([
    { productId: chef.id, quantity: 2 },
    { productId: paring.id, quantity: 3, engraving: { text: 'Ada', font: 'serif' } },
  ]);
  expect(errors).toBeUndefined();
  const order = data!.placeOrder;
  expect(order.totalPrice).toBe(2 * 90 + 3 * (30 + 7));
  // The older flat fields are the first line's.
  expect(order).toMatchObject({ name: chef.name, quantity: 2 });
  expect(order.lines).toEqual([
    { product: { id: chef.id }, name: chef.name, quantity: 2, unitPrice: 90, lineTotal: 180, engraving: null },
    {
      product: { id: paring.id },
      name: paring.name,
      quantity: 3,
      unitPrice: 30,
      lineTotal: 111,
      engraving: { text: 'Ada', font: 'serif', unitPrice: 7 },
    },
  ]);
  expect([await stockOf(chef.id), await stockOf(paring.id)]).toEqual([8, 2]);
  const [event] = await app.db.query(`SELECT payload FROM "outbox_event" WHERE "aggregateId" = $1 AND name = 'order.placed'`, [order.id]);
  expect(event.payload.total).toBe(291);
  expect(event.payload.lines.map((l: { productName: string; unitPrice: number }) => [l.productName, l.unitPrice])).toEqual([
    [chef.name, 90],
    [paring.name, 37],
  ]);
});

test('anonymous callers are refused before the input is read', async () => {
  const product = await app.product();
  const answer = await app.gql(PLACE, { input: { ...contact, lines: [{ productId: product.id, quantity: 0 }] } });
  expect(codeOf(answer)).toBe('UNAUTHENTICATED');
  expect(await stockOf(product.id)).toBe(10);
});

describe('refusals are all or nothing and name the line', () => {
  const refused = async (input: Record<string, unknown>, touched: Product[]) => {
    const before = await app.db.getRepository(Order).count();
    const answer = await app.gql(PLACE, { input: { ...contact, ...input } }, buyer);
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    expect(await app.db.getRepository(Order).count()).toBe(before);
    for (const product of touched) expect(await stockOf(product.id)).toBe(product.quantity);
    return messageOf(answer);
  };

  test('a line short of stock', async () => {
    const plenty = await app.product({ quantity: 10 });
    const few = await app.product({ name: 'Engraved Santoku 7"', quantity: 3 });
    const lines = [
      { productId: plenty.id, quantity: 2 },
      { productId: few.id, quantity: 4 },
    ];
    expect(await refused({ lines }, [plenty, few])).toBe('Only 3 left of Engraved Santoku 7"');
  });

  test("a line under its product's minimum, and a bad engraving", async () => {
    const a = await app.product({ quantity: 10 });
    const b = await app.product({ quantity: 10, minimumQuantity: 3 });
    expect(
      await refused(
        {
          lines: [
            { productId: a.id, quantity: 1 },
            { productId: b.id, quantity: 2 },
          ],
        },
        [a, b],
      ),
    ).toBe(`${b.name}: Minimum Quantity Required`);
    const plain = await app.product({ quantity: 10 });
    const message = await refused(
      {
        lines: [
          { productId: a.id, quantity: 1 },
          { productId: plain.id, quantity: 1, engraving: { text: 'Hi', font: 'serif' } },
        ],
      },
      [a, plain],
    );
    expect(message).toMatch(new RegExp(`^${plain.name}: `));
  });

  test('the same product twice with the same engraving; with different engravings it is two lines', async () => {
    const knife = await engravable({ quantity: 10 });
    const same = { productId: knife.id, quantity: 1, engraving: { text: 'Bo', font: 'mono' } };
    expect(await refused({ lines: [same, { ...same, quantity: 2 }] }, [knife])).toBe(
      'Line 2: The same product appears on two lines with the same engraving; change the quantity of one instead',
    );
    const { errors, data } = await app.gql(
      PLACE,
      { input: { ...contact, lines: [same, { ...same, engraving: { text: 'Cy', font: 'mono' } }] } },
      buyer,
    );
    expect(errors).toBeUndefined();
    expect(data!.placeOrder.lines).toHaveLength(2);
    expect(await stockOf(knife.id)).toBe(8);
  });

  test('more than 20 lines, no lines, and both input forms at once', async () => {
    const knife = await engravable({ quantity: 100 });
    const many = Array.from({ length: 21 }, (_, i) => ({ productId: knife.id, quantity: 1, engraving: { text: `N${i}`, font: 'serif' } }));
    expect(await refused({ lines: many }, [knife])).toBe('An order may have at most 20 lines');
    expect(await refused({ lines: [] }, [knife])).toBe('An order needs at least one line');
    expect(await refused({ lines: [{ productId: knife.id, quantity: 1 }], productId: knife.id, quantity: 1 }, [knife])).toBe(
      'Give either lines or productId, quantity and engraving, not both',
    );
  });

  test('the held-units limit counts units across lines and orders', async () => {
    const limited = await startTestApp({ MAX_HELD_UNITS_PER_PRODUCT: '5' });
    try {
      const session = await limited.customer('hoard');
      const knife = await limited.product({ quantity: 50, engravable: true, engravingPrice: 1 });
      const lines = [
        { productId: knife.id, quantity: 3 },
        { productId: knife.id, quantity: 3, engraving: { text: 'X', font: 'serif' } },
      ];
      const answer = await limited.gql(PLACE, { input: { ...contact, lines } }, session);
      expect(messageOf(answer)).toBe(`An order may hold at most 5 units of ${knife.name} until it is paid`);
      expect((await limited.gql(PLACE, { input: { ...contact, lines: [lines[0]] } }, session)).errors).toBeUndefined();
      const again = await limited.gql(PLACE, { input: { ...contact, lines: [{ ...lines[1], quantity: 3 }] } }, session);
      expect(messageOf(again)).toBe(`You already hold 3 unpaid units of ${knife.name}; pay for or cancel an order first`);
    } finally {
      await limited.close();
    }
  });
});

test('cancelling returns every line once; an admin refund too', async () => {
  const a = await app.product({ quantity: 10 });
  const b = await engravable({ quantity: 10 });
  const place = async () =>
    (
      await placeLines([
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 1 },
        { productId: b.id, quantity: 3, engraving: { text: 'Z', font: 'block' } },
      ])
    ).data!.placeOrder.id as string;
  const first = await place();
  expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([8, 6]);
  const cancels = await Promise.all(
    [1, 2, 3].map(() => app.gql('mutation($id: ID!) { cancelOrder(id: $id) { state } }', { id: first }, buyer)),
  );
  expect(cancels.filter((c) => !c.errors)).toHaveLength(1);
  expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 10]);

  const second = await place();
  await app.payOrder(buyer, second);
  const refund = await app.gql('mutation($id: ID!) { cancelOrder(id: $id) { state } }', { id: second }, admin);
  expect(refund.data?.cancelOrder.state).toBe(OrderState.Refunded);
  expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 10]);
});

test('REST answers the flat fields from the first line, the total and every line; another customer is refused', async () => {
  const a = await app.product({ price: 40 });
  const b = await engravable({ price: 10 });
  const { data } = await placeLines([
    { productId: a.id, quantity: 1 },
    { productId: b.id, quantity: 2, engraving: { text: 'Ed', font: 'script' } },
  ]);
  const id = data!.placeOrder.id;
  const { status, body } = await api('GET', `/orders/${id}`, { as: buyer });
  expect(status).toBe(200);
  expect(body).toMatchObject({
    _id: id,
    name: a.name,
    productCode: a.id,
    quantity: 1,
    price: 40,
    totalPrice: 40 + 2 * 17,
    engraving: null,
  });
  // Products without options: their one variant's SKU, no variant name.
  const skuOf = async (productId: string) => (await app.db.getRepository(ProductVariantRow).findOneByOrFail({ productId })).sku;
  expect(body.lines).toEqual([
    {
      productCode: a.id,
      name: a.name,
      variantName: null,
      sku: await skuOf(a.id),
      img: a.img,
      quantity: 1,
      unitPrice: 40,
      engraving: null,
      lineTotal: 40,
      discount: 0,
      proofRequired: false,
      proofStatus: null,
    },
    {
      productCode: b.id,
      name: b.name,
      variantName: null,
      sku: await skuOf(b.id),
      img: b.img,
      quantity: 2,
      unitPrice: 10,
      engraving: { text: 'Ed', font: 'script', placement: 'BladeLeft', unitPrice: 7 },
      lineTotal: 34,
      discount: 0,
      proofRequired: false,
      proofStatus: null,
    },
  ]);
  expect((await api('GET', `/orders/${id}`, { as: other })).status).toBe(403);
  expect((await api('GET', `/orders/${id}`)).status).toBe(401);
  const list = await api('GET', `/orders?email=${encodeURIComponent(buyer.email)}`, { as: buyer });
  expect(list.body.find((o: { _id: string }) => o._id === id).lines).toHaveLength(2);
});

test("the engraved filter matches an order whose second line is engraved, and the payment is for the order's total", async () => {
  const a = await app.product({ price: 20 });
  const b = await engravable({ price: 10 });
  const { data } = await placeLines([
    { productId: a.id, quantity: 1 },
    { productId: b.id, quantity: 1, engraving: { text: 'Q', font: 'serif' } },
  ]);
  const id = data!.placeOrder.id;
  const list = await app.gql('{ orders(options: { engraved: true, take: 100 }) { items { id } } }', {}, admin);
  expect(list.data!.orders.items.map((o: { id: string }) => o.id)).toContain(id);
  const plain = await app.gql('{ orders(options: { engraved: false, take: 100 }) { items { id } } }', {}, admin);
  expect(plain.data!.orders.items.map((o: { id: string }) => o.id)).not.toContain(id);
  const paid = await app.payOrder(buyer, id);
  expect(paid.state).toBe(OrderState.Paid);
  const [intent] = await app.db.query(`SELECT amount FROM "test_payment_intent" WHERE "orderId" = $1`, [id]);
  expect(Number(intent.amount)).toBe((20 + 10 + 7) * 100);
});

test('two-line carts over overlapping products at the same moment: no oversell, no deadlock, every order holds both lines', async () => {
  const products = await Promise.all([0, 1, 2].map(() => app.product({ quantity: 10 })));
  const buyers = await Promise.all(Array.from({ length: 6 }, (_, i) => app.customer(`racer${i}`)));
  // Carts take (0,1), (1,2) and (2,0) in both listed orders: without a fixed lock order these deadlock.
  const pairs = [0, 1, 2].flatMap((x) => [1, 2].map((step) => [x, (x + step) % 3]));
  const answers = await Promise.all(
    Array.from({ length: 36 }, (_, i) =>
      app.gql(
        PLACE,
        {
          input: {
            ...contact,
            lines: pairs[i % pairs.length].map((p) => ({ productId: products[p].id, quantity: 1 })),
          },
        },
        buyers[i % buyers.length],
      ),
    ),
  );
  const accepted = answers.filter((a) => !a.errors);
  for (const answer of answers.filter((a) => a.errors)) expect(messageOf(answer)).toMatch(/is sold out$|^Only \d+ left of /);
  const stocks = await Promise.all(products.map((p) => stockOf(p.id)));
  // Every accepted order took two units, one from each of two products.
  expect(stocks.every((s) => s >= 0)).toBe(true);
  expect(30 - stocks.reduce((a, b) => a + b, 0)).toBe(2 * accepted.length);
  const lines = await app.db.getRepository(OrderLine).count({ where: accepted.map((a) => ({ orderId: a.data!.placeOrder.id })) });
  expect(lines).toBe(2 * accepted.length);
  // Stock only falls, so two products with units left would mean a cart over both was refused wrongly.
  expect(stocks.filter((s) => s > 0).length).toBeLessThanOrEqual(1);
});

test('orders.csv has one row per line, the order total on each, engraving per line', async () => {
  const a = await app.product({ name: `Csv Chef ${Date.now()}`, price: 50 });
  const b = await engravable({ price: 20 });
  const { data } = await placeLines([
    { productId: a.id, quantity: 1 },
    { productId: b.id, quantity: 2, engraving: { text: 'Row', font: 'mono' } },
  ]);
  const id = data!.placeOrder.id;
  const response = await fetch(`${app.url}/api/admin/export/orders.csv?search=${encodeURIComponent(a.name)}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const rows = (await response.text()).split('\r\n').filter(Boolean);
  expect(rows.slice(1).map((row) => row.split(',').filter((_, i) => [0, 1, 3, 8, 9, 10, 11].includes(i)))).toEqual([
    [id, '1', a.name, '1', '50', '50', '104'],
    [id, '2', b.name, '2', '20', '54', '104'],
  ]);
  // The engraving's three columns, then the variant's (none for these products), its SKU, no measure, the order's currency, no discount, no gift message or note.
  expect(rows[0].endsWith(',variant,sku,customValue,currency,discountCode,lineDiscount,orderDiscount,giftMessage,workshopNote')).toBe(true);
  expect(rows[1]).toMatch(/,,,,,[A-Z0-9-]+,,USD,,0,0,,$/);
  expect(rows[2]).toMatch(/,Row,mono,7,,[A-Z0-9-]+,,USD,,0,0,,$/);
  const refused = await fetch(`${app.url}/api/admin/export/orders.csv`, { headers: { authorization: `Bearer ${buyer.token}` } });
  expect(refused.status).toBe(403);
});
