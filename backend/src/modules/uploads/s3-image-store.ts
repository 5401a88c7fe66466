import { createHash, createHmac } from 'node:crypto';
import type { ImageStore } from './image-store';

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000; objects are addressed path-style. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers read the objects; defaults to `<endpoint>/<bucket>`. */
  publicUrl: string | null;
}

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
  const names = Object.keys(request.headers).map((name) => name.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value.trim()]));
  const query = [...request.url.searchParams].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).sort().join('&');
  const canonical = [request.method, request.url.pathname, query, names.map((name) => `${name}:${lower[name]}\n`).join(''), names.join(';'), request.payloadHash].join('\n');
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${request.secretAccessKey}`, day), request.region), request.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${request.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}

/** Objects in an S3-compatible bucket (AWS S3, MinIO, R2...), written with a signed PUT. */
export class S3ImageStore implements ImageStore {
  constructor(private readonly settings: S3Settings) {}

  async save(name: string, bytes: Buffer, contentType: string): Promise<string> {
    const { endpoint, bucket, region, accessKeyId, secretAccessKey, publicUrl } = this.settings;
    const url = new URL(`${endpoint.replace(/\/+$/, '')}/${encodeURIComponent(bucket)}/uploads/${encodeURIComponent(name)}`);
    const payloadHash = sha256(bytes);
    const headers: Record<string, string> = {
      host: url.host,
      'content-type': contentType,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, ''),
    };
    const authorization = signV4({ method: 'PUT', url, headers, payloadHash, region, service: 's3', accessKeyId, secretAccessKey });
    const { host: _host, ...sent } = headers;
    const response = await fetch(url, { method: 'PUT', headers: { ...sent, authorization }, body: new Uint8Array(bytes) });
    if (!response.ok) throw new Error(`S3 PUT ${url.pathname} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return `${(publicUrl ?? `${endpoint.replace(/\/+$/, '')}/${bucket}`).replace(/\/+$/, '')}/uploads/${name}`;
  }
}
