import { createHash, createHmac } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { S3Settings } from '../../config';
import { type ImageObject, type ImageStore, type StoredImage, UPLOAD_NAME } from './image-store';

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

/** Objects in an S3-compatible bucket (AWS S3, SeaweedFS as in docker-compose.yml, Garage, R2...), under `uploads/`, with signed requests. */
export class S3ImageStore implements ImageStore {
  constructor(private readonly settings: S3Settings) {}

  async save(name: string, bytes: Buffer, contentType: string): Promise<string> {
    await this.send('PUT', this.objectUrl(name), { body: bytes, contentType });
    // Without a public address, every Keen process serves the bucket's images at /uploads/.
    const { publicUrl } = this.settings;
    return publicUrl ? `${publicUrl.replace(/\/+$/, '')}/uploads/${name}` : `/uploads/${name}`;
  }

  /**
   * The object's bytes are passed on as the bucket sends them, and no faster than they are read: the
   * body is the bucket's own answer (a Node stream), so a client that reads slowly or stops reading
   * holds the bucket back through TCP instead of making Keen buffer the object.
   */
  async open(name: string): Promise<ImageObject | null> {
    const url = this.objectUrl(name);
    const response = await this.get(url);
    if (response.statusCode === 404) {
      response.resume();
      return null;
    }
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      const text = await readAtMost(response, ERROR_TEXT_BYTES);
      throw new Error(`S3 GET ${url.pathname} answered ${status}: ${text}`);
    }
    const length = Number(response.headers['content-length']);
    return {
      body: response,
      length: Number.isInteger(length) && length >= 0 ? length : null,
      // Keen's names are never reused, so the name is a fair tag when the bucket gives none.
      etag: response.headers.etag ?? `"${name}"`,
    };
  }

  /** ListObjectsV2 under `uploads/`, page by page. */
  async list(): Promise<StoredImage[]> {
    const images: StoredImage[] = [];
    let continuation: string | null = null;
    do {
      const url = this.bucketUrl();
      url.searchParams.set('list-type', '2');
      url.searchParams.set('prefix', 'uploads/');
      if (continuation) url.searchParams.set('continuation-token', continuation);
      const xml = await (await this.send('GET', url)).text();
      for (const [, entry] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const name = /<Key>uploads\/([^<]+)<\/Key>/.exec(entry)?.[1];
        const modified = /<LastModified>([^<]+)<\/LastModified>/.exec(entry)?.[1];
        if (name && modified && UPLOAD_NAME.test(name)) images.push({ name, modifiedAt: new Date(modified) });
      }
      continuation = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? xmlText(/<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1])
        : null;
    } while (continuation);
    return images;
  }

  async remove(name: string): Promise<void> {
    await this.send('DELETE', this.objectUrl(name), { allowMissing: true });
  }

  private bucketUrl(): URL {
    return new URL(`${this.settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(this.settings.bucket)}`);
  }

  private objectUrl(name: string): URL {
    return new URL(`${this.bucketUrl()}/uploads/${encodeURIComponent(name)}`);
  }

  /** The headers of a signed request (`host` among them, as signed), its Authorization with them. */
  private signedHeaders(method: string, url: URL, options: { body?: Buffer; contentType?: string } = {}): Record<string, string> {
    const { region, accessKeyId, secretAccessKey } = this.settings;
    const payloadHash = sha256(options.body ?? '');
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

  /**
   * A signed GET with `node:http(s)`, answered once the bucket's headers arrive: the answer is the
   * socket's own stream (no Web stream in between), read from the socket only as fast as its reader
   * reads. A bucket that goes quiet for
   * IDLE_TIMEOUT_MS (before its headers or in the middle of the body) fails the request.
   */
  private get(url: URL): Promise<IncomingMessage> {
    const headers = this.signedHeaders('GET', url);
    return new Promise((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(url, { method: 'GET', headers }, resolve);
      request.setTimeout(IDLE_TIMEOUT_MS, () =>
        request.destroy(new Error(`S3 GET ${url.pathname}: no answer for ${IDLE_TIMEOUT_MS / 1000} s`)),
      );
      request.on('error', reject);
      request.end();
    });
  }
}

/** How much of an error answer `open` reads for the error's message. */
const ERROR_TEXT_BYTES = 300;

/** As long as fetch (undici) waits for a bucket's headers or its next bytes. */
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
