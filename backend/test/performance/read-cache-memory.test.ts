import v8 from 'node:v8';
import vm from 'node:vm';
import { Product } from '../../src/modules/catalog/product.entity';
import { startTestApp, type TestApp } from '../support/harness';

/**
 * The read cache is no lever on the process's memory: it is budgeted in bytes, keeps no answer
 * over its size cap, and its keys hold only what the route or the operation declares.
 */
const BUDGET_MB = 4;
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ READ_CACHE: 'true', READ_CACHE_MAX_MB: String(BUDGET_MB), READ_CACHE_MAX_ANSWER_KB: '150' });
  // 150 products with long descriptions: a page of 50 is an answer of about 100 KB, one of 100 is over the 150 KB cap.
  const description = 'Hand-forged, hollow-ground, with a convex edge honed on a leather strop. '.repeat(25);
  await app.db.getRepository(Product).insert(
    Array.from({ length: 150 }, (_, index) => ({
      name: `Budget Knife ${index}`,
      slug: `budget-knife-${index}`,
      description,
      img: '/images/santoku.svg',
      priceAmount: 2000,
      quantity: 5,
      minimumQuantity: 1,
    })),
  );
}, 60_000);
afterAll(() => app.close());

const PAGE =
  'query Page($skip: Int, $take: Int) { products(options: { skip: $skip, take: $take }) { totalItems items { id name description } } }';

function post(body: object, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Runs `count` requests, eight at a time. */
async function flood(count: number, request: (index: number) => Promise<Response>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        const response = await request(next++);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
    }),
  );
}

function heapAfterCollection(): number {
  v8.setFlagsFromString('--expose_gc');
  (vm.runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

test('5,000 anonymous reads with distinct keys and large answers stay within the budget, and the cache still serves', async () => {
  const before = heapAfterCollection();
  // 100 skips x 50 page sizes: 5,000 different keys, every answer about 100 KB.
  await flood(5000, (i) => post({ query: PAGE, variables: { skip: i % 100, take: 50 + Math.floor(i / 100) } }));
  expect(app.services.readCache.keptBytes).toBeLessThanOrEqual(BUDGET_MB * 1024 * 1024);
  // Kept without a byte budget, 1,000 of these answers alone would be over 100 MB.
  expect(heapAfterCollection() - before).toBeLessThan((BUDGET_MB + 40) * 1024 * 1024);

  // Still serving: a page read now is replayed, even after its rows change behind the cache's back.
  const first = await app.statementsFor<{ products: { items: { id: string; name: string }[] } }>(PAGE, { skip: 3, take: 60 });
  await app.db.getRepository(Product).update({ id: first.data.products.items[0].id }, { name: 'Renamed Behind The Cache' });
  const again = await app.statementsFor(PAGE, { skip: 3, take: 60 });
  expect(again.data).toEqual(first.data);
}, 240_000);

test('an answer over the size cap is served but never kept', async () => {
  const whole = { skip: 0, take: 100 };
  expect((await app.statementsFor(PAGE, whole)).count).toBeGreaterThan(0);
  expect((await app.statementsFor(PAGE, whole)).count).toBeGreaterThan(0);
});

test('junk query parameters are answered but make no entry; the route’s own ones are keyed in a fixed order', async () => {
  const kept = app.services.readCache.keptBytes;
  for (let i = 0; i < 200; i += 1) expect((await fetch(`${app.url}/api/products?take=5&junk${i}=${'x'.repeat(500)}`)).status).toBe(200);
  expect(app.services.readCache.keptBytes).toBe(kept);

  const read = async (query: string) => {
    app.queries.count = 0;
    app.queries.counting = true;
    try {
      const response = await fetch(`${app.url}/api/products?${query}`);
      expect(response.status).toBe(200);
      return { body: await response.json(), statements: app.queries.count };
    } finally {
      app.queries.counting = false;
    }
  };
  const first = await read('take=3&skip=1');
  const swapped = await read('skip=1&take=3');
  expect(first.statements).toBeGreaterThan(0);
  expect(swapped.statements).toBe(0);
  expect(swapped.body).toEqual(first.body);
});

test('a variable the operation does not declare is a 400, so a padded body makes no entry', async () => {
  const kept = app.services.readCache.keptBytes;
  const response = await post({ query: PAGE, variables: { skip: 0, take: 5, padding: 'x'.repeat(100_000) } });
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({
    errors: [{ message: 'Variable "$padding" is not declared by the operation', extensions: { code: 'BAD_USER_INPUT' } }],
  });
  expect(app.services.readCache.keptBytes).toBe(kept);
});

test("a replayed answer carries Keen's own content type, whatever the first caller's Accept asked for", async () => {
  const variables = { skip: 7, take: 2 };
  const graphqlResponse = await post({ query: PAGE, variables }, { accept: 'application/graphql-response+json' });
  expect(graphqlResponse.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
  await graphqlResponse.json();
  const plain = await post({ query: PAGE, variables }, { accept: 'application/json' });
  expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
  await plain.json();
  // A new Accept header is first answered by Apollo Server, which judges it; then from the cache.
  const accept = 'application/graphql-response+json, application/json';
  expect((await post({ query: PAGE, variables }, { accept })).headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
  const replayed = await post({ query: PAGE, variables }, { accept });
  expect(replayed.headers.get('content-type')).toBe('application/json; charset=utf-8');
  // An Accept Apollo Server cannot answer in JSON is refused, stored answer or not.
  for (let i = 0; i < 2; i += 1) expect((await post({ query: PAGE, variables }, { accept: 'text/html' })).status).toBe(406);
});
