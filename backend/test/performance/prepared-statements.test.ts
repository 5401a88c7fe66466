import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../src/app/data-source';
import { Product } from '../../src/modules/catalog/product.entity';
import { createTestDatabase, type TestDatabase } from '../support/harness';

// One connection, so that what it has prepared can be read back on it.
let database: TestDatabase;
let db: DataSource;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDataSource(database.url, { poolSize: 1 });
  await db.initialize();
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const preparedOnThisConnection = async () =>
  ((await db.query(`SELECT name, statement FROM pg_prepared_statements`)) as { name: string; statement: string }[]).filter((row) =>
    row.name.startsWith('keen_'),
  );

/** A product of 3 units, saved. */
const knife = (slug: string) =>
  db
    .getRepository(Product)
    .save({ name: slug, slug, description: 'Sharp', img: `/images/${slug}.svg`, priceAmount: 1000, quantity: 3, minimumQuantity: 1 });

test('reads and parameterised writes go as named statements, prepared once per connection and then reused', async () => {
  const products = db.getRepository(Product);
  await products.find({ order: { createdAt: 'ASC' }, take: 3 });
  await products.find({ order: { createdAt: 'ASC' }, take: 3 });
  await products.update({ id: '00000000-0000-4000-8000-000000000000' }, { quantity: 1 });
  await products.update({ id: '00000000-0000-4000-8000-000000000001' }, { quantity: 2 });
  // A write with its values in its text (no parameters) is sent as it is: such texts are never kept.
  await db.query(`UPDATE "product" SET "quantity" = 3 WHERE "id" = '00000000-0000-4000-8000-000000000002'`);

  const statements = await preparedOnThisConnection();
  const productReads = statements.filter((row) => /^SELECT/.test(row.statement) && row.statement.includes('FROM "product"'));
  expect(productReads).toHaveLength(1);
  const updates = statements.filter((row) => /^\s*UPDATE/i.test(row.statement));
  expect(updates).toHaveLength(1);
  expect(updates[0].statement).toContain('$1');
});

test('a prepared write changes the rows it names, each time it runs', async () => {
  const products = db.getRepository(Product);
  const made = await knife('written-knife');
  const take = (units: number) =>
    db.query(`UPDATE "product" SET "quantity" = "quantity" - $2 WHERE "id" = $1 AND "quantity" >= $2 RETURNING "quantity"`, [
      made.id,
      units,
    ]);
  // More runs than PostgreSQL plans one by one before it keeps a plan (5).
  const answers = [];
  for (let run = 0; run < 8; run += 1) answers.push(((await take(run % 2)) as [{ quantity: number }[], number])[0][0]?.quantity ?? null);
  expect(answers).toEqual([3, 2, 2, 1, 1, 0, 0, null]);
  expect((await products.findOneByOrFail({ id: made.id })).quantity).toBe(0);
});

test('a prepared read answers with the current rows', async () => {
  const products = db.getRepository(Product);
  const made = await knife('prepared-knife');
  const read = () => products.findOneByOrFail({ id: made.id });
  expect((await read()).quantity).toBe(3);
  await products.update({ id: made.id }, { quantity: 10 });
  expect((await read()).quantity).toBe(10);
  expect((await preparedOnThisConnection()).filter((row) => row.statement.includes('FROM "product"'))).toHaveLength(2);
});

test('a prepared read that fails is refused with PostgreSQL error, through a promise or a callback, and the connection goes on', async () => {
  const pool = (db.driver as unknown as { master: Pool }).master;
  const divide = 'SELECT 1 / $1::int AS answer';
  await expect(pool.query(divide, [0])).rejects.toMatchObject({ code: '22012' });
  const failure = await new Promise<Error & { code?: string }>((resolve) => {
    pool.query(divide, [0], (error) => resolve(error as Error & { code?: string }));
  });
  expect(failure.code).toBe('22012');
  expect((await pool.query(divide, [2])).rows).toEqual([{ answer: 0 }]);
  expect((await preparedOnThisConnection()).filter((row) => row.statement === divide)).toHaveLength(1);
  await expect(db.query(divide, [0])).rejects.toMatchObject({ driverError: expect.objectContaining({ code: '22012' }) });
});
