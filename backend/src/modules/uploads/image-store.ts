import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** An image in the store, as the clean-up sees it. */
export interface StoredImage {
  name: string;
  modifiedAt: Date;
}

/** Where uploaded images go: local disk, or an S3-compatible bucket (`s3-image-store.ts`). */
export interface ImageStore {
  /** Stores the bytes under `name` and answers the public URL. */
  save(name: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The stored bytes, or null when there is no such image. */
  read(name: string): Promise<Buffer | null>;
  /** Every stored image. */
  list(): Promise<StoredImage[]>;
  remove(name: string): Promise<void>;
}

/** The names Keen gives uploads (`uploads.service.ts`); nothing else in a store is ever touched. */
export const UPLOAD_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

/** Files under `<dataDir>/uploads`, which `http/app.ts` serves at `/uploads/`. */
export class LocalDiskImageStore implements ImageStore {
  constructor(private readonly dir: string) {}

  async save(name: string, bytes: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    // `wx`: never overwrite, even if two random names ever collided.
    await writeFile(path.join(this.dir, name), bytes, { flag: 'wx' });
    return `/uploads/${name}`;
  }

  async read(name: string): Promise<Buffer | null> {
    return readFile(path.join(this.dir, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
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
