import path from 'node:path';
import type { S3Settings } from '../../config';
import { type ImageObject, type ImageStore, LocalDiskImageStore, type StoredImage, UPLOAD_NAME } from './image-store';
import { S3Bucket } from './s3-bucket';

const PREFIX = 'uploads/';

/** Objects in an S3-compatible bucket (see `s3-bucket.ts`), under `uploads/`. */
export class S3ImageStore implements ImageStore {
  private readonly bucket: S3Bucket;

  constructor(private readonly settings: S3Settings) {
    this.bucket = new S3Bucket(settings);
  }

  async save(name: string, bytes: Buffer, contentType: string): Promise<string> {
    await this.bucket.put(`${PREFIX}${name}`, bytes, contentType);
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
    const object = await this.bucket.get(`${PREFIX}${name}`);
    if (!object) return null;
    // Keen's names are never reused, so the name is a fair tag when the bucket gives none.
    return { ...object, etag: object.etag ?? `"${name}"` };
  }

  async list(): Promise<StoredImage[]> {
    return (await this.bucket.list(PREFIX))
      .map(({ key, modifiedAt }) => ({ name: key.slice(PREFIX.length), modifiedAt }))
      .filter(({ name }) => UPLOAD_NAME.test(name));
  }

  async remove(name: string): Promise<void> {
    await this.bucket.remove(`${PREFIX}${name}`);
  }
}

/** Where uploaded images are: the bucket of the S3 settings, otherwise `<dataDir>/uploads`. */
export function imageStoreFor(s3: S3Settings | null, dataDir: string): ImageStore {
  return s3 ? new S3ImageStore(s3) : new LocalDiskImageStore(path.join(dataDir, 'uploads'));
}
