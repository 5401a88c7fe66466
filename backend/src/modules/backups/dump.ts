import { createWriteStream } from 'node:fs';
import { chmod, rm, stat } from 'node:fs/promises';
import type { Readable, Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { Client } from 'pg';
import { DataSource, type MigrationInterface } from 'typeorm';
import { AppError } from '../../common/errors';
import { copyFrom, copyTo } from '../../db/copy-streams';
import { migrate } from '../../db/migrate';
import { type BackupHeader, BackupReader, BackupWriter, backupName } from './backup-file';
import type { ImageStore } from '../uploads';
import { type BackupStore, PRIVATE_FILE_MODE } from './backup-store';
import { encryptingStream } from './encryption';
import { copyImages } from './images';

/** The app's schema; pg-boss keeps its own (`pgboss`), which is not backed up: it is recreated at start. */
const SCHEMA = 'public';
/** TypeORM's record of applied migrations: a restore remakes it by running them. */
const MIGRATIONS_TABLE = 'migrations';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (name: string) => `${quote(SCHEMA)}.${quote(name)}`;

export interface BackupMade {
  name: string;
  /** Images copied beside the backups this time (those copied before are not copied again). */
  imagesCopied: number;
  /** A file's path or `s3://bucket/backups/<name>`: what `npm run admin -- restore` takes. */
  reference: string;
  schemaVersion: string;
  rows: Record<string, number>;
  bytes: number;
}

/**
 * Backs the database up into `store`: every table of the app's schema as of one snapshot (one
 * REPEATABLE READ, READ ONLY transaction, as pg_dump takes it; ACCESS SHARE locks keep a migration
 * from changing a table while it is read), the sequences, and the schema version, gzip'd into one
 * file (`backup-file.ts`), encrypted with `encryptionKey` when there is one (`encryption.ts`), and
 * written 0600. Writes go on meanwhile: the snapshot does not block them. The uploaded images in
 * `images` are copied beside it first (those not copied before), so a backup that is listed has its
 * images.
 */
export async function writeBackup(
  databaseUrl: string,
  store: BackupStore,
  images: ImageStore,
  { now = new Date(), encryptionKey = null }: { now?: Date; encryptionKey?: string | null } = {},
): Promise<BackupMade> {
  // The key is derived (scrypt) before the snapshot starts: nothing waits on it inside the transaction.
  const encrypt: Transform | null = encryptionKey === null ? null : await encryptingStream(encryptionKey);
  const client = new Client({ connectionString: databaseUrl, application_name: 'keen-backup' });
  await client.connect();
  let file: string | null = null;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const header = await describe(client, now, images);
    if (header.tables.length)
      await client.query(`LOCK TABLE ${header.tables.map((t) => qualified(t.name)).join(', ')} IN ACCESS SHARE MODE`);
    const name = backupName(now, header.schemaVersion, encrypt !== null);
    file = await store.partialFile(name);

    const gzip = createGzip();
    // Created 0600 (the umask can only narrow it), set exactly once written.
    const output = createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE });
    const written = encrypt ? pipeline(gzip, encrypt, output) : pipeline(gzip, output);
    // Should a COPY fail, the write's own failure is not the one to report.
    written.catch(() => undefined);
    const writer = new BackupWriter(gzip);
    const rows: Record<string, number> = {};
    try {
      await writer.begin(header);
      for (const table of header.tables) {
        const sink = writer.table();
        rows[table.name] = await copyTo(client, `COPY ${qualified(table.name)} (${table.columns.map(quote).join(', ')}) TO STDOUT`, sink);
        sink.end();
        await finished(sink);
      }
      await writer.end({ rows });
      await written;
      await chmod(file, PRIVATE_FILE_MODE);
    } catch (error) {
      gzip.destroy();
      throw error;
    }
    await client.query('COMMIT');
    const imagesCopied = await copyImages(images, header.images, store);
    const { size } = await stat(file);
    const reference = await store.save(name, file);
    file = null;
    return { name, reference, schemaVersion: header.schemaVersion, rows, bytes: size, imagesCopied };
  } finally {
    if (file) await rm(file, { force: true });
    await client.end();
  }
}

