import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import type { S3Settings } from '../../config';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * AWS Signature Version 4 for one request: answers the Authorization header. Every header in
 * `headers` is signed; `host` and `x-amz-date` must be among them.
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
  const lower = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value.trim()]));
  const query = [...request.url.searchParams]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
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

/** An object as a listing shows it. */
export interface BucketObject {
  key: string;
  modifiedAt: Date;
}

/**
 * Signed requests to one S3-compatible bucket (AWS S3, SeaweedFS as in docker-compose.yml, Garage,
 * R2...), objects addressed path-style: what the image store and the backups share.
 */
export class S3Bucket {
  constructor(readonly settings: S3Settings) {}

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.send('PUT', this.objectUrl(key), { body, contentType });
  }

  /**
   * PUTs a file as it is read from disk (a backup may be larger than is worth holding in memory):
   * the file is read twice, once for the signed payload hash, once to send it.
   */
  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(file), hash);
    const payloadHash = hash.digest('hex');
    const { size } = await stat(file);
    const url = this.objectUrl(key);
    const headers = { ...this.signedHeaders('PUT', url, { payloadHash, contentType }), 'content-length': String(size) };
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(url, { method: 'PUT', headers }, resolve);
      request.setTimeout(IDLE_TIMEOUT_MS, () =>
        request.destroy(new Error(`S3 PUT ${url.pathname}: no answer for ${IDLE_TIMEOUT_MS / 1000} s`)),
      );
      request.on('error', reject);
      createReadStream(file).on('error', reject).pipe(request);
    });
    const status = response.statusCode ?? 0;
    const text = await readAtMost(response, ERROR_TEXT_BYTES);
    if (status < 200 || status > 299) throw new Error(`S3 PUT ${url.pathname} answered ${status}: ${text}`);
  }

  /**
   * The object's bytes as the bucket sends them, read from the socket only as fast as its reader
   * reads (no Web stream in between); null when there is no such object. A bucket that goes quiet
   * for IDLE_TIMEOUT_MS (before its headers or in the middle of the body) fails the request.
   */
  async get(key: string): Promise<IncomingMessage | null> {
    const url = this.objectUrl(key);
    const headers = this.signedHeaders('GET', url);
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(url, { method: 'GET', headers }, resolve);
      request.setTimeout(IDLE_TIMEOUT_MS, () =>
        request.destroy(new Error(`S3 GET ${url.pathname}: no answer for ${IDLE_TIMEOUT_MS / 1000} s`)),
      );
      request.on('error', reject);
      request.end();
    });
    if (response.statusCode === 404) {
      response.resume();
      return null;
    }
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      const text = await readAtMost(response, ERROR_TEXT_BYTES);
      throw new Error(`S3 GET ${url.pathname} answered ${status}: ${text}`);
    }
    return response;
  }

  /** ListObjectsV2 under `prefix`, page by page. */
  async list(prefix: string): Promise<BucketObject[]> {
    const objects: BucketObject[] = [];
    let continuation: string | null = null;
    do {
      const url = this.bucketUrl();
      url.searchParams.set('list-type', '2');
      url.searchParams.set('prefix', prefix);
      if (continuation) url.searchParams.set('continuation-token', continuation);
      const xml = await (await this.send('GET', url)).text();
      for (const [, entry] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = xmlText(/<Key>([^<]+)<\/Key>/.exec(entry)?.[1]);
        const modified = /<LastModified>([^<]+)<\/LastModified>/.exec(entry)?.[1];
        if (key?.startsWith(prefix) && modified) objects.push({ key, modifiedAt: new Date(modified) });
      }
      continuation = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? xmlText(/<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1])
        : null;
    } while (continuation);
    return objects;
  }

  async remove(key: string): Promise<void> {
    await this.send('DELETE', this.objectUrl(key), { allowMissing: true });
  }

  private bucketUrl(): URL {
    return new URL(`${this.settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(this.settings.bucket)}`);
  }

  private objectUrl(key: string): URL {
    return new URL(`${this.bucketUrl()}/${key.split('/').map(encodeURIComponent).join('/')}`);
  }

  /** The headers of a signed request (`host` among them, as signed), its Authorization with them. */
  private signedHeaders(
    method: string,
    url: URL,
    options: { body?: Buffer; payloadHash?: string; contentType?: string } = {},
  ): Record<string, string> {
    const { region, accessKeyId, secretAccessKey } = this.settings;
    const payloadHash = options.payloadHash ?? sha256(options.body ?? '');
    const headers: Record<string, string> = {
      host: url.host,
      ...(options.contentType ? { 'content-type': options.contentType } : {}),
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': new Date()
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
    };
    const authorization = signV4({ method, url, headers, payloadHash, region, service: 's3', accessKeyId, secretAccessKey });
    return { ...headers, authorization };
  }

  private async send(
    method: string,
    url: URL,
    options: { body?: Buffer; contentType?: string; allowMissing?: boolean } = {},
  ): Promise<Response> {
    // fetch sets Host itself (to the same `url.host`) and refuses to be given it.
    const { host: _host, ...headers } = this.signedHeaders(method, url, options);
    const response = await fetch(url, {
      method,
      headers,
      body: options.body ? new Uint8Array(options.body) : undefined,
    });
    if (!response.ok && !(options.allowMissing && response.status === 404)) {
      throw new Error(`S3 ${method} ${url.pathname} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    }
    return response;
  }
}

/** How much of an error answer is read for the error's message. */
const ERROR_TEXT_BYTES = 300;

/** As long as a request waits for a bucket's headers or its next bytes. */
const IDLE_TIMEOUT_MS = 300_000;

/** The first `limit` bytes of an answer as text; the rest is never read (the answer is dropped). */
async function readAtMost(response: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= limit) break;
    }
  } catch {
    // What arrived before the answer failed is still worth showing.
  } finally {
    response.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

function xmlText(value: string | undefined): string | null {
  if (!value) return null;
  return value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
