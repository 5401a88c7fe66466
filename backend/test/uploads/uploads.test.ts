import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63fccfc0500f000485018084a98c210000000049454e44ae426082',
  'hex',
);
const still = sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } });
/** An upload and the responsive sizes stored beside it. */
const withSizes = (name: string) => [name, ...[400, 800, 1600].map((width) => name.replace('.webp', `-${width}w.webp`))];

let app: TestApp;
let dataDir: string;
let shopper: TestSession;
let admin: TestSession;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'keen-uploads-'));
  app = await startTestApp({ DATA_DIR: dataDir });
  [shopper, admin] = await Promise.all([app.customer(), app.adminUser()]);
});

afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(bytes: Buffer, filename: string, session?: TestSession, { type = 'application/octet-stream', field = 'image' } = {}) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = await fetch(`${app.url}/api/uploads`, {
    method: 'POST',
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { success?: boolean; data?: { url: string }; message?: string } };
}

describe('POST /api/uploads', () => {
  it('stores a PNG re-encoded as WebP under a random name and serves it at the URL', async () => {
    const { status, body } = await upload(PNG, 'knife.png', admin, { type: 'image/png' });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data!.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const served = await fetch(`${app.url}${body.data!.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 });
  });

  it('judges the type by content: a PNG named .txt with a text mime type is accepted as a PNG', async () => {
    const { status, body } = await upload(PNG, 'notes.txt', shopper, { type: 'text/plain' });
    expect(status).toBe(200);
    expect(body.data!.url).toMatch(/\.webp$/);
  });

  it('accepts JPEG and WebP, stored as WebP', async () => {
    const jpeg = await upload(await still.clone().jpeg().toBuffer(), 'a', admin);
    const webp = await upload(await still.clone().webp().toBuffer(), 'b', admin);
    expect(jpeg.body.data!.url).toMatch(/\.webp$/);
    expect(webp.body.data!.url).toMatch(/\.webp$/);
  });

  it('refuses a text file named .png with an image/png header', async () => {
    const { status, body } = await upload(Buffer.from('just some text, not an image'), 'fake.png', admin, { type: 'image/png' });
    expect(status).toBe(400);
    expect(body.message).toBe('Only JPEG, PNG and WebP images can be uploaded');
  });

  it('refuses an SVG, which browsers could run scripts from', async () => {
    const { status, body } = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      admin,
      { type: 'image/svg+xml' },
    );
    expect(status).toBe(400);
    expect(body.message).toBe('Only JPEG, PNG and WebP images can be uploaded');
  });

  it('refuses a file over 5 MB with 413, and takes one of exactly 5 MB', async () => {
    const tooBig = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    const refused = await upload(tooBig, 'big.png', admin);
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('The image must be at most 5 MB');
    // A JPEG decoder reads to the end-of-image marker; the padding after it is never decoded.
    const jpeg = await still.clone().jpeg().toBuffer();
    const limit = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 - jpeg.length)]);
    expect((await upload(limit, 'limit.png', admin)).status).toBe(200);
  });

  it('refuses a request without the image field', async () => {
    const wrongField = await upload(PNG, 'knife.png', admin, { field: 'photo' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('Send one image in the multipart field "image"');
    const empty = await fetch(`${app.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
  });

  it('refuses anonymous callers with 401 and stores nothing', async () => {
    const before = readdirSync(path.join(dataDir, 'uploads')).length;
    const { status, body } = await upload(PNG, 'knife.png');
    expect(status).toBe(401);
    expect(body.message).toBe('Please sign in first');
    expect(readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(before);
  });

  it('refuses a bad token with 401', async () => {
    const { status } = await upload(PNG, 'knife.png', { email: 'x@keen.test', token: 'not-a-token' });
    expect(status).toBe(401);
  });
});

describe('clean-up of unreferenced uploads on local disk', () => {
  it('removes only uploads older than a day that no product, order, order line, profile or review points at, with their sizes', async () => {
    const dir = path.join(dataDir, 'uploads');
    for (const name of readdirSync(dir)) rmSync(path.join(dir, name));
    const names: string[] = [];
    for (let i = 0; i < 6; i += 1) names.push((await upload(PNG, 'p.png', admin)).body.data!.url.slice('/uploads/'.length));
    const [onProduct, onOrder, onSecondLine, onReview, abandoned, recent] = names;
    const first = await app.product({ img: `/uploads/${onOrder}` });
    const second = await app.product({ img: `/uploads/${onSecondLine}` });
    const placed = await app.gql(
      'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
      {
        input: {
          lines: [
            { productId: first.id, quantity: 1 },
            { productId: second.id, quantity: 1 },
          ],
          phone: '+1 555 0100',
          address: '1 Test Street',
        },
      },
      shopper,
    );
    expect(placed.errors).toBeUndefined();
    // The order and each of its lines keep their own copy of the photo after the products' photos change
    // (the order row copies only the first line's).
    await app.db.query('UPDATE product SET img = $1 WHERE id = ANY($2)', [`/uploads/${onProduct}`, [first.id, second.id]]);
    // A review keeps the copy of its author's photo after the profile's photo changes.
    await app.db.query(
      `INSERT INTO review ("userName", name, email, description, img, star) VALUES ('A', 'A', 'a@keen.test', 'Sharp', $1, 5)`,
      [`/uploads/${onReview}`],
    );
    const dayAndHourAgo = new Date(Date.now() - 25 * 3600_000);
    for (const name of [onProduct, onOrder, onSecondLine, onReview, abandoned].flatMap(withSizes))
      utimesSync(path.join(dir, name), dayAndHourAgo, dayAndHourAgo);
    writeFileSync(path.join(dir, 'notes.txt'), 'not an upload');
    utimesSync(path.join(dir, 'notes.txt'), dayAndHourAgo, dayAndHourAgo);

    expect((await app.services.uploads.removeUnreferenced()).sort()).toEqual(withSizes(abandoned).sort());
    expect(readdirSync(dir).sort()).toEqual(
      [...[onProduct, onOrder, onSecondLine, onReview, recent].flatMap(withSizes), 'notes.txt'].sort(),
    );
  });
});
