import { createReadStream } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../../common/errors';
import type { BackupSettings } from '../../config';
import { S3Bucket, UPLOAD_NAME } from '../uploads';
import { parseBackupName } from './backup-file';

/**
 * Where backups are kept: a folder, or a bucket under `backups/`; copies of the uploaded images
 * beside them, under `images/`.
 */
export interface BackupStore {
  /** The folder or `s3://bucket/backups/`, for messages. */
  readonly where: string;
  /** Where a backup is written before it is complete (`save` then moves or uploads it). */
  partialFile(name: string): Promise<string>;
  /** Keeps the finished `file` as `name`; answers what `restore` takes to read it back. */
  save(name: string, file: string): Promise<string>;
  /** The names of the backups kept (other files are not listed). */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
  /** A kept backup's bytes. */
  open(name: string): Promise<Readable>;
  /** The names of the images copied here. */
  imageNames(): Promise<string[]>;
  saveImage(name: string, bytes: Buffer): Promise<void>;
  /** An image's copy, or null when there is none. */
  readImage(name: string): Promise<Buffer | null>;
  removeImage(name: string): Promise<void>;
}

const missingAsNull = (error: NodeJS.ErrnoException) => {
  if (error.code === 'ENOENT') return null;
  throw error;
};

/** Backups hold customers' addresses, webhook secrets and age evidence: only the shop's own user reads them. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Makes `dir` and each of its parents that is missing, each 0700 whatever the umask (set after
 * `mkdir`, which the umask narrows). Folders that were there already are left as they are.
 */
export async function makePrivateDir(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const found = await stat(at).catch(missingAsNull);
    if (found) break;
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const folder of missing) {
    const made = await mkdir(folder, { mode: PRIVATE_DIR_MODE }).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        // Made meanwhile by another process, which sets its mode.
        if (error.code === 'EEXIST') return false;
        throw error;
      },
    );
    if (made) await chmod(folder, PRIVATE_DIR_MODE);
  }
}

/** Writes `bytes` to a new or existing `file`, 0600 whatever the umask. */
export async function writePrivateFile(file: string, bytes: Buffer): Promise<void> {
  await writeFile(file, bytes, { mode: PRIVATE_FILE_MODE });
  await chmod(file, PRIVATE_FILE_MODE);
}

/**
 * A folder: a backup is written beside the others under a dot name and renamed when complete,
 * so a backup that failed half way is never listed, restored or counted as the newest. Files are
 * written 0600; the folders Keen makes (the folder, its missing parents, `images/`) are 0700.
 */
export class FolderBackupStore implements BackupStore {
  constructor(private readonly dir: string) {}

  get where(): string {
    return this.dir;
  }

  async partialFile(name: string): Promise<string> {
    await makePrivateDir(this.dir);
    return path.join(this.dir, `.${name}.partial`);
  }

  async save(name: string, file: string): Promise<string> {
    const kept = path.join(this.dir, name);
    await rename(file, kept);
    return kept;
  }

  async list(): Promise<string[]> {
    const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    return names.filter((name) => parseBackupName(name) !== null).sort();
  }

  async remove(name: string): Promise<void> {
    await rm(path.join(this.dir, name), { force: true });
  }

  async open(name: string): Promise<Readable> {
    return openFile(path.join(this.dir, name), name);
  }

  async imageNames(): Promise<string[]> {
    return ((await readdir(path.join(this.dir, 'images')).catch(missingAsNull)) ?? []).filter((name) => UPLOAD_NAME.test(name));
  }

  async saveImage(name: string, bytes: Buffer): Promise<void> {
    await makePrivateDir(path.join(this.dir, 'images'));
    await writePrivateFile(path.join(this.dir, 'images', name), bytes);
  }

  async readImage(name: string): Promise<Buffer | null> {
    return readFile(path.join(this.dir, 'images', name)).catch(missingAsNull);
  }

  async removeImage(name: string): Promise<void> {
    await rm(path.join(this.dir, 'images', name), { force: true });
  }
}

