import { createDataSource } from '../../src/app/data-source';

/** The pool's guards, on the test server's own database (never the template: copies of it need it unused). */
const url = new URL(process.env.KEEN_TEST_SERVER_URL!);

test('each connection carries the statement and idle-in-transaction timeouts, and a statement past it is stopped', async () => {
  const db = createDataSource(url.toString(), {
    poolSize: 1,
    // Long enough for TypeORM's first statements on a busy test server (300 ms was not, once).
    pool: { statementTimeoutMs: 1500, idleInTransactionTimeoutMs: 4000, connectionTimeoutMs: 2000 },
  });
  await db.initialize();
  try {
    expect(await db.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '1500ms' }]);
    expect(await db.query('SHOW idle_in_transaction_session_timeout')).toEqual([{ idle_in_transaction_session_timeout: '4s' }]);
    const started = Date.now();
    await expect(db.query('SELECT pg_sleep(10)')).rejects.toThrow(/statement timeout/);
    expect(Date.now() - started).toBeLessThan(6000);
  } finally {
    await db.destroy();
  }
});

test('a request waiting for a free connection gives up after the acquire timeout', async () => {
  const db = createDataSource(url.toString(), {
    poolSize: 1,
    pool: { statementTimeoutMs: 5000, idleInTransactionTimeoutMs: 5000, connectionTimeoutMs: 300 },
  });
  await db.initialize();
  const holder = db.createQueryRunner();
  try {
    await holder.connect();
    const started = Date.now();
    await expect(db.query('SELECT 1')).rejects.toThrow(/timeout/i);
    expect(Date.now() - started).toBeLessThan(3000);
  } finally {
    await holder.release();
    await db.destroy();
  }
});

test('the defaults are on when no settings are given', async () => {
  const db = createDataSource(url.toString(), { poolSize: 1 });
  await db.initialize();
  try {
    expect(await db.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '15s' }]);
    expect(await db.query('SHOW idle_in_transaction_session_timeout')).toEqual([{ idle_in_transaction_session_timeout: '30s' }]);
  } finally {
    await db.destroy();
  }
});
