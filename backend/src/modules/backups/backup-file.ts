import { once } from 'node:events';
import { type Readable, Writable } from 'node:stream';
import { createGunzip, type Gzip } from 'node:zlib';
import { AppError } from '../../common/errors';
import { decodingStream } from './encryption';

/**
 * A Keen backup file, gzip'd. Inside, in order:
 *
 * 1. the line `KEEN-BACKUP 1\n` (the format's version);
 * 2. the header: a 4-byte big-endian length, then that many bytes of JSON (`BackupHeader`);
 * 3. for each table of `header.tables`, in that order (parents before the tables whose foreign keys
 *    point at them): its `COPY ... TO STDOUT` text (PostgreSQL's own text format, as pg_dump's plain
 *    format holds it) as frames of a 4-byte length then the bytes, ended by a frame of length 0;
 * 4. the trailer: a 4-byte length, then JSON (`BackupTrailer`): the rows of each table. A file
 *    without it was cut short.
 *
 * The gzip stream carries its own CRC, so a damaged file fails to read rather than restoring wrong rows.
 * With `BACKUP_ENCRYPTION_KEY` the gzip'd bytes are encrypted (`encryption.ts`), and the file's name
 * ends `.backup.gz.enc` instead of `.backup.gz`.
 */
export const MAGIC = Buffer.from('KEEN-BACKUP 1\n');

export interface BackupHeader {
  createdAt: string;
  /** The last migration applied to the database backed up: the schema its rows fit. */
  schemaVersion: string;
  /** Every migration applied, oldest first. */
  migrations: string[];
  /** The server's `server_version`, for the record. */
  postgres: string;
  /** The tables of the `public` schema, in foreign-key order, with the columns their data holds. */
  tables: { name: string; columns: string[] }[];
  /** Each sequence's position, so that ids (the outbox's `seq`) carry on where they were. */
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  /**
   * The uploaded images the shop held as of the snapshot (listed once it was taken, so every image a
   * row points at is among them), copied beside the backup under `images/`.
   */
  images: string[];
}

export interface BackupTrailer {
  rows: Record<string, number>;
}

/** Frames of table data go out at about this size (COPY sends a message per row). */
const FRAME_BYTES = 64 * 1024;
/** A header or trailer larger than this is not one of ours. */
const MAX_JSON_BYTES = 64 * 1024 * 1024;

const lengthOf = (length: number) => {
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32BE(length);
  return prefix;
};

/** Writes a backup into `gzip` (whose output goes to a file), waiting whenever it is full. */
export class BackupWriter {
  constructor(private readonly gzip: Gzip) {}

  private async write(bytes: Buffer): Promise<void> {
    if (!this.gzip.write(bytes)) await once(this.gzip, 'drain');
  }

  async begin(header: BackupHeader): Promise<void> {
    await this.write(MAGIC);
    await this.json(header);
  }

  /** A sink for one table's COPY data; ending it writes the table's last frames. */
  table(): Writable {
    let pending: Buffer[] = [];
    let length = 0;
    const flush = async () => {
      if (length === 0) return;
      const frame = Buffer.concat(pending);
      pending = [];
      length = 0;
      await this.write(Buffer.concat([lengthOf(frame.length), frame]));
    };
    return new Writable({
      highWaterMark: FRAME_BYTES,
      write: (chunk: Buffer, _encoding, callback) => {
        pending.push(chunk);
        length += chunk.length;
        if (length < FRAME_BYTES) return callback();
        flush().then(() => callback(), callback);
      },
      final: (callback) => {
        flush()
          .then(() => this.write(lengthOf(0)))
          .then(() => callback(), callback);
      },
    });
  }

  async end(trailer: BackupTrailer): Promise<void> {
    await this.json(trailer);
    this.gzip.end();
  }

  private async json(value: object): Promise<void> {
    const bytes = Buffer.from(JSON.stringify(value));
    await this.write(Buffer.concat([lengthOf(bytes.length), bytes]));
  }
}

/** The refusal for a file that is not a whole Keen backup. */
function unreadable(problem: string): AppError {
  return new AppError('BAD_USER_INPUT', `This file is not a readable Keen backup: ${problem}`);
}

