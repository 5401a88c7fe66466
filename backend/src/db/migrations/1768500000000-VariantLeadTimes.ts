import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A variant's own lead time (issue 52): INHERIT its product's, MADE_TO_ORDER in its own days, or
 * IN_STOCK (shipped from stock only, whatever its product). Its days are set only when made to order.
 */
export class VariantLeadTimes1768500000000 implements MigrationInterface {
  name = 'VariantLeadTimes1768500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "product_variant" ADD "leadTimeMode" character varying(16) NOT NULL DEFAULT 'INHERIT'`);
    await db.query(`ALTER TABLE "product_variant" ADD "madeToOrderMinDays" integer`);
    await db.query(`ALTER TABLE "product_variant" ADD "madeToOrderMaxDays" integer`);
    await db.query(
      `ALTER TABLE "product_variant" ADD CONSTRAINT "CHK_product_variant_lead_time" CHECK (("leadTimeMode" IN ('INHERIT', 'IN_STOCK') AND "madeToOrderMinDays" IS NULL AND "madeToOrderMaxDays" IS NULL) OR ("leadTimeMode" = 'MADE_TO_ORDER' AND "madeToOrderMinDays" >= 1 AND "madeToOrderMaxDays" >= "madeToOrderMinDays"))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "product_variant" DROP CONSTRAINT "CHK_product_variant_lead_time"`);
    await db.query(`ALTER TABLE "product_variant" DROP COLUMN "madeToOrderMaxDays"`);
    await db.query(`ALTER TABLE "product_variant" DROP COLUMN "madeToOrderMinDays"`);
    await db.query(`ALTER TABLE "product_variant" DROP COLUMN "leadTimeMode"`);
  }
}
