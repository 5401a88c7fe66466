import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import PgBoss from 'pg-boss';
import { createDataSource } from '../../src/app/data-source';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { JOB_SCHEMA } from '../../src/jobs/job-queue';
import { freePort } from './free-port';

/**
 * Once per run: a PostgreSQL server (TEST_DATABASE_URL, or an embedded one) and a template
 * database with every migration applied. Each test file copies the template (see harness.ts).
 */
export default async function globalSetup(): Promise<void> {
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keen-test-'));
    const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
    (globalThis as { keenEmbedded?: typeof embedded }).keenEmbedded = embedded;
    serverUrl = embedded.url;
  }
  const template = `keen_test_template_${process.pid}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${template}"`);
  await admin.query(`CREATE DATABASE "${template}"`);
  await admin.end();

  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${template}`;
  const db = createDataSource(templateUrl.toString(), { poolSize: 1 });
  await db.initialize();
  await db.runMigrations();
  // pg-boss's tables too, so that no test app has to create them (each app's JobQueue finds them).
  await db.query(PgBoss.getConstructionPlans(JOB_SCHEMA));
  await db.destroy();

  process.env.KEEN_TEST_SERVER_URL = serverUrl;
  process.env.KEEN_TEST_TEMPLATE = template;
}
