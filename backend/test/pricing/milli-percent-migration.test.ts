import { MilliPercentRatesAndTaxReversals1768400000000 } from '../../src/db/migrations/1768400000000-MilliPercentRatesAndTaxReversals';
import { type MigratedDatabase, migratedAcross } from '../support/migrated-database';

/**
 * A database migrated up to the schema before rates in thousandths of a percent, holding rates,
 * an order line and a refund in basis points, then migrated the rest of the way: each is ten times
 * what it was, under its new name, and the zones' rates may then take a third decimal.
 */
let migrated: MigratedDatabase;

const ZONE = '00000000-0000-4000-8000-0000000000c1';
const ORDER = '00000000-0000-4000-8000-000000000001';
const LINE = '00000000-0000-4000-8000-0000000000d1';
const REFUND = '00000000-0000-4000-8000-0000000000e1';

beforeAll(async () => {
  migrated = await migratedAcross(MilliPercentRatesAndTaxReversals1768400000000, async (old) => {
    await old.query(`INSERT INTO "shipping_zone" ("id", "name") VALUES ($1, 'United States')`, [ZONE]);
    await old.query(
      `INSERT INTO "tax_rate" ("zoneId", "category", "country", "region", "rateBasisPoints")
       VALUES ($1, 'standard', '', '', 500), ($1, 'standard', 'US', 'NY', 888), ($1, 'zero', '', '', 0), ($1, 'reduced', 'US', 'CA', 10000)`,
      [ZONE],
    );
    await old.query(
      `INSERT INTO "order" ("id", "userName", "phone", "address", "name", "email", "description", "priceAmount", "currency",
                            "subtotalAmount", "taxAmount", "totalAmount", "quantity", "minimumQuantity", "img", "state", "refundedAmount",
                            "guestEmail", "guestTokenHash")
       VALUES ($1, 'Old Customer', '+12125550100', '1 Broadway, New York', 'Old Knife', 'old@keen.test', 'old', 10000, 'USD',
               10000, 888, 10888, 1, 1, '/x.svg', 'PartiallyRefunded', 5444, 'old@keen.test', repeat('0', 64))`,
      [ORDER],
    );
    await old.query(
      `INSERT INTO "order_line" ("id", "orderId", "position", "name", "img", "quantity", "unitAmount", "lineAmount", "currency",
                                 "taxRateBasisPoints", "taxAmount")
       VALUES ($1, $2, 0, 'Old Knife', '/x.svg', 1, 10000, 10000, 'USD', 888, 888)`,
      [LINE, ORDER],
    );
    await old.query(
      `INSERT INTO "refund" ("id", "orderId", "creditNoteNumber", "currency", "amount", "taxAmount", "cardAmount", "lines", "createdBy")
       VALUES ($1, $2, 'CN-2026-1', 'USD', 5444, 444, 5444, $3, 'admin@keen.test')`,
      [
        REFUND,
        ORDER,
        JSON.stringify([
          {
            lineId: LINE,
            name: 'Old Knife',
            quantity: 1,
            restocked: 0,
            amount: 5444,
            taxAmount: 444,
            taxRateBasisPoints: 888,
            currency: 'USD',
          },
        ]),
      ],
    );
  });
  expect(migrated.applied[0]).toBe('MilliPercentRatesAndTaxReversals1768400000000');
});
afterAll(() => migrated?.drop());

test("zones' and regions' rates become thousandths of a percent: ten times their basis points", async () => {
  const rates: { category: string; region: string; rateMilliPercent: number }[] = await migrated.db.query(
    `SELECT "category", "region", "rateMilliPercent" FROM "tax_rate" ORDER BY "category", "region"`,
  );
  expect(rates).toEqual([
    { category: 'reduced', region: 'CA', rateMilliPercent: 100000 },
    { category: 'standard', region: '', rateMilliPercent: 5000 },
    { category: 'standard', region: 'NY', rateMilliPercent: 8880 },
    { category: 'zero', region: '', rateMilliPercent: 0 },
  ]);
});

test("an order line's rate and a refund line's (in the refund's lines) too, the rest of the refund line as it was", async () => {
  const [line]: { taxRateMilliPercent: number }[] = await migrated.db.query(
    `SELECT "taxRateMilliPercent" FROM "order_line" WHERE "id" = $1`,
    [LINE],
  );
  expect(line.taxRateMilliPercent).toBe(8880);
  const [refund]: { lines: Record<string, unknown>[]; taxReversalId: string | null }[] = await migrated.db.query(
    `SELECT "lines", "taxReversalId" FROM "refund" WHERE "id" = $1`,
    [REFUND],
  );
  expect(refund).toEqual({
    lines: [
      {
        lineId: LINE,
        name: 'Old Knife',
        quantity: 1,
        restocked: 0,
        amount: 5444,
        taxAmount: 444,
        taxRateMilliPercent: 8880,
        currency: 'USD',
      },
    ],
    taxReversalId: null,
  });
});

test('a rate takes a third decimal now (8.875% is 8875), and no more than 100%', async () => {
  await migrated.db.query(`UPDATE "tax_rate" SET "rateMilliPercent" = 8875 WHERE "region" = 'NY'`);
  await expect(migrated.db.query(`UPDATE "tax_rate" SET "rateMilliPercent" = 100001 WHERE "region" = 'NY'`)).rejects.toThrow(
    /CHK_tax_rate_range/,
  );
  await expect(migrated.db.query(`UPDATE "tax_rate" SET "rateMilliPercent" = -1 WHERE "region" = 'NY'`)).rejects.toThrow(
    /CHK_tax_rate_range/,
  );
});
