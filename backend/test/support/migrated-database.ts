import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createDataSource, migrations } from '../../src/app/data-source';

export interface MigratedDatabase {
  /** Keen's data source on the database, after every migration. */
  db: DataSource;
  /** The names of the migrations the second step applied, in order. */
  applied: string[];
  /** Closes the data source and removes the database. */
  drop(): Promise<void>;
}

/**
 * A database of its own migrated up to the migration before `migration`, holding the old rows
 * `fill` writes, then migrated the rest of the way as Keen migrates on start: how a migration
 * treats rows written before it.
 */
export async function migratedAcross(
  migration: (typeof migrations)[number],
  fill: (old: DataSource) => Promise<void>,
): Promise<MigratedDatabase> {
  const serverUrl = process.env.KEEN_TEST_SERVER_URL!;
  const name = `keen_test_migration_${randomBytes(5).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`CREATE DATABASE "${name}"`);

  const before = migrations.slice(0, migrations.indexOf(migration));
  if (!before.length) throw new Error(`${migration.name} is not a migration after the first`);
  const old = new DataSource({ type: 'postgres', url: url.toString(), migrations: before, migrationsTransactionMode: 'each' });
  await old.initialize();
  await old.runMigrations();
  await fill(old);
  await old.destroy();

  const db = createDataSource(url.toString(), { poolSize: 2 });
  await db.initialize();
  const applied = (await db.runMigrations()).map((m) => m.name);
  return {
    db,
    applied,
    async drop() {
      await db.destroy();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
