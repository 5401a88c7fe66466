import { MAX_WHOLE_PRICE, NEW_PRODUCT_ENGRAVING } from '@keen/rules';
import { addProductInput, updateProductInput } from '@keen/rules/schemas';
import type { ZodType } from 'zod';
import { Product } from '../../src/modules/catalog/product.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';

/**
 * Add Product and Update Product validate with the same schemas (`@keen/rules/schemas`) the server
 * parses createProduct and updateProduct with: what one refuses, the others refuse in the same
 * words, over GraphQL and REST alike, and nothing is written.
 */
let app: TestApp;
let api: ReturnType<typeof restClient>;
let admin: TestSession;
beforeAll(async () => {
  app = await startTestApp();
  api = restClient(app);
  admin = await app.adminUser();
});
afterAll(() => app.close());

const CREATE =
  'mutation($input: ProductInput!) { createProduct(input: $input) { id quantity engravable engravingMaxLength engravingPrice } }';
const UPDATE = 'mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { id } }';

/** The message a form shows first: the first field, in the schema's order, that breaks a rule. */
const formMessage = (schema: ZodType, input: object) => schema.safeParse(input).error?.issues[0].message;

let counter = 0;
const newProduct = (overrides: Record<string, unknown> = {}) => ({
  name: `Schema Knife ${++counter}`,
  description: 'Hand-forged',
  price: 80,
  quantity: 12,
  minimumQuantity: 2,
  img: '/images/santoku.svg',
  ...overrides,
});
const update = (overrides: Record<string, unknown> = {}) => ({
  price: 99,
  quantity: 5,
  minimumQuantity: 1,
  img: '/images/new.svg',
  ...overrides,
});
const count = () => app.db.getRepository(Product).count();

/** The largest whole number a product's number takes: its column is 32-bit (GraphQL's Int reaches past it). */
const TOO_LARGE = 2_000_000_001;

test.each([
  ['a blank name', { name: '  ' }, 'Product Name is Required'],
  ['a name longer than its column', { name: 'K'.repeat(121) }, 'Product Name must be at most 120 characters'],
  ['a description over 5000 characters', { description: 'd'.repeat(5001) }, 'Product Description must be at most 5000 characters'],
  // The server used to answer 'Product Price must be at least 1' to this, and the form let it through.
  ['a whole price past what cents of the column hold', { price: MAX_WHOLE_PRICE + 1 }, 'Product Price must be at most 2000000'],
  ['a price in cents past what the column holds', { price: undefined, priceAmount: TOO_LARGE }, 'Product Price is too large'],
  ['a price in cents of 0', { price: undefined, priceAmount: 0 }, 'Product Price must be more than 0'],
  ['a negative stock', { quantity: -1 }, 'Product Quantity cannot be negative'],
  ['a stock past what the column holds', { quantity: TOO_LARGE }, 'Product Quantity must be at most 2000000000'],
  ['no minimum quantity (SPEC: the same message as the stock)', { minimumQuantity: null }, 'Product Quantity is Required'],
  ['a minimum quantity of 0', { minimumQuantity: 0 }, 'Minimum Quantity must be at least 1'],
  ['a blank photo', { img: ' ' }, 'Product Photo is Required'],
  ['an engraving length out of range', { engravingMaxLength: 41 }, 'Engraving length must be between 1 and 40'],
  ['an engraving price out of range', { engravingPrice: -1 }, 'Engraving price must be between 0 and 10000'],
  ['a negative engraving price in cents', { engravingAmount: -1 }, 'Engraving price cannot be negative'],
  ['a description and a price broken at once: the description first', { description: '', price: 0 }, 'Product Description is Required'],
])('a new product with %s is refused by the schema, createProduct and POST /products in the same words', async (_case, change, message) => {
  const before = await count();
  const input = newProduct(change);
  // A form sends what it lacks as absent; GraphQL and JSON bodies may send null.
  const formInput = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));
  expect(formMessage(addProductInput, formInput)).toBe(message);

  const res = await app.gql(CREATE, { input }, admin);
  expect({ code: codeOf(res), message: messageOf(res) }).toEqual({ code: 'BAD_USER_INPUT', message });
  expect(await api('POST', '/products', { as: admin, body: input })).toEqual({ status: 400, body: { message } });
  expect(await count()).toBe(before);
});

