import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
  /**
   * Bytes of objects that GETs have handed to the network so far. A piece is written only once the
   * connection has taken the one before, so this is what the reader's side has accepted: a reader that
   * applies backpressure keeps it from running (further than the kernel's socket buffers) ahead of what it passes on.
   */
  sent: number;
  /** GET answers still being sent: neither finished nor closed by the reader. */
  sending: number;
  /** The pause between the 256 KB pieces of a GET (see `startS3StandIn`); may be changed between requests. */
  getChunkDelayMs: number;
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
 * test can tell a reader that streams from one that waits for the whole object. Pieces are always
 * written with backpressure (see `sent`).
 */
export async function startS3StandIn(
  credentials: S3Credentials,
  { port = 0, pageSize = 1000, getChunkDelayMs = 0 }: { port?: number; pageSize?: number; getChunkDelayMs?: number } = {},
): Promise<S3StandIn> {
  const objects = new Map<string, StoredObject>();
  const standIn: S3StandIn = {
    url: '',
    objects,
    refused: 0,
    sent: 0,
    sending: 0,
    getChunkDelayMs,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

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
          void sendInPieces(standIn, res, object.body, standIn.getChunkDelayMs);
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

/**
 * The most that can lie between the stand-in's `sent` and what a reader that stopped reading has taken,
 * with one process (Keen) passing the object on with backpressure: what the kernel's buffers of the four
 * TCP sockets hold (the stand-in's send buffer, Keen's receive and send buffers, the reader's receive
 * buffer), plus 2 MB for the streams' own buffers. On Linux the kernel grows a socket's buffers up to
 * the maxima of tcp_rmem and tcp_wmem (here 32 MB and 4 MB); elsewhere 16 MB each is assumed. A test
 * object must be larger than this for backpressure to show in `sent`.
 */
export function bufferedAheadCeiling(): number {
  const maximum = (file: string) => {
    try {
      const value = Number(readFileSync(`/proc/sys/net/ipv4/${file}`, 'utf8').trim().split(/\s+/)[2]);
      return Number.isFinite(value) && value > 0 ? value : null;
    } catch {
      return null;
    }
  };
  const fallback = 16 * 1024 * 1024;
  return 2 * ((maximum('tcp_rmem') ?? fallback) + (maximum('tcp_wmem') ?? fallback)) + 2 * 1024 * 1024;
}

const PIECE_BYTES = 256 * 1024;

/** Writes `body` in pieces, each once the connection has taken the one before (and `delayMs` after it). */
async function sendInPieces(standIn: S3StandIn, res: http.ServerResponse, body: Buffer, delayMs: number): Promise<void> {
  standIn.sending += 1;
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  try {
    for (let offset = 0; offset < body.length && !res.destroyed; offset += PIECE_BYTES) {
      if (offset > 0 && delayMs > 0) await Promise.race([new Promise((resolve) => setTimeout(resolve, delayMs)), closed]);
      if (res.destroyed) break;
      const piece = body.subarray(offset, offset + PIECE_BYTES);
      // The callback runs once the piece has left for the network (never for one still held when the reader goes away).
      const taken = new Promise<boolean>((resolve) => res.write(piece, (error) => resolve(!error)));
      if (await Promise.race([taken, closed.then(() => false)])) standIn.sent += piece.length;
      else break;
    }
    if (!res.destroyed) res.end();
  } finally {
    standIn.sending -= 1;
  }
}

function signedCorrectly(req: http.IncomingMessage, url: URL, body: Buffer, credentials: S3Credentials): boolean {
  const authorization = String(req.headers.authorization ?? '');
  const signed = /SignedHeaders=([^,]+)/.exec(authorization)?.[1].split(';') ?? [];
  // As S3: the payload's hash is signed, or the request says that it is not (UNSIGNED-PAYLOAD).
  const payloadHash = req.headers['x-amz-content-sha256'];
  if (!signed.includes('x-amz-content-sha256')) return false;
  if (payloadHash !== UNSIGNED_PAYLOAD && payloadHash !== createHash('sha256').update(body).digest('hex')) return false;
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

const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** SigV4's URI encoding: every byte but A-Z a-z 0-9 - _ . ~ percent-encoded. */
const uriEncode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The Authorization header that AWS Signature Version 4 gives one request, as S3 computes it to check
 * a request's: every header in `headers` is signed; `host` and `x-amz-date` must be among them.
 */
export function signV4(request: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
}): string {
  const amzDate = request.headers['x-amz-date'];
  const day = amzDate.slice(0, 8);
  const names = Object.keys(request.headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lower = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')]),
  );
  const query = [...request.url.searchParams]
    .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
    .sort()
    .join('&');
  const canonical = [
    request.method,
    request.url.pathname,
    query,
    names.map((name) => `${name}:${lower[name]}\n`).join(''),
    names.join(';'),
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${request.secretAccessKey}`, day), request.region), request.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${request.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
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
