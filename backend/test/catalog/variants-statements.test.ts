import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/harness';
import { variantsApi } from '../support/variants';

/**
 * The statement guard of test/performance/sql-statements.test.ts for variants: a page of products
 * with their variants and option groups costs the same few statements however many products and
 * variants it holds (the variants of a page in one statement, its option groups in another). Read
 * cache off: what a first visit costs.
 */
let app: TestApp;
const tag = `Vars${randomBytes(3).toString('hex')}`;
beforeAll(async () => {
  app = await startTestApp({ READ_CACHE: 'false' });
  const admin = await app.adminUser();
  const v = variantsApi(app);
  for (let i = 0; i < 24; i += 1)
    await v.productWith(
      admin,
      [
        { name: 'Blade length', values: ['16 cm', '18 cm', '21 cm'] },
        { name: 'Handle', values: ['Walnut', 'Ebony'] },
      ],
      [],
      { name: `${tag} santoku ${i}` },
    );
});
afterAll(() => app.close());

const PAGE = `query($search: String, $take: Int) {
  products(options: { search: $search, take: $take }) {
    totalItems
    items {
      id name price priceFrom { amount currency formatted } quantity
      variants { id sku name unitPrice { amount currency formatted } quantity img ownImg enabled options { id groupId name custom } }
      optionGroups { id name values { id name custom } custom { label min max unit surchargeAmount { amount } } }
    }
  }
}`;

test.each([1, 5, 20])('a page of %i products with their variants and option groups: 3 statements', async (take) => {
  const { count, data } = await app.statementsFor<{ products: { items: { variants: unknown[]; optionGroups: unknown[] }[] } }>(PAGE, {
    search: tag,
    take,
  });
  expect(data.products.items).toHaveLength(take);
  expect(data.products.items.every((item) => item.variants.length === 6 && item.optionGroups.length === 2)).toBe(true);
  expect(count).toBe(3);
});

test('a product page with its variants and option groups: 3 statements', async () => {
  const { data } = await app.statementsFor<{ products: { items: { id: string }[] } }>(PAGE, { search: tag, take: 1 });
  const { count } = await app.statementsFor(
    `query($id: ID!) { product(id: $id) { id name variants { id sku name options { name } } optionGroups { name values { name } } } }`,
    { id: data.products.items[0].id },
  );
  expect(count).toBe(3);
});

describe('REST', () => {
  /** The answer to an anonymous GET, with the statements it cost. */
  async function restStatements(path: string): Promise<{ count: number; body: { variants: unknown[] }[] }> {
    // Waits for deliveries of earlier writes (their statements are not this request's).
    await app.statementsFor('{ __typename }');
    app.queries.count = 0;
    app.queries.counting = true;
    try {
      const response = await fetch(`${app.url}/api${path}`);
      expect(response.status).toBe(200);
      return { count: app.queries.count, body: (await response.json()) as { variants: unknown[] }[] };
    } finally {
      app.queries.counting = false;
    }
  }

  test.each([5, 20])('GET /api/products, %i products with their variants: 2 statements', async (take) => {
    const { count, body } = await restStatements(`/products?q=${tag}&take=${take}`);
    expect(body).toHaveLength(take);
    expect(body.every((product) => product.variants.length === 6)).toBe(true);
    expect(count).toBe(2);
  });

  test('GET /api/products?id= with its variants: 2 statements', async () => {
    const [first] = (await restStatements(`/products?q=${tag}&take=1`)).body as unknown as { _id: string }[];
    const { count, body } = await restStatements(`/products?id=${first._id}`);
    expect(body).toHaveLength(1);
    expect(body[0].variants).toHaveLength(6);
    expect(count).toBe(2);
  });
});
