import type { DataSource } from 'typeorm';
import { OrderStates1764200000000 } from '../../src/db/migrations/1764200000000-OrderStates';
import { Order } from '../../src/modules/orders/order.entity';
import { type MigratedDatabase, migratedAcross } from '../support/migrated-database';

/** A database migrated only up to the migration before OrderStates, holding rows of the old shape. */
let migrated: MigratedDatabase;
let db: DataSource;

beforeAll(async () => {
  migrated = await migratedAcross(OrderStates1764200000000, async (old) => {
    await old.query(
      `INSERT INTO "user" ("id", "name", "email") VALUES ('00000000-0000-4000-8000-0000000000a1', 'Old Customer', 'old@keen.test')`,
    );
    const row = (id: string, status: string, paid: boolean) =>
      old.query(
        `INSERT INTO "order" ("id", "userName", "phone", "address", "name", "email", "description", "price", "totalPrice", "quantity", "minimumQuantity", "img", "status", "paid", "transactionId", "customerId", "createdAt", "updatedAt")
         VALUES ($1, 'Old Customer', '1', 'Old Street', 'Old Knife', 'old@keen.test', 'old', 10, 20, 2, 1, '/x.svg', $2, $3, $4, '00000000-0000-4000-8000-0000000000a1', '2025-01-01T10:00:00Z', '2025-01-02T10:00:00Z')`,
        [id, status, paid, paid ? `pi_${id.slice(-4)}` : null],
      );
    await row('00000000-0000-4000-8000-000000000001', 'Pending', false);
    await row('00000000-0000-4000-8000-000000000002', 'Pending', true);
    await row('00000000-0000-4000-8000-000000000003', 'Shipped', true);
  });
  expect(migrated.applied).toContain('OrderStates1764200000000');
  db = migrated.db;
});

afterAll(() => migrated.drop());

test('old rows get a state and the timestamps the old columns imply', async () => {
  const rows = await db.query(
    `SELECT "id", "state", "paidAt", "shippedAt", "cancelledAt", "expiredAt", "refundedAt", "transactionId" FROM "order" ORDER BY "id"`,
  );
  const at = (iso: string) => new Date(iso);
  expect(rows).toEqual([
    {
      id: '00000000-0000-4000-8000-000000000001',
      state: 'AwaitingPayment',
      paidAt: null,
      shippedAt: null,
      cancelledAt: null,
      expiredAt: null,
      refundedAt: null,
      transactionId: null,
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      state: 'Paid',
      paidAt: at('2025-01-02T10:00:00Z'),
      shippedAt: null,
      cancelledAt: null,
      expiredAt: null,
      refundedAt: null,
      transactionId: 'pi_0002',
    },
    {
      id: '00000000-0000-4000-8000-000000000003',
      state: 'Shipped',
      paidAt: at('2025-01-01T10:00:00Z'),
      shippedAt: at('2025-01-02T10:00:00Z'),
      cancelledAt: null,
      expiredAt: null,
      refundedAt: null,
      transactionId: 'pi_0003',
    },
  ]);
  const columns = await db.query(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'order' AND column_name IN ('status', 'paid')`,
  );
  expect(columns).toEqual([]);
});

test('the derived status and paid read as the old columns did', async () => {
  const orders = await db.getRepository(Order).find({ order: { id: 'ASC' } });
  expect(orders.map((o) => [o.status, o.paid])).toEqual([
    ['Pending', false],
    ['Pending', true],
    ['Shipped', true],
  ]);
});

test('state refuses values outside the enum, and new rows start AwaitingPayment', async () => {
  await expect(db.query(`UPDATE "order" SET "state" = 'Lost' WHERE "id" = '00000000-0000-4000-8000-000000000001'`)).rejects.toThrow(
    /invalid input value for enum/,
  );
  const [{ column_default }] = await db.query(
    `SELECT column_default FROM information_schema.columns WHERE table_name = 'order' AND column_name = 'state'`,
  );
  expect(column_default).toMatch(/^'AwaitingPayment'/);
});

test('down then up again gives back the old columns and the same states', async () => {
  // Run directly, so that migrations added after this one do not get in the way.
  const runner = db.createQueryRunner();
  await new OrderStates1764200000000().down(runner);
  const old = await db.query(`SELECT "status", "paid" FROM "order" ORDER BY "id"`);
  expect(old).toEqual([
    { status: 'Pending', paid: false },
    { status: 'Pending', paid: true },
    { status: 'Shipped', paid: true },
  ]);
  await new OrderStates1764200000000().up(runner);
  await runner.release();
  expect((await db.query(`SELECT "state" FROM "order" ORDER BY "id"`)).map((r: { state: string }) => r.state)).toEqual([
    'AwaitingPayment',
    'Paid',
    'Shipped',
  ]);
});
