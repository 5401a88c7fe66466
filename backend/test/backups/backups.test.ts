import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';
import { Client } from 'pg';
import { pino } from 'pino';
import { migrations } from '../../src/app/data-source';
import { runAdminCommand } from '../../src/admin-command';
import { ConfigError, loadConfig } from '../../src/config';
import { BackupWriter, backupName, expiredBackups, parseBackupName } from '../../src/modules/backups/backup-file';
import { FolderBackupStore } from '../../src/modules/backups/backup-store';
import { backupsWork } from '../../src/modules/backups/backups.work';
import { restoreBackup } from '../../src/modules/backups/dump';
import {
  decodingStream,
  ENCRYPTED_MAGIC,
  ENCRYPTED_WITH_ANOTHER_KEY,
  ENCRYPTED_WITHOUT_KEY,
  encryptingStream,
  SEGMENT_BYTES,
} from '../../src/modules/backups/encryption';
import { pruneImageCopies } from '../../src/modules/backups/images';
import { demoProducts } from '../../src/seed/demo-catalogue';
import { seedCatalogue } from '../../src/seed/seed';
import { type S3StandIn, startS3StandIn } from '../../dev/s3-stand-in';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase, type TestSession } from '../support/harness';
import { verifyAdult } from '../support/blades';

