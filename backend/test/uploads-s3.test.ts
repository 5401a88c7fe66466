import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from '../src/config';
import { signV4 } from '../src/modules/uploads/s3-image-store';
import { startTestApp, TestApp, TestSession } from './support/harness';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2dd8a2b0000000049454e44ae426082',
  'hex',
);
const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

test('signV4 matches the GET Object example of the AWS Signature Version 4 documentation', () => {
  const emptyHash = createHash('sha256').update('').digest('hex');
  const authorization = signV4({
    method: 'GET',
    url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
    headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9', 'x-amz-content-sha256': emptyHash, 'x-amz-date': '20130524T000000Z' },
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
  expect(() => loadConfig({ ...base, S3_BUCKET: 'keen', S3_ENDPOINT: 'minio:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' })).toThrow(/S3_ENDPOINT/);
});

describe('uploads to an S3-compatible bucket', () => {
  /** A stand-in for the bucket at its HTTP boundary: checks each PUT's signature and keeps the object. */
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const bucket = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const authorization = String(req.headers.authorization ?? '');
      const signed = /SignedHeaders=([^,]+)/.exec(authorization)?.[1].split(';') ?? [];
      const expected = signV4({
        method: req.method!,
        url: new URL(req.url!, `http://${req.headers.host}`),
        headers: Object.fromEntries(signed.map((name) => [name, String(req.headers[name])])),
        payloadHash: createHash('sha256').update(body).digest('hex'),
        region: 'eu-test-1',
        service: 's3',
        ...credentials,
      });
      if (req.method !== 'PUT' || authorization !== expected || !signed.includes('x-amz-content-sha256')) {
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      objects.set(req.url!, { body, contentType: req.headers['content-type'] });
      res.writeHead(200).end();
    });
  });

  let app: TestApp;
  let admin: TestSession;
  beforeAll(async () => {
    await new Promise<void>((resolve) => bucket.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(bucket.address() as AddressInfo).port}`;
    app = await startTestApp({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'keen-images',
      S3_REGION: 'eu-test-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_PUBLIC_URL: 'https://cdn.keen.test/images',
    });
    admin = await app.adminUser();
  });
  afterAll(async () => {
    await app?.close();
    bucket.close();
  });

  it('PUTs the image, signed, into the bucket and answers its public URL', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(PNG)], { type: 'text/plain' }), 'knife.txt');
    const response = await fetch(`${app.url}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form });
    const body = (await response.json()) as { success: boolean; data: { url: string } };
    expect(response.status).toBe(200);
    const name = /^https:\/\/cdn\.keen\.test\/images\/uploads\/([0-9a-f]{32}\.png)$/.exec(body.data.url)?.[1];
    expect(name).toBeDefined();
    const stored = objects.get(`/keen-images/uploads/${name}`);
    expect(stored?.body.equals(PNG)).toBe(true);
    expect(stored?.contentType).toBe('image/png');
  });
});
