import { Product } from '../../src/modules/catalog/product.entity';
import { codeOf, messageOf, startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
let admin: Awaited<ReturnType<TestApp['adminUser']>>;
let customer: Awaited<ReturnType<TestApp['customer']>>;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminUser();
  customer = await app.customer();
});
afterAll(() => app.close());

const FIELDS = 'id name description price quantity minimumQuantity img';
const CREATE = `mutation($input: ProductInput!) { createProduct(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteProduct(id: $id) }';
const PRODUCT = `query($id: ID!) { product(id: $id) { ${FIELDS} } }`;
const PRODUCTS =
  'query($options: ProductListOptions) { products(options: $options) { totalItems items { id name price quantity minimumQuantity createdAt } } }';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let counter = 0;
const newProduct = (overrides: Record<string, unknown> = {}) => ({
  name: `Engraved Bowie ${Date.now()} ${++counter}`,
  description: 'Hand-forged, with your initials on the blade',
  price: 120,
  quantity: 8,
  minimumQuantity: 1,
  img: '/images/bowie.svg',
  ...overrides,
});
const updateInput = (overrides: Record<string, unknown> = {}) => ({
  price: 99,
  quantity: 5,
  minimumQuantity: 2,
  img: '/images/new.svg',
  ...overrides,
});
const count = () => app.db.getRepository(Product).count();

describe('reading', () => {
  test('anyone reads a product by id; unknown and malformed ids are NOT_FOUND', async () => {
    const product = await app.product({ price: 42 });
    const res = await app.gql(PRODUCT, { id: product.id });
    expect(res.data!.product).toMatchObject({ id: product.id, name: product.name, price: 42 });
    for (const id of [UNKNOWN_ID, 'abc', '1']) {
      const missing = await app.gql(PRODUCT, { id });
      expect(codeOf(missing)).toBe('NOT_FOUND');
      expect(missing.data).toBeNull();
    }
  });
});

describe('createProduct', () => {
  test('an admin creates a product', async () => {
    const input = newProduct({ price: 75, quantity: 3, minimumQuantity: 2 });
    const res = await app.gql(CREATE, { input }, admin);
    expect(res.errors).toBeUndefined();
    expect(res.data!.createProduct).toMatchObject(input);
    expect(await app.db.getRepository(Product).findOneBy({ id: res.data!.createProduct.id })).toMatchObject({
      priceAmount: 7500,
      quantity: 3,
      minimumQuantity: 2,
    });
  });

  test('anonymous callers are UNAUTHENTICATED and customers FORBIDDEN', async () => {
    const before = await count();
    expect(codeOf(await app.gql(CREATE, { input: newProduct() }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(CREATE, { input: newProduct() }, customer))).toBe('FORBIDDEN');
    expect(await count()).toBe(before);
  });

  test("a duplicate name, in any letter case, is 'Product already exist'", async () => {
    const input = newProduct({ name: `Damascus Chef ${Date.now()}` });
    expect((await app.gql(CREATE, { input }, admin)).errors).toBeUndefined();
    for (const name of [input.name, input.name.toUpperCase(), `  ${input.name.toLowerCase()} `]) {
      const res = await app.gql(CREATE, { input: { ...input, name } }, admin);
      expect(codeOf(res)).toBe('CONFLICT');
      expect(messageOf(res)).toBe('Product already exist');
    }
  });

  test.each([
    ['name', '', 'Product Name is Required'],
    ['name', '   ', 'Product Name is Required'],
    ['description', '', 'Product Description is Required'],
    ['price', null, 'Product Price is Required'],
    ['quantity', null, 'Product Quantity is Required'],
    ['minimumQuantity', null, 'Product Quantity is Required'],
  ])('a missing %s is %p -> %s', async (field, value, message) => {
    const before = await count();
    const res = await app.gql(CREATE, { input: newProduct({ [field]: value }) }, admin);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(messageOf(res)).toBe(message);
    expect(await count()).toBe(before);
  });

  test('price at least 1, minimum quantity at least 1, stock not negative', async () => {
    const before = await count();
    for (const overrides of [{ price: 0 }, { price: -5 }, { minimumQuantity: 0 }, { quantity: -1 }]) {
      expect(codeOf(await app.gql(CREATE, { input: newProduct(overrides) }, admin))).toBe('BAD_USER_INPUT');
    }
    expect(await count()).toBe(before);
    expect((await app.gql(CREATE, { input: newProduct({ price: 1, minimumQuantity: 1, quantity: 0 }) }, admin)).errors).toBeUndefined();
  });

  test('price and quantities are whole numbers', async () => {
    const before = await count();
    for (const overrides of [{ price: 9.99 }, { quantity: 2.5 }, { minimumQuantity: 1.5 }, { price: '10' }]) {
      expect(codeOf(await app.gql(CREATE, { input: newProduct(overrides) }, admin))).toBe('BAD_USER_INPUT');
    }
    expect(await count()).toBe(before);
  });
});

describe('updateProduct', () => {
  test('an admin updates price, stock, minimum quantity and photo', async () => {
    const product = await app.product();
    const res = await app.gql(UPDATE, { id: product.id, input: updateInput() }, admin);
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateProduct).toMatchObject({
      name: product.name,
      price: 99,
      quantity: 5,
      minimumQuantity: 2,
      img: '/images/new.svg',
    });
    expect(await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).toMatchObject({
      priceAmount: 9900,
      quantity: 5,
      minimumQuantity: 2,
    });
  });

  test('anonymous callers are UNAUTHENTICATED and customers FORBIDDEN', async () => {
    const product = await app.product({ price: 25 });
    expect(codeOf(await app.gql(UPDATE, { id: product.id, input: updateInput() }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(UPDATE, { id: product.id, input: updateInput() }, customer))).toBe('FORBIDDEN');
    expect((await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).priceAmount).toBe(2500);
  });

  test.each([
    ['price', 'Product Price is Required'],
    ['quantity', 'Product Quantity is Required'],
    ['minimumQuantity', 'Minimum Quantity is Required'],
  ])('a missing %s is %s', async (field, message) => {
    const product = await app.product({ price: 25 });
    const res = await app.gql(UPDATE, { id: product.id, input: updateInput({ [field]: null }) }, admin);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(messageOf(res)).toBe(message);
    expect((await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).priceAmount).toBe(2500);
  });

  test('the same number rules apply', async () => {
    const product = await app.product({ price: 25 });
    for (const overrides of [{ price: 0 }, { minimumQuantity: 0 }, { quantity: -1 }, { price: 1.5 }]) {
      expect(codeOf(await app.gql(UPDATE, { id: product.id, input: updateInput(overrides) }, admin))).toBe('BAD_USER_INPUT');
    }
    expect((await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).priceAmount).toBe(2500);
  });

  test("renaming onto another product's name is 'Product already exist'; an empty name is refused", async () => {
    const taken = await app.product();
    const product = await app.product();
    const res = await app.gql(UPDATE, { id: product.id, input: updateInput({ name: taken.name.toUpperCase() }) }, admin);
    expect(messageOf(res)).toBe('Product already exist');
    expect(messageOf(await app.gql(UPDATE, { id: product.id, input: updateInput({ name: ' ' }) }, admin))).toBe('Product Name is Required');
    expect((await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).name).toBe(product.name);
  });

  test('unknown and malformed ids are NOT_FOUND', async () => {
    expect(codeOf(await app.gql(UPDATE, { id: UNKNOWN_ID, input: updateInput() }, admin))).toBe('NOT_FOUND');
    expect(codeOf(await app.gql(UPDATE, { id: 'x', input: updateInput() }, admin))).toBe('NOT_FOUND');
  });
});

describe('deleteProduct', () => {
  test('an admin deletes a product; it is gone', async () => {
    const product = await app.product();
    const res = await app.gql(DELETE, { id: product.id }, admin);
    expect(res.data!.deleteProduct).toBe(product.id);
    expect(codeOf(await app.gql(PRODUCT, { id: product.id }))).toBe('NOT_FOUND');
    expect(codeOf(await app.gql(DELETE, { id: product.id }, admin))).toBe('NOT_FOUND');
  });

  test('an order keeps its copy of the product after the product is deleted', async () => {
    const product = await app.product({ price: 31 });
    const order = await app.placeOrder(customer, product.id, 2);
    expect((await app.gql(DELETE, { id: product.id }, admin)).errors).toBeUndefined();
    const res = await app.gql('query($id: ID!) { order(id: $id) { name price totalPrice product { id } } }', { id: order.id }, customer);
    expect(res.data!.order).toEqual({ name: product.name, price: 31, totalPrice: 62, product: null });
  });

  test('anonymous callers are UNAUTHENTICATED and customers FORBIDDEN', async () => {
    const product = await app.product();
    expect(codeOf(await app.gql(DELETE, { id: product.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(DELETE, { id: product.id }, customer))).toBe('FORBIDDEN');
    expect(await app.db.getRepository(Product).existsBy({ id: product.id })).toBe(true);
  });

  test('a malformed id is NOT_FOUND', async () => {
    expect(codeOf(await app.gql(DELETE, { id: 'not-a-uuid' }, admin))).toBe('NOT_FOUND');
  });
});

describe('products list', () => {
  let tag: string;
  let listed: Product[];
  type Row = { id: string; name: string; price: number; quantity: number; minimumQuantity: number; createdAt: string };
  const list = async (options: Record<string, unknown>) => {
    const res = await app.gql<{ products: { totalItems: number; items: Row[] } }>(PRODUCTS, { options: { search: `${tag} `, ...options } });
    expect(res.errors).toBeUndefined();
    return res.data!.products;
  };

  beforeAll(async () => {
    tag = `Catalogued${Date.now()}`;
    listed = [];
    listed.push(await app.product({ name: `${tag} Bravo`, price: 50, quantity: 2, minimumQuantity: 3 }));
    listed.push(await app.product({ name: `${tag} Alpha`, price: 70, quantity: 9, minimumQuantity: 1 }));
    listed.push(await app.product({ name: `${tag} Delta`, price: 10, quantity: 4, minimumQuantity: 4 }));
    listed.push(await app.product({ name: `${tag} Charlie`, price: 30, quantity: 20, minimumQuantity: 2 }));
  });

  test('anonymous callers list products, oldest first by default (best match first when searching: product-search.test.ts)', async () => {
    const res = await app.gql<{ products: { items: Row[] } }>(PRODUCTS, { options: { take: 100 } });
    const ids = new Set(listed.map((p) => p.id));
    expect(res.data!.products.items.filter((p) => ids.has(p.id)).map((p) => p.id)).toEqual(listed.map((p) => p.id));
    expect((await list({})).totalItems).toBe(4);
  });

  test('search is case-insensitive over name and description', async () => {
    expect((await list({ search: `${tag} charlie`.toUpperCase() })).items.map((p) => p.id)).toEqual([listed[3].id]);
    const motif = `Motif${Date.now()}`;
    const described = await app.product({ description: `Etched with a ${motif}-only pattern` });
    expect((await list({ search: `${motif}-ONLY` })).items.map((p) => p.id)).toEqual([described.id]);
    expect((await list({ search: '%' })).totalItems).toBe(0);
  });

  test('lowStock answers products at or below their minimum quantity', async () => {
    const page = await list({ lowStock: true });
    expect(page.items.map((p) => p.id).sort()).toEqual([listed[0].id, listed[2].id].sort());
    expect(page.totalItems).toBe(2);
  });

  test.each(['name', 'price', 'quantity', 'createdAt'] as const)('sorts by %s in both directions', async (sortBy) => {
    for (const sortDirection of ['ASC', 'DESC'] as const) {
      const values = (await list({ sortBy, sortDirection })).items.map((p) => p[sortBy]);
      const expected = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      if (sortDirection === 'DESC') expected.reverse();
      expect(values).toEqual(expected);
      expect(values).toHaveLength(4);
    }
  });

  test('skip and take page the list; totalItems counts every page', async () => {
    expect(await list({ sortBy: 'price', sortDirection: 'ASC', skip: 1, take: 2 })).toMatchObject({
      totalItems: 4,
      items: [{ price: 30 }, { price: 50 }],
    });
    expect(await list({ sortBy: 'price', sortDirection: 'ASC', skip: 3, take: 2 })).toMatchObject({
      totalItems: 4,
      items: [{ price: 70 }],
    });
  });

  test('take above 100 or below 1, and a negative skip, are BAD_USER_INPUT', async () => {
    for (const options of [{ take: 101 }, { take: 0 }, { take: -5 }, { skip: -1 }]) {
      const res = await app.gql(PRODUCTS, { options });
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
    }
    expect((await app.gql(PRODUCTS, { options: { take: 100, skip: 0 } })).errors).toBeUndefined();
  });
});