const PREFIX = 'backups/';
const IMAGES = 'images/';

/** A bucket: a backup is written to a temporary file, then uploaded whole (one object per backup). */
export class BucketBackupStore implements BackupStore {
  private readonly bucket: S3Bucket;

  constructor(settings: NonNullable<BackupSettings['bucket']>) {
    this.bucket = new S3Bucket(settings);
  }

  get where(): string {
    return `s3://${this.bucket.settings.bucket}/${PREFIX}`;
  }

  async partialFile(name: string): Promise<string> {
    return path.join(os.tmpdir(), `${name}.${process.pid}.partial`);
  }

  async save(name: string, file: string): Promise<string> {
    try {
      await this.bucket.putFile(`${PREFIX}${name}`, file, name.endsWith('.enc') ? 'application/octet-stream' : 'application/gzip');
    } finally {
      await rm(file, { force: true });
    }
    return `${this.where}${name}`;
  }

  async list(): Promise<string[]> {
    return (await this.bucket.list(PREFIX))
      .map(({ key }) => key.slice(PREFIX.length))
      .filter((name) => parseBackupName(name) !== null)
      .sort();
  }

  async remove(name: string): Promise<void> {
    await this.bucket.remove(`${PREFIX}${name}`);
  }

  async open(name: string): Promise<Readable> {
    const object = await this.bucket.get(`${PREFIX}${name}`);
    if (!object) throw new AppError('BAD_USER_INPUT', `No backup at ${this.where}${name}`);
    return object.body;
  }

  async imageNames(): Promise<string[]> {
    return (await this.bucket.list(IMAGES)).map(({ key }) => key.slice(IMAGES.length)).filter((name) => UPLOAD_NAME.test(name));
  }

  async saveImage(name: string, bytes: Buffer): Promise<void> {
    await this.bucket.put(`${IMAGES}${name}`, bytes, 'application/octet-stream');
  }

  async readImage(name: string): Promise<Buffer | null> {
    const object = await this.bucket.get(`${IMAGES}${name}`);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async removeImage(name: string): Promise<void> {
    await this.bucket.remove(`${IMAGES}${name}`);
  }
}

/** The store the settings name: the bucket when `BACKUP_BUCKET` is set, otherwise the folder (`dir` overrides both). */
export function backupStore(settings: BackupSettings, dir?: string): BackupStore {
  if (dir !== undefined) return new FolderBackupStore(path.resolve(dir));
  return settings.bucket ? new BucketBackupStore(settings.bucket) : new FolderBackupStore(settings.dir);
}

/**
 * Opens a backup for reading: a file's path, or `s3://<bucket>/backups/<name>` (read with the S3
 * endpoint and keys of the settings, which `BACKUP_BUCKET` requires); with the store it is in, where
 * its images' copies are.
 */
export async function openBackup(reference: string, settings: BackupSettings): Promise<{ file: Readable; store: BackupStore }> {
  const s3 = /^s3:\/\/([^/]+)\/backups\/([^/]+)$/.exec(reference);
  if (s3) {
    if (!settings.bucket)
      throw new AppError('BAD_USER_INPUT', `Reading ${reference} needs BACKUP_BUCKET and the S3 settings (endpoint and keys)`);
    const [, bucket, name] = s3;
    const store = new BucketBackupStore({ ...settings.bucket, bucket });
    return { file: await store.open(name), store };
  }
  if (reference.startsWith('s3://'))
    throw new AppError('BAD_USER_INPUT', `No backup at ${reference}: backups are under s3://<bucket>/backups/`);
  const file = path.resolve(reference);
  return { file: await openFile(file, reference), store: new FolderBackupStore(path.dirname(file)) };
}

/** A file opened for reading, a missing one reported as no backup (opening fails or not before the first read). */
async function openFile(file: string, reference: string): Promise<Readable> {
  const stream = createReadStream(file);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new AppError('BAD_USER_INPUT', `No backup at ${reference}`) : error),
    );
  });
  return stream;
}
