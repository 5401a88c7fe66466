import type { DataSource } from 'typeorm';
import { OrderLines1765100000000 } from '../../src/db/migrations/1765100000000-OrderLines';
import { type MigratedDatabase, migratedAcross } from '../support/migrated-database';

/** A database migrated only up to the migration before OrderLines, holding orders of the one-product shape. */
let migrated: MigratedDatabase;
let db: DataSource;

beforeAll(async () => {
  migrated = await migratedAcross(OrderLines1765100000000, async (old) => {
    await old.query(
      `INSERT INTO "user" ("id", "name", "email") VALUES ('00000000-0000-4000-8000-0000000000a1', 'Old Customer', 'old@keen.test')`,
    );
    await old.query(
      `INSERT INTO "product" ("id", "name", "description", "price", "quantity", "minimumQuantity", "img")
       VALUES ('00000000-0000-4000-8000-0000000000b1', 'Old Knife', 'old', 10, 5, 1, '/x.svg')`,
    );
    const row = (id: string, productId: string | null, engraving: [string, string, number] | null) =>
      old.query(
        `INSERT INTO "order" ("id", "userName", "phone", "address", "name", "email", "description", "price", "totalPrice", "quantity", "minimumQuantity", "img", "state", "customerId", "productId", "engravingText", "engravingFont", "engravingUnitPrice")
         VALUES ($1, 'Old Customer', '1', 'Old Street', 'Old Knife', 'old@keen.test', 'old', 10, $2, 2, 1, '/x.svg', 'Paid', '00000000-0000-4000-8000-0000000000a1', $3, $4, $5, $6)`,
        [id, engraving ? 2 * (10 + engraving[2]) : 20, productId, ...(engraving ?? [null, null, null])],
      );
    await row('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000b1', null);
    await row('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000b1', ['Ada', 'serif', 5]);
    await row('00000000-0000-4000-8000-000000000003', null, null);
  });
  expect(migrated.applied[0]).toBe('OrderLines1765100000000');
  db = migrated.db;
});

afterAll(() => migrated.drop());

test('every existing order becomes a one-line order with its product, quantity, prices and engraving', async () => {
  const lines = await db.query(
    `SELECT "orderId", "position", "productId", "name", "img", "quantity", "unitAmount", "engravingText", "engravingFont", "engravingUnitAmount", "lineAmount"
       FROM "order_line" ORDER BY "orderId"`,
  );
  // In cents: MoneyInMinorUnits, a later migration, runs too.
  const line = { position: 0, name: 'Old Knife', img: '/x.svg', quantity: 2, unitAmount: 1000 };
  expect(lines).toEqual([
    {
      ...line,
      orderId: '00000000-0000-4000-8000-000000000001',
      productId: '00000000-0000-4000-8000-0000000000b1',
      engravingText: null,
      engravingFont: null,
      engravingUnitAmount: null,
      lineAmount: 2000,
    },
    {
      ...line,
      orderId: '00000000-0000-4000-8000-000000000002',
      productId: '00000000-0000-4000-8000-0000000000b1',
      engravingText: 'Ada',
      engravingFont: 'serif',
      engravingUnitAmount: 500,
      lineAmount: 3000,
    },
    {
      ...line,
      orderId: '00000000-0000-4000-8000-000000000003',
      productId: null,
      engravingText: null,
      engravingFont: null,
      engravingUnitAmount: null,
      lineAmount: 2000,
    },
  ]);
});

test('deleting the product keeps the migrated lines, without their product', async () => {
  await db.query(`DELETE FROM "product" WHERE "id" = '00000000-0000-4000-8000-0000000000b1'`);
  const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM "order_line" WHERE "productId" IS NULL`);
  expect(count).toBe(3);
});
