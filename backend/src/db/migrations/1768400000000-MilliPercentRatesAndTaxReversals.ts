import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Tax rates finer than basis points (issue 54): New York's 8.875% needs a third decimal, so rates
 * are kept in thousandths of a percent (8.875% is 8875, 100% is 100000): the zones' and regions'
 * rates, each order line's, and each refund line's (in the refund's `lines`), all ten times what
 * they were. And a refund of an order whose tax Stripe Tax recorded keeps its reversal there.
 */
export class MilliPercentRatesAndTaxReversals1768400000000 implements MigrationInterface {
  name = 'MilliPercentRatesAndTaxReversals1768400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "tax_rate" DROP CONSTRAINT "CHK_tax_rate_range"`);
    await db.query(`ALTER TABLE "tax_rate" RENAME COLUMN "rateBasisPoints" TO "rateMilliPercent"`);
    await db.query(`UPDATE "tax_rate" SET "rateMilliPercent" = "rateMilliPercent" * 10`);
    await db.query(`ALTER TABLE "tax_rate" ADD CONSTRAINT "CHK_tax_rate_range" CHECK ("rateMilliPercent" BETWEEN 0 AND 100000)`);
    await db.query(`ALTER TABLE "order_line" RENAME COLUMN "taxRateBasisPoints" TO "taxRateMilliPercent"`);
    await db.query(`UPDATE "order_line" SET "taxRateMilliPercent" = "taxRateMilliPercent" * 10 WHERE "taxRateMilliPercent" <> 0`);
    await db.query(
      `UPDATE "refund" SET "lines" = (
         SELECT coalesce(jsonb_agg(
                  (line - 'taxRateBasisPoints') || jsonb_build_object('taxRateMilliPercent', coalesce((line->>'taxRateBasisPoints')::int, 0) * 10)
                  ORDER BY position), '[]'::jsonb)
           FROM jsonb_array_elements("lines") WITH ORDINALITY AS element(line, position))
       WHERE jsonb_array_length("lines") > 0`,
    );
    await db.query(`ALTER TABLE "refund" ADD "taxReversalId" character varying(255)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "refund" DROP COLUMN "taxReversalId"`);
    // Back to basis points: a rate with a third decimal loses it (8.875% is 8.88%).
    await db.query(
      `UPDATE "refund" SET "lines" = (
         SELECT coalesce(jsonb_agg(
                  (line - 'taxRateMilliPercent') || jsonb_build_object('taxRateBasisPoints', round(coalesce((line->>'taxRateMilliPercent')::int, 0) / 10.0)::int)
                  ORDER BY position), '[]'::jsonb)
           FROM jsonb_array_elements("lines") WITH ORDINALITY AS element(line, position))
       WHERE jsonb_array_length("lines") > 0`,
    );
    await db.query(`UPDATE "order_line" SET "taxRateMilliPercent" = round("taxRateMilliPercent" / 10.0)`);
    await db.query(`ALTER TABLE "order_line" RENAME COLUMN "taxRateMilliPercent" TO "taxRateBasisPoints"`);
    await db.query(`ALTER TABLE "tax_rate" DROP CONSTRAINT "CHK_tax_rate_range"`);
    await db.query(`UPDATE "tax_rate" SET "rateMilliPercent" = round("rateMilliPercent" / 10.0)`);
    await db.query(`ALTER TABLE "tax_rate" RENAME COLUMN "rateMilliPercent" TO "rateBasisPoints"`);
    await db.query(`ALTER TABLE "tax_rate" ADD CONSTRAINT "CHK_tax_rate_range" CHECK ("rateBasisPoints" BETWEEN 0 AND 10000)`);
  }
}
