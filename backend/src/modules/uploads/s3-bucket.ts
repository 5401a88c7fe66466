import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config';

/** An object as a listing shows it. */
export interface BucketObject {
  key: string;
  modifiedAt: Date;
}

/** An object's bytes as the bucket sends them, with what its answer says of them. */
export interface BucketDownload {
  body: Readable;
  length: number | null;
  etag: string | null;
}

/** As long as a request waits for a bucket's headers or its next bytes. */
const IDLE_TIMEOUT_MS = 300_000;

/**
 * One S3-compatible bucket (AWS S3, SeaweedFS as in docker-compose.yml, Garage, R2...) through the
 * AWS SDK, objects addressed path-style: what the image store and the backups share.
 */
export class S3Bucket {
  private readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      forcePathStyle: true,
      // No checksum headers or aws-chunked bodies unless an operation requires them: S3-compatible servers differ on those.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A streamed upload cannot be sent a second time.
      maxAttempts: 1,
      requestHandler: {
        socketTimeout: IDLE_TIMEOUT_MS,
        // Each image being served holds a socket as long as its reader takes: no pool limit to queue the others behind it.
        httpAgent: { maxSockets: Infinity },
        httpsAgent: { maxSockets: Infinity },
      },
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { Bucket, Key } = this.address(key);
    await this.send('PUT', key, () => this.client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType })));
  }

  /** PUTs a file as it is read from disk (a backup may be larger than is worth holding in memory), its length known. */
  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await stat(file);
    const { Bucket, Key } = this.address(key);
    await this.send('PUT', key, () =>
      this.client.send(new PutObjectCommand({ Bucket, Key, Body: createReadStream(file), ContentLength: size, ContentType: contentType })),
    );
  }

  /**
   * The object's bytes as the bucket sends them: the body is the bucket's own answer (a Node stream),
   * read from the socket only as fast as its reader reads. Null when there is no such object. A bucket
   * that goes quiet for IDLE_TIMEOUT_MS (before its headers or in the middle of the body) fails it.
   */
  async get(key: string): Promise<BucketDownload | null> {
    const object = await this.send('GET', key, () =>
      this.client.send(new GetObjectCommand(this.address(key))).catch((error: unknown) => {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }),
    );
    if (!object) return null;
    return { body: object.Body as Readable, length: object.ContentLength ?? null, etag: object.ETag ?? null };
  }

  /** ListObjectsV2 under `prefix`, page by page. */
  async list(prefix: string): Promise<BucketObject[]> {
    const objects: BucketObject[] = [];
    await this.send('LIST', prefix, async () => {
      for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.settings.bucket, Prefix: prefix })) {
        for (const { Key, LastModified } of page.Contents ?? [])
          if (Key?.startsWith(prefix) && LastModified) objects.push({ key: Key, modifiedAt: LastModified });
      }
    });
    return objects;
  }

  /** Deletes the object; one that is not there is no error. */
  async remove(key: string): Promise<void> {
    await this.send('DELETE', key, () => this.client.send(new DeleteObjectCommand(this.address(key))));
  }

  private address(key: string): { Bucket: string; Key: string } {
    return { Bucket: this.settings.bucket, Key: key };
  }

  /** Runs one request; a failure says which, with the bucket's status and error code (neither holds the keys, nor does the SDK's error). */
  private async send<T>(method: string, key: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const what = `S3 ${method} /${this.settings.bucket}/${key}`;
      if (error instanceof S3ServiceException) {
        // The SDK says UnknownError when the bucket's answer names only the error code.
        const detail = [error.name, 'UnknownError', ''].includes(error.message) ? '' : ` (${error.message})`;
        throw new Error(`${what} answered ${error.$metadata.httpStatusCode ?? '?'}: ${error.name}${detail}`, { cause: error });
      }
      throw new Error(`${what} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}
