import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, startTestApp, type TestDatabase } from '../support/harness';

const backend = path.resolve(__dirname, '../..');
const dist = path.join(backend, '.test-dist');
let database: TestDatabase;

beforeAll(() => {
  // The crashing process runs Keen's compiled code (and the compiled rules package), as a real process would.
  const tsc = (...args: string[]) => execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), ...args], { cwd: backend });
  tsc('-p', '../packages/rules');
  tsc('-p', 'tsconfig.build.json', '--outDir', dist);
}, 180_000);

afterAll(async () => {
  await database?.drop();
});

test('a process killed between the commit and the delivery: the next start delivers the event', async () => {
  database = await createTestDatabase();
  const productId = randomUUID();
  const child = spawn(process.execPath, [path.join(__dirname, '../support/commit-then-crash.mjs')], {
    env: { ...process.env, KEEN_DIST: dist, DATABASE_URL: database.url, PRODUCT_ID: productId },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const signal = await new Promise((resolve) => child.on('exit', (_code, exitSignal) => resolve(exitSignal)));
  expect(output).toBe('');
  expect(signal).toBe('SIGKILL');
  const client = new Client({ connectionString: database.url });
  await client.connect();
  const { rows: committed } = await client.query(`SELECT "deliveredAt" FROM "outbox_event" WHERE "aggregateId" = $1`, [productId]);
  await client.end();
  expect(committed).toEqual([{ deliveredAt: null }]);

  const app = await startTestApp({}, { database });
  try {
    const rows = () => app.db.query(`SELECT "deliveredAt", "deliveredTo" FROM "outbox_event" WHERE "aggregateId" = $1`, [productId]);
    const deadline = Date.now() + 20_000;
    while ((await rows())[0]?.deliveredAt == null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    // Every subscriber of the event has it (the read cache among them), so it is marked delivered.
    expect(await rows()).toEqual([{ deliveredAt: expect.any(Date), deliveredTo: expect.arrayContaining(['read-cache']) }]);
  } finally {
    await app.close();
  }
}, 60_000);
