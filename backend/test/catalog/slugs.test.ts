import { slugPart } from '../../src/modules/catalog/slugs';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';

/** Products' slugs: made from the name, unique whatever the case, changed by admins only; an old slug still leads to the product. */
let app: TestApp;
let api: ReturnType<typeof restClient>;
let admin: TestSession;
let customer: TestSession;
beforeAll(async () => {
  app = await startTestApp();
  api = restClient(app);
  [admin, customer] = await Promise.all([app.adminUser(), app.customer()]);
});
afterAll(() => app.close());

const CREATE = 'mutation($input: ProductInput!) { createProduct(input: $input) { id name slug } }';
const UPDATE = 'mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { id slug } }';
const BY_SLUG = 'query($slug: String) { product(slug: $slug) { id name slug } }';
const fields = { description: 'Hollow ground', price: 90, quantity: 4, minimumQuantity: 1, img: '/images/santoku.svg' };
const update = { price: 90, quantity: 4, minimumQuantity: 1, img: '/images/santoku.svg' };

async function create(name: string): Promise<{ id: string; name: string; slug: string }> {
  const res = await app.gql(CREATE, { input: { name, ...fields } }, admin);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.createProduct;
}

/** updateProduct with a new slug, as the admin unless another caller (or nobody: null) is named. */
async function setSlug(id: string, slug: string, as: TestSession | null = admin) {
  return app.gql(UPDATE, { id, input: { ...update, slug } }, as ?? undefined);
}

test('a slug is the name in lowercase ASCII words joined by dashes, accents dropped', () => {
  expect(slugPart('Engraved Santoku 7"')).toBe('engraved-santoku-7');
  expect(slugPart('  Crème Brûlée — Torch & Knife!  ')).toBe('creme-brulee-torch-knife');
  expect(slugPart('Chef’s knife, 21 cm')).toBe('chef-s-knife-21-cm');
  expect(slugPart('包丁')).toBe('product');
});

test('a new product gets a slug from its name; one already taken (whatever the case) gets -2, then -3', async () => {
  const first = await create('Slug Bowie Knife');
  const second = await create('Slug-Bowie knife!');
  const third = await create('SLUG bowie KNIFE?');
  expect([first.slug, second.slug, third.slug]).toEqual(['slug-bowie-knife', 'slug-bowie-knife-2', 'slug-bowie-knife-3']);
  // A name that makes what a suffix would give keeps slugs unique too.
  expect((await create('Slug Bowie Knife 2')).slug).toBe('slug-bowie-knife-2-2');
  const rows: { slug: string }[] = await app.db.query(`SELECT "slug" FROM "product" WHERE "slug" LIKE 'slug-bowie-knife%'`);
  expect(new Set(rows.map((row) => row.slug.toLowerCase())).size).toBe(rows.length);
});

test('the catalogue and the REST layer show each product with its slug', async () => {
  const product = await create('Listed Slug Cleaver');
  const list = await app.gql('{ products(options: { search: "Listed Slug Cleaver" }) { items { id slug } } }');
  expect(list.data!.products.items).toEqual([{ id: product.id, slug: 'listed-slug-cleaver' }]);
  const { body } = await api('GET', `/products?id=${product.id}`);
  expect(body[0]).toMatchObject({ _id: product.id, slug: 'listed-slug-cleaver' });
});

test('an admin changes a slug (any case, kept in lowercase); the old slug still finds the product, through GraphQL and REST', async () => {
  const product = await create('Renamed Slug Santoku');
  const changed = await setSlug(product.id, '  Hand-Forged-Santoku ');
  expect(changed.errors).toBeUndefined();
  expect(changed.data!.updateProduct.slug).toBe('hand-forged-santoku');

  for (const slug of ['hand-forged-santoku', 'renamed-slug-santoku', 'Renamed-Slug-Santoku']) {
    const found = await app.gql(BY_SLUG, { slug });
    expect({ slug, product: found.data?.product }).toEqual({
      slug,
      product: { id: product.id, name: product.name, slug: 'hand-forged-santoku' },
    });
  }

  const current = await api('GET', '/products/by-slug/hand-forged-santoku');
  expect(current.status).toBe(200);
  expect(current.body).toMatchObject({
    _id: product.id,
    slug: 'hand-forged-santoku',
    price: 90,
    variants: [expect.objectContaining({ price: 90 })],
  });
  for (const old of ['renamed-slug-santoku', 'HAND-FORGED-SANTOKU']) {
    const moved = await fetch(`${app.url}/api/products/by-slug/${old}`, { redirect: 'manual' });
    expect({ old, status: moved.status, location: moved.headers.get('location') }).toEqual({
      old,
      status: 301,
      location: '/api/products/by-slug/hand-forged-santoku',
    });
  }

  // Changed again: both earlier slugs lead to the newest; going back to an old slug makes it current again.
  expect((await setSlug(product.id, 'santoku-three')).errors).toBeUndefined();
  for (const slug of ['renamed-slug-santoku', 'hand-forged-santoku'])
    expect((await app.gql(BY_SLUG, { slug })).data!.product.slug).toBe('santoku-three');
  expect((await setSlug(product.id, 'renamed-slug-santoku')).data!.updateProduct.slug).toBe('renamed-slug-santoku');
  expect((await api('GET', '/products/by-slug/renamed-slug-santoku')).status).toBe(200);
  expect((await app.gql(BY_SLUG, { slug: 'santoku-three' })).data!.product.slug).toBe('renamed-slug-santoku');
});

