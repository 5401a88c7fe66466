import { Product, ProductKind } from '../../src/modules/catalog/product.entity';
import { UK } from '../support/addresses';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';
import { ukZone } from '../discounts/support';

/**
 * A product's kind set by staff (GraphQL createProduct/updateProduct, REST POST and PUT /products):
 * admin only; a gift card is never age-restricted nor engravable; a product that has been ordered
 * keeps its kind.
 */

let app: TestApp;
let admin: TestSession;
let customer: TestSession;
let api: ReturnType<typeof restClient>;

beforeAll(async () => {
  app = await startTestApp();
  api = restClient(app);
  [admin, customer] = await Promise.all([app.adminUser(), app.customer('kinds')]);
  await ukZone(app, admin);
});
afterAll(() => app.close());

const CREATE = `mutation($input: ProductInput!) { createProduct(input: $input) { id kind ageRestricted engravable } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { id kind ageRestricted } }`;
let serial = 0;
const fields = (extra: Record<string, unknown> = {}) => ({
  name: `Gift card ${++serial}`,
  description: 'A card for the knife of their choosing',
  priceAmount: 5000,
  quantity: 0,
  minimumQuantity: 1,
  img: '/images/gift-card.svg',
  ...extra,
});

test('an admin adds a gift card product and a knife; the kind is kept and read back', async () => {
  const card = (await app.gql(CREATE, { input: fields({ kind: 'GIFT_CARD' }) }, admin)).data!.createProduct;
  expect(card).toMatchObject({ kind: 'GIFT_CARD', ageRestricted: false, engravable: false });
  expect((await app.db.getRepository(Product).findOneByOrFail({ id: card.id })).kind).toBe(ProductKind.GIFT_CARD);
  const knife = (await app.gql(CREATE, { input: fields() }, admin)).data!.createProduct;
  expect(knife.kind).toBe('KNIFE');
});

test('anonymous gets 401 and a customer 403 for a kind, on GraphQL and REST, and nothing is written', async () => {
  const before = await app.db.getRepository(Product).count();
  const anonymous = await app.gql(CREATE, { input: fields({ kind: 'GIFT_CARD' }) });
  expect(codeOf(anonymous)).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql(CREATE, { input: fields({ kind: 'GIFT_CARD' }) }, customer))).toBe('FORBIDDEN');
  const knife = await app.product();
  expect(codeOf(await app.gql(UPDATE, { id: knife.id, input: { ...fields(), kind: 'GIFT_CARD' } }, customer))).toBe('FORBIDDEN');
  expect((await api('POST', '/products', { body: fields({ kind: 'GIFT_CARD' }) })).status).toBe(401);
  expect((await api('POST', '/products', { as: customer, body: fields({ kind: 'GIFT_CARD' }) })).status).toBe(403);
  expect((await api('PUT', `/products/${knife.id}`, { as: customer, body: { ...fields(), kind: 'GIFT_CARD' } })).status).toBe(403);
  expect(await app.db.getRepository(Product).count()).toBe(before + 1);
  expect((await app.db.getRepository(Product).findOneByOrFail({ id: knife.id })).kind).toBe(ProductKind.KNIFE);
});

test('a gift card cannot be age-restricted, have its own minimum age or be engraved, whether added or changed to one', async () => {
  expect(messageOf(await app.gql(CREATE, { input: fields({ kind: 'GIFT_CARD', ageRestricted: true }) }, admin))).toBe(
    'A gift card cannot be age-restricted',
  );
  expect(messageOf(await app.gql(CREATE, { input: fields({ kind: 'GIFT_CARD', minimumAge: 18 }) }, admin))).toBe(
    'A gift card cannot be age-restricted',
  );
  expect(messageOf(await app.gql(CREATE, { input: fields({ kind: 'GIFT_CARD', engravable: true }) }, admin))).toBe(
    'A gift card cannot be engraved',
  );
  const blade = await app.product({ ageRestricted: true });
  const refused = await app.gql(UPDATE, { id: blade.id, input: { ...fields(), kind: 'GIFT_CARD' } }, admin);
  expect([codeOf(refused), messageOf(refused)]).toEqual(['BAD_USER_INPUT', 'A gift card cannot be age-restricted']);
  expect((await app.db.getRepository(Product).findOneByOrFail({ id: blade.id })).kind).toBe(ProductKind.KNIFE);
  const changed = await app.gql(UPDATE, { id: blade.id, input: { ...fields(), kind: 'GIFT_CARD', ageRestricted: false } }, admin);
  expect(changed.data!.updateProduct).toMatchObject({ kind: 'GIFT_CARD', ageRestricted: false });
  const card = changed.data!.updateProduct.id;
  expect(messageOf(await app.gql(UPDATE, { id: card, input: { ...fields(), ageRestricted: true } }, admin))).toBe(
    'A gift card cannot be age-restricted',
  );
  expect(messageOf(await app.gql(CREATE, { input: fields({ kind: 'VOUCHER' }) }, admin))).toMatch(/ProductKind/);
});

test('REST takes and answers the kind; an unknown kind is a 400 naming the kinds', async () => {
  const body = fields({ kind: 'GIFT_CARD' });
  const created = await api('POST', `/products?productname=${encodeURIComponent(body.name)}`, { as: admin, body });
  expect(created.status).toBe(200);
  expect(created.body.product).toMatchObject({ kind: 'GIFT_CARD', ageRestricted: false });
  const wrong = await api('POST', '/products', { as: admin, body: fields({ kind: 'VOUCHER' }) });
  expect(wrong).toMatchObject({ status: 400, body: { message: 'Kind must be one of KNIFE, GIFT_CARD' } });
});

test('a product that has been ordered keeps its kind; other changes to it still go through', async () => {
  const knife = await app.product({ price: 40, quantity: 10 });
  const placed = await app.gql(
    'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
    { input: { lines: [{ productId: knife.id, quantity: 1 }], phone: UK.phone, shippingAddress: UK } },
    customer,
  );
  expect(placed.errors).toBeUndefined();
  const refused = await app.gql(UPDATE, { id: knife.id, input: { ...fields({ name: knife.name }), kind: 'GIFT_CARD' } }, admin);
  expect(messageOf(refused)).toBe(`${knife.name} has been ordered: it stays a knife; add a new product instead`);
  expect((await app.db.getRepository(Product).findOneByOrFail({ id: knife.id })).kind).toBe(ProductKind.KNIFE);
  const same = await app.gql(UPDATE, { id: knife.id, input: { ...fields({ name: knife.name, quantity: 9 }), kind: 'KNIFE' } }, admin);
  expect(same.errors).toBeUndefined();
});

test('a gift card takes no stock: listed in stock with none, never low', async () => {
  const card = (await app.gql(CREATE, { input: fields({ kind: 'GIFT_CARD', quantity: 0 }) }, admin)).data!.createProduct;
  const LIST = `query($options: ProductListOptions) { products(options: $options) { items { id } } }`;
  const ids = async (options: Record<string, unknown>) =>
    (await app.gql(LIST, { options: { take: 100, ...options } }, admin)).data!.products.items.map((item: { id: string }) => item.id);
  expect(await ids({ inStock: true })).toContain(card.id);
  expect(await ids({ lowStock: true })).not.toContain(card.id);
});