const silent = pino({ level: 'silent' });
const schemaVersion = new migrations[migrations.length - 1]().name;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63fccfc0500f000485018084a98c210000000049454e44ae426082',
  'hex',
);
const credentials = { region: 'eu-test-1', accessKeyId: 'backup-key-id', secretAccessKey: 'backup-secret-key' };
/** A `BACKUP_ENCRYPTION_KEY` as the docs make one (`openssl rand -base64 32`), and another. */
const KEY = randomBytes(32).toString('base64');
const OTHER_KEY = randomBytes(32).toString('base64');
const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Runs `sql` on its own connection to `url`. */
/** A backup file with no tables, listing `images`, as an older backup of the shop would. */
async function fakeBackup(file: string, images: string[]): Promise<void> {
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file));
  const writer = new BackupWriter(gzip);
  await writer.begin({
    createdAt: new Date().toISOString(),
    schemaVersion,
    migrations: [],
    postgres: '17',
    tables: [],
    sequences: [],
    images,
  });
  await writer.end({ rows: {} });
  await written;
}

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Every table of the app's schema: its rows and a checksum of them (in a fixed order). */
async function contents(url: string): Promise<Record<string, { rows: number; md5: string }>> {
  const tables = await query<{ name: string }>(
    url,
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const result: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables) {
    // The shop running on the database records its recurring jobs' runs at any moment: their names and periods are the data.
    const row = name === 'scheduled_job_status' ? `(t."name", t."periodSeconds")` : 't';
    const [counted] = await query<{ rows: number; md5: string }>(
      url,
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(${row}::text, E'\\n' ORDER BY ${row}::text), '')) AS md5 FROM public."${name}" t`,
    );
    result[name] = counted;
  }
  return result;
}

const stockOf = (url: string) => query<{ id: string; quantity: number }>(url, `SELECT id, quantity FROM product_variant ORDER BY id`);

const tableCount = async (url: string) =>
  (
    await query<{ n: number }>(url, `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`)
  )[0].n;

/** A new, empty database (no template's tables) on the test server, and its URL. */
async function emptyDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.KEEN_TEST_SERVER_URL!;
  const name = `keen_test_restore_${Math.random().toString(16).slice(2, 10)}`;
  await query(serverUrl, `CREATE DATABASE "${name}" TEMPLATE template0`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => void (await query(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)) };
}

const PRODUCTS =
  '{ products(options: { take: 100 }) { totalItems items { id name price quantity minimumQuantity variants { id sku quantity } } } }';
const ORDER = 'query($id: ID!) { order(id: $id) { id status paid totalPrice lines { name sku quantity unitPrice } } }';

let dir: string;
let database: TestDatabase;
let app: TestApp;
let shopper: TestSession;
let paidOrderIds: string[];
let before: Awaited<ReturnType<typeof contents>>;
let stockBefore: Awaited<ReturnType<typeof stockOf>>;
let productsBefore: unknown;
let orderBefore: unknown;
let spare: { id: string; minimumQuantity: number };
let shopDir: string;
let photo: string;
let photos: Record<string, Buffer>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'keen-backups-'));
  shopDir = mkdtempSync(path.join(os.tmpdir(), 'keen-backups-shop-'));
  database = await createTestDatabase();
  app = await startTestApp({ DATA_DIR: shopDir }, { database });
  await seedCatalogue(app.db, app.services.uploads, silent);
  // An uploaded photo on the first product: the image and its sizes are copied beside the backup.
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'knife.png');
  const uploaded = await fetch(`${app.url}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${(await app.adminUser()).token}` },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  photo = ((await uploaded.json()) as { data: { url: string } }).data.url;
  await query(database.url, `UPDATE product SET img = $1 WHERE id = (SELECT id FROM product ORDER BY "createdAt" LIMIT 1)`, [photo]);
  photos = Object.fromEntries(
    readdirSync(path.join(shopDir, 'uploads')).map((name) => [name, readFileSync(path.join(shopDir, 'uploads', name))]),
  );
  // The demo's photos (seeded as uploads) and this one, each with its three sizes.
  expect(Object.keys(photos)).toHaveLength((demoProducts.length + 1) * 4);
  // Every demo product is a knife: its buyers pass the age check first, which needs a verified e-mail address.
  shopper = await app.verifyEmail(await app.customer('backed-up'));
  const other = await app.verifyEmail(await app.customer('other'));
  for (const session of [shopper, other]) await verifyAdult(app, session);
  type Listed = { id: string; minimumQuantity: number; quantity: number; variants: unknown[] };
  // Products of one variant, which an order names without choosing one.
  const products = ((await app.gql(PRODUCTS)).data!.products.items as Listed[]).filter(
    (product) => product.variants.length === 1 && product.quantity >= product.minimumQuantity + 1,
  );
  expect(products.length).toBeGreaterThanOrEqual(6);
  paidOrderIds = [];
  for (const [i, product] of products.slice(0, 4).entries()) {
    const session = i % 2 ? other : shopper;
    const order = await app.placeOrder(session, product.id, product.minimumQuantity);
    await app.payOrder(session, order.id);
    paidOrderIds.push(order.id);
  }
  // One unpaid: its held units are part of the stock too.
  await app.placeOrder(shopper, products[4].id, products[4].minimumQuantity);
  spare = products[5];
  productsBefore = (await app.gql(PRODUCTS)).data;
  orderBefore = (await app.gql(ORDER, { id: paidOrderIds[0] }, shopper)).data;
  // Stopped (its deliveries settled), so that nothing changes the rows between the count and the backup.
  await app.close();
  before = await contents(database.url);
  stockBefore = await stockOf(database.url);
}, 120_000);

afterAll(async () => {
  await app?.close().catch(() => undefined);
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(shopDir, { recursive: true, force: true });
});

describe('a backup to a folder, restored into a recreated database', () => {
  let file: string;

  it('backs up every table with the schema version in its name', async () => {
    const env = { NODE_ENV: 'production', DATABASE_URL: database.url, DATA_DIR: shopDir };
    const answer = await runAdminCommand(['backup', '--to', dir], env);
    expect(answer.code).toBe(0);
    const match = new RegExp(
      `^Backed up (\\d+) rows of (\\d+) tables \\(schema (\\w+), (\\d+) bytes\\) to (.+); ${Object.keys(photos).length} new images copied beside it$`,
    ).exec(answer.output);
    expect(match).not.toBeNull();
    const [, rows, tables, version, , reference] = match!;
    expect(version).toBe(schemaVersion);
    const backedUp = Object.entries(before).filter(([name]) => name !== 'migrations');
    expect(Number(tables)).toBe(backedUp.length);
    expect(Number(rows)).toBe(backedUp.reduce((sum, [, table]) => sum + table.rows, 0));
    file = reference;
    expect(path.dirname(file)).toBe(dir);
    expect(path.basename(file)).toMatch(new RegExp(`^keen-\\d{4}-\\d{2}-\\d{2}T[\\d-]+Z-${schemaVersion}\\.backup\\.gz$`));
    // Nothing half-written is left beside it; the images are.
    expect(readdirSync(dir).sort()).toEqual([path.basename(file), 'images'].sort());
    for (const [name, bytes] of Object.entries(photos)) expect(readFileSync(path.join(dir, 'images', name)).equals(bytes)).toBe(true);
    // A second backup copies none of them again.
    const again = await runAdminCommand(['backup', '--to', dir], env);
    expect(again.output).toMatch(/; 0 new images copied beside it$/);
    rmSync(/to (\S+);/.exec(again.output)![1]);
    expect(before.order.rows).toBe(5);
    expect(before.order_line.rows).toBe(5);
    expect(before.product_variant.rows).toBeGreaterThan(5);
  });

  it('restores into the dropped and recreated database: the same rows, the same stock, and Keen answers on it', async () => {
    const serverUrl = process.env.KEEN_TEST_SERVER_URL!;
    const name = new URL(database.url).pathname.slice(1);
    await query(serverUrl, `DROP DATABASE "${name}" WITH (FORCE)`);
    await query(serverUrl, `CREATE DATABASE "${name}" TEMPLATE template0`);
    expect(await tableCount(database.url)).toBe(0);
    // The images are lost with the database.
    rmSync(path.join(shopDir, 'uploads'), { recursive: true });

    const started = Date.now();
    const answer = await runAdminCommand(['restore', file], { NODE_ENV: 'production', DATABASE_URL: database.url, DATA_DIR: shopDir });
    console.log(`restore of the demo data and ${paidOrderIds.length + 1} orders: ${Date.now() - started} ms`);
    expect(answer.code).toBe(0);
    expect(answer.output).toMatch(
      new RegExp(
        `^Restored \\d+ rows of \\d+ tables \\(schema ${schemaVersion}, backed up .+\\) and ${Object.keys(photos).length} images; start Keen on it$`,
      ),
    );

    expect(await contents(database.url)).toEqual(before);
    expect(await stockOf(database.url)).toEqual(stockBefore);
    // pg-boss's schema is not in a backup: Keen makes it again as it starts.
    expect(await query(database.url, `SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss'`)).toEqual([]);

    for (const [name, bytes] of Object.entries(photos)) expect(readFileSync(path.join(shopDir, 'uploads', name)).equals(bytes)).toBe(true);

    app = await startTestApp({ DATA_DIR: shopDir }, { database });
    expect((await app.gql(PRODUCTS)).data).toEqual(productsBefore);
    const served = await fetch(`${app.url}${photo}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(photos[path.basename(photo)])).toBe(true);
    expect((await app.gql(ORDER, { id: paidOrderIds[0] }, shopper)).data).toEqual(orderBefore);
    // The outbox's identity carries on after the restored events instead of clashing with them.
    const [{ seq: restoredSeq }] = await query<{ seq: string }>(database.url, `SELECT max(seq)::text AS seq FROM outbox_event`);
    const order = await app.placeOrder(shopper, spare.id, spare.minimumQuantity);
    expect(order.id).toBeDefined();
    const [{ seq: nextSeq }] = await query<{ seq: string }>(database.url, `SELECT max(seq)::text AS seq FROM outbox_event`);
    expect(BigInt(nextSeq)).toBeGreaterThan(BigInt(restoredSeq));
  }, 120_000);

  it('refuses a database that is not empty, and changes nothing', async () => {
    const tables = await tableCount(database.url);
    const now = await contents(database.url);
    expect(await runAdminCommand(['restore', file], { NODE_ENV: 'production', DATABASE_URL: database.url })).toEqual({
      code: 2,
      output: `Restore needs an empty database; ${tables} tables found`,
    });
    expect(await contents(database.url)).toEqual(now);
  });

  it('refuses a backup of a schema newer than the code knows, before changing anything', async () => {
    const empty = await emptyDatabase();
    try {
      const older = migrations.slice(0, -1);
      await expect(restoreBackup(empty.url, createReadStream(file), older)).rejects.toThrow(
        `This backup's schema version ${schemaVersion} is not one this version of Keen knows (its newest is ${new older[older.length - 1]().name}): restore it with the version of Keen that made it, or a newer one`,
      );
      expect(await tableCount(empty.url)).toBe(0);
    } finally {
      await empty.drop();
    }
  });

  it('refuses a file cut short or not a backup at all, keeping none of its rows', async () => {
    const empty = await emptyDatabase();
    const cut = path.join(dir, 'cut.gz');
    const bytes = readFileSync(file);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const junk = path.join(dir, 'junk.gz');
    writeFileSync(junk, 'not a backup');
    const env = { NODE_ENV: 'production', DATABASE_URL: empty.url };
    try {
      const answer = await runAdminCommand(['restore', cut], env);
      expect(answer).toMatchObject({ code: 2, output: expect.stringMatching(/^This file is not a readable Keen backup: it /) });
      // The schema was made before the rows were read; none of them stayed.
      const [{ rows }] = await query<{ rows: number }>(empty.url, `SELECT count(*)::int AS rows FROM product`);
      expect(rows).toBe(0);
      expect(await runAdminCommand(['restore', path.join(dir, 'missing.backup.gz')], env)).toEqual({
        code: 2,
        output: `No backup at ${path.join(dir, 'missing.backup.gz')}`,
      });
    } finally {
      await empty.drop();
    }
    const fresh = await emptyDatabase();
    try {
      expect(await runAdminCommand(['restore', junk], { NODE_ENV: 'production', DATABASE_URL: fresh.url })).toMatchObject({
        code: 2,
        output: expect.stringMatching(/^This file is not a readable Keen backup: it is damaged/),
      });
      expect(await tableCount(fresh.url)).toBe(0);
    } finally {
      await fresh.drop();
      rmSync(cut);
      rmSync(junk);
    }
  });

  it('answers bad arguments with the usage, and a database it cannot reach with a clear message', async () => {
    expect(await runAdminCommand(['backup', '--to'], {})).toMatchObject({
      code: 2,
      output: expect.stringMatching(/^Unknown arguments: backup --to\nUsage:/),
    });
    expect(await runAdminCommand(['restore'], {})).toMatchObject({
      code: 2,
      output: expect.stringMatching(/^Unknown arguments: restore\nUsage:/),
    });
    const unreachable = await runAdminCommand(['backup', '--to', dir], { DATABASE_URL: 'postgres://keen@127.0.0.1:1/keen' });
    expect(unreachable.code).toBe(1);
    expect(unreachable.output).toMatch(/^Could not reach PostgreSQL at 127\.0\.0\.1:1 .*: start Keen or set DATABASE_URL$/);
  });
});