test('a new product may start with no stock, and without engraving settings gets the defaults: the schema and both APIs agree', async () => {
  // The Add Product form used to refuse a stock of 0 ('Product Quantity must be at least 1'); the server took it.
  const input = newProduct({ quantity: 0 });
  // The surcharge may come whole or in cents, so its default is the server's (below) rather than the schema's.
  const { engravingPrice, ...schemaDefaults } = NEW_PRODUCT_ENGRAVING;
  expect(addProductInput.parse(input)).toMatchObject({ quantity: 0, ...schemaDefaults });
  expect(addProductInput.parse(input).engravingPrice).toBeUndefined();
  expect(engravingPrice).toBe(0);

  const res = await app.gql(CREATE, { input }, admin);
  expect(res.errors).toBeUndefined();
  expect(res.data!.createProduct).toMatchObject({ quantity: 0, ...NEW_PRODUCT_ENGRAVING });
  const rest = await api('POST', '/products', { as: admin, body: newProduct({ quantity: 0 }) });
  expect(rest.body.product).toMatchObject({ quantity: 0, ...NEW_PRODUCT_ENGRAVING });
});

test.each([
  ['no minimum quantity (its own message on an update)', { minimumQuantity: null }, 'Minimum Quantity is Required'],
  ['a blank new name', { name: ' ' }, 'Product Name is Required'],
  ['a new description over 5000 characters', { description: 'd'.repeat(5001) }, 'Product Description must be at most 5000 characters'],
  ['a whole price past what cents of the column hold', { price: MAX_WHOLE_PRICE + 1 }, 'Product Price must be at most 2000000'],
  ['a price in cents past what the column holds', { priceAmount: TOO_LARGE }, 'Product Price is too large'],
  ['a minimum quantity past what the column holds', { minimumQuantity: TOO_LARGE }, 'Minimum Quantity must be at most 2000000000'],
  ['a photo URL longer than its column', { img: `/images/${'p'.repeat(1990)}.svg` }, 'Product Photo must be at most 2000 characters'],
  ['an engraving length of 0', { engravingMaxLength: 0 }, 'Engraving length must be between 1 and 40'],
])('an update with %s is refused by the schema, updateProduct and PUT /products/{id} in the same words', async (_case, change, message) => {
  const product = await app.product({ price: 25 });
  const input = update(change);
  const formInput = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null));
  expect(formMessage(updateProductInput, formInput)).toBe(message);

  const res = await app.gql(UPDATE, { id: product.id, input }, admin);
  expect({ code: codeOf(res), message: messageOf(res) }).toEqual({ code: 'BAD_USER_INPUT', message });
  expect(await api('PUT', `/products/${product.id}`, { as: admin, body: input })).toEqual({ status: 400, body: { message } });
  expect(await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).toMatchObject({
    name: product.name,
    priceAmount: 2500,
    img: product.img,
  });
});

test('an update writes only what it names: what the schema leaves out stays as it is', async () => {
  const product = await app.product({ engravable: true, engravingMaxLength: 12, engravingPrice: 15 });
  expect(updateProductInput.parse(update())).toEqual(update());

  expect((await app.gql(UPDATE, { id: product.id, input: update({ name: null, engravable: null }) }, admin)).errors).toBeUndefined();
  expect((await api('PUT', `/products/${product.id}`, { as: admin, body: update({ price: 98 }) })).status).toBe(200);
  expect(await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).toMatchObject({
    name: product.name,
    description: product.description,
    priceAmount: 9800,
    engravable: true,
    engravingMaxLength: 12,
    engravingAmount: 1500,
  });
});

test('a product without any price (neither the whole price nor priceAmount) is refused by createProduct and POST /products alike', async () => {
  // The schema takes either field, so the one required is the server's to judge.
  const before = await count();
  const input = newProduct({ price: undefined });
  const res = await app.gql(CREATE, { input }, admin);
  expect({ code: codeOf(res), message: messageOf(res) }).toEqual({ code: 'BAD_USER_INPUT', message: 'Product Price is Required' });
  expect(await api('POST', '/products', { as: admin, body: input })).toEqual({
    status: 400,
    body: { message: 'Product Price is Required' },
  });
  expect(await count()).toBe(before);
});