/**
 * Reads a backup file's parts in order, as they are needed (a restore streams each table into COPY).
 * An encrypted file is decrypted with `encryptionKey` (`BACKUP_ENCRYPTION_KEY`), each segment checked
 * before any of its bytes are read; without the key, or with another, its header is refused.
 */
export class BackupReader {
  private readonly chunks: AsyncIterator<Buffer>;
  private buffered: Buffer = Buffer.alloc(0);

  constructor(file: Readable, encryptionKey: string | null = null) {
    const decode = decodingStream(encryptionKey);
    const gunzip = createGunzip();
    file.on('error', (error) => decode.destroy(error));
    decode.on('error', (error) => gunzip.destroy(error));
    this.chunks = file.pipe(decode).pipe(gunzip)[Symbol.asyncIterator]();
  }

  async header(): Promise<BackupHeader> {
    const magic = await this.read(MAGIC.length);
    if (!magic.equals(MAGIC)) throw unreadable('it does not start as one');
    return (await this.json()) as BackupHeader;
  }

  /** One table's COPY data, frame by frame; must be read to its end before the next table. */
  async *table(): AsyncGenerator<Buffer> {
    for (;;) {
      const length = (await this.read(4)).readUInt32BE();
      if (length === 0) return;
      yield await this.read(length);
    }
  }

  async trailer(): Promise<BackupTrailer> {
    return (await this.json()) as BackupTrailer;
  }

  private async json(): Promise<unknown> {
    const length = (await this.read(4)).readUInt32BE();
    if (length > MAX_JSON_BYTES) throw unreadable('its parts are out of place');
    try {
      return JSON.parse((await this.read(length)).toString('utf8'));
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unreadable('its parts are out of place');
    }
  }

  private async read(length: number): Promise<Buffer> {
    while (this.buffered.length < length) {
      let next: IteratorResult<Buffer>;
      try {
        next = await this.chunks.next();
      } catch (error) {
        // The encryption's own refusals (no key, another key, altered) say what is wrong.
        if (error instanceof AppError) throw error;
        throw unreadable(`it is damaged (${(error as Error).message})`);
      }
      if (next.done) throw unreadable('it ends early (cut short?)');
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, next.value]) : next.value;
    }
    const part = this.buffered.subarray(0, length);
    this.buffered = this.buffered.subarray(length);
    return part;
  }
}

/**
 * `keen-2026-11-27T03-00-00-000Z-ProductVariants1765500000000.backup.gz`: when, and the schema
 * version; `.backup.gz.enc` when encrypted.
 */
const NAME = /^keen-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-([A-Za-z0-9_]+)\.backup\.gz(?:\.enc)?$/;

export function backupName(createdAt: Date, schemaVersion: string, encrypted = false): string {
  return `keen-${createdAt.toISOString().replace(/[:.]/g, '-')}-${schemaVersion}.backup.gz${encrypted ? '.enc' : ''}`;
}

/** When a backup was made and its schema version, from its name; null for any other file. */
export function parseBackupName(name: string): { createdAt: Date; schemaVersion: string } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, day, hours, minutes, seconds, millis, schemaVersion] = match;
  const createdAt = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, schemaVersion };
}

/**
 * The backups to prune: those older than `keepDays` at `now`, never the newest one (a shop whose
 * daily job stopped for weeks still has its last backup). Files not named as backups are never listed.
 */
export function expiredBackups(names: readonly string[], now: Date, keepDays: number): string[] {
  const dated = names
    .map((name) => ({ name, parsed: parseBackupName(name) }))
    .filter((entry): entry is { name: string; parsed: NonNullable<ReturnType<typeof parseBackupName>> } => entry.parsed !== null)
    .sort((a, b) => b.parsed.createdAt.getTime() - a.parsed.createdAt.getTime());
  const oldest = now.getTime() - keepDays * 24 * 60 * 60 * 1000;
  return dated
    .slice(1)
    .filter(({ parsed }) => parsed.createdAt.getTime() < oldest)
    .map(({ name }) => name);
}
