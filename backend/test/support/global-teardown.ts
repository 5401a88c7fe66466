import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const serverUrl = process.env.KEEN_TEST_SERVER_URL;
  if (serverUrl) {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${process.env.KEEN_TEST_TEMPLATE}"`);
    await admin.end();
  }
  await (globalThis as { keenEmbedded?: { stop(): Promise<void> } }).keenEmbedded?.stop();
}
