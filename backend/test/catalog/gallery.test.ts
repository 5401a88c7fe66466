import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

/** Product galleries (issue 39): photos in order with alt text; the first is the product's img. */
let app: TestApp;
let admin: TestSession;
beforeAll(async () => {
  app = await startTestApp({ READ_CACHE: 'true' });
  admin = await app.adminUser();
});
afterAll(() => app.close());

const GALLERY = 'id img images { id url alt position srcset }';
const ADD = `mutation($productId: ID!, $input: ProductImageInput!) { addProductImage(productId: $productId, input: $input) { ${GALLERY} } }`;
const ALT = `mutation($id: ID!, $alt: String!) { setProductImageAlt(id: $id, alt: $alt) { ${GALLERY} } }`;
const REMOVE = `mutation($id: ID!) { removeProductImage(id: $id) { ${GALLERY} } }`;
const REORDER = `mutation($productId: ID!, $imageIds: [ID!]!) { reorderProductImages(productId: $productId, imageIds: $imageIds) { ${GALLERY} } }`;
const READ = `query($id: ID!) { product(id: $id) { ${GALLERY} } }`;

type Image = { id: string; url: string; alt: string; position: number; srcset: string | null };
type Gallery = { id: string; img: string; images: Image[] };
const UPLOAD = '/uploads/0123456789abcdef0123456789abcdef.webp';

async function run<K extends string>(query: string, variables: Record<string, unknown>, field: K): Promise<Gallery> {
  const res = await app.gql<Record<K, Gallery>>(query, variables, admin);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data![field];
}
const read = async (id: string) => (await app.gql<{ product: Gallery }>(READ, { id })).data!.product;

test('a product made in the dashboard has its photo as its gallery; changing the photo changes the first', async () => {
  const created = await app.gql<{ createProduct: Gallery }>(
    `mutation($input: ProductInput!) { createProduct(input: $input) { ${GALLERY} } }`,
    {
      input: {
        name: `Gallery Knife ${Date.now()}`,
        description: 'x',
        price: 50,
        quantity: 3,
        minimumQuantity: 1,
        img: '/images/santoku.svg',
      },
    },
    admin,
  );
  const product = created.data!.createProduct;
  expect(product.images).toEqual([expect.objectContaining({ url: '/images/santoku.svg', alt: '', position: 0, srcset: null })]);
  const updated = await app.gql<{ updateProduct: Gallery }>(
    `mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { ${GALLERY} } }`,
    {
      id: product.id,
      input: { name: `Gallery Knife ${Date.now()}`, description: 'x', price: 50, quantity: 3, minimumQuantity: 1, img: UPLOAD },
    },
    admin,
  );
  expect(updated.data!.updateProduct.images.map((image) => image.url)).toEqual([UPLOAD]);
  expect(updated.data!.updateProduct.images[0].srcset).toBe(
    ['400', '800', '1600'].map((width) => `/uploads/0123456789abcdef0123456789abcdef-${width}w.webp ${width}w`).join(', '),
  );
});

test('only admins change a gallery: anonymous UNAUTHENTICATED (before the input is looked at), a customer FORBIDDEN', async () => {
  const knife = await app.product();
  const [image] = (await read(knife.id)).images;
  const customer = await app.customer('gallery-customer');
  const attempts: [string, Record<string, unknown>][] = [
    [ADD, { productId: knife.id, input: { url: '' } }],
    [ALT, { id: image.id, alt: 'x'.repeat(300) }],
    [REMOVE, { id: image.id }],
    [REORDER, { productId: knife.id, imageIds: [] }],
  ];
  for (const [mutation, variables] of attempts) {
    expect(codeOf(await app.gql(mutation, variables))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(mutation, variables, customer))).toBe('FORBIDDEN');
  }
  expect(await read(knife.id)).toEqual({ id: knife.id, img: knife.img, images: [image] });
});