describe('an encrypted backup (BACKUP_ENCRYPTION_KEY) in a folder Keen makes', () => {
  let folder: string;
  let file: string;
  let backedUp: Awaited<ReturnType<typeof contents>>;
  const env = () => ({
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    DATA_DIR: shopDir,
    BACKUP_DIR: folder,
    BACKUP_ENCRYPTION_KEY: KEY,
  });

  it('is written 0600 in folders made 0700 (under the usual umask 022, which gave 0644 and 0755), encrypted, named .backup.gz.enc', async () => {
    // Keen makes both folders, and images/ in the second.
    folder = path.join(dir, 'private', 'backups');
    backedUp = await contents(database.url);
    const umask = process.umask(0o022);
    let answer: Awaited<ReturnType<typeof runAdminCommand>>;
    try {
      answer = await runAdminCommand(['backup'], env());
    } finally {
      process.umask(umask);
    }
    expect(answer).toMatchObject({
      code: 0,
      output: expect.stringMatching(new RegExp(`; ${Object.keys(photos).length} new images copied beside it$`)),
    });
    file = /to (\S+);/.exec(answer.output)![1];
    expect(path.dirname(file)).toBe(folder);
    expect(path.basename(file)).toMatch(new RegExp(`^keen-\\d{4}-\\d{2}-\\d{2}T[\\d-]+Z-${schemaVersion}\\.backup\\.gz\\.enc$`));
    expect(parseBackupName(path.basename(file))).toMatchObject({ schemaVersion });

    expect(modeOf(file)).toBe(0o600);
    for (const made of [path.join(dir, 'private'), folder, path.join(folder, 'images')]) expect(modeOf(made)).toBe(0o700);
    expect(readdirSync(path.join(folder, 'images')).sort()).toEqual(Object.keys(photos).sort());
    for (const image of Object.keys(photos)) expect(modeOf(path.join(folder, 'images', image))).toBe(0o600);

    const bytes = readFileSync(file);
    expect(bytes.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC)).toBe(true);
    expect(() => gunzipSync(bytes)).toThrow();
    // Listed and counted like any other backup.
    expect(await runAdminCommand(['backups'], env())).toEqual({ code: 0, output: path.basename(file) });
  });

  it('restores with its key into an empty database: the same rows', async () => {
    const empty = await emptyDatabase();
    try {
      expect(await runAdminCommand(['restore', file], { ...env(), DATABASE_URL: empty.url })).toMatchObject({
        code: 0,
        output: expect.stringMatching(new RegExp(`^Restored \\d+ rows of \\d+ tables \\(schema ${schemaVersion}, .*; start Keen on it$`)),
      });
      expect(await contents(empty.url)).toEqual(backedUp);
    } finally {
      await empty.drop();
    }
  });

  it('refuses it with another key, without a key, or altered, before the database is changed', async () => {
    const empty = await emptyDatabase();
    const altered = path.join(dir, 'altered.backup.gz.enc');
    const bytes = Buffer.from(readFileSync(file));
    // In its one segment (a small backup), near the end: the trailer.
    bytes[bytes.length - 40] ^= 0x01;
    writeFileSync(altered, bytes);
    const { BACKUP_ENCRYPTION_KEY: _key, ...keyless } = env();
    try {
      expect(await runAdminCommand(['restore', file], { ...env(), DATABASE_URL: empty.url, BACKUP_ENCRYPTION_KEY: OTHER_KEY })).toEqual({
        code: 2,
        output: 'This backup is encrypted with a different key: set BACKUP_ENCRYPTION_KEY to the key it was made with',
      });
      expect(await tableCount(empty.url)).toBe(0);
      expect(await runAdminCommand(['restore', file], { ...keyless, DATABASE_URL: empty.url })).toEqual({
        code: 2,
        output: 'This backup is encrypted: set BACKUP_ENCRYPTION_KEY to restore it',
      });
      expect(await tableCount(empty.url)).toBe(0);
      expect(await runAdminCommand(['restore', altered], { ...env(), DATABASE_URL: empty.url })).toEqual({
        code: 2,
        output: 'This file is not a readable Keen backup: it is damaged or was altered (its encryption does not check out)',
      });
      expect(await tableCount(empty.url)).toBe(0);
      // The refusals leave the database as it was: the right key restores it still.
      expect(await runAdminCommand(['restore', file], { ...env(), DATABASE_URL: empty.url })).toMatchObject({ code: 0 });
      expect(await contents(empty.url)).toEqual(backedUp);
    } finally {
      await empty.drop();
      rmSync(altered);
    }
  });

  it('the pruning of image copies reads its header with the key; with another key it removes none', async () => {
    const store = new FolderBackupStore(folder);
    const unneeded = `${'c'.repeat(32)}.webp`;
    writeFileSync(path.join(folder, 'images', unneeded), 'nobody lists it');
    expect(await pruneImageCopies(store, [], OTHER_KEY)).toEqual([]);
    expect(await pruneImageCopies(store, [], null)).toEqual([]);
    expect(readdirSync(path.join(folder, 'images'))).toContain(unneeded);
    expect(await pruneImageCopies(store, [], KEY)).toEqual([unneeded]);
    expect(readdirSync(path.join(folder, 'images')).sort()).toEqual(Object.keys(photos).sort());
  });
});

