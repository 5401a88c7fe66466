import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded images go: local disk (below), or an S3-compatible bucket (s3-image-store.ts). */
export interface ImageStore {
  /** Stores the bytes under `name` and answers the public URL. */
  save(name: string, bytes: Buffer, contentType: string): Promise<string>;
}

/** Files under `<dataDir>/uploads`, which `http/app.ts` serves at `/uploads/`. */
export class LocalDiskImageStore implements ImageStore {
  constructor(private readonly dir: string) {}

  async save(name: string, bytes: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    // `wx`: never overwrite, even if two random names ever collided.
    await writeFile(path.join(this.dir, name), bytes, { flag: 'wx' });
    return `/uploads/${name}`;
  }
}
