import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signV4 } from '../src/modules/uploads/s3-image-store';

/**
 * A stand-in for an S3-compatible bucket at its HTTP boundary, for tests and `npm run test:replicas`:
 * PUT, GET and DELETE of objects and ListObjectsV2, each refused (403) unless signed with the given
 * credentials. Objects live in memory; `objects` is open so that tests can read them or age them.
 */
export interface S3StandIn {
  url: string;
  objects: Map<string, StoredObject>;
  /** Every request that was refused for its signature. */
  refused: number;
  close(): Promise<void>;
}

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  lastModified: Date;
}

export interface S3Credentials {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * `pageSize` is the default `max-keys` of a listing (S3's is 1000), small in tests to exercise paging.
 * `getChunkDelayMs` sends objects in 256 KB pieces that far apart, as a distant bucket would, so a
 * test can tell a reader that streams from one that waits for the whole object.
 */
export async function startS3StandIn(
  credentials: S3Credentials,
  { port = 0, pageSize = 1000, getChunkDelayMs = 0 }: { port?: number; pageSize?: number; getChunkDelayMs?: number } = {},
): Promise<S3StandIn> {
  const objects = new Map<string, StoredObject>();
  const standIn: S3StandIn = { url: '', objects, refused: 0, close: () => new Promise((resolve) => server.close(() => resolve())) };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url!, `http://${req.headers.host}`);
      if (!signedCorrectly(req, url, body, credentials)) {
        standIn.refused += 1;
        res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = rest.map(decodeURIComponent).join('/');
      if (req.method === 'GET' && !key && url.searchParams.get('list-type') === '2') {
        res.writeHead(200, { 'content-type': 'application/xml' }).end(listing(objects, bucket, url.searchParams, pageSize));
        return;
      }
      const id = `${bucket}/${key}`;
      if (req.method === 'PUT' && key) {
        objects.set(id, { body, contentType: req.headers['content-type'], lastModified: new Date() });
        res.writeHead(200).end();
      } else if (req.method === 'GET' && key) {
        const object = objects.get(id);
        if (!object) res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
        else {
          res.writeHead(200, {
            'content-type': object.contentType ?? 'application/octet-stream',
            'content-length': object.body.length,
            etag: `"${createHash('md5').update(object.body).digest('hex')}"`,
          });
          void sendInPieces(res, object.body, getChunkDelayMs);
        }
      } else if (req.method === 'DELETE' && key) {
        objects.delete(id);
        res.writeHead(204).end();
      } else {
        res.writeHead(400, { 'content-type': 'application/xml' }).end('<Error><Code>NotImplemented</Code></Error>');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}

async function sendInPieces(res: http.ServerResponse, body: Buffer, delayMs: number): Promise<void> {
  const piece = delayMs > 0 ? 256 * 1024 : body.length;
  for (let offset = 0; offset < body.length && !res.destroyed; offset += piece) {
    if (offset > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    res.write(body.subarray(offset, offset + piece));
  }
  res.end();
}

function signedCorrectly(req: http.IncomingMessage, url: URL, body: Buffer, credentials: S3Credentials): boolean {
  const authorization = String(req.headers.authorization ?? '');
  const signed = /SignedHeaders=([^,]+)/.exec(authorization)?.[1].split(';') ?? [];
  const payloadHash = createHash('sha256').update(body).digest('hex');
  if (!signed.includes('x-amz-content-sha256') || req.headers['x-amz-content-sha256'] !== payloadHash) return false;
  const expected = signV4({
    method: req.method!,
    url,
    headers: Object.fromEntries(signed.map((name) => [name, String(req.headers[name])])),
    payloadHash,
    service: 's3',
    ...credentials,
  });
  return authorization === expected;
}

/** ListObjectsV2: keys in order, `max-keys` per page, the continuation token is the last key given. */
function listing(objects: Map<string, StoredObject>, bucket: string, params: URLSearchParams, pageSize: number): string {
  const prefix = params.get('prefix') ?? '';
  const after = params.get('continuation-token') ?? '';
  const maxKeys = Number(params.get('max-keys') ?? pageSize);
  const keys = [...objects.keys()]
    .filter((id) => id.startsWith(`${bucket}/`))
    .map((id) => id.slice(bucket.length + 1))
    .filter((key) => key.startsWith(prefix) && key > after)
    .sort();
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page
    .map(
      (key) =>
        `<Contents><Key>${key}</Key><LastModified>${objects.get(`${bucket}/${key}`)!.lastModified.toISOString()}</LastModified><Size>${objects.get(`${bucket}/${key}`)!.body.length}</Size></Contents>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${
    truncated ? `<NextContinuationToken>${page[page.length - 1]}</NextContinuationToken>` : ''
  }${contents}</ListBucketResult>`;
}
