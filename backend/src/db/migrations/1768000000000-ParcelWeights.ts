import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Delivery that follows the parcel (issue 54): a zone may list regions inside a country (a region
 * is in one zone at most, and its zone wins over its country's); products weigh something, and a
 * variant may weigh its own (null: its product's); a method may price by weight bands, lightest
 * first (null: its flat price).
 */
export class ParcelWeights1768000000000 implements MigrationInterface {
  name = 'ParcelWeights1768000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE "shipping_zone_region" ("country" character(2) NOT NULL, "region" character varying(100) NOT NULL, "zoneId" uuid NOT NULL,
        CONSTRAINT "PK_shipping_zone_region" PRIMARY KEY ("country", "region"))`,
    );
    await db.query(`CREATE INDEX "IDX_shipping_zone_region_zone" ON "shipping_zone_region" ("zoneId")`);
    await db.query(
      `ALTER TABLE "shipping_zone_region" ADD CONSTRAINT "FK_shipping_zone_region_zone" FOREIGN KEY ("zoneId") REFERENCES "shipping_zone"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await db.query(`ALTER TABLE "shipping_method" ADD "weightBands" jsonb`);
    await db.query(`ALTER TABLE "product" ADD "weightGrams" integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE "product" ADD CONSTRAINT "CHK_product_weight" CHECK ("weightGrams" >= 0)`);
    await db.query(`ALTER TABLE "product_variant" ADD "weightGrams" integer`);
    await db.query(
      `ALTER TABLE "product_variant" ADD CONSTRAINT "CHK_product_variant_weight" CHECK ("weightGrams" IS NULL OR "weightGrams" >= 0)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "product_variant" DROP CONSTRAINT "CHK_product_variant_weight"`);
    await db.query(`ALTER TABLE "product_variant" DROP COLUMN "weightGrams"`);
    await db.query(`ALTER TABLE "product" DROP CONSTRAINT "CHK_product_weight"`);
    await db.query(`ALTER TABLE "product" DROP COLUMN "weightGrams"`);
    await db.query(`ALTER TABLE "shipping_method" DROP COLUMN "weightBands"`);
    await db.query(`DROP TABLE "shipping_zone_region"`);
  }
}
