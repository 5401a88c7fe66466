import { currencyDecimals } from '@keen/rules';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Each money column: [table, old name (whole units), new name (minor units)]. */
const COLUMNS = [
  ['product', 'price', 'priceAmount'],
  ['product', 'engravingPrice', 'engravingAmount'],
  ['product_variant', 'price', 'priceAmount'],
  ['product_option_group', 'customSurcharge', 'customSurchargeAmount'],
  ['order', 'price', 'priceAmount'],
  ['order', 'totalPrice', 'totalAmount'],
  ['order', 'engravingUnitPrice', 'engravingUnitAmount'],
  ['order_line', 'unitPrice', 'unitAmount'],
  ['order_line', 'engravingUnitPrice', 'engravingUnitAmount'],
  ['order_line', 'lineTotal', 'lineAmount'],
] as const;

/**
 * Money in the shop currency's minor units (cents), each column renamed so that no reader of the
 * old whole-dollar value survives unnoticed. The currency is SHOP_CURRENCY's when this runs
 * (default USD); every order keeps its own currency from now on, and its totals are split into
 * subtotal, shipping and tax (none so far); each line keeps the currency too. Paid orders keep exactly what was charged: the whole
 * amounts times 100 are the cents the payment intents were made for. A whole price above
 * 21,474,836 does not fit and stops the migration (the columns are 32-bit).
 */
export class MoneyInMinorUnits1765700000000 implements MigrationInterface {
  name = 'MoneyInMinorUnits1765700000000';

  async up(db: QueryRunner): Promise<void> {
    const currency = (process.env.SHOP_CURRENCY || 'USD').toUpperCase();
    const unit = 10 ** currencyDecimals(currency);
    for (const [table, from, to] of COLUMNS) {
      await db.query(`ALTER TABLE "${table}" RENAME COLUMN "${from}" TO "${to}"`);
      if (unit !== 1) await db.query(`UPDATE "${table}" SET "${to}" = "${to}" * ${unit} WHERE "${to}" IS NOT NULL`);
    }
    await db.query(`
      ALTER TABLE "order"
        ADD COLUMN "currency" char(3) NOT NULL DEFAULT '${currency}',
        ADD COLUMN "subtotalAmount" int,
        ADD COLUMN "shippingAmount" int NOT NULL DEFAULT 0,
        ADD COLUMN "taxAmount" int NOT NULL DEFAULT 0`);
    await db.query(`UPDATE "order" SET "subtotalAmount" = "totalAmount"`);
    // A line is a snapshot that reads alone: its amounts with their currency.
    await db.query(`ALTER TABLE "order_line" ADD COLUMN "currency" char(3) NOT NULL DEFAULT '${currency}'`);
    await db.query(`ALTER TABLE "order_line" ALTER COLUMN "currency" DROP DEFAULT`);
    await db.query(`
      ALTER TABLE "order"
        ALTER COLUMN "currency" DROP DEFAULT,
        ALTER COLUMN "subtotalAmount" SET NOT NULL,
        ADD CONSTRAINT "CHK_order_amounts" CHECK ("subtotalAmount" >= 0 AND "shippingAmount" >= 0 AND "taxAmount" >= 0 AND "totalAmount" >= 0)`);
  }

  async down(db: QueryRunner): Promise<void> {
    const unit = 10 ** currencyDecimals((process.env.SHOP_CURRENCY || 'USD').toUpperCase());
    await db.query(
      `ALTER TABLE "order" DROP CONSTRAINT "CHK_order_amounts", DROP COLUMN "taxAmount", DROP COLUMN "shippingAmount", DROP COLUMN "subtotalAmount", DROP COLUMN "currency"`,
    );
    await db.query(`ALTER TABLE "order_line" DROP COLUMN "currency"`);
    for (const [table, from, to] of COLUMNS) {
      if (unit !== 1) await db.query(`UPDATE "${table}" SET "${to}" = round("${to}"::numeric / ${unit}) WHERE "${to}" IS NOT NULL`);
      await db.query(`ALTER TABLE "${table}" RENAME COLUMN "${to}" TO "${from}"`);
    }
  }
}
