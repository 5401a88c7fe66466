import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Option groups, values and variants. Every existing product gets its one variant (no options)
 * from its price, stock and photo, with an SKU made from its name; every order line points at it.
 */
export class ProductVariants1765500000000 implements MigrationInterface {
  name = 'ProductVariants1765500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "product_option_group" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "productId" uuid NOT NULL,
        "name" varchar(40) NOT NULL,
        "position" integer NOT NULL,
        "customLabel" varchar(40),
        "customMin" double precision,
        "customMax" double precision,
        "customUnit" varchar(12),
        "customSurcharge" integer,
        CONSTRAINT "CHK_product_option_group_custom" CHECK ("customLabel" IS NULL OR ("customMin" > 0 AND "customMax" >= "customMin" AND "customSurcharge" >= 0)),
        CONSTRAINT "PK_product_option_group" PRIMARY KEY ("id"),
        CONSTRAINT "FK_product_option_group_product" FOREIGN KEY ("productId") REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await db.query(`CREATE INDEX "IDX_product_option_group_product" ON "product_option_group" ("productId")`);
    await db.query(`CREATE UNIQUE INDEX "UQ_product_option_group_name" ON "product_option_group" ("productId", lower("name"))`);
    await db.query(`
      CREATE TABLE "product_option_value" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "groupId" uuid NOT NULL,
        "name" varchar(40) NOT NULL,
        "position" integer NOT NULL,
        "custom" boolean NOT NULL DEFAULT false,
        CONSTRAINT "PK_product_option_value" PRIMARY KEY ("id"),
        CONSTRAINT "FK_product_option_value_group" FOREIGN KEY ("groupId") REFERENCES "product_option_group"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await db.query(`CREATE INDEX "IDX_product_option_value_group" ON "product_option_value" ("groupId")`);
    await db.query(`CREATE UNIQUE INDEX "UQ_product_option_value_name" ON "product_option_value" ("groupId", lower("name"))`);
    await db.query(`
      CREATE TABLE "product_variant" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "productId" uuid NOT NULL,
        "sku" varchar(64) NOT NULL,
        "name" varchar(200) NOT NULL,
        "price" integer NOT NULL,
        "quantity" integer NOT NULL,
        "img" varchar(2000),
        "enabled" boolean NOT NULL DEFAULT true,
        "position" integer NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_product_variant_numbers" CHECK ("price" >= 1 AND "quantity" >= 0),
        CONSTRAINT "PK_product_variant" PRIMARY KEY ("id"),
        CONSTRAINT "FK_product_variant_product" FOREIGN KEY ("productId") REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await db.query(`CREATE INDEX "IDX_product_variant_product" ON "product_variant" ("productId")`);
    await db.query(`CREATE UNIQUE INDEX "UQ_product_variant_sku" ON "product_variant" (lower("sku"))`);
    await db.query(`
      CREATE TABLE "product_variant_option" (
        "variantId" uuid NOT NULL,
        "valueId" uuid NOT NULL,
        CONSTRAINT "PK_product_variant_option" PRIMARY KEY ("variantId", "valueId"),
        CONSTRAINT "FK_product_variant_option_variant" FOREIGN KEY ("variantId") REFERENCES "product_variant"("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "FK_product_variant_option_value" FOREIGN KEY ("valueId") REFERENCES "product_option_value"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await db.query(`CREATE INDEX "IDX_product_variant_option_value" ON "product_variant_option" ("valueId")`);

    // One variant per product, oldest first. Names are unique whatever the case, but two may make
    // the same SKU ("Bowie knife" and "Bowie-Knife"), and a name may make the SKU a suffix would
    // give ("Bowie knife 2"): each takes the first of its SKU, -2, -3... that no variant has yet.
    await db.query(`
      DO $$
      DECLARE
        p record;
        base text;
        candidate text;
        n int;
      BEGIN
        FOR p IN SELECT * FROM "product" ORDER BY "createdAt", "id" LOOP
          base := coalesce(nullif(trim(BOTH '-' FROM left(trim(BOTH '-' FROM upper(regexp_replace(p."name", '[^A-Za-z0-9]+', '-', 'g'))), 58)), ''), 'ITEM');
          candidate := base;
          n := 1;
          WHILE EXISTS (SELECT 1 FROM "product_variant" v WHERE lower(v."sku") = lower(candidate)) LOOP
            n := n + 1;
            candidate := base || '-' || n;
          END LOOP;
          INSERT INTO "product_variant" ("productId", "sku", "name", "price", "quantity", "img", "position", "createdAt")
          VALUES (p."id", candidate, '', p."price", p."quantity", NULL, 0, p."createdAt");
        END LOOP;
      END $$`);

    await db.query(`ALTER TABLE "order_line" ADD "variantId" uuid`);
    await db.query(`ALTER TABLE "order_line" ADD "variantName" varchar(200)`);
    await db.query(`ALTER TABLE "order_line" ADD "sku" varchar(64)`);
    await db.query(`ALTER TABLE "order_line" ADD "customValue" double precision`);
    await db.query(
      `ALTER TABLE "order_line" ADD CONSTRAINT "FK_order_line_variant" FOREIGN KEY ("variantId") REFERENCES "product_variant"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await db.query(`CREATE INDEX "IDX_order_line_variant" ON "order_line" ("variantId")`);
    await db.query(`
      UPDATE "order_line" l SET "variantId" = v."id", "sku" = v."sku"
        FROM "product_variant" v WHERE v."productId" = l."productId"`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "IDX_order_line_variant"`);
    await db.query(`ALTER TABLE "order_line" DROP CONSTRAINT "FK_order_line_variant"`);
    await db.query(
      `ALTER TABLE "order_line" DROP COLUMN "customValue", DROP COLUMN "sku", DROP COLUMN "variantName", DROP COLUMN "variantId"`,
    );
    await db.query(`DROP TABLE "product_variant_option"`);
    await db.query(`DROP TABLE "product_variant"`);
    await db.query(`DROP TABLE "product_option_value"`);
    await db.query(`DROP TABLE "product_option_group"`);
  }
}
