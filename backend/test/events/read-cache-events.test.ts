import { pino } from 'pino';
import { Product } from '../../src/modules/catalog/product.entity';
import { seedCatalogue } from '../../src/seed/seed';
import { codeOf, startTestApp, type TestApp } from '../support/harness';

/**
 * The read cache forgets its answers on committed domain events only: a refused or failed write,
 * signed in or not, leaves it alone; a write that bypasses the API but commits an event (the demo
 * seed) empties it.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ READ_CACHE: 'true' });
});
afterAll(() => app.close());

const COUNT = '{ products(options: { take: 1 }) { totalItems } }';
const countOf = async () => (await app.statementsFor<{ products: { totalItems: number } }>(COUNT)).data.products.totalItems;
const statementsOf = async () => (await app.statementsFor(COUNT)).count;

test('refused mutations leave the cache alone; the seed, which commits events, empties it', async () => {
  expect(await countOf()).toBe(0);
  expect(await statementsOf()).toBe(0);

  // A product written behind the API's back: the cached answer does not know it, and nothing tells it.
  await app.db.getRepository(Product).save(
    app.db.getRepository(Product).create({
      name: 'Unseen Knife',
      slug: 'unseen-knife',
      description: 'x',
      img: '/images/santoku.svg',
      priceAmount: 500,
      quantity: 1,
      minimumQuantity: 1,
    }),
  );
  const customer = await app.customer();
  const CREATE = 'mutation($input: ProductInput!) { createProduct(input: $input) { id } }';
  const input = { name: 'Refused Knife', description: 'x', img: '/images/santoku.svg', price: 5, quantity: 1, minimumQuantity: 1 };
  expect(codeOf(await app.gql(CREATE, { input }))).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql(CREATE, { input }, customer))).toBe('FORBIDDEN');
  expect(codeOf(await app.gql(CREATE, { input: { ...input, price: 0 } }, await app.adminUser()))).toBe('BAD_USER_INPUT');
  const rest = await fetch(`${app.url}/api/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
    body: JSON.stringify(input),
  });
  expect(rest.status).toBe(403);
  expect(await statementsOf()).toBe(0);
  expect(await countOf()).toBe(0);

  // The seed fills only an empty catalogue.
  await app.db.getRepository(Product).delete({ name: 'Unseen Knife' });
  await seedCatalogue(app.db, app.services.uploads, pino({ level: 'silent' }));
  const seeded = await app.db.getRepository(Product).count();
  expect(seeded).toBeGreaterThan(1);
  expect(await countOf()).toBe(seeded);
});
