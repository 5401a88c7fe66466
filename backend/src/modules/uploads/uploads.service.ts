import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { badInput } from '../../common/errors';
import type { RateLimits } from '../../common/rate-limits';
import { type Caller, requireUser } from '../auth/caller';
import { type ImageStore, UPLOAD_NAME } from './image-store';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** An upload nothing points at after this long was abandoned (a form never saved, a photo replaced). */
export const UNREFERENCED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;

interface ImageType {
  extension: string;
  contentType: string;
  matches(bytes: Buffer): boolean;
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Recognized from the file's first bytes: a name or a mime header proves nothing. */
const IMAGE_TYPES: ImageType[] = [
  { extension: 'jpg', contentType: 'image/jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { extension: 'png', contentType: 'image/png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { extension: 'webp', contentType: 'image/webp', matches: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8) },
];

export class UploadsService {
  constructor(
    private readonly db: DataSource,
    private readonly store: ImageStore,
    private readonly limits: RateLimits,
  ) {}

  /**
   * Product photos (admins) and profile photos (every customer, SPEC §5 profile update) both
   * need an upload, so any signed-in user may upload; anonymous callers may not. Counts one
   * upload against the caller's per-minute limit: call it once per upload, before reading it.
   */
  async checkMayUpload(caller: Caller): Promise<void> {
    const user = requireUser(caller);
    await this.limits.consume('upload', user.id);
  }

  async uploadImage(caller: Caller, bytes: Buffer | undefined): Promise<{ url: string }> {
    requireUser(caller);
    if (!bytes || bytes.length === 0) throw badInput('Choose an image to upload (multipart field "image")');
    if (bytes.length > MAX_IMAGE_BYTES) throw badInput('The image must be at most 5 MB');
    const type = IMAGE_TYPES.find((candidate) => candidate.matches(bytes));
    if (!type) throw badInput('Only JPEG, PNG and WebP images can be uploaded');
    const url = await this.store.save(`${randomBytes(16).toString('hex')}.${type.extension}`, bytes, type.contentType);
    return { url };
  }

  /** An upload's bytes and type, for serving it; null for a name Keen never gives or a missing image. */
  async read(name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    if (!UPLOAD_NAME.test(name)) return null;
    const bytes = await this.store.read(name);
    const type = bytes && IMAGE_TYPES.find((candidate) => candidate.matches(bytes));
    return bytes && type ? { bytes, contentType: type.contentType } : null;
  }

  /**
   * Removes stored uploads that no product, order or profile points at and that are older than a
   * day (younger ones may belong to a form still being filled in). Answers the removed names.
   */
  async removeUnreferenced(now = new Date()): Promise<string[]> {
    const cutoff = now.getTime() - UNREFERENCED_UPLOAD_AGE_MS;
    const old = (await this.store.list()).filter((image) => image.modifiedAt.getTime() < cutoff);
    if (old.length === 0) return [];
    const rows: { name: string }[] = await this.db.query(
      `SELECT DISTINCT substring(img from '/uploads/([^/?#]+)$') AS name
         FROM (SELECT img FROM "product" UNION ALL SELECT img FROM "order" UNION ALL SELECT img FROM "user") AS images
        WHERE img LIKE '%/uploads/%'`,
    );
    const referenced = new Set(rows.map((row) => row.name));
    const unreferenced = old.map((image) => image.name).filter((name) => !referenced.has(name));
    for (const name of unreferenced) await this.store.remove(name);
    return unreferenced;
  }
}
