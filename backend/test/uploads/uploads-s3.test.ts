import { createHash } from 'node:crypto';
import http from 'node:http';
import { ConfigError, loadConfig } from '../../src/config';
import { S3ImageStore } from '../../src/modules/uploads/s3-image-store';
import { bufferedAheadCeiling, type S3StandIn, signV4, startS3StandIn } from '../../dev/s3-stand-in';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63fccfc0500f000485018084a98c210000000049454e44ae426082',
  'hex',
);
const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

test("the stand-in's signV4 matches the GET Object example of the AWS Signature Version 4 documentation", () => {
  const emptyHash = createHash('sha256').update('').digest('hex');
  const authorization = signV4({
    method: 'GET',
    url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
    headers: {
      host: 'examplebucket.s3.amazonaws.com',
      range: 'bytes=0-9',
      'x-amz-content-sha256': emptyHash,
      'x-amz-date': '20130524T000000Z',
    },
    payloadHash: emptyHash,
    region: 'us-east-1',
    service: 's3',
    ...credentials,
  });
  expect(authorization).toBe(
    'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
  );
});

test('S3 settings are all or nothing', () => {
  const base = { NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
  expect(loadConfig(base).s3).toBeNull();
  expect(() => loadConfig({ ...base, S3_BUCKET: 'keen' })).toThrow(ConfigError);
  expect(() =>
    loadConfig({ ...base, S3_BUCKET: 'keen', S3_ENDPOINT: 'minio:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }),
  ).toThrow(/S3_ENDPOINT/);
});

describe('uploads to an S3-compatible bucket', () => {
  let bucket: S3StandIn;
  let app: TestApp;
  let other: TestApp;
  let admin: TestSession;
  beforeAll(async () => {
    bucket = await startS3StandIn({ region: 'eu-test-1', ...credentials }, { pageSize: 2 });
    const s3 = {
      S3_ENDPOINT: bucket.url,
      S3_BUCKET: 'keen-images',
      S3_REGION: 'eu-test-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    };
    [app, other] = await Promise.all([startTestApp({ ...s3, S3_PUBLIC_URL: 'https://cdn.keen.test/images' }), startTestApp(s3)]);
    admin = await app.adminUser();
  });
  afterAll(async () => {
    await Promise.all([app?.close(), other?.close()]);
    await bucket?.close();
  });

  async function upload(target: TestApp, session: TestSession): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(PNG)], { type: 'text/plain' }), 'knife.txt');
    const response = await fetch(`${target.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { url: string } }).data.url;
  }

  it('PUTs the image, signed, into the bucket and answers its public URL', async () => {
    const url = await upload(app, admin);
    const name = /^https:\/\/cdn\.keen\.test\/images\/uploads\/([0-9a-f]{32}\.webp)$/.exec(url)?.[1];
    expect(name).toBeDefined();
    const stored = bucket.objects.get(`keen-images/uploads/${name}`);
    expect(stored?.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(stored?.contentType).toBe('image/webp');
    expect(bucket.objects.has(`keen-images/uploads/${name!.replace('.webp', '-800w.webp')}`)).toBe(true);
    expect(bucket.refused).toBe(0);
  });

  it('without S3_PUBLIC_URL, any process serves the image at /uploads/ from the bucket', async () => {
    const url = await upload(other, await other.customer());
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    // `app` is another process with its own database: the image comes from the shared bucket.
    const served = await fetch(`${app.url}${url}`);
    expect(served.status).toBe(200);
    const stored = bucket.objects.get(`keen-images${url}`)!.body;
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('content-length')).toBe(String(stored.length));
    expect(served.headers.get('cache-control')).toBe('public, max-age=604800, immutable');
    const etag = served.headers.get('etag');
    expect(etag).toBe(`"${createHash('md5').update(stored).digest('hex')}"`);
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
    const revalidated = await fetch(`${app.url}${url}`, { headers: { 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect((await fetch(`${app.url}/uploads/${'0'.repeat(32)}.png`)).status).toBe(404);
    expect((await fetch(`${app.url}/uploads/..%2Fsecret.png`)).status).toBe(404);
  });

  it('the clean-up removes, page by page, only unreferenced objects older than a day', async () => {
    bucket.objects.clear();
    const customer = await other.customer();
    const names = [];
    for (let i = 0; i < 5; i += 1) names.push((await upload(other, customer)).slice('/uploads/'.length));
    const [onProduct, onProfile, abandoned, abandonedToo, recent] = names;
    await other.product({ img: `/uploads/${onProduct}` });
    await other.db.query(`UPDATE "user" SET img = $1 WHERE email = $2`, [`/uploads/${onProfile}`, customer.email]);
    const withSizes = (name: string) => [name, ...[400, 800, 1600].map((width) => name.replace('.webp', `-${width}w.webp`))];
    for (const name of [onProduct, onProfile, abandoned, abandonedToo].flatMap(withSizes))
      bucket.objects.get(`keen-images/uploads/${name}`)!.lastModified = new Date(Date.now() - 25 * 3600_000);
    bucket.objects.set('keen-images/uploads/not-ours.txt', {
      body: Buffer.from('x'),
      contentType: 'text/plain',
      lastModified: new Date(0),
    });

    const removed = await other.services.uploads.removeUnreferenced();
    expect(removed.sort()).toEqual([abandoned, abandonedToo].flatMap(withSizes).sort());
    expect([...bucket.objects.keys()].sort()).toEqual(
      [onProduct, onProfile, recent]
        .flatMap(withSizes)
        .map((name) => `keen-images/uploads/${name}`)
        .concat('keen-images/uploads/not-ours.txt')
        .sort(),
    );
    expect(bucket.refused).toBe(0);
  });

  it('a client that stops reading a large image cannot make Keen pull the rest of it from the bucket', async () => {
    // Larger than what the kernel's socket buffers between the bucket and the paused client can take in
    // (on loopback, measured 8 to 43 MB beyond what the client took), so that only backpressure through
    // Keen can keep the bucket from sending it all; a Keen that reads it whole lets the bucket send all of it.
    const ceiling = bufferedAheadCeiling();
    const size = Math.max(128 * 1024 * 1024, 8 * 1024 * 1024 + ceiling + 32 * 1024 * 1024);
    const name = `${'5a'.repeat(16)}.webp`;
    bucket.objects.set(`keen-images/uploads/${name}`, { body: Buffer.alloc(size, 7), contentType: 'image/webp', lastModified: new Date() });
    const sentBefore = bucket.sent;
    let received = 0;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${app.url}/uploads/${name}`, resolve).on('error', reject),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(size));
    // The client takes 8 MB, then stops reading (its socket stays open).
    await new Promise<void>((resolve) => {
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= 8 * 1024 * 1024 && !response.isPaused()) {
          response.pause();
          resolve();
        }
      });
    });
    // Until the bucket has sent nothing more for half a second (unhindered, it sends the whole object within a second or two).
    let sent = bucket.sent - sentBefore;
    for (let still = 0, waited = 0; still < 5 && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = bucket.sent - sentBefore;
      still = now === sent ? still + 1 : 0;
      sent = now;
    }
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const ahead = `the bucket sent ${mb(sent)} of ${mb(size)} while the client took ${mb(received)} (socket buffers: at most ${mb(ceiling)})`;
    expect({ ahead, held: sent - received <= ceiling }).toEqual({ ahead, held: true });

    // The client goes away: Keen drops the bucket's answer rather than reading the rest.
    response.destroy();
    for (let waited = 0; bucket.sending > 0 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bucket.sending).toBe(0);
    expect(bucket.sent - sentBefore).toBeLessThan(size);
    bucket.objects.delete(`keen-images/uploads/${name}`);
  });

  it("opening an image the bucket refuses fails with the start of the bucket's answer", async () => {
    const name = `${'6b'.repeat(16)}.webp`;
    bucket.objects.set(`keen-images/uploads/${name}`, { body: PNG, contentType: 'image/webp', lastModified: new Date() });
    const settings = { endpoint: bucket.url, bucket: 'keen-images', region: 'eu-test-1', publicUrl: null, ...credentials };
    await expect(new S3ImageStore({ ...settings, secretAccessKey: 'wrong' }).open(name)).rejects.toThrow(
      `S3 GET /keen-images/uploads/${name} answered 403: SignatureDoesNotMatch`,
    );
    expect(await new S3ImageStore(settings).open(`${'7c'.repeat(16)}.webp`)).toBeNull();
    const image = await new S3ImageStore(settings).open(name);
    expect({ length: image?.length, etag: image?.etag }).toEqual({
      length: PNG.length,
      etag: `"${createHash('md5').update(PNG).digest('hex')}"`,
    });
    image?.body.destroy();
    bucket.objects.delete(`keen-images/uploads/${name}`);
  });
});
