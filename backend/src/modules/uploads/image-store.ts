import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** An image in the store, as the clean-up sees it. */
export interface StoredImage {
  name: string;
  modifiedAt: Date;
}

/** A stored image opened for reading: its bytes arrive as they are read, never held whole. */
export interface ImageObject {
  body: Readable;
  /** Bytes, when the store knows. */
  length: number | null;
  /** A quoted entity tag for the stored bytes. */
  etag: string;
}

/** Where uploaded images go: local disk, or an S3-compatible bucket (`s3-image-store.ts`). */
export interface ImageStore {
  /** Stores the bytes under `name` and answers the public URL. */
  save(name: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The stored image as a stream, or null when there is no such image. */
  open(name: string): Promise<ImageObject | null>;
  /** Every stored image. */
  list(): Promise<StoredImage[]>;
  remove(name: string): Promise<void>;
}

/**
 * The names Keen gives uploads (`uploads.service.ts`): an image, and its responsive sizes beside
 * it (`<name>-400w.webp`); older uploads kept their JPEG or PNG. Nothing else in a store is ever touched.
 */
export const UPLOAD_NAME = /^[0-9a-f]{32}(-(400|800|1600)w)?\.(jpg|png|webp)$/;

/** Files under `<dataDir>/uploads`, which `http/app.ts` serves at `/uploads/`. */
export class LocalDiskImageStore implements ImageStore {
  constructor(private readonly dir: string) {}

  async save(name: string, bytes: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    // `wx`: never overwrite, even if two random names ever collided.
    await writeFile(path.join(this.dir, name), bytes, { flag: 'wx' });
    return `/uploads/${name}`;
  }

  async open(name: string): Promise<ImageObject | null> {
    const file = path.join(this.dir, name);
    const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!info?.isFile()) return null;
    return { body: createReadStream(file), length: info.size, etag: `"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"` };
  }

  async list(): Promise<StoredImage[]> {
    const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const images: StoredImage[] = [];
    for (const name of names.filter((candidate) => UPLOAD_NAME.test(candidate))) {
      const info = await stat(path.join(this.dir, name)).catch(() => null);
      if (info?.isFile()) images.push({ name, modifiedAt: info.mtime });
    }
    return images;
  }

  async remove(name: string): Promise<void> {
    await rm(path.join(this.dir, name), { force: true });
  }
}
