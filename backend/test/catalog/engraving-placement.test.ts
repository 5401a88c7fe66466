import { Product } from '../../src/modules/catalog/product.entity';
import { OrderLine } from '../../src/modules/orders/order-line.entity';
import { EngravingPlacement } from '../../src/modules/catalog/engraving';
import { codeOf, messageOf, type ProductFixture, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { UK } from '../support/addresses';
import { restClient } from '../support/rest-client';

/** Where an engraving goes (issue 52): the product lists the places, the customer chooses one, the order keeps it. */
let app: TestApp;
let api: ReturnType<typeof restClient>;
let admin: TestSession;
let buyer: TestSession;

beforeAll(async () => {
  app = await startTestApp({ MAX_UNPAID_ORDERS: '1000' });
  api = restClient(app);
  [admin, buyer] = await Promise.all([app.adminUser(), app.customer('placer')]);
});
afterAll(() => app.close());

const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  id engraving { placement } lines { engraving { text font placement } } } }`;
const QUOTE = 'query($input: ShippingOptionsInput!) { orderQuote(input: $input) { totals { total { amount } } } }';
const PRODUCT_FIELDS = 'id engravable engravingPlacements';
const CREATE = `mutation($input: ProductInput!) { createProduct(input: $input) { ${PRODUCT_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { ${PRODUCT_FIELDS} } }`;

const contact = { phone: '+1 555 0100', address: '1 Test Street' };
const engravable = (overrides: ProductFixture = {}) =>
  app.product({ price: 100, quantity: 20, engravable: true, engravingMaxLength: 20, engravingPrice: 10, ...overrides });
const order = (productId: string, engraving: Record<string, unknown>) => ({
  lines: [{ productId, quantity: 1, engraving: { text: 'For Sam', font: 'serif', ...engraving } }],
  ...contact,
});
const newProduct = (extra: Record<string, unknown> = {}) => ({
  name: `Placed Knife ${Math.random().toString(36).slice(2, 8)}`,
  description: 'A knife',
  price: 80,
  quantity: 5,
  minimumQuantity: 1,
  img: '/images/santoku.svg',
  engravable: true,
  ...extra,
});

describe("a product's placements", () => {
  test('a new product offers the blade’s left face unless the admin lists others; an update changes them, in the order of the list', async () => {
    const made = await app.gql(CREATE, { input: newProduct() }, admin);
    expect(made.errors).toBeUndefined();
    expect(made.data!.createProduct.engravingPlacements).toEqual(['BladeLeft']);
    const changed = await app.gql(
      UPDATE,
      {
        id: made.data!.createProduct.id,
        input: {
          img: '/images/santoku.svg',
          price: 80,
          quantity: 5,
          minimumQuantity: 1,
          engravingPlacements: ['Handle', 'BladeRight', 'Handle'],
        },
      },
      admin,
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data!.updateProduct.engravingPlacements).toEqual(['BladeRight', 'Handle']);
    // A product made before placements (the column's default) offers the left face too.
    const old = await app.product({ engravable: true });
    expect((await app.db.getRepository(Product).findOneByOrFail({ id: old.id })).engravingPlacements).toEqual(['BladeLeft']);
  });

  test('an empty list is refused, by GraphQL and REST', async () => {
    const res = await app.gql(CREATE, { input: newProduct({ engravingPlacements: [] }) }, admin);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(messageOf(res)).toBe('Choose at least one place an engraving may go');
    const rest = await api('POST', '/products', { as: admin, body: { ...newProduct(), engravingPlacements: [] } });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe('Choose at least one place an engraving may go');
  });

  test('REST products answer their placements and take them', async () => {
    const rest = await api('POST', '/products', { as: admin, body: { ...newProduct(), engravingPlacements: ['Spine', 'Bolster'] } });
    expect(rest.status).toBeLessThan(300);
    expect(rest.body.product.engravingPlacements).toEqual(['Spine', 'Bolster']);
    const changed = await api('PUT', `/products/${rest.body.product._id}`, {
      as: admin,
      body: { price: 80, quantity: 5, minimumQuantity: 1, img: '/images/santoku.svg', engravingPlacements: ['Handle'] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.engravingPlacements).toEqual(['Handle']);
  });

  test('a customer may not set them', async () => {
    const product = await engravable();
    const res = await app.gql(
      UPDATE,
      { id: product.id, input: { img: product.img, price: 100, quantity: 20, minimumQuantity: 1, engravingPlacements: ['Spine'] } },
      buyer,
    );
    expect(res.errors).toBeDefined();
    expect((await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).engravingPlacements).toEqual(['BladeLeft']);
  });
});

describe('an engraved line chooses its placement', () => {
  test('one of the product’s placements is accepted and kept on the line and the order, for GraphQL and REST', async () => {
    const product = await engravable({ engravingPlacements: [EngravingPlacement.BladeLeft, EngravingPlacement.Spine] });
    const placed = await app.gql(PLACE, { input: order(product.id, { placement: 'Spine' }) }, buyer);
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeOrder.lines[0].engraving).toEqual({ text: 'For Sam', font: 'serif', placement: 'Spine' });
    expect(placed.data!.placeOrder.engraving).toEqual({ placement: 'Spine' });
    const line = await app.db.getRepository(OrderLine).findOneByOrFail({ orderId: placed.data!.placeOrder.id });
    expect(line.engravingPlacement).toBe('Spine');

    const rest = await api('POST', '/orders', {
      as: buyer,
      body: { productCode: product.id, quantity: 1, ...contact, engraving: { text: 'For Léa', font: 'block', placement: 'BladeLeft' } },
    });
    expect(rest.status).toBe(200);
    expect(rest.body.engraving).toMatchObject({ text: 'For Léa', placement: 'BladeLeft' });
    const fetched = await api('GET', `/orders/${rest.body._id}`, { as: buyer });
    expect(fetched.body.lines[0].engraving).toMatchObject({ placement: 'BladeLeft' });
  });

  test('a product with one placement gives it to a line that names none', async () => {
    const product = await engravable({ engravingPlacements: [EngravingPlacement.Handle] });
    const placed = await app.gql(PLACE, { input: order(product.id, {}) }, buyer);
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeOrder.lines[0].engraving.placement).toBe('Handle');
    const rest = await api('POST', '/orders', {
      as: buyer,
      body: { productCode: product.id, quantity: 1, ...contact, engraving: { text: 'For Sam', font: 'serif' } },
    });
    expect(rest.status).toBe(200);
    expect(rest.body.engraving.placement).toBe('Handle');
  });

  test('a product with several placements refuses a line that names none, saying which it offers', async () => {
    const product = await engravable({ engravingPlacements: [EngravingPlacement.BladeLeft, EngravingPlacement.BladeRight] });
    const res = await app.gql(PLACE, { input: order(product.id, {}) }, buyer);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(messageOf(res)).toBe('Choose where the engraving goes: Blade, left face, Blade, right face');
  });

  test('a placement the product does not offer is refused by placeOrder, orderQuote and REST, and nothing is ordered', async () => {
    const product = await engravable({ engravingPlacements: [EngravingPlacement.BladeLeft, EngravingPlacement.Spine] });
    const message = 'This product cannot be engraved on the Handle; choose one of: Blade, left face, Spine';
    const placed = await app.gql(PLACE, { input: order(product.id, { placement: 'Handle' }) }, buyer);
    expect(codeOf(placed)).toBe('BAD_USER_INPUT');
    expect(messageOf(placed)).toBe(message);
    const quote = await app.gql(QUOTE, {
      input: {
        lines: [{ productId: product.id, quantity: 1, engraving: { text: 'For Sam', font: 'serif', placement: 'Handle' } }],
        address: UK,
      },
    });
    expect(messageOf(quote)).toBe(message);
    const rest = await api('POST', '/orders', {
      as: buyer,
      body: { productCode: product.id, quantity: 1, ...contact, engraving: { text: 'For Sam', font: 'serif', placement: 'Handle' } },
    });
    expect(rest).toEqual({ status: 400, body: { message } });
    const unknown = await api('POST', '/orders', {
      as: buyer,
      body: { productCode: product.id, quantity: 1, ...contact, engraving: { text: 'For Sam', font: 'serif', placement: 'Tang' } },
    });
    expect(unknown).toEqual({
      status: 400,
      body: { message: 'This product cannot be engraved on the Tang; choose one of: Blade, left face, Spine' },
    });
    expect(await app.db.getRepository(OrderLine).countBy({ productId: product.id })).toBe(0);
  });

  test('an anonymous caller is refused before the placement is read (401 before 400)', async () => {
    const product = await engravable();
    const rest = await api('POST', '/orders', {
      body: { productCode: product.id, quantity: 1, ...contact, engraving: { text: 'For Sam', font: 'serif', placement: 'Tang' } },
    });
    expect(rest.status).toBe(401);
  });

  test('the same text on two placements is two lines', async () => {
    const product = await engravable({ engravingPlacements: [EngravingPlacement.BladeLeft, EngravingPlacement.BladeRight] });
    const engraving = { text: 'For Sam', font: 'serif' };
    const placed = await app.gql(
      PLACE,
      {
        input: {
          lines: [
            { productId: product.id, quantity: 1, engraving: { ...engraving, placement: 'BladeLeft' } },
            { productId: product.id, quantity: 1, engraving: { ...engraving, placement: 'BladeRight' } },
          ],
          ...contact,
        },
      },
      buyer,
    );
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeOrder.lines.map((line: { engraving: { placement: string } }) => line.engraving.placement)).toEqual([
      'BladeLeft',
      'BladeRight',
    ]);
  });
});
