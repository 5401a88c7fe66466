import { RESPONSIVE_WIDTHS } from '@keen/rules';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { badInput } from '../../common/errors';
import type { RateLimits } from '../../common/rate-limits';
import type { UploadSettings } from '../../config';
import { type Caller, requireUser } from '../auth';
import { DecodeQueue } from './decode-queue';
import { type ImageObject, type ImageStore, UPLOAD_NAME } from './image-store';
import { UPLOAD_COLUMNS } from './upload-columns';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The stored image's long side; the storefront never shows it larger. */
export const MAX_IMAGE_SIDE = 2000;
/** An upload nothing points at after this long was abandoned (a form never saved, a photo replaced). */
export const UNREFERENCED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;

interface ImageType {
  extension: string;
  label: string;
  contentType: string;
  matches(bytes: Buffer): boolean;
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Recognized from the file's first bytes: a name or a mime header proves nothing. */
const IMAGE_TYPES: ImageType[] = [
  { extension: 'jpg', label: 'JPEG', contentType: 'image/jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    extension: 'png',
    label: 'PNG',
    contentType: 'image/png',
    matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    extension: 'webp',
    label: 'WebP',
    contentType: 'image/webp',
    matches: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  },
];

export class UploadsService {
  private readonly decodes: DecodeQueue;

  constructor(
    private readonly db: DataSource,
    private readonly store: ImageStore,
    private readonly limits: RateLimits,
    /** Where browsers read images from a bucket (`S3_PUBLIC_URL`); null when Keen serves them at /uploads/. */
    private readonly publicUrl: string | null,
    private readonly settings: UploadSettings,
  ) {
    this.decodes = new DecodeQueue(settings.decodeConcurrency, settings.decodeWaitMs);
    // libvips keeps recent operations' results for reuse; every upload is a new image, so the cache
    // only holds memory (bench:uploads, two 24 MP decodes at once: RSS +240 MB with it, +170 to +195 without).
    sharp.cache(false);
  }

  /**
   * Product photos (admins) and profile photos (every customer, SPEC §5 profile update) both
   * need an upload, so any signed-in user may upload; anonymous callers may not. Counts one
   * upload against the caller's per-minute limit: call it once per upload, before reading it.
   */
  async checkMayUpload(caller: Caller): Promise<void> {
    const user = requireUser(caller);
    await this.limits.consume('upload', user.id);
  }

  /**
   * Decodes the image and stores it re-encoded as WebP: turned upright, at most MAX_IMAGE_SIDE on
   * its long side, without metadata (no GPS position, camera serial or anything else a photo
   * carries), with its responsive sizes beside it. Bytes count against the caller's daily allowance.
   * An image over the pixel cap is refused from its header; the decode waits for its turn in the
   * process's DecodeQueue (503 when the wait is too long).
   */
  async uploadImage(caller: Caller, bytes: Buffer | undefined): Promise<{ url: string }> {
    const user = requireUser(caller);
    return this.storeImage(bytes, user.id);
  }

  /**
   * `uploadImage`'s checks and storage, its bytes counted against `allowanceKey`'s daily allowance
   * (a user's id; `address:<client address>` for a contact message's photo from anyone). The
   * caller has counted the upload itself against its own limit.
   */
  async storeImage(bytes: Buffer | undefined, allowanceKey: string): Promise<{ url: string }> {
    if (!bytes || bytes.length === 0) throw badInput('Choose an image to upload (multipart field "image")');
    const type = imageType(bytes);
    await this.limits.consume('uploadBytes', allowanceKey, bytes.length);
    return this.keep(bytes, type);
  }

  /**
   * An image the shop itself provides (the demo catalogue's photos), stored as an upload is, with
   * the same checks, re-encoding and sizes, counted against no one's allowance.
   */
  async storeShopImage(bytes: Buffer): Promise<{ url: string }> {
    return this.keep(bytes, imageType(bytes));
  }

  private async keep(bytes: Buffer, type: ImageType): Promise<{ url: string }> {
    await checkHeader(bytes, type, this.settings.maxMegapixels);
    const images = await this.decodes.run(() => reencode(bytes, type, this.settings.maxMegapixels));
    const name = randomBytes(16).toString('hex');
    for (const width of RESPONSIVE_WIDTHS) await this.store.save(`${name}-${width}w.webp`, images[width], 'image/webp');
    const url = await this.store.save(`${name}.webp`, images.full, 'image/webp');
    return { url };
  }

  /** Whether a URL is one of Keen's own stored uploads (at /uploads/, or at the bucket's public address). */
  isOwnUpload(url: string): boolean {
    const prefixes = ['/uploads/', ...(this.publicUrl ? [`${this.publicUrl.replace(/\/+$/, '')}/uploads/`] : [])];
    const prefix = prefixes.find((candidate) => url.startsWith(candidate));
    return prefix !== undefined && UPLOAD_NAME.test(url.slice(prefix.length));
  }

