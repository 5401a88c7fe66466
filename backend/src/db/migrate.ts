import { type DataSource, type Migration, MigrationExecutor } from 'typeorm';

/** The advisory lock every process takes to migrate (hashed to PostgreSQL's lock key). */
const MIGRATIONS_LOCK = 'keen:migrations';

/**
 * Applies pending migrations while holding a PostgreSQL advisory lock, so that processes started
 * together migrate one after the other: the first applies them, the others then find none
 * pending. The lock and the migrations share one connection, which also works with a pool of one.
 */
export async function migrate(db: DataSource): Promise<Migration[]> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATIONS_LOCK]);
    try {
      const executor = new MigrationExecutor(db, runner);
      executor.transaction = 'each';
      return await executor.executePendingMigrations();
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATIONS_LOCK]);
    }
  } finally {
    await runner.release();
  }
}