/** What the snapshot holds: the schema version, the tables in foreign-key order, the sequences. */
async function describe(client: Client, now: Date, images: ImageStore): Promise<BackupHeader> {
  const { rows: found } = await client.query<{ exists: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS "exists"`, [
    qualified(MIGRATIONS_TABLE),
  ]);
  if (!found[0].exists)
    throw new AppError('BAD_USER_INPUT', 'This database has no Keen schema (no migrations applied): nothing to back up');
  const migrations = (
    await client.query<{ name: string }>(`SELECT "name" FROM ${qualified(MIGRATIONS_TABLE)} ORDER BY "timestamp", "id"`)
  ).rows.map((row) => row.name);
  if (!migrations.length)
    throw new AppError('BAD_USER_INPUT', 'This database has no Keen schema (no migrations applied): nothing to back up');

  const { rows: tables } = await client.query<{ oid: number; name: string }>(
    `SELECT c.oid, c.relname AS "name" FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind = 'r' AND c.relname <> $2 ORDER BY c.relname`,
    [SCHEMA, MIGRATIONS_TABLE],
  );
  const oids = tables.map((table) => table.oid);
  // Generated columns are computed again as rows are restored; COPY refuses values for them.
  const { rows: columns } = await client.query<{ table: number; name: string }>(
    `SELECT attrelid AS "table", attname AS "name" FROM pg_attribute
      WHERE attrelid = ANY($1) AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attrelid, attnum`,
    [oids],
  );
  const { rows: references } = await client.query<{ from: number; to: number }>(
    `SELECT conrelid AS "from", confrelid AS "to" FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY($1)`,
    [oids],
  );
  const { rows: sequenceNames } = await client.query<{ name: string }>(
    `SELECT c.relname AS "name" FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind = 'S' ORDER BY c.relname`,
    [SCHEMA],
  );
  const sequences: BackupHeader['sequences'] = [];
  for (const { name } of sequenceNames) {
    const { rows } = await client.query<{ lastValue: string; isCalled: boolean }>(
      `SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${qualified(name)}`,
    );
    sequences.push({ name, ...rows[0] });
  }
  const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version');

  const nameOf = new Map(tables.map((table) => [table.oid, table.name]));
  const parents = new Map(tables.map((table) => [table.name, new Set<string>()]));
  for (const { from, to } of references) {
    const child = nameOf.get(from)!;
    const parent = nameOf.get(to);
    // A row may point at a row of its own table (none does today): COPY checks it at the end of the statement.
    if (parent !== undefined && parent !== child) parents.get(child)!.add(parent);
  }
  return {
    createdAt: now.toISOString(),
    schemaVersion: migrations[migrations.length - 1],
    migrations,
    postgres: version[0].server_version,
    tables: parentsFirst(parents).map((name) => ({
      name,
      columns: columns.filter((column) => nameOf.get(column.table) === name).map((column) => column.name),
    })),
    sequences,
    // After the snapshot's first read: an image is stored before any row that points at it commits.
    images: (await images.list()).map((image) => image.name).sort(),
  };
}

/** Table names, each after every table it refers to (alphabetical where the order is free). */
function parentsFirst(parents: Map<string, Set<string>>): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const remaining = [...parents.keys()].sort();
  while (remaining.length) {
    const next = remaining.findIndex((name) => [...parents.get(name)!].every((parent) => placed.has(parent)));
    if (next < 0) throw new Error(`The foreign keys of ${remaining.join(', ')} form a cycle: no order restores them`);
    const [name] = remaining.splice(next, 1);
    ordered.push(name);
    placed.add(name);
  }
  return ordered;
}

/** A migration class as `app/data-source.ts` lists them. */
export type MigrationClass = new () => MigrationInterface;

export interface Restored {
  schemaVersion: string;
  createdAt: string;
  /** The images the shop held when it was backed up (their copies are beside the backup). */
  images: string[];
  rows: Record<string, number>;
}

/**
 * Restores a backup into an empty database: refuses one that holds any table, runs the app's
 * migrations up to the backup's schema version (`migrations`, oldest first, as `app/data-source.ts`
 * lists them; a backup from a version this code does not know is refused), then, in one
 * transaction, empties what the migrations wrote, copies each table's rows in (parents first),
 * checks the counts against the backup's own, and sets the sequences. Nothing is kept of a restore
 * that fails, except the migrated, empty schema. An encrypted backup needs `encryptionKey`, the key it
 * was made with: without it or with another, it is refused before the schema is made; a segment
 * altered later fails its check and the transaction is rolled back.
 */
export async function restoreBackup(
  databaseUrl: string,
  file: Readable,
  migrations: readonly MigrationClass[],
  encryptionKey: string | null = null,
): Promise<Restored> {
  const client = new Client({ connectionString: databaseUrl, application_name: 'keen-restore' });
  try {
    await client.connect();
  } catch (error) {
    file.destroy();
    throw error;
  }
  try {
    const { rows: counted } = await client.query<{ tables: number }>(
      `SELECT count(*)::int AS "tables" FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%'`,
    );
    if (counted[0].tables > 0) throw new AppError('BAD_USER_INPUT', `Restore needs an empty database; ${counted[0].tables} tables found`);

    const reader = new BackupReader(file, encryptionKey);
    const header = await reader.header();
    const known = migrations.map((Migration) => new Migration().name ?? Migration.name);
    const upTo = known.indexOf(header.schemaVersion);
    if (upTo < 0) {
      throw new AppError(
        'BAD_USER_INPUT',
        `This backup's schema version ${header.schemaVersion} is not one this version of Keen knows (its newest is ${known[known.length - 1]}): restore it with the version of Keen that made it, or a newer one`,
      );
    }
    const schema = new DataSource({
      type: 'postgres',
      url: databaseUrl,
      migrations: migrations.slice(0, upTo + 1),
      migrationsTransactionMode: 'each',
    });
    await schema.initialize();
    try {
      await migrate(schema);
    } finally {
      await schema.destroy();
    }

    await client.query('BEGIN');
    try {
      // Rows a migration wrote (none today) would collide with the backup's own.
      if (header.tables.length) await client.query(`TRUNCATE ${header.tables.map((table) => qualified(table.name)).join(', ')}`);
      const rows: Record<string, number> = {};
      for (const table of header.tables) {
        rows[table.name] = await copyFrom(
          client,
          `COPY ${qualified(table.name)} (${table.columns.map(quote).join(', ')}) FROM STDIN`,
          reader.table(),
        );
      }
      const trailer = await reader.trailer();
      const differing = header.tables.find((table) => trailer.rows[table.name] !== rows[table.name]);
      if (differing) {
        throw new AppError(
          'BAD_USER_INPUT',
          `This file is not a readable Keen backup: ${differing.name} holds ${trailer.rows[differing.name]} rows, ${rows[differing.name]} were read`,
        );
      }
      for (const sequence of header.sequences) {
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
          qualified(sequence.name),
          sequence.lastValue,
          sequence.isCalled,
        ]);
      }
      await client.query('COMMIT');
      return { schemaVersion: header.schemaVersion, createdAt: header.createdAt, images: header.images, rows };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    file.destroy();
    await client.end();
  }
}