test("a slug another product has is refused (409 over REST); a malformed one says the rule; another product's old slug may be taken", async () => {
  const taken = await create('Taken Slug Paring');
  const other = await create('Other Slug Paring');
  const clash = await setSlug(other.id, 'TAKEN-slug-paring');
  expect(codeOf(clash)).toBe('CONFLICT');
  expect(messageOf(clash)).toBe('Another product has that slug');
  const rest = await api('PUT', `/products/${other.id}`, { as: admin, body: { ...update, slug: taken.slug } });
  expect(rest).toEqual({ status: 409, body: { message: 'Another product has that slug' } });

  for (const slug of ['two  words', 'double--dash', '-edge', 'ünï', 'a'.repeat(81)]) {
    const refused = await setSlug(other.id, slug);
    expect({ slug, code: codeOf(refused) }).toEqual({ slug, code: 'BAD_USER_INPUT' });
  }
  expect(messageOf(await setSlug(other.id, 'no spaces'))).toBe(
    'Slug may hold only letters a-z, digits and single dashes between words, like engraved-santoku-7',
  );

  // The taken product moves on; its old slug may then go to another product, which it then finds.
  expect((await setSlug(taken.id, 'taken-slug-paring-moved')).errors).toBeUndefined();
  expect((await setSlug(other.id, 'taken-slug-paring')).data!.updateProduct.slug).toBe('taken-slug-paring');
  expect((await app.gql(BY_SLUG, { slug: 'taken-slug-paring' })).data!.product.id).toBe(other.id);
  // A new product never takes a slug that still leads somewhere: "other-slug-paring" is an old slug now.
  expect((await create('Other Slug Paring!')).slug).toBe('other-slug-paring-2');
});

test('changing a slug needs an admin: anonymous callers are UNAUTHENTICATED and customers FORBIDDEN, before the input is read', async () => {
  const product = await app.product({ name: 'Guarded Slug Knife' });
  for (const slug of ['guarded', 'NOT A SLUG!!']) {
    expect(codeOf(await setSlug(product.id, slug, null))).toBe('UNAUTHENTICATED');
    expect(codeOf(await setSlug(product.id, slug, customer))).toBe('FORBIDDEN');
  }
  expect((await api('PUT', `/products/${product.id}`, { body: { ...update, slug: 'guarded' } })).status).toBe(401);
  expect((await api('PUT', `/products/${product.id}`, { as: customer, body: { ...update, slug: 'guarded' } })).status).toBe(403);
  expect((await app.gql(BY_SLUG, { slug: 'guarded-slug-knife' })).data!.product.slug).toBe('guarded-slug-knife');
});

test('product() takes exactly one of id and slug; an unknown slug is NOT_FOUND (404 over REST)', async () => {
  const product = await app.product({ name: 'Either Slug Knife' });
  expect(codeOf(await app.gql('{ product { id } }'))).toBe('BAD_USER_INPUT');
  expect(
    codeOf(await app.gql('query($id: ID, $slug: String) { product(id: $id, slug: $slug) { id } }', { id: product.id, slug: product.slug })),
  ).toBe('BAD_USER_INPUT');
  for (const slug of ['no-such-knife', 'not a slug', 'x'.repeat(200)]) expect(codeOf(await app.gql(BY_SLUG, { slug }))).toBe('NOT_FOUND');
  expect((await api('GET', '/products/by-slug/no-such-knife')).status).toBe(404);
});

test('a deleted product takes its old slugs with it', async () => {
  const product = await create('Short Lived Slug Knife');
  await setSlug(product.id, 'short-lived-renamed');
  expect(codeOf(await app.gql('mutation($id: ID!) { deleteProduct(id: $id) }', { id: product.id }, admin))).toBeUndefined();
  expect(codeOf(await app.gql(BY_SLUG, { slug: 'short-lived-slug-knife' }))).toBe('NOT_FOUND');
  expect(await app.db.query(`SELECT 1 FROM "product_slug_history" WHERE "productId" = $1`, [product.id])).toEqual([]);
});
