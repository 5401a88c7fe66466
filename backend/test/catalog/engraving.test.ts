import { Product } from '../../src/modules/catalog/product.entity';
import { Order } from '../../src/modules/orders/order.entity';
import { codeOf, messageOf, type ProductFixture, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';

let app: TestApp;
let api: ReturnType<typeof restClient>;
let admin: TestSession;
let buyer: TestSession;

beforeAll(async () => {
  app = await startTestApp({ MAX_UNPAID_ORDERS: '1000' });
  api = restClient(app);
  [admin, buyer] = await Promise.all([app.adminUser(), app.customer('engraver')]);
});
afterAll(() => app.close());

const PLACE =
  'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id price totalPrice quantity engraving { text font unitPrice } } }';
const ORDER = 'query($id: ID!) { order(id: $id) { id totalPrice engraving { text font unitPrice } } }';
const ORDERS = 'query($options: OrderListOptions) { orders(options: $options) { totalItems items { id engraving { text } } } }';
const CREATE_PRODUCT =
  'mutation($input: ProductInput!) { createProduct(input: $input) { id engravable engravingMaxLength engravingPrice } }';
const UPDATE_PRODUCT =
  'mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { id engravable engravingMaxLength engravingPrice } }';

const contact = { phone: '+1 555 0100', address: '1 Test Street' };
const input = (productId: string, quantity: number, engraving?: unknown) => ({
  productId,
  quantity,
  ...contact,
  ...(engraving === undefined ? {} : { engraving }),
});
const engravable = (overrides: ProductFixture = {}) =>
  app.product({ price: 100, quantity: 20, engravable: true, engravingMaxLength: 12, engravingPrice: 15, ...overrides });
const stockOf = async (id: string) => (await app.db.getRepository(Product).findOneByOrFail({ id })).quantity;
const ordersOf = (productId: string) => app.db.getRepository(Order).countBy({ productId });

describe('engravingFonts', () => {
  test('lists the four bundled fonts, for anyone', async () => {
    const res = await app.gql<{ engravingFonts: { id: string; name: string }[] }>('{ engravingFonts { id name } }');
    expect(res.errors).toBeUndefined();
    expect(res.data!.engravingFonts.map((font) => font.id)).toEqual(['serif', 'script', 'block', 'mono']);
    expect(res.data!.engravingFonts.every((font) => font.name.length > 0)).toBe(true);
  });
});

describe('placeOrder with an engraving', () => {
  test('the total is quantity x (price + engravingPrice), and the order keeps text, font and unit surcharge', async () => {
    const product = await engravable();
    const res = await app.gql(PLACE, { input: input(product.id, 3, { text: 'For Sam & Léa - 1999!', font: 'script' }) }, buyer);
    // 21 characters: over the product's 12, so first the limit is raised.
    expect(messageOf(res)).toBe('Engraving is too long (at most 12 characters)');
    await app.db.getRepository(Product).update({ id: product.id }, { engravingMaxLength: 21 });
    const placed = await app.gql(PLACE, { input: input(product.id, 3, { text: 'For Sam & Léa - 1999!', font: 'script' }) }, buyer);
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeOrder).toMatchObject({
      price: 100,
      quantity: 3,
      totalPrice: 345,
      engraving: { text: 'For Sam & Léa - 1999!', font: 'script', unitPrice: 15 },
    });
    expect(await stockOf(product.id)).toBe(17);
  });

  test('without an engraving (absent, null or empty text) there is no surcharge', async () => {
    const product = await engravable();
    for (const engraving of [undefined, null, { text: '', font: 'serif' }]) {
      const res = await app.gql(PLACE, { input: input(product.id, 2, engraving) }, buyer);
      expect(res.errors).toBeUndefined();
      expect(res.data!.placeOrder).toMatchObject({ totalPrice: 200, engraving: null });
    }
  });

  test('the snapshot survives a later edit of the product', async () => {
    const product = await engravable();
    const placed = await app.gql(PLACE, { input: input(product.id, 1, { text: 'Keep me', font: 'mono' }) }, buyer);
    const id = placed.data!.placeOrder.id;
    const edited = await app.gql(
      UPDATE_PRODUCT,
      {
        id: product.id,
        input: {
          img: product.img,
          price: 500,
          quantity: 20,
          minimumQuantity: 1,
          engravable: false,
          engravingPrice: 99,
          engravingMaxLength: 3,
        },
      },
      admin,
    );
    expect(edited.errors).toBeUndefined();
    const res = await app.gql(ORDER, { id }, buyer);
    expect(res.data!.order).toEqual({ id, totalPrice: 115, engraving: { text: 'Keep me', font: 'mono', unitPrice: 15 } });
  });

  test.each([
    ['a character outside the allowed set', { text: 'Sam <3', font: 'serif' }, "Engraving may use letters, digits, spaces and . , ' & - !"],
    ['an emoji', { text: 'Sam 🔪', font: 'serif' }, "Engraving may use letters, digits, spaces and . , ' & - !"],
    ['a leading space', { text: ' Sam', font: 'serif' }, 'Engraving may not start or end with a space'],
    ['a trailing space', { text: 'Sam ', font: 'serif' }, 'Engraving may not start or end with a space'],
    ['only spaces', { text: '   ', font: 'serif' }, 'Engraving may not start or end with a space'],
    ['too many characters', { text: 'Thirteen char', font: 'serif' }, 'Engraving is too long (at most 12 characters)'],
    ['an unknown font', { text: 'Sam', font: 'comic-sans' }, 'Choose an engraving font from the list'],
  ])('%s is refused with a clear message, and nothing changes', async (_case, engraving, message) => {
    const product = await engravable();
    const res = await app.gql(PLACE, { input: input(product.id, 1, engraving) }, buyer);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(messageOf(res)).toBe(message);
    expect(await stockOf(product.id)).toBe(20);
    expect(await ordersOf(product.id)).toBe(0);
  });

  test('accented letters, composed or not, count as one character each', async () => {
    const product = await engravable({ engravingMaxLength: 4 });
    const res = await app.gql(PLACE, { input: input(product.id, 1, { text: 'Le\u0301a', font: 'serif' }) }, buyer);
    expect(res.errors).toBeUndefined();
    expect(res.data!.placeOrder.engraving.text).toBe('Léa');
  });

  test('a product that is not engravable refuses an engraving', async () => {
    const product = await app.product({ price: 30 });
    const res = await app.gql(PLACE, { input: input(product.id, 1, { text: 'Sam', font: 'serif' }) }, buyer);
    expect(messageOf(res)).toBe('This product cannot be engraved');
    expect(await ordersOf(product.id)).toBe(0);
  });

  test('anonymous callers must sign in before the engraving is looked at', async () => {
    const product = await engravable();
    const res = await app.gql(PLACE, { input: input(product.id, 1, { text: ' bad <', font: 'nope' }) });
    expect(codeOf(res)).toBe('UNAUTHENTICATED');
    expect(await ordersOf(product.id)).toBe(0);
  });
});