test('photos are added at the end with their alt text, reordered (the first becomes the img), described, and removed down to one', async () => {
  const knife = await app.product();
  const [first] = (await read(knife.id)).images;
  await run(ADD, { productId: knife.id, input: { url: UPLOAD, alt: ' The spine, engraved ' } }, 'addProductImage');
  let gallery = await run(ADD, { productId: knife.id, input: { url: '/images/cleaver.svg' } }, 'addProductImage');
  expect(gallery.images.map(({ url, alt, position }) => [url, alt, position])).toEqual([
    [knife.img, '', 0],
    [UPLOAD, 'The spine, engraved', 1],
    ['/images/cleaver.svg', '', 2],
  ]);
  const [, spine, cleaver] = gallery.images;

  gallery = await run(REORDER, { productId: knife.id, imageIds: [cleaver.id, first.id, spine.id] }, 'reorderProductImages');
  expect(gallery.img).toBe('/images/cleaver.svg');
  expect(gallery.images.map((image) => image.id)).toEqual([cleaver.id, first.id, spine.id]);
  // The public list (cached for visitors) shows the new card photo at once.
  const listed = await app.gql<{ products: { items: { id: string; img: string }[] } }>(
    '{ products(options: { take: 100 }) { items { id img } } }',
  );
  expect(listed.data!.products.items.find((item) => item.id === knife.id)?.img).toBe('/images/cleaver.svg');

  gallery = await run(ALT, { id: cleaver.id, alt: 'The cleaver from the side' }, 'setProductImageAlt');
  expect(gallery.images[0].alt).toBe('The cleaver from the side');

  gallery = await run(REMOVE, { id: cleaver.id }, 'removeProductImage');
  expect(gallery.img).toBe(knife.img);
  expect(gallery.images.map(({ id, position }) => [id, position])).toEqual([
    [first.id, 0],
    [spine.id, 1],
  ]);
  await run(REMOVE, { id: spine.id }, 'removeProductImage');
  const last = await app.gql(REMOVE, { id: first.id }, admin);
  expect(codeOf(last)).toBe('BAD_USER_INPUT');
  expect(messageOf(last)).toBe('A product keeps at least one photo: add another before removing this one');
  expect((await read(knife.id)).images.map((image) => image.id)).toEqual([first.id]);
});

test('bad input is refused with its message and changes nothing', async () => {
  const knife = await app.product();
  const before = await read(knife.id);
  const [image] = before.images;
  for (const [query, variables, code, message] of [
    [ADD, { productId: knife.id, input: { url: ' ' } }, 'BAD_USER_INPUT', 'Product Photo is Required'],
    [
      ADD,
      { productId: knife.id, input: { url: '/images/x.svg', alt: 'x'.repeat(251) } },
      'BAD_USER_INPUT',
      'Alt text must be at most 250 characters',
    ],
    [ADD, { productId: '00000000-0000-4000-8000-000000000000', input: { url: '/images/x.svg' } }, 'NOT_FOUND', 'Product not found'],
    [ALT, { id: 'nope', alt: 'x' }, 'NOT_FOUND', 'Photo not found'],
    [REORDER, { productId: knife.id, imageIds: [] }, 'BAD_USER_INPUT', "Name each of the product's photos once, in their new order"],
    [
      REORDER,
      { productId: knife.id, imageIds: [image.id, image.id] },
      'BAD_USER_INPUT',
      "Name each of the product's photos once, in their new order",
    ],
  ] as const) {
    const res = await app.gql(query, variables, admin);
    expect({ code: codeOf(res), message: messageOf(res) }).toEqual({ code, message });
  }
  expect(await read(knife.id)).toEqual(before);
});

test("a list's galleries are read in one statement", async () => {
  await Promise.all([app.product(), app.product(), app.product()]);
  await app.services.readCache.invalidate();
  const { count, data } = await app.statementsFor<{ products: { items: { images: Image[] }[] } }>(
    '{ products(options: { take: 100 }) { items { id images { url alt } } } }',
  );
  expect(data.products.items.length).toBeGreaterThanOrEqual(3);
  expect(data.products.items.every((item) => item.images.length >= 1)).toBe(true);
  expect(count).toBeLessThanOrEqual(2);
});
