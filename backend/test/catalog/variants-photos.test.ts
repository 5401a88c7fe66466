import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';
import { variantsApi } from '../support/variants';

/**
 * A variant's own photo: uploaded as any photo is, shown for the variant (the product's otherwise),
 * copied onto the order lines of the variant, and kept by the clean-up of unreferenced uploads.
 */
let app: TestApp;
let dataDir: string;
let admin: TestSession;
let buyer: TestSession;
let v: ReturnType<typeof variantsApi>;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'keen-variant-photos-'));
  app = await startTestApp({ DATA_DIR: dataDir });
  v = variantsApi(app);
  [admin, buyer] = await Promise.all([app.adminUser(), app.customer('photos')]);
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ebony.png');
  const response = await fetch(`${app.url}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

test("a variant's own photo is shown for it, copied onto its order lines, and kept by the clean-up of unreferenced uploads", async () => {
  const product = await v.productWith(
    admin,
    [{ name: 'Handle', values: ['Walnut', 'Ebony'] }],
    [
      { priceAmount: 5000, quantity: 3 },
      { priceAmount: 6000, quantity: 3 },
    ],
  );
  const [walnut, ebony] = product.variants;
  const [own, ordered, abandoned] = [await upload(), await upload(), await upload()];
  const withOwn = await v.updateVariant(admin, ebony.id, { img: ordered });
  expect(withOwn.variants.map((x) => [x.img, x.ownImg])).toEqual([
    ['/images/santoku.svg', null],
    [ordered, ordered],
  ]);
  const placed = await v.place(buyer, [
    { productId: product.id, variantId: ebony.id, quantity: 1 },
    { productId: product.id, variantId: walnut.id, quantity: 1 },
  ]);
  expect(placed.data!.placeOrder.lines.map((line) => line.img)).toEqual([ordered, '/images/santoku.svg']);
  // The variant then gets another photo: the order lines keep theirs.
  await v.updateVariant(admin, ebony.id, { img: own });

  const dir = path.join(dataDir, 'uploads');
  const dayAndHourAgo = new Date(Date.now() - 25 * 3600_000);
  for (const name of readdirSync(dir)) utimesSync(path.join(dir, name), dayAndHourAgo, dayAndHourAgo);
  const removed = await app.services.uploads.removeUnreferenced();
  const base = (url: string) => url.slice('/uploads/'.length, '/uploads/'.length + 32);
  expect(removed.length).toBeGreaterThan(0);
  expect(removed.every((name) => name.startsWith(base(abandoned)))).toBe(true);
  const left = readdirSync(dir);
  expect(left.some((name) => name.startsWith(base(own)))).toBe(true);
  expect(left.some((name) => name.startsWith(base(ordered)))).toBe(true);
  expect((await fetch(`${app.url}${own}`)).status).toBe(200);
});
