import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Shipping zones (a country in one zone at most), their methods and tax rates; a product's tax
 * category; an order's shipping method, destination and per-line tax. Orders placed before keep
 * no destination and no tax (their totals were what they were charged).
 */
export class ShippingAndTax1766000000000 implements MigrationInterface {
  name = 'ShippingAndTax1766000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "shipping_zone" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" varchar(60) NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_shipping_zone" PRIMARY KEY ("id")
      )`);
    await db.query(`CREATE UNIQUE INDEX "UQ_shipping_zone_name" ON "shipping_zone" (lower("name"))`);
    await db.query(`
      CREATE TABLE "shipping_zone_country" (
        "country" char(2) NOT NULL,
        "zoneId" uuid NOT NULL,
        CONSTRAINT "PK_shipping_zone_country" PRIMARY KEY ("country"),
        CONSTRAINT "FK_shipping_zone_country_zone" FOREIGN KEY ("zoneId") REFERENCES "shipping_zone"("id") ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX "IDX_shipping_zone_country_zone" ON "shipping_zone_country" ("zoneId")`);
    await db.query(`
      CREATE TABLE "shipping_method" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "zoneId" uuid NOT NULL,
        "name" varchar(60) NOT NULL,
        "priceAmount" int NOT NULL,
        "freeOverAmount" int,
        "minDays" int NOT NULL,
        "maxDays" int NOT NULL,
        "enabled" boolean NOT NULL DEFAULT true,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_shipping_method" PRIMARY KEY ("id"),
        CONSTRAINT "FK_shipping_method_zone" FOREIGN KEY ("zoneId") REFERENCES "shipping_zone"("id") ON DELETE CASCADE,
        CONSTRAINT "CHK_shipping_method_numbers" CHECK ("priceAmount" >= 0 AND ("freeOverAmount" IS NULL OR "freeOverAmount" > 0) AND "minDays" >= 0 AND "maxDays" >= "minDays")
      )`);
    await db.query(`CREATE INDEX "IDX_shipping_method_zone" ON "shipping_method" ("zoneId")`);
    await db.query(`
      CREATE TABLE "tax_rate" (
        "zoneId" uuid NOT NULL,
        "category" varchar(10) NOT NULL,
        "rateBasisPoints" int NOT NULL,
        CONSTRAINT "PK_tax_rate" PRIMARY KEY ("zoneId", "category"),
        CONSTRAINT "FK_tax_rate_zone" FOREIGN KEY ("zoneId") REFERENCES "shipping_zone"("id") ON DELETE CASCADE,
        CONSTRAINT "CHK_tax_rate_range" CHECK ("rateBasisPoints" BETWEEN 0 AND 10000)
      )`);
    await db.query(`
      ALTER TABLE "product"
        ADD COLUMN "taxCategory" varchar(10) NOT NULL DEFAULT 'standard',
        ADD CONSTRAINT "CHK_product_tax_category" CHECK ("taxCategory" IN ('standard', 'reduced', 'zero'))`);
    await db.query(`
      ALTER TABLE "order"
        ADD COLUMN "shippingMethodId" uuid,
        ADD COLUMN "shippingMethodName" varchar(60),
        ADD COLUMN "shippingAddress" jsonb`);
    await db.query(`
      ALTER TABLE "order_line"
        ADD COLUMN "taxRateBasisPoints" int NOT NULL DEFAULT 0,
        ADD COLUMN "taxAmount" int NOT NULL DEFAULT 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "order_line" DROP COLUMN "taxAmount", DROP COLUMN "taxRateBasisPoints"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "shippingAddress", DROP COLUMN "shippingMethodName", DROP COLUMN "shippingMethodId"`);
    await db.query(`ALTER TABLE "product" DROP CONSTRAINT "CHK_product_tax_category", DROP COLUMN "taxCategory"`);
    await db.query(`DROP TABLE "tax_rate"`);
    await db.query(`DROP TABLE "shipping_method"`);
    await db.query(`DROP TABLE "shipping_zone_country"`);
    await db.query(`DROP TABLE "shipping_zone"`);
  }
}