describe('REST POST /api/orders with an engraving', () => {
  test('accepts the engraving object and answers it with the surcharged total', async () => {
    const product = await engravable();
    const { status, body } = await api('POST', '/orders', {
      as: buyer,
      body: { productCode: product.id, quantity: 2, ...contact, totalPrice: 1, engraving: { text: 'For Sam', font: 'block' } },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ message: 'Order Placed', totalPrice: 230, engraving: { text: 'For Sam', font: 'block', unitPrice: 15 } });
    const fetched = await api('GET', `/orders/${body._id}`, { as: buyer });
    expect(fetched.body.engraving).toEqual({ text: 'For Sam', font: 'block', placement: 'BladeLeft', unitPrice: 15 });
  });

  test('refuses a malformed engraving, a bad text and an unengravable product, and takes no stock', async () => {
    const product = await engravable();
    const plain = await app.product();
    const cases: [string, unknown, string][] = [
      [product.id, 'For Sam', 'engraving must be an object with text, font and placement'],
      [product.id, { text: 42, font: 'serif' }, 'engraving.text must be text'],
      [product.id, { text: 'For Sam' }, 'Choose an engraving font from the list'],
      [product.id, { text: 'x'.repeat(13), font: 'serif' }, 'Engraving is too long (at most 12 characters)'],
      [plain.id, { text: 'For Sam', font: 'serif' }, 'This product cannot be engraved'],
    ];
    for (const [productCode, engraving, message] of cases) {
      expect(await api('POST', '/orders', { as: buyer, body: { productCode, quantity: 1, ...contact, engraving } })).toEqual({
        status: 400,
        body: { message },
      });
    }
    expect(await stockOf(product.id)).toBe(20);
    expect(await stockOf(plain.id)).toBe(10);
  });

  test('anonymous callers get 401, even with a bad engraving', async () => {
    const product = await engravable();
    const { status } = await api('POST', '/orders', { body: { productCode: product.id, quantity: 1, ...contact, engraving: 'bad' } });
    expect(status).toBe(401);
  });
});