describe('the encryption of a backup file, as a stream', () => {
  const collect = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const encrypt = async (bytes: Buffer, key = KEY) => collect(Readable.from([bytes]).pipe(await encryptingStream(key)));
  // Fed in small pieces: a segment arrives over several reads.
  const decrypt = (bytes: Buffer, key: string | null = KEY) => {
    const pieces: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += 10_000) pieces.push(bytes.subarray(at, at + 10_000));
    return collect(Readable.from(pieces).pipe(decodingStream(key)));
  };
  /** Header: magic, salt, nonce prefix, key check; then segments of a length, ciphertext and a tag. */
  const HEADER = ENCRYPTED_MAGIC.length + 16 + 7 + 32;
  const WHOLE = 4 + SEGMENT_BYTES + 16;

  it('round-trips any length, a whole number of segments included; nothing about the bytes shows through', async () => {
    // Empty, a whole number of segments (an empty final one), and a short final one.
    for (const length of [0, SEGMENT_BYTES, 2 * SEGMENT_BYTES + 1]) {
      const plain = randomBytes(length);
      const sealed = await encrypt(plain);
      expect(sealed.length).toBe(HEADER + Math.ceil((length + 1) / SEGMENT_BYTES) * 20 + length);
      expect(await decrypt(sealed)).toEqual(plain);
    }
    const zeros = Buffer.alloc(1000);
    const [once, twice] = [await encrypt(zeros), await encrypt(zeros)];
    // A fresh salt and nonce each time: the same bytes never encrypt the same.
    expect(once.subarray(ENCRYPTED_MAGIC.length).equals(twice.subarray(ENCRYPTED_MAGIC.length))).toBe(false);
    expect(once.includes(Buffer.alloc(32))).toBe(false);
  }, 60_000);

  it('passes an unencrypted backup through, with or without a key', async () => {
    const gzip = Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3]);
    expect(await decrypt(gzip, null)).toEqual(gzip);
    expect(await decrypt(gzip, KEY)).toEqual(gzip);
  });

  it('refuses a missing or other key, and every change: a flipped bit, a cut, a dropped, reordered or added segment', async () => {
    const sealed = await encrypt(randomBytes(3 * SEGMENT_BYTES + 100));
    const segment = (i: number) => sealed.subarray(HEADER + i * WHOLE, HEADER + (i + 1) * WHOLE);
    const flipped = (at: number) => {
      const copy = Buffer.from(sealed);
      copy[at] ^= 0x80;
      return copy;
    };
    const altered = /^This file is not a readable Keen backup: it is damaged or was altered/;
    const cut = 'This file is not a readable Keen backup: it ends early (cut short?)';
    await expect(decrypt(sealed, null)).rejects.toThrow(ENCRYPTED_WITHOUT_KEY);
    await expect(decrypt(sealed, OTHER_KEY)).rejects.toThrow(ENCRYPTED_WITH_ANOTHER_KEY);
    // The salt or nonce changed: the key check fails as for another key.
    await expect(decrypt(flipped(ENCRYPTED_MAGIC.length + 3))).rejects.toThrow(ENCRYPTED_WITH_ANOTHER_KEY);
    await expect(decrypt(flipped(HEADER + 10))).rejects.toThrow(altered);
    await expect(decrypt(flipped(sealed.length - 1))).rejects.toThrow(altered);
    await expect(decrypt(sealed.subarray(0, HEADER + 2 * WHOLE))).rejects.toThrow(cut);
    await expect(decrypt(sealed.subarray(0, sealed.length - 1))).rejects.toThrow(cut);
    const header = sealed.subarray(0, HEADER);
    const last = sealed.subarray(HEADER + 3 * WHOLE);
    await expect(decrypt(Buffer.concat([header, segment(0), segment(2), last]))).rejects.toThrow(altered);
    await expect(decrypt(Buffer.concat([header, segment(1), segment(0), segment(2), last]))).rejects.toThrow(altered);
    await expect(decrypt(Buffer.concat([sealed, Buffer.from([0])]))).rejects.toThrow(altered);
    await expect(decrypt(Buffer.concat([sealed, segment(0)]))).rejects.toThrow(altered);
  }, 60_000);
});

