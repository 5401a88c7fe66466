import type { GraphQLSchema } from 'graphql';
import { PublicQueries } from '../../src/app/graphql-handler';
import { buildKeenSchema } from '../../src/app/graphql-schema';
import { publicReadQueries } from '../../src/modules/auth/public-read';
import { startTestApp, type TestApp } from '../support/harness';

/**
 * The queries declared `@PublicRead` beside their resolvers are the ones anonymous callers get from
 * the read cache. A new public query is added here with an example: that is how a review sees it.
 */
const PUBLIC_QUERIES: Record<string, { query: string; variables?: (productId: string) => Record<string, unknown> }> = {
  products: { query: '{ products(options: { take: 5 }) { totalItems items { id name } } }' },
  product: { query: 'query($id: ID!) { product(id: $id) { id name price } }', variables: (id) => ({ id }) },
  reviews: { query: '{ reviews { totalItems items { id star } } }' },
  engravingFonts: { query: '{ engravingFonts { name } }' },
  collections: { query: '{ collections { id name products { id } } }' },
  shop: { query: '{ shop { name currency country locale pricesIncludeTax } }' },
};

let schema: GraphQLSchema;
let app: TestApp;
beforeAll(async () => {
  schema = await buildKeenSchema();
  app = await startTestApp({ READ_CACHE: 'true' });
});
afterAll(() => app.close());

test('exactly the queries declared @PublicRead are public, and exactly the listed ones are declared', () => {
  expect(publicReadQueries(schema).sort()).toEqual(Object.keys(PUBLIC_QUERIES).sort());
  const publicQueries = new PublicQueries(schema);
  const fields = Object.keys(schema.getQueryType()!.getFields());
  expect(fields.length).toBeGreaterThan(Object.keys(PUBLIC_QUERIES).length);
  const treatedAsPublic = fields.filter((field) => typeof publicQueries.keyOf({ query: `{ ${field} }` }) === 'string');
  expect(treatedAsPublic.sort()).toEqual(Object.keys(PUBLIC_QUERIES).sort());
  // A public field beside one that is not makes the whole query private; __typename is public.
  expect(publicQueries.keyOf({ query: '{ products { totalItems } me { id } }' })).toBeNull();
  expect(typeof publicQueries.keyOf({ query: '{ __typename engravingFonts { name } }' })).toBe('string');
});

test('each query declared @PublicRead is answered from the read cache to an anonymous caller', async () => {
  const product = await app.product();
  const publicQueries = new PublicQueries(schema);
  for (const name of publicReadQueries(schema)) {
    const example = PUBLIC_QUERIES[name];
    expect({ name, listed: example !== undefined }).toEqual({ name, listed: true });
    const body = { query: example.query, variables: example.variables?.(product.id) ?? {} };
    await app.services.readCache.invalidate();
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const first = await response.text();
    expect({ name, status: response.status, errors: first.includes('"errors"') }).toEqual({ name, status: 200, errors: false });
    const key = publicQueries.keyOf(body) as string;
    const stored = await app.services.readCache.find(key);
    expect({ name, stored: stored?.bytes.toString() }).toEqual({ name, stored: first });
    // Replayed: the same answer, without a statement to the database.
    const again = await app.statementsFor(body.query, body.variables);
    expect({ name, statements: again.count, data: again.data }).toEqual({ name, statements: 0, data: JSON.parse(first).data });
  }
});
