import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { Collection } from '../../src/modules/collections/collection.entity';
import { seedCatalogue } from '../../src/seed/seed';
import { apiKey } from '../support/blades';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

/** Collections (issue 39): shelves of the catalogue, their public pages and the /products filter. */
const SHOP = 'https://shop.example.com';
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'keen-client-'));
writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html><head><title>Keen</title><meta name="description" content="Keen"></head><body><div id="root"></div></body></html>',
);

let app: TestApp;
let admin: TestSession;
beforeAll(async () => {
  app = await startTestApp({ CLIENT_DIR: clientDir, SHOP_URL: SHOP, READ_CACHE: 'true' });
  admin = await app.adminUser();
});
afterAll(async () => {
  await app.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const FIELDS = 'id name slug description image position products { id name }';
const CREATE = `mutation($input: CollectionInput!) { createCollection(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: CollectionInput!) { updateCollection(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteCollection(id: $id) }';
const SET_PRODUCTS = `mutation($id: ID!, $productIds: [ID!]!) { setCollectionProducts(id: $id, productIds: $productIds) { ${FIELDS} } }`;
const REORDER = 'mutation($ids: [ID!]!) { reorderCollections(ids: $ids) { id position } }';
const ONE = `query($slug: String!) { collection(slug: $slug) { ${FIELDS} } }`;
const ALL = `{ collections { ${FIELDS} } }`;

type Shelf = {
  id: string;
  name: string;
  slug: string;
  description: string;
  image: string | null;
  position: number;
  products: { id: string }[];
};
const collectionCount = () => app.db.getRepository(Collection).count();

async function create(input: Record<string, unknown>, session: TestSession = admin): Promise<Shelf> {
  const res = await app.gql<{ createCollection: Shelf }>(CREATE, { input }, session);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.createCollection;
}

test('only admins change collections: anonymous UNAUTHENTICATED (before any check of the input), a customer FORBIDDEN; nothing changes', async () => {
  const shelf = await create({ name: `Guarded ${Date.now()}` });
  const customer = await app.customer('shelf-customer');
  const before = await collectionCount();
  const attempts: [string, Record<string, unknown>][] = [
    [CREATE, { input: { name: '' } }],
    [UPDATE, { id: shelf.id, input: { name: 'Taken over' } }],
    [DELETE, { id: shelf.id }],
    [SET_PRODUCTS, { id: shelf.id, productIds: ['nope'] }],
    [REORDER, { ids: [shelf.id] }],
  ];
  for (const [mutation, variables] of attempts) {
    expect(codeOf(await app.gql(mutation, variables))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(mutation, variables, customer))).toBe('FORBIDDEN');
  }
  expect(await collectionCount()).toBe(before);
  expect((await app.gql<{ collection: Shelf }>(ONE, { slug: shelf.slug })).data!.collection.name).toBe(shelf.name);
});

test('an API key changes collections only with catalog:write', async () => {
  const reader = await apiKey(app, admin, ['catalog:read']);
  const writer = await apiKey(app, admin, ['catalog:write']);
  expect(messageOf(await app.gql(CREATE, { input: { name: 'By reader' } }, reader))).toBe('This API key lacks the scope catalog:write');
  expect((await app.gql(CREATE, { input: { name: `By writer ${Date.now()}` } }, writer)).errors).toBeUndefined();
});

test('a new collection takes a slug from its name (another if taken), comes last, and bad input is refused with its message', async () => {
  const name = `Chef Gifts ${Date.now()}`;
  const first = await create({ name, description: 'For cooks' });
  const second = await create({ name });
  expect(first.slug).toBe(name.toLowerCase().replace(/ /g, '-'));
  expect(second.slug).toBe(`${first.slug}-2`);
  expect(second.position).toBe(first.position + 1);
  expect(first).toMatchObject({ description: 'For cooks', image: null, products: [] });

  const before = await collectionCount();
  for (const [input, message] of [
    [{ name: '' }, 'Name is Required'],
    [{ name: 'x'.repeat(81) }, 'Name must be at most 80 characters'],
    [{ name: 'Fine', slug: 'not a slug!' }, /Slug/],
    [{ name: 'Fine', slug: first.slug }, `Another collection already has the slug ${first.slug}`],
    [{ name: 'Fine', description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
  ] as const) {
    const res = await app.gql(CREATE, { input }, admin);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(messageOf(res)).toMatch(message);
  }
  expect(await collectionCount()).toBe(before);
});

test('its products, in the order given: unknown or repeated products change nothing; a slug is found whatever the case', async () => {
  const [a, b, c] = await Promise.all([app.product(), app.product(), app.product()]);
  const shelf = await create({ name: `Ordered ${Date.now()}` });
  const set = (productIds: string[]) => app.gql<{ setCollectionProducts: Shelf }>(SET_PRODUCTS, { id: shelf.id, productIds }, admin);
  expect((await set([c.id, a.id])).data!.setCollectionProducts.products.map((p) => p.id)).toEqual([c.id, a.id]);

  expect(codeOf(await set([b.id, '00000000-0000-4000-8000-000000000000']))).toBe('NOT_FOUND');
  expect(codeOf(await set([b.id, b.id]))).toBe('BAD_USER_INPUT');
  expect(codeOf(await app.gql(SET_PRODUCTS, { id: 'nope', productIds: [] }, admin))).toBe('NOT_FOUND');
  const found = await app.gql<{ collection: Shelf }>(ONE, { slug: shelf.slug.toUpperCase() });
  expect(found.data!.collection.products.map((p) => p.id)).toEqual([c.id, a.id]);
  expect(codeOf(await app.gql(ONE, { slug: 'no-such-shelf' }))).toBe('NOT_FOUND');

  // /products filtered by the collection: its products only.
  const filtered = await app.gql<{ products: { totalItems: number; items: { id: string }[] } }>(
    'query($c: String) { products(options: { collection: $c, take: 50 }) { totalItems items { id } } }',
    { c: shelf.slug },
  );
  expect(filtered.data!.products.items.map((p) => p.id).sort()).toEqual([a.id, c.id].sort());
  const none = await app.gql<{ products: { totalItems: number } }>('{ products(options: { collection: "no-such-shelf" }) { totalItems } }');
  expect(none.data!.products.totalItems).toBe(0);

  // Deleting the collection leaves its products in the catalogue.
  expect((await app.gql(DELETE, { id: shelf.id }, admin)).data).toEqual({ deleteCollection: true });
  expect(codeOf(await app.gql(ONE, { slug: shelf.slug }))).toBe('NOT_FOUND');
  expect((await app.gql('query($id: ID!) { product(id: $id) { id } }', { id: a.id })).errors).toBeUndefined();
  expect(codeOf(await app.gql(DELETE, { id: shelf.id }, admin))).toBe('NOT_FOUND');
});

test("reordering names every collection once; the list follows, with every shelf's products in two statements", async () => {
  await create({ name: `Shelf A ${Date.now()}` });
  await create({ name: `Shelf B ${Date.now()}` });
  const listed = (await app.gql<{ collections: Shelf[] }>(ALL)).data!.collections;
  const reversed = listed.map((shelf) => shelf.id).reverse();
  expect(codeOf(await app.gql(REORDER, { ids: reversed.slice(1) }, admin))).toBe('BAD_USER_INPUT');
  expect(codeOf(await app.gql(REORDER, { ids: [...reversed.slice(1), reversed[1]] }, admin))).toBe('BAD_USER_INPUT');
  const reordered = await app.gql<{ reorderCollections: { id: string; position: number }[] }>(REORDER, { ids: reversed }, admin);
  expect(reordered.data!.reorderCollections.map((shelf) => shelf.id)).toEqual(reversed);

  await app.services.readCache.invalidate();
  const { count, data } = await app.statementsFor<{ collections: Shelf[] }>(ALL);
  expect(data.collections.map((shelf) => shelf.id)).toEqual(reversed);
  expect(count).toBeLessThanOrEqual(3);
});

test('the cached collections answer is forgotten once a change commits', async () => {
  const before = (await app.gql<{ collections: Shelf[] }>(ALL)).data!.collections.length;
  expect((await app.gql<{ collections: Shelf[] }>(ALL)).data!.collections).toHaveLength(before);
  const shelf = await create({ name: `Fresh ${Date.now()}` });
  const after = (await app.gql<{ collections: Shelf[] }>(ALL)).data!.collections;
  expect(after.map((s) => s.id)).toContain(shelf.id);
});

describe('its public page and the sitemap', () => {
  let shelf: Shelf;
  beforeAll(async () => {
    const knife = await app.product({ name: 'Shelf Photo Knife' });
    shelf = await create({ name: 'Fathers Day', description: 'Knives </script> for "dads" & grandads' });
    await app.gql(SET_PRODUCTS, { id: shelf.id, productIds: [knife.id] }, admin);
  });

  test("the server writes its title, description, canonical link, card (its first product's photo) and JSON-LD", async () => {
    const response = await fetch(`${app.url}/collections/${shelf.slug}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Fathers Day | Keen</title>');
    expect(html).toContain(`<link rel="canonical" href="${SHOP}/collections/fathers-day">`);
    expect(html).toContain('<meta name="description" content="Knives &lt;/script&gt; for &quot;dads&quot; &amp; grandads">');
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/shop\.example\.com\/[^"]+">/);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    expect(blocks.map((block) => block['@type'])).toEqual(['CollectionPage', 'BreadcrumbList']);
    expect(blocks[0]).toMatchObject({ name: 'Fathers Day', url: `${SHOP}/collections/fathers-day` });
    expect(blocks[1].itemListElement.map((item: { name: string }) => item.name)).toEqual(['Home', 'Products', 'Fathers Day']);
  });

  test('another case answers a 301 to its slug; an unknown slug answers 404', async () => {
    const moved = await fetch(`${app.url}/collections/Fathers-Day`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/collections/fathers-day');
    expect((await fetch(`${app.url}/collections/no-such-shelf`, { headers: { accept: 'text/html' } })).status).toBe(404);
  });

  test('the sitemap lists every collection page', async () => {
    const xml = await (await fetch(`${app.url}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${SHOP}/collections/fathers-day</loc>`);
  });
});

test('the demo seed puts its knives in Kitchen, Outdoor and Gifts', async () => {
  const demo = await startTestApp();
  try {
    await seedCatalogue(demo.db, demo.services.uploads, pino({ level: 'silent' }));
    const shelves = (await demo.gql<{ collections: { name: string; products: { name: string }[] }[] }>(ALL)).data!.collections;
    expect(shelves.map((shelf) => shelf.name)).toEqual(['Kitchen', 'Outdoor', 'Gifts']);
    expect(shelves.every((shelf) => shelf.products.length >= 5)).toBe(true);
    expect(shelves[0].products[0].name).toBe('Damascus Chef Knife 8"');
  } finally {
    await demo.close();
  }
});