describe('many rows, with tabs, newlines, backslashes, quotes, NULLs and non-ASCII text', () => {
  // Far more data than one read from the socket holds: the COPY streams are exercised in pieces, under backpressure.
  let source: TestDatabase;
  let sourceContents: Awaited<ReturnType<typeof contents>>;
  let folder: string;
  let encrypted: string;
  beforeAll(async () => {
    source = await createTestDatabase();
    folder = mkdtempSync(path.join(os.tmpdir(), 'keen-backups-volume-'));
    await query(
      source.url,
      `INSERT INTO outbox_event ("name", "aggregateId", "payload", "deliveredTo", "handedOffAt")
       SELECT 'product.updated', 'agg-' || i,
              jsonb_build_object('i', i, 'text', E'tab\there\nnewline \\ backslash "quoted" — ünïcode ' || repeat(md5(i::text), 1 + i % 7)),
              ARRAY['webhooks', 'read-cache'],
              CASE WHEN i % 3 = 0 THEN NULL ELSE now() END
       FROM generate_series(1, 40000) AS i`,
    );
    sourceContents = await contents(source.url);
    expect(sourceContents.outbox_event.rows).toBe(40_000);
  }, 120_000);
  afterAll(async () => {
    await source?.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** Backs the source up (with `keyed`'s key) and restores it into a new empty database: its file. */
  async function roundTrip(keyed: Record<string, string>): Promise<string> {
    const target = await emptyDatabase();
    try {
      const started = Date.now();
      const made = await runAdminCommand(['backup', '--to', folder], { DATABASE_URL: source.url, DATA_DIR: folder, ...keyed });
      expect(made.code).toBe(0);
      const backedUp = Date.now();
      const file = /to (\S+);/.exec(made.output)![1];
      const restored = await runAdminCommand(['restore', file], { DATABASE_URL: target.url, DATA_DIR: folder, ...keyed });
      expect(restored.code).toBe(0);
      console.log(`${made.output}: backup ${backedUp - started} ms, restore ${Date.now() - backedUp} ms`);
      expect(await contents(target.url)).toEqual(sourceContents);
      return file;
    } finally {
      await target.drop();
    }
  }

  it('round-trip byte for byte', async () => {
    await roundTrip({});
  }, 120_000);

  it('round-trip byte for byte, encrypted', async () => {
    encrypted = await roundTrip({ BACKUP_ENCRYPTION_KEY: KEY });
    expect(encrypted).toMatch(/\.backup\.gz\.enc$/);
  }, 120_000);

  it('encrypted and altered in its last segment, read after every row was copied: refused, the transaction rolled back', async () => {
    const bytes = Buffer.from(readFileSync(encrypted));
    expect(bytes.length).toBeGreaterThan(10 * SEGMENT_BYTES);
    bytes[bytes.length - 30] ^= 0x01;
    const altered = path.join(folder, 'altered.backup.gz.enc');
    writeFileSync(altered, bytes);
    const empty = await emptyDatabase();
    try {
      expect(
        await runAdminCommand(['restore', altered], { DATABASE_URL: empty.url, DATA_DIR: folder, BACKUP_ENCRYPTION_KEY: KEY }),
      ).toEqual({
        code: 2,
        output: 'This file is not a readable Keen backup: it is damaged or was altered (its encryption does not check out)',
      });
      // The schema was made before the rows were read; none of them stayed.
      const [{ rows }] = await query<{ rows: number }>(empty.url, `SELECT count(*)::int AS rows FROM outbox_event`);
      expect(rows).toBe(0);
    } finally {
      await empty.drop();
    }
  }, 120_000);
});

test('the command line entry, run as a process: backup and restore print one line on stdout; a refusal goes to stderr', async () => {
  // `npm run admin` runs the compiled backend/dist/admin-command.js; the same entry runs here from its source.
  const backend = path.resolve(__dirname, '..', '..');
  const cli = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          '--require',
          path.join(__dirname, '..', 'support', 'require-typescript.cjs'),
          path.join(backend, 'src', 'admin-command.ts'),
          ...args,
        ],
        {
          cwd: backend,
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  const folder = mkdtempSync(path.join(os.tmpdir(), 'keen-backups-cli-'));
  const target = await emptyDatabase();
  try {
    const env = { NODE_ENV: 'production', DATABASE_URL: database.url, DATA_DIR: shopDir, BACKUP_DIR: folder };
    const made = await cli(['backup'], env);
    expect(made).toMatchObject({
      code: 0,
      stderr: '',
      stdout: expect.stringMatching(new RegExp(`^Backed up \\d+ rows .* to ${folder}/keen-.*\n$`)),
    });
    const name = readdirSync(folder).find((entry) => entry.endsWith('.backup.gz'))!;
    expect(await cli(['backups'], env)).toEqual({ code: 0, stdout: `${name}\n`, stderr: '' });
    const restored = await cli(['restore', path.join(folder, name)], { ...env, DATABASE_URL: target.url });
    expect(restored).toMatchObject({ code: 0, stderr: '', stdout: expect.stringMatching(/^Restored \d+ rows .*; start Keen on it\n$/) });
    const refused = await cli(['restore', path.join(folder, name)], { ...env, DATABASE_URL: target.url });
    expect(refused).toMatchObject({
      code: 2,
      stdout: '',
      stderr: expect.stringMatching(/^Restore needs an empty database; \d+ tables found\n$/),
    });
  } finally {
    await target.drop();
    rmSync(folder, { recursive: true, force: true });
  }
}, 120_000);

describe('backups in an S3 bucket', () => {
  let bucket: S3StandIn;
  let env: Record<string, string>;
  beforeAll(async () => {
    bucket = await startS3StandIn(credentials, { pageSize: 2 });
    env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      S3_ENDPOINT: bucket.url,
      S3_BUCKET: 'keen-images',
      S3_REGION: credentials.region,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      BACKUP_BUCKET: 'keen-backups',
    };
  });
  afterAll(() => bucket?.close());

  it('round-trips: a backup is one signed object under backups/, listed, and restored from its s3:// address, images too', async () => {
    const now = await contents(database.url);
    const photoName = path.basename(photo);
    bucket.objects.set(`keen-images/uploads/${photoName}`, {
      body: photos[photoName],
      contentType: 'image/webp',
      lastModified: new Date(),
    });
    const answer = await runAdminCommand(['backup'], env);
    expect(answer.code).toBe(0);
    const reference = /to (s3:\/\/\S+); 1 new images copied beside it$/.exec(answer.output)?.[1];
    expect(reference).toMatch(new RegExp(`^s3://keen-backups/backups/keen-[\\dT-]+Z-${schemaVersion}\\.backup\\.gz$`));
    const key = reference!.slice('s3://'.length);
    expect([...bucket.objects.keys()].sort()).toEqual([key, `keen-backups/images/${photoName}`, `keen-images/uploads/${photoName}`].sort());
    expect(bucket.objects.get(`keen-backups/images/${photoName}`)!.body.equals(photos[photoName])).toBe(true);
    expect(bucket.objects.get(key)!.contentType).toBe('application/gzip');
    expect(bucket.refused).toBe(0);
    expect(await runAdminCommand(['backups'], env)).toEqual({ code: 0, output: path.basename(key) });

    const empty = await emptyDatabase();
    bucket.objects.delete(`keen-images/uploads/${photoName}`);
    try {
      const restored = await runAdminCommand(['restore', reference!], { ...env, DATABASE_URL: empty.url });
      expect(restored).toMatchObject({ code: 0, output: expect.stringMatching(/ and 1 images; start Keen on it$/) });
      expect(await contents(empty.url)).toEqual(now);
      expect(bucket.objects.get(`keen-images/uploads/${photoName}`)!.body.equals(photos[photoName])).toBe(true);
      expect(await runAdminCommand(['restore', 's3://keen-backups/backups/none.backup.gz'], { ...env, DATABASE_URL: empty.url })).toEqual({
        code: 2,
        output: 'No backup at s3://keen-backups/backups/none.backup.gz',
      });
    } finally {
      await empty.drop();
    }
  });
});

describe('an encrypted backup in an S3 bucket', () => {
  it('is one object named .backup.gz.enc, encrypted; restored from its s3:// address with the key, refused without it', async () => {
    const bucket = await startS3StandIn(credentials, { pageSize: 2 });
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      S3_ENDPOINT: bucket.url,
      S3_BUCKET: 'keen-images',
      S3_REGION: credentials.region,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      BACKUP_BUCKET: 'keen-backups',
      BACKUP_ENCRYPTION_KEY: KEY,
    };
    const empty = await emptyDatabase();
    try {
      const now = await contents(database.url);
      const answer = await runAdminCommand(['backup'], env);
      const reference = /to (s3:\/\/\S+);/.exec(answer.output)?.[1];
      expect(reference).toMatch(new RegExp(`^s3://keen-backups/backups/keen-[\\dT-]+Z-${schemaVersion}\\.backup\\.gz\\.enc$`));
      const object = bucket.objects.get(reference!.slice('s3://'.length))!;
      expect(object.contentType).toBe('application/octet-stream');
      expect(object.body.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC)).toBe(true);

      const { BACKUP_ENCRYPTION_KEY: _key, ...keyless } = env;
      expect(await runAdminCommand(['restore', reference!], { ...keyless, DATABASE_URL: empty.url })).toEqual({
        code: 2,
        output: 'This backup is encrypted: set BACKUP_ENCRYPTION_KEY to restore it',
      });
      expect(await tableCount(empty.url)).toBe(0);
      expect(await runAdminCommand(['restore', reference!], { ...env, DATABASE_URL: empty.url })).toMatchObject({ code: 0 });
      expect(await contents(empty.url)).toEqual(now);
    } finally {
      await empty.drop();
      await bucket.close();
    }
  });
});