  /**
   * An upload opened for serving, its type from its name (Keen names an upload after the type its
   * bytes were checked to be); null for a name Keen never gives or a missing image.
   */
  async open(name: string): Promise<(ImageObject & { contentType: string }) | null> {
    const type = UPLOAD_NAME.test(name) ? IMAGE_TYPES.find((candidate) => name.endsWith(`.${candidate.extension}`)) : undefined;
    if (!type) return null;
    const image = await this.store.open(name);
    return image && { ...image, contentType: type.contentType };
  }

  /**
   * Removes stored uploads that no column of UPLOAD_COLUMNS points at and that are older than a day
   * (younger ones may belong to a form still being filled in), with their responsive sizes.
   * Answers the removed names.
   */
  async removeUnreferenced(now = new Date()): Promise<string[]> {
    const cutoff = now.getTime() - UNREFERENCED_UPLOAD_AGE_MS;
    const old = (await this.store.list()).filter((image) => image.modifiedAt.getTime() < cutoff);
    if (old.length === 0) return [];
    const rows: { name: string }[] = await this.db.query(
      `SELECT DISTINCT substring(url from '/uploads/([0-9a-f]{32})[^/?#]*$') AS name
         FROM (${this.uploadColumnsSql()}) AS images
        WHERE url LIKE '%/uploads/%'`,
    );
    const referenced = new Set(rows.map((row) => row.name));
    const unreferenced = old.map((image) => image.name).filter((name) => !referenced.has(name.slice(0, 32)));
    for (const name of unreferenced) await this.store.remove(name);
    return unreferenced;
  }

  /** Every value of every column in UPLOAD_COLUMNS, as one `url` column. */
  private uploadColumnsSql(): string {
    const escape = (name: string) => this.db.driver.escape(name);
    return UPLOAD_COLUMNS.map(({ entity, column }) => {
      const metadata = this.db.getMetadata(entity);
      const found = metadata.findColumnWithPropertyName(column);
      if (!found) throw new Error(`UPLOAD_COLUMNS: ${metadata.name}.${column} is not a column`);
      return `SELECT ${escape(found.databaseName)} AS url FROM ${escape(metadata.tableName)}`;
    }).join(' UNION ALL ');
  }
}

/** The checks before any decode: at most 5 MB, of a type Keen takes, known from the first bytes. */
function imageType(bytes: Buffer): ImageType {
  if (bytes.length > MAX_IMAGE_BYTES) throw badInput('The image must be at most 5 MB');
  const type = IMAGE_TYPES.find((candidate) => candidate.matches(bytes));
  if (!type) throw badInput('Only JPEG, PNG and WebP images can be uploaded');
  return type;
}

type Reencoded = { full: Buffer } & Record<(typeof RESPONSIVE_WIDTHS)[number], Buffer>;

/**
 * Refuses a file that does not decode, an animation or an image over `maxMegapixels` with a 400
 * that says which. Reads the header only: the size is known before any pixel is decoded (a small
 * file, a progressive JPEG above all, can unpack to gigabytes).
 */
async function checkHeader(bytes: Buffer, type: ImageType, maxMegapixels: number): Promise<void> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false, animated: true }).metadata();
  } catch {
    throw undecodable(type);
  }
  if ((metadata.pages ?? 1) > 1) throw badInput('Animated images cannot be uploaded; choose a still image');
  const megapixels = (metadata.width * metadata.height) / 1_000_000;
  if (megapixels > maxMegapixels) {
    // Rounded up, so that an image just over the cap never reads as the cap itself.
    throw badInput(`The image must be at most ${maxMegapixels} megapixels (this one is ${(Math.ceil(megapixels * 10) / 10).toFixed(1)})`);
  }
}

/**
 * One decode: the image is read once, shrunk as it is read (JPEG's shrink-on-load) to the stored
 * size, and kept as raw pixels in memory; the stored WebP and every smaller width are made from
 * those pixels, one after another, so an upload holds one libuv thread at a time.
 */
async function reencode(bytes: Buffer, type: ImageType, maxMegapixels: number): Promise<Reencoded> {
  try {
    // `autoOrient` applies the EXIF orientation to the pixels; sharp writes no metadata unless asked.
    const { data, info } = await sharp(bytes, {
      limitInputPixels: Math.floor(maxMegapixels * 1_000_000),
      failOn: 'error',
      autoOrient: true,
    })
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const master = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const full = await master().webp({ quality: 82 }).toBuffer();
    const sizes: Partial<Reencoded> = {};
    for (const width of RESPONSIVE_WIDTHS) {
      sizes[width] = await master()
        .resize({ width, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    }
    return { ...sizes, full } as Reencoded;
  } catch {
    throw undecodable(type);
  }
}

const undecodable = (type: ImageType) =>
  badInput(`The image could not be decoded: the file starts like a ${type.label} image but is damaged or incomplete`);
