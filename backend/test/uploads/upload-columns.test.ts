import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { OrderLine } from '../../src/modules/orders/order-line.entity';
import { UNREFERENCED_UPLOAD_AGE_MS } from '../../src/modules/uploads/uploads.service';
import { UPLOAD_COLUMNS } from '../../src/modules/uploads/upload-columns';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';
import { variantsApi } from '../support/variants';

/**
 * The clean-up of unreferenced uploads keeps every upload a column of UPLOAD_COLUMNS points at, and
 * every column that can hold an upload is on that list.
 */
let app: TestApp;
let dataDir: string;
let admin: TestSession;
let shopper: TestSession;
/** The uploads, each attached where its name says (`abandoned` nowhere). */
let photos: Record<
  'main' | 'gallery' | 'variant' | 'collection' | 'profile' | 'review' | 'message' | 'return' | 'proof' | 'abandoned',
  string
>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'keen-upload-columns-'));
  app = await startTestApp({ DATA_DIR: dataDir });
  [admin, shopper] = await Promise.all([app.adminUser(), app.customer('upload-columns')]);
  photos = {
    main: await upload(admin),
    gallery: await upload(admin),
    variant: await upload(admin),
    collection: await upload(admin),
    profile: await upload(shopper),
    review: await upload(shopper),
    message: await upload(null),
    return: await upload(shopper),
    proof: await upload(admin),
    abandoned: await upload(admin),
  };
  await attachEverywhere();
});

afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An upload by `as`; with null, a contact message's photo from an anonymous visitor. */
async function upload(as: TestSession | null): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36a' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const response = as
    ? await fetch(`${app.url}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${as.token}` }, body: form })
    : await fetch(`${app.url}/api/messages/photos`, { method: 'POST', body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

async function ok(response: Promise<{ errors?: unknown }>) {
  const { errors } = await response;
  expect(errors).toBeUndefined();
}

/** Each photo where an admin or a customer puts it, through the API. */
async function attachEverywhere() {
  const v = variantsApi(app);
  const product = await v.productWith(
    admin,
    [{ name: 'Handle', values: ['Walnut', 'Ebony'] }],
    [
      { priceAmount: 5000, quantity: 3 },
      { priceAmount: 6000, quantity: 3 },
    ],
    { img: photos.main },
  );
  await ok(
    app.gql(
      'mutation($productId: ID!, $input: ProductImageInput!) { addProductImage(productId: $productId, input: $input) { id } }',
      {
        productId: product.id,
        input: { url: photos.gallery, alt: 'The other side' },
      },
      admin,
    ),
  );
  await v.updateVariant(admin, product.variants[1].id, { img: photos.variant });
  await ok(
    app.gql(
      'mutation($input: CollectionInput!) { createCollection(input: $input) { id } }',
      { input: { name: 'Gifts', image: photos.collection } },
      admin,
    ),
  );
  const profile = (img: string) =>
    app.gql(
      'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }',
      {
        input: { name: 'Reviewer', phone: '+1 555 0100', address: '1 Test Street', img },
      },
      shopper,
    );
  // The review keeps the photo its author had when writing it; the profile then gets another.
  await ok(profile(photos.review));
  await ok(
    app.gql(
      'mutation($input: AddReviewInput!) { addReview(input: $input) { id } }',
      { input: { star: 5, description: 'Sharp', productId: product.id } },
      shopper,
    ),
  );
  await ok(profile(photos.profile));
  // An order copies the photos as they are when ordered.
  await ok(v.place(shopper, [{ productId: product.id, variantId: product.variants[1].id, quantity: 1 }]));
  // A visitor's commission request keeps its reference photo.
  await ok(
    app.gql('mutation($input: SendMessageInput!) { sendMessage(input: $input) }', {
      input: { name: 'Visitor', email: 'visitor@example.com', message: 'A knife like this', kind: 'COMMISSION', photos: [photos.message] },
    }),
  );
  // A return keeps the photo of what is wrong.
  const knife = await app.product({ quantity: 5 });
  const delivered = await app.payOrder(shopper, (await app.placeOrder(shopper, knife.id, 1)).id);
  await ok(app.gql('mutation($id: ID!) { markShipped(id: $id) { id } }', { id: delivered.id }, admin));
  await ok(app.gql('mutation($id: ID!) { markDelivered(id: $id) { id } }', { id: delivered.id }, admin));
  const [line] = await app.db.getRepository(OrderLine).findBy({ orderId: delivered.id });
  await ok(
    app.gql(
      'mutation($input: RequestReturnInput!) { requestReturn(input: $input) { id } }',
      { input: { orderId: delivered.id, lines: [{ lineId: line.id, quantity: 1 }], reason: 'FAULTY', photos: [photos.return] } },
      shopper,
    ),
  );
  // An engraving proof keeps its photos: the evidence of what the customer approved.
  const engraved = await app.product({ quantity: 5, engravable: true, proofRequired: true });
  const placed = await app.gql<{ placeOrder: { id: string } }>(
    'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
    {
      input: {
        phone: '+1 555 0100',
        address: '1 Proof Street, United States',
        lines: [{ productId: engraved.id, quantity: 1, engraving: { text: 'Ada', font: 'serif' } }],
      },
    },
    shopper,
  );
  expect(placed.errors).toBeUndefined();
  const awaiting = await app.payOrder(shopper, placed.data!.placeOrder.id);
  const [engravedLine] = await app.db.getRepository(OrderLine).findBy({ orderId: awaiting.id });
  await ok(
    app.gql(
      'mutation($input: SendOrderProofInput!) { sendOrderProof(input: $input) { id } }',
      { input: { orderId: awaiting.id, lineId: engravedLine.id, imageUrls: [photos.proof] } },
      admin,
    ),
  );
}

const nameOf = (url: string) => url.slice('/uploads/'.length);
/** An upload and the responsive sizes stored beside it. */
const withSizes = (name: string) => [name, ...[400, 800, 1600].map((width) => name.replace('.webp', `-${width}w.webp`))];

test('two days after the uploads, the clean-up removes only the unattached one; every attached photo is still served', async () => {
  const twoDaysAhead = new Date(Date.now() + 2 * UNREFERENCED_UPLOAD_AGE_MS);
  const removed = await app.services.uploads.removeUnreferenced(twoDaysAhead);

  const removedPhotos = Object.entries(photos).filter(([, url]) => removed.includes(nameOf(url)));
  expect(removedPhotos.map(([where]) => where)).toEqual(['abandoned']);
  expect(removed.sort()).toEqual(withSizes(nameOf(photos.abandoned)).sort());
  const attached = Object.entries(photos).filter(([where]) => where !== 'abandoned');
  for (const [where, url] of attached) {
    const served = await fetch(`${app.url}${url}`);
    expect({ where, status: served.status }).toEqual({ where, status: 200 });
    await served.arrayBuffer();
  }
  expect(readdirSync(path.join(dataDir, 'uploads')).sort()).toEqual(
    attached
      .map(([, url]) => nameOf(url))
      .flatMap(withSizes)
      .sort(),
  );
});

/** `Entity.column` for each declared upload column. */
const declared = () => new Set(UPLOAD_COLUMNS.map(({ entity, column }) => `${app.db.getMetadata(entity).name}.${column}`));

/**
 * Columns that look like an image's or hold an upload's URL but never point at an upload the shop
 * keeps, each with why.
 */
const NOT_UPLOAD_COLUMNS = new Set([
  // Where an integrator receives webhooks: an address outside Keen.
  'WebhookEndpoint.url',
]);

test('every entity column named like an image or a URL is on UPLOAD_COLUMNS or explained in NOT_UPLOAD_COLUMNS', () => {
  const imageLike = /img|image|photo|picture|avatar|logo|icon|thumb|banner|url/i;
  const textTypes = new Set(['character varying', 'varchar', 'text', 'character', 'json', 'jsonb']);
  const found = app.db.entityMetadatas.flatMap((metadata) =>
    metadata.columns
      .filter((column) => textTypes.has(app.db.driver.normalizeType(column)))
      .filter((column) => imageLike.test(column.propertyPath) || imageLike.test(column.databaseName))
      .map((column) => `${metadata.name}.${column.propertyPath}`),
  );
  const known = declared();
  // The walk reaches the declared columns: one that found nothing would pass.
  expect(found).toEqual(expect.arrayContaining([...known]));
  expect(found.filter((column) => !known.has(column) && !NOT_UPLOAD_COLUMNS.has(column))).toEqual([]);
});

test('every column of the database holding an upload URL, once photos are attached everywhere, is on UPLOAD_COLUMNS', async () => {
  const tables = new Map(app.db.entityMetadatas.map((metadata) => [metadata.tableName, metadata]));
  const columns: { table: string; column: string }[] = await app.db.query(
    `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('character varying', 'text', 'character', 'json', 'jsonb', 'ARRAY')`,
  );
  const holding: string[] = [];
  for (const { table, column } of columns) {
    const [{ any }] = await app.db.query(`SELECT EXISTS (SELECT 1 FROM "${table}" WHERE "${column}"::text LIKE '%/uploads/%') AS any`);
    if (!any) continue;
    const metadata = tables.get(table);
    const property = metadata?.columns.find((candidate) => candidate.databaseName === column)?.propertyPath;
    holding.push(metadata && property ? `${metadata.name}.${property}` : `${table}.${column} (no entity)`);
  }
  expect(holding.filter((column) => !declared().has(column) && !NOT_UPLOAD_COLUMNS.has(column))).toEqual([]);
  // The photos attached above reach every declared column.
  expect(holding.sort()).toEqual(expect.arrayContaining([...declared()].sort()));
});
