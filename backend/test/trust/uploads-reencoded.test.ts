import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

let app: TestApp;
let dataDir: string;
let shopper: TestSession;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'keen-reencode-'));
  app = await startTestApp({ DATA_DIR: dataDir, RATE_LIMIT_UPLOAD_MB: '2' });
  shopper = await app.customer();
});

afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(bytes: Buffer, session: TestSession = shopper) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), 'photo');
  const response = await fetch(`${app.url}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { data?: { url: string }; message?: string } };
}

const stored = (url: string) => readFileSync(path.join(dataDir, url));
const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c33' } });

test('a phone photo is stored upright, at most 2,000 px, as WebP, without its EXIF (GPS, camera), with 400/800/1600 px sizes', async () => {
  // Landscape pixels that the camera marks "rotate 90°": upright it is 3,000 × 4,000.
  const photo = await solid(4000, 3000)
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam', Model: 'Serial 0042' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('SpyCam');

  const { status, body } = await upload(photo);
  expect(status).toBe(200);
  const url = body.data!.url;
  expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
  const full = await sharp(stored(url)).metadata();
  expect(full).toMatchObject({ format: 'webp', width: 1500, height: 2000 });
  expect(full.exif).toBeUndefined();
  expect(full.orientation).toBeUndefined();
  expect(stored(url).toString('latin1')).not.toMatch(/SpyCam|Serial 0042/);

  const sizes = await Promise.all(
    [400, 800, 1600].map(async (width) => {
      const served = await fetch(`${app.url}${url.replace('.webp', `-${width}w.webp`)}`);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const { width: w, height: h, exif } = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      return { w, h, exif };
    }),
  );
  // The 1,600 px size keeps within the 2,000 px long side.
  expect(sizes).toEqual([
    { w: 400, h: 533, exif: undefined },
    { w: 800, h: 1067, exif: undefined },
    { w: 1500, h: 2000, exif: undefined },
  ]);
});

test('a file that does not decode is a 400 that names the problem', async () => {
  const png = await solid(20, 20).png().toBuffer();
  const truncated = png.subarray(0, 40);
  expect(await upload(truncated)).toEqual({
    status: 400,
    body: { message: 'The image could not be decoded: the file starts like a PNG image but is damaged or incomplete' },
  });
});

test('an animated image is refused', async () => {
  const frames = await Promise.all(
    ['#000', '#fff'].map((background) =>
      sharp({ create: { width: 10, height: 10, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  const animated = await sharp(frames, { join: { animated: true } })
    .webp()
    .toBuffer();
  expect(await upload(animated)).toEqual({ status: 400, body: { message: 'Animated images cannot be uploaded; choose a still image' } });
});

describe('the pixel cap (UPLOAD_MAX_MEGAPIXELS, default 24)', () => {
  // 6,000 × 4,100 px: 24.6 megapixels in a file of a few hundred KB.
  const overCap = solid(6000, 4100);

  test.each([
    ['a progressive JPEG', () => overCap.clone().jpeg({ progressive: true }).toBuffer()],
    ['a baseline JPEG', () => overCap.clone().jpeg().toBuffer()],
    ['a PNG', () => overCap.clone().png().toBuffer()],
  ])('%s over the cap is refused from its header, and nothing is stored', async (kind, make) => {
    const image = await make();
    const { isProgressive } = await sharp(image).metadata();
    expect(isProgressive).toBe(kind === 'a progressive JPEG');
    const before = readdirSync(path.join(dataDir, 'uploads')).length;
    expect(await upload(image)).toEqual({
      status: 400,
      body: { message: 'The image must be at most 24 megapixels (this one is 24.6)' },
    });
    expect(readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(before);
  });

  test('a progressive JPEG just under the cap (4,898 × 4,898 px) is decoded and stored', async () => {
    const { status, body } = await upload(await solid(4898, 4898).jpeg({ progressive: true }).toBuffer());
    expect(status).toBe(200);
    expect(await sharp(stored(body.data!.url)).metadata()).toMatchObject({ format: 'webp', width: 2000, height: 2000 });
  });
});

test('the smaller widths are made from the one decode at their sizes: a large progressive JPEG, and a small PNG with transparency', async () => {
  const sizesOf = async (url: string) =>
    Promise.all(
      [url, ...[400, 800, 1600].map((width) => url.replace('.webp', `-${width}w.webp`))].map(async (name) => {
        const { width, height, hasAlpha } = await sharp(stored(name)).metadata();
        return { width, height, hasAlpha };
      }),
    );
  const large = await upload(await solid(3000, 1500).jpeg({ progressive: true }).toBuffer());
  expect(large.status).toBe(200);
  expect(await sizesOf(large.body.data!.url)).toEqual([
    { width: 2000, height: 1000, hasAlpha: false },
    { width: 400, height: 200, hasAlpha: false },
    { width: 800, height: 400, hasAlpha: false },
    { width: 1600, height: 800, hasAlpha: false },
  ]);
  // Never enlarged; the alpha channel survives the raw pixels kept between the decode and the encodes.
  const translucent = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 200, g: 50, b: 50, alpha: 0.5 } } })
    .png()
    .toBuffer();
  const small = await upload(translucent);
  expect(small.status).toBe(200);
  expect(await sizesOf(small.body.data!.url)).toEqual(Array(4).fill({ width: 40, height: 30, hasAlpha: true }));
});

test("uploads count their bytes against the user's daily allowance (RATE_LIMIT_UPLOAD_MB)", async () => {
  const uploader = await app.customer('bytes');
  const noise = await sharp(Buffer.from(Array.from({ length: 600 * 600 * 3 }, (_, i) => (i * 7919) % 251)), {
    raw: { width: 600, height: 600, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(noise.length).toBeGreaterThan(1024 * 1024);
  expect((await upload(noise, uploader)).status).toBe(200);
  const refused = await upload(noise, uploader);
  expect(refused.status).toBe(429);
  expect(refused.body.message).toMatch(/^Too many requests/);
  expect((await upload(noise, await app.customer('other-bytes'))).status).toBe(200);
});
