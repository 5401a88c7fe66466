import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Tax beyond one rate per country (issue 54): a zone's rate may be a region's (a US state, a
 * Canadian province), which wins over the zone's, and may say whether shipping is taxed there;
 * an order keeps Stripe Tax's calculation and transaction, and a business buyer's VAT number with
 * whether the reverse charge applied.
 */
export class TaxBeyondOneRate1768300000000 implements MigrationInterface {
  name = 'TaxBeyondOneRate1768300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE "tax_rate" ADD "country" character varying(2) NOT NULL DEFAULT '', ADD "region" character varying(100) NOT NULL DEFAULT '',
        ADD "taxShipping" boolean`,
    );
    await db.query(`ALTER TABLE "tax_rate" DROP CONSTRAINT "PK_tax_rate"`);
    await db.query(`ALTER TABLE "tax_rate" ADD CONSTRAINT "PK_tax_rate" PRIMARY KEY ("zoneId", "category", "country", "region")`);
    await db.query(
      `ALTER TABLE "order" ADD "taxCalculationId" character varying(255), ADD "taxTransactionId" character varying(255),
        ADD "vatNumber" character varying(20), ADD "vatReverseCharge" boolean NOT NULL DEFAULT false`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE "order" DROP COLUMN "vatReverseCharge", DROP COLUMN "vatNumber", DROP COLUMN "taxTransactionId", DROP COLUMN "taxCalculationId"`,
    );
    await db.query(`DELETE FROM "tax_rate" WHERE "country" <> '' OR "region" <> ''`);
    await db.query(`ALTER TABLE "tax_rate" DROP CONSTRAINT "PK_tax_rate"`);
    await db.query(`ALTER TABLE "tax_rate" ADD CONSTRAINT "PK_tax_rate" PRIMARY KEY ("zoneId", "category")`);
    await db.query(`ALTER TABLE "tax_rate" DROP COLUMN "taxShipping", DROP COLUMN "region", DROP COLUMN "country"`);
  }
}