describe("a product's engraving settings", () => {
  const newProduct = (name: string, extra: object = {}) => ({
    name,
    description: 'A knife',
    price: 50,
    quantity: 5,
    minimumQuantity: 1,
    img: '/images/santoku.svg',
    ...extra,
  });

  test('a new product is not engravable by default, with 24 characters and no surcharge; an admin sets and changes them', async () => {
    const plain = await app.gql(CREATE_PRODUCT, { input: newProduct('Plain settings knife') }, admin);
    expect(plain.data!.createProduct).toMatchObject({ engravable: false, engravingMaxLength: 24, engravingPrice: 0 });
    const set = await app.gql(
      CREATE_PRODUCT,
      { input: newProduct('Engraved settings knife', { engravable: true, engravingMaxLength: 40, engravingPrice: 9 }) },
      admin,
    );
    expect(set.data!.createProduct).toMatchObject({ engravable: true, engravingMaxLength: 40, engravingPrice: 9 });
    const id = set.data!.createProduct.id;
    const kept = await app.gql(
      UPDATE_PRODUCT,
      { id, input: { img: '/images/santoku.svg', price: 50, quantity: 5, minimumQuantity: 1, engravingPrice: 11 } },
      admin,
    );
    expect(kept.data!.updateProduct).toEqual({ id, engravable: true, engravingMaxLength: 40, engravingPrice: 11 });
  });

  test('out-of-range settings are refused and nothing changes', async () => {
    const product = await engravable();
    const base = { img: product.img, price: 100, quantity: 20, minimumQuantity: 1 };
    for (const [extra, message] of [
      [{ engravingMaxLength: 0 }, 'Engraving length must be between 1 and 40'],
      [{ engravingMaxLength: 41 }, 'Engraving length must be between 1 and 40'],
      [{ engravingPrice: -1 }, 'Engraving price must be between 0 and 10000'],
    ] as const) {
      const res = await app.gql(UPDATE_PRODUCT, { id: product.id, input: { ...base, ...extra } }, admin);
      expect(messageOf(res)).toBe(message);
    }
    const rest = await api('PUT', `/products/${product.id}`, { as: admin, body: { ...base, engravable: 'yes' } });
    expect(rest).toEqual({ status: 400, body: { message: 'engravable must be true or false' } });
    expect(await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).toMatchObject({
      engravable: true,
      engravingMaxLength: 12,
      engravingAmount: 1500,
    });
  });

  test('REST carries the settings on products and takes them on create and update', async () => {
    const created = await api('POST', '/products', {
      as: admin,
      body: newProduct('REST engraved knife', { engravable: true, engravingPrice: 7 }),
    });
    expect(created.body.product).toMatchObject({ engravable: true, engravingMaxLength: 24, engravingPrice: 7 });
    const listed = await api('GET', `/products?id=${created.body.product._id}`);
    expect(listed.body[0]).toMatchObject({ engravable: true, engravingMaxLength: 24, engravingPrice: 7 });
  });

  test('a customer may not change them', async () => {
    const product = await engravable();
    const res = await app.gql(
      UPDATE_PRODUCT,
      { id: product.id, input: { img: product.img, price: 100, quantity: 20, minimumQuantity: 1, engravingPrice: 0 } },
      buyer,
    );
    expect(codeOf(res)).toBe('FORBIDDEN');
    expect((await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).engravingAmount).toBe(1500);
  });
});

describe('admin views of engraved orders', () => {
  test('All Orders filters engraved or not, and the CSV export carries the engraving', async () => {
    const product = await engravable({ name: 'Filter engraving knife' });
    const engraved = await app.gql(PLACE, { input: input(product.id, 1, { text: 'Filter me', font: 'serif' }) }, buyer);
    const plain = await app.gql(PLACE, { input: input(product.id, 1) }, buyer);
    const search = 'Filter engraving knife';

    const only = await app.gql(ORDERS, { options: { search, engraved: true } }, admin);
    expect(only.data!.orders.items).toEqual([{ id: engraved.data!.placeOrder.id, engraving: { text: 'Filter me' } }]);
    const none = await app.gql(ORDERS, { options: { search, engraved: false } }, admin);
    expect(none.data!.orders.items).toEqual([{ id: plain.data!.placeOrder.id, engraving: null }]);
    expect((await app.gql(ORDERS, { options: { search } }, admin)).data!.orders.totalItems).toBe(2);
    expect(codeOf(await app.gql(ORDERS, { options: { search, engraved: true } }, buyer))).toBe('FORBIDDEN');

    const response = await fetch(`${app.url}/api/admin/export/orders.csv?search=${encodeURIComponent(search)}&engraved=true`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const lines = (await response.text()).split('\r\n').filter(Boolean);
    expect(
      lines[0].endsWith(
        ',engravingText,engravingFont,engravingUnitPrice,variant,sku,customValue,currency,discountCode,lineDiscount,orderDiscount,giftMessage,workshopNote',
      ),
    ).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,Filter me,serif,15,,[A-Z0-9-]+,,USD,,0,0,,$/);
    const bad = await fetch(`${app.url}/api/admin/export/orders.csv?engraved=maybe`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(bad.status).toBe(400);
  });
});
