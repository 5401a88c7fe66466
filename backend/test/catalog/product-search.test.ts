import { codeOf, messageOf, startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  // This file's database holds exactly these products; createdAt fixes "newest".
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  await app.product({
    name: 'Engraved Bowie Knife',
    description: 'A classic clip point blade',
    price: 180,
    quantity: 5,
    minimumQuantity: 1,
    createdAt: day(1),
  });
  await app.product({
    name: 'Hunting Skinner',
    description: 'Gut hook, lighter than a bowie',
    price: 90,
    quantity: 0,
    minimumQuantity: 1,
    createdAt: day(2),
  });
  await app.product({
    name: 'Damascus Chef',
    description: 'Layered steel, 50% harder',
    price: 240,
    quantity: 3,
    minimumQuantity: 5,
    createdAt: day(3),
  });
  await app.product({
    name: 'Bread Knife',
    description: 'Serrated edge for crusty loaves',
    price: 60,
    quantity: 20,
    minimumQuantity: 2,
    createdAt: day(4),
  });
  await app.product({
    name: 'Bowl Carver',
    description: 'Hook knife for spoons and bowls',
    price: 45,
    quantity: 7,
    minimumQuantity: 1,
    createdAt: day(5),
  });
});
afterAll(() => app.close());

const PRODUCTS = 'query($options: ProductListOptions) { products(options: $options) { totalItems items { name } } }';

async function names(options: Record<string, unknown>): Promise<{ names: string[]; totalItems: number }> {
  const res = await app.gql(PRODUCTS, { options });
  expect(res.errors).toBeUndefined();
  const { items, totalItems } = res.data!.products as { items: { name: string }[]; totalItems: number };
  return { names: items.map((item) => item.name), totalItems };
}

describe('search', () => {
  test('"bowi" finds the Bowie first (a name match outranks a description match), and not the Bowl Carver', async () => {
    expect(await names({ search: 'bowi' })).toEqual({ names: ['Engraved Bowie Knife', 'Hunting Skinner'], totalItems: 2 });
  });

  test('case does not matter, and surrounding spaces are ignored', async () => {
    expect((await names({ search: '  BOWIE ' })).names).toEqual(['Engraved Bowie Knife', 'Hunting Skinner']);
  });

  test('every word must match, in the name or the description, in any order', async () => {
    expect((await names({ search: 'clip bowie' })).names).toEqual(['Engraved Bowie Knife']);
    expect((await names({ search: 'serrated knife' })).names).toEqual(['Bread Knife']);
    expect(await names({ search: 'bowie serrated' })).toEqual({ names: [], totalItems: 0 });
  });

  test('among name matches the closest name ranks first; description-only matches come after', async () => {
    expect((await names({ search: 'knife' })).names).toEqual(['Bread Knife', 'Engraved Bowie Knife', 'Bowl Carver']);
  });

  test('LIKE wildcards are plain characters', async () => {
    expect((await names({ search: '50%' })).names).toEqual(['Damascus Chef']);
    expect((await names({ search: '%' })).names).toEqual(['Damascus Chef']);
    expect((await names({ search: '_' })).names).toEqual([]);
  });

  test('pages of a search follow the ranking', async () => {
    expect(await names({ search: 'bowi', skip: 1, take: 1 })).toEqual({ names: ['Hunting Skinner'], totalItems: 2 });
  });

  test('the trigram index from the migration answers the search expression', async () => {
    const plan = await app.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const rows: { 'QUERY PLAN': string }[] = await tx.query(
        `EXPLAIN SELECT "product"."id" FROM "product" "product" WHERE ("product"."name" || ' ' || "product"."description") ILIKE $1`,
        ['%bowi%'],
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('IDX_product_search');
  });
});

describe('sort', () => {
  test('newest, price low to high, price high to low, name A-Z', async () => {
    const all = ['Bowl Carver', 'Bread Knife', 'Damascus Chef', 'Hunting Skinner', 'Engraved Bowie Knife'];
    expect((await names({ sortBy: 'createdAt', sortDirection: 'DESC' })).names).toEqual(all);
    expect((await names({ sortBy: 'price', sortDirection: 'ASC' })).names).toEqual([
      'Bowl Carver',
      'Bread Knife',
      'Hunting Skinner',
      'Engraved Bowie Knife',
      'Damascus Chef',
    ]);
    expect((await names({ sortBy: 'price', sortDirection: 'DESC' })).names).toEqual([
      'Damascus Chef',
      'Engraved Bowie Knife',
      'Hunting Skinner',
      'Bread Knife',
      'Bowl Carver',
    ]);
    expect((await names({ sortBy: 'name', sortDirection: 'ASC' })).names).toEqual([...all].sort());
  });

  test('without a search and a sort, the oldest come first (as the old shop listed them)', async () => {
    expect((await names({})).names[0]).toBe('Engraved Bowie Knife');
  });

  test('a chosen sort replaces the ranking of a search', async () => {
    expect((await names({ search: 'bowi', sortBy: 'price', sortDirection: 'ASC' })).names).toEqual([
      'Hunting Skinner',
      'Engraved Bowie Knife',
    ]);
  });

  test('sorting by relevance without search text is a clear BAD_USER_INPUT', async () => {
    for (const search of [undefined, '', '   ']) {
      const res = await app.gql(PRODUCTS, { options: { sortBy: 'relevance', search } });
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(messageOf(res)).toBe('Sorting by relevance needs search text');
    }
  });

  test('an unknown sort is refused, naming the value and the sort type', async () => {
    const res = await app.gql(PRODUCTS, { options: { sortBy: 'cheapest' } });
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(messageOf(res)).toMatch(/"cheapest".*ProductSortField/);
    expect(res.data).toBeUndefined();
  });
});

describe('in stock only', () => {
  test('keeps the products with at least their minimum order quantity in stock', async () => {
    expect(await names({ inStock: true, sortBy: 'name', sortDirection: 'ASC' })).toEqual({
      names: ['Bowl Carver', 'Bread Knife', 'Engraved Bowie Knife'],
      totalItems: 3,
    });
    expect((await names({ inStock: false })).totalItems).toBe(5);
  });

  test('combines with a search and a sort', async () => {
    expect((await names({ search: 'knife', inStock: true, sortBy: 'price', sortDirection: 'DESC' })).names).toEqual([
      'Engraved Bowie Knife',
      'Bread Knife',
      'Bowl Carver',
    ]);
    expect((await names({ search: 'bowi', inStock: true })).names).toEqual(['Engraved Bowie Knife']);
  });
});
