import { RESPONSIVE_WIDTHS } from '@keen/rules';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { ProductImage } from '../../src/modules/catalog/product-image.entity';
import { Product } from '../../src/modules/catalog/product.entity';
import { UPLOAD_NAME } from '../../src/modules/uploads';
import { demoProducts } from '../../src/seed/demo-catalogue';
import { DEMO_PHOTO_WIDTH } from '../../src/seed/demo-photos';
import { seedCatalogue } from '../../src/seed/seed';
import { startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
// Its own data folder: the clean-up below sees only this shop's uploads.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keen-demo-photos-'));
beforeAll(async () => {
  app = await startTestApp({ DATA_DIR: dataDir });
  await seedCatalogue(app.db, app.services.uploads, pino({ level: 'silent' }));
}, 120_000);
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const nameOf = (url: string) => url.slice('/uploads/'.length);

test("every demo product's photo is an upload, its gallery's first photo, served as uploads are", async () => {
  const products = await app.db.getRepository(Product).find();
  expect(products).toHaveLength(demoProducts.length);
  const gallery = await app.db.getRepository(ProductImage).find();
  for (const product of products) {
    expect(product.img).toMatch(/^\/uploads\//);
    expect(UPLOAD_NAME.test(nameOf(product.img))).toBe(true);
    expect(gallery.filter((image) => image.productId === product.id).map((image) => image.url)).toEqual([product.img]);
  }
  expect(new Set(products.map((product) => product.img)).size).toBe(products.length);

  const res = await fetch(`${app.url}${products[0].img}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  expect(res.headers.get('cache-control')).toContain('max-age=604800');
  const photo = Buffer.from(await res.arrayBuffer());
  // Photo-sized: as wide as a shop's photo and tens of kilobytes, not a 1 KB drawing.
  expect((await sharp(photo).metadata()).width).toBe(DEMO_PHOTO_WIDTH);
  expect(photo.length).toBeGreaterThan(10_000);
  for (const width of RESPONSIVE_WIDTHS) {
    const sized = await fetch(`${app.url}${products[0].img.replace(/\.webp$/, `-${width}w.webp`)}`);
    expect(sized.status).toBe(200);
    expect((await sharp(Buffer.from(await sized.arrayBuffer())).metadata()).width).toBe(width);
  }
});

test('the srcset of a demo photo names its stored widths', async () => {
  const { slug } = await app.db.getRepository(Product).findOneByOrFail({});
  const res = await app.gql<{ product: { images: { url: string; srcset: string | null }[] } }>(
    'query($slug: String!) { product(slug: $slug) { images { url srcset } } }',
    { slug },
  );
  expect(res.errors).toBeUndefined();
  const [image] = res.data!.product.images;
  expect(image.srcset).toBe(RESPONSIVE_WIDTHS.map((width) => `${image.url.replace(/\.webp$/, `-${width}w.webp`)} ${width}w`).join(', '));
});

test("the hourly clean-up keeps the demo's photos: products point at them", async () => {
  const twoDaysAhead = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
  expect(await app.services.uploads.removeUnreferenced(twoDaysAhead)).toEqual([]);
  const product = await app.db.getRepository(Product).findOneByOrFail({});
  expect((await fetch(`${app.url}${product.img}`)).status).toBe(200);
});

test('while the demo shop is seeded (its photos take seconds), /readyz answers 503 and says why', async () => {
  let finish!: () => void;
  const seeding = app.notReadyWhile('seeding the demo shop', () => new Promise<void>((resolve) => (finish = resolve)));
  const during = await fetch(`${app.url}/readyz`);
  expect(during.status).toBe(503);
  expect(await during.json()).toEqual({ status: 'not ready', reason: 'seeding the demo shop' });
  finish();
  await seeding;
  expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
});
