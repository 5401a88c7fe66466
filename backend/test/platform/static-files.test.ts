import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../support/harness';

/** The built client as the build writes it: hashed assets with .br and .gz siblings, pages revalidated. */
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'keen-client-'));
const script = `console.log(${JSON.stringify('a knife '.repeat(400))});\n`;
const page = '<!doctype html><title>Keen</title><div id="root"></div>';
let app: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(clientDir, 'assets'));
  mkdirSync(path.join(clientDir, '.vite'));
  const write = (name: string, content: string) => {
    writeFileSync(path.join(clientDir, name), content);
    writeFileSync(path.join(clientDir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(clientDir, `${name}.gz`), gzipSync(content));
  };
  write('assets/index-AbC123.js', script);
  write('index.html', page);
  writeFileSync(path.join(clientDir, 'assets/plain-Xy9.css'), 'body{}');
  writeFileSync(path.join(clientDir, '.vite/manifest.json'), '{}');
  app = await startTestApp({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await app.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** node:http, so that nothing decodes the body on the way (fetch would). */
function get(urlPath: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${app.url}${urlPath}`,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
  });
}

test('a hashed asset is cached for a year and sent pre-compressed in the best encoding the client accepts', async () => {
  const brotli = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
  expect(brotli.status).toBe(200);
  expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers['content-type']).toMatch(/^(application|text)\/javascript/);
  expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
  expect(brotliDecompressSync(brotli.body).toString()).toBe(script);

  const gzip = await get('/assets/index-AbC123.js', 'gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.body).toString()).toBe(script);

  const refused = await get('/assets/index-AbC123.js', 'br;q=0, gzip');
  expect(refused.headers['content-encoding']).toBe('gzip');

  const identity = await get('/assets/index-AbC123.js');
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(identity.body.toString()).toBe(script);

  // A file the build did not compress is sent as it is.
  const plain = await get('/assets/plain-Xy9.css', 'br');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe('body{}');
});

test('pages are revalidated on every use, compressed too; dot-files and paths outside the folder are not served', async () => {
  for (const route of ['/', '/products', '/dashboard/myOrders']) {
    const answer = await get(route, 'br');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(answer.body).toString();
    // The storefront's pages carry their own head (test/storefront/pages.test.ts); the others are the file as built.
    if (route === '/dashboard/myOrders') expect(html).toBe(page);
    else expect(html).toMatch(/^<!doctype html><title>[^<]+ \| Keen<\/title>|^<!doctype html><title>Keen: /);
    expect(html.endsWith('<div id="root"></div>')).toBe(true);
  }
  expect(gunzipSync((await get('/products', 'gzip')).body).toString()).toContain('<title>Products | Keen</title>');
  expect((await get('/products')).body.toString()).toContain('<title>Products | Keen</title>');
  // The app's fallback answers the client's page for them instead.
  expect((await get('/.vite/manifest.json')).body.toString()).toBe(page);
  expect((await get('/assets/..%2f..%2fetc%2fpasswd')).body.toString()).toBe(page);
});

test("a missing image or upload is a 404, not the client's page", async () => {
  for (const missing of ['/images/no-such-knife.svg', '/uploads/no-such-photo.webp']) {
    const response = await fetch(`${app.url}${missing}`);
    expect([missing, response.status]).toEqual([missing, 404]);
    expect(await response.text()).not.toContain('<div id="root">');
  }
  expect((await fetch(`${app.url}/images/paring.svg`)).status).toBe(200);
});