describe('the daily backup', () => {
  it('is declared only with BACKUPS=on; backs up, prunes backups past BACKUP_KEEP_DAYS and the image copies none needs', async () => {
    expect(app.work.recurring).not.toContain('backups.daily');
    const daily = path.join(dir, 'daily');
    const config = loadConfig({
      NODE_ENV: 'test',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      BACKUPS: 'on',
      BACKUP_DIR: daily,
      BACKUP_KEEP_DAYS: '14',
    });
    expect(config.backups).toMatchObject({ daily: true, keepDays: 14, bucket: null, dir: daily });
    // A second process of the shop (the same DATA_DIR and its photos) with backups on.
    const replica = await app.replica({ BACKUPS: 'on', BACKUP_DIR: daily });
    try {
      expect(replica.services.backups).not.toBeNull();
      const declared = backupsWork(replica.services, config, silent).recurring!;
      expect(declared.map(({ name, everySeconds }) => [name, everySeconds])).toEqual([['backups.daily', 86_400]]);
      const day = 24 * 60 * 60 * 1000;
      const image = (hex: string) => `${hex.repeat(32)}.webp`;
      // Backups of 20 and 10 days ago, each with one image only it needs, and a copy nobody needs.
      const old = backupName(new Date(Date.now() - 20 * day), schemaVersion);
      const recent = backupName(new Date(Date.now() - 10 * day), schemaVersion);
      mkdirSync(path.join(daily, 'images'), { recursive: true });
      await fakeBackup(path.join(daily, old), [image('b')]);
      await fakeBackup(path.join(daily, recent), [image('a')]);
      for (const name of [image('a'), image('b'), image('c')]) writeFileSync(path.join(daily, 'images', name), name);
      writeFileSync(path.join(daily, 'notes.txt'), 'not a backup');

      await declared[0].run();
      const names = readdirSync(daily).sort();
      const made = names.find((name) => ![recent, 'notes.txt', 'images'].includes(name))!;
      expect(names).toEqual([made, recent, 'images', 'notes.txt'].sort());
      expect(parseBackupName(made)).toMatchObject({ schemaVersion });
      expect(readdirSync(path.join(daily, 'images')).sort()).toEqual([image('a'), ...Object.keys(photos)].sort());
    } finally {
      await replica.close();
    }
  });

  it('keeps the newest backup however old, and touches no other file', () => {
    const now = new Date('2026-11-27T03:00:00Z');
    const at = (iso: string) => backupName(new Date(iso), schemaVersion);
    const names = [at('2026-10-01T03:00:00Z'), at('2026-10-02T03:00:00Z'), 'keen-latest.backup.gz', 'other.txt'];
    expect(expiredBackups(names, now, 14)).toEqual([at('2026-10-01T03:00:00Z')]);
    const recentOnes = [at('2026-11-20T03:00:00Z'), at('2026-11-01T03:00:00Z'), at('2026-11-13T02:59:59Z'), at('2026-11-13T03:00:01Z')];
    expect(expiredBackups(recentOnes, now, 14).sort()).toEqual([at('2026-11-01T03:00:00Z'), at('2026-11-13T02:59:59Z')].sort());
    expect(parseBackupName(at('2026-11-20T03:00:00.123Z'))).toEqual({ createdAt: new Date('2026-11-20T03:00:00.123Z'), schemaVersion });
  });

  it('settings: BACKUPS is on or off, BACKUP_BUCKET needs the S3 endpoint and keys', () => {
    const base = { NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(loadConfig(base).backups).toMatchObject({ daily: false, keepDays: 14, bucket: null });
    expect(() => loadConfig({ ...base, BACKUPS: 'daily' })).toThrow(new ConfigError('BACKUPS', 'expected on or off, got "daily"'));
    expect(() => loadConfig({ ...base, BACKUP_BUCKET: 'keen-backups' })).toThrow(/^Setting BACKUP_BUCKET: needs S3_ENDPOINT/);
    expect(() => loadConfig({ ...base, BACKUP_KEEP_DAYS: '0' })).toThrow(/BACKUP_KEEP_DAYS/);
  });
});
