import { Client, type Pool } from 'pg';
import { QueryFailedError } from 'typeorm';
import { createDataSource } from '../../src/app/data-source';
import { isDatabaseUnreachable, survivingDatabaseOutages } from '../../src/common/database-unreachable';

/** The test server's own database, as pool.test.ts uses it. */
const url = new URL(process.env.KEEN_TEST_SERVER_URL!).toString();

/** Ends the server process behind `pid` as a PostgreSQL restart does (57P01 to its client). */
async function terminate(pid: number): Promise<void> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

test('a transaction whose connection was cut is unreachable, down to its COMMIT on the released connection', async () => {
  const db = createDataSource(url, { poolSize: 2 });
  await db.initialize();
  const runner = db.createQueryRunner();
  try {
    await runner.connect();
    await runner.startTransaction();
    const [{ pid }]: { pid: number }[] = await runner.query('SELECT pg_backend_pid() AS pid');
    await terminate(pid);
    const cut = await runner.query('SELECT 1').catch((error: unknown) => error);
    expect(isDatabaseUnreachable(cut)).toBe(true);
    // The COMMIT fails as unreachable: TypeORM has usually released the connection already (the COMMIT
    // never leaves), or, on a busy machine, has not yet seen it drop and the dead connection refuses it.
    const commit = await runner.commitTransaction().catch((error: unknown) => error);
    expect(['QueryRunnerAlreadyReleasedError', 'QueryFailedError']).toContain((commit as Error).name);
    expect(isDatabaseUnreachable(commit)).toBe(true);
  } finally {
    await runner.release().catch(() => undefined);
    await db.destroy();
  }
});

test('a pooled connection dropped while held between queries fails its next query instead of ending the process', async () => {
  const db = createDataSource(url, { poolSize: 1 });
  await db.initialize();
  try {
    const pool = (db.driver as unknown as { master: Pool }).master;
    const held = await pool.connect();
    const [{ pid }] = (await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
    // Held, with no query running: neither the pool's idle listener nor a query runner's listens.
    const socket = (held as unknown as { connection: { stream: NodeJS.EventEmitter } }).connection.stream;
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await terminate(pid);
    // The server's farewell (57P01) has been read and emitted by the time its socket closes.
    await closed;
    const next = await held.query('SELECT 1').catch((error: unknown) => error);
    expect(isDatabaseUnreachable(next)).toBe(true);
    held.release(next as Error);
    // The pool opens a new connection in its place.
    expect((await db.query('SELECT 1 AS one'))[0]).toEqual({ one: 1 });
  } finally {
    await db.destroy();
  }
});

test('an unhandled rejection from an unreachable database is logged; any other is thrown, as Node would', async () => {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
  await terminate(pid);
  const cut = await client.query('SELECT 1').catch((error: unknown) => error);
  await client.end().catch(() => undefined);

  const warnings: unknown[] = [];
  const handler = survivingDatabaseOutages({ warn: (details: unknown) => void warnings.push(details) });
  expect(() => handler(cut)).not.toThrow();
  expect(warnings).toEqual([{ err: cut }]);

  const other = new TypeError('a bug');
  expect(() => handler(other)).toThrow(other);
  expect(warnings).toHaveLength(1);
});

test("a statement through a transaction's manager once TypeORM released its dropped connection is unreachable", async () => {
  const db = createDataSource(url, { poolSize: 2 });
  await db.initialize();
  try {
    const cut = await db
      .transaction(async (manager) => {
        const [{ pid }]: { pid: number }[] = await manager.query('SELECT pg_backend_pid() AS pid');
        await terminate(pid);
        await manager.query('SELECT 1').catch(() => undefined);
        // TypeORM releases the runner once pg reports the dropped connection, which may come after the failed statement.
        for (let waited = 0; !manager.queryRunner!.isReleased && waited < 5000; waited += 10)
          await new Promise((resolve) => setTimeout(resolve, 10));
        return manager.query('SELECT 2');
      })
      .catch((error: unknown) => error);
    expect((cut as Error).name).toBe('QueryRunnerProviderAlreadyReleasedError');
    expect(isDatabaseUnreachable(cut)).toBe(true);
  } finally {
    await db.destroy();
  }
});

test("a query on a client pg has closed, wrapped by TypeORM, is unreachable; a caller's mistake is not", () => {
  const closed = new QueryFailedError('COMMIT', [], new Error('Client was closed and is not queryable'));
  expect(isDatabaseUnreachable(closed)).toBe(true);
  const mistake = new QueryFailedError('SELECT', [], Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' }));
  expect(isDatabaseUnreachable(mistake)).toBe(false);
});
