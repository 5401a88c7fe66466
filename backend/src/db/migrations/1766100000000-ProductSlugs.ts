import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Each product's slug (its public page is /products/{slug}), unique whatever the case, and the
 * slugs products had before (an old link answers a 301 to the new page).
 */
export class ProductSlugs1766100000000 implements MigrationInterface {
  name = 'ProductSlugs1766100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "product" ADD "slug" varchar(80)`);
    // Made before the slugs (unfilled ones are NULL, which never clash), so each look-up below uses it.
    await db.query(`CREATE UNIQUE INDEX "UQ_product_slug" ON "product" (lower("slug"))`);
    // As the catalogue makes one (modules/catalog/slugs.ts): the name's letters and digits, accents
    // dropped, in lowercase words joined by dashes; oldest product first, a taken slug gets -2, -3...
    // Names are unique whatever the case, but two may make the same slug ("Bowie knife", "Bowie-Knife").
    await db.query(`
      DO $$
      DECLARE
        p record;
        letters text;
        base text;
        candidate text;
        n int;
      BEGIN
        FOR p IN SELECT "id", "name" FROM "product" ORDER BY "createdAt", "id" LOOP
          letters := p."name";
          -- Unicode normalization needs a UTF8 database; elsewhere accented letters are dropped as other signs are.
          IF current_setting('server_encoding') = 'UTF8' THEN
            letters := regexp_replace(normalize(letters, NFKD), '[\\u0300-\\u036f]', '', 'g');
          END IF;
          base := coalesce(nullif(trim(BOTH '-' FROM left(trim(BOTH '-' FROM lower(regexp_replace(letters, '[^A-Za-z0-9]+', '-', 'g'))), 72)), ''), 'product');
          candidate := base;
          n := 1;
          WHILE EXISTS (SELECT 1 FROM "product" o WHERE lower(o."slug") = candidate) LOOP
            n := n + 1;
            candidate := base || '-' || n;
          END LOOP;
          UPDATE "product" SET "slug" = candidate WHERE "id" = p."id";
        END LOOP;
      END $$`);
    await db.query(`ALTER TABLE "product" ALTER COLUMN "slug" SET NOT NULL`);
    await db.query(`ALTER TABLE "product" ADD CONSTRAINT "CHK_product_slug" CHECK ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')`);
    await db.query(`
      CREATE TABLE "product_slug_history" (
        "slug" varchar(80) NOT NULL,
        "productId" uuid NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_product_slug_history" PRIMARY KEY ("slug"),
        CONSTRAINT "FK_product_slug_history_product" FOREIGN KEY ("productId") REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await db.query(`CREATE INDEX "IDX_product_slug_history_product" ON "product_slug_history" ("productId")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "product_slug_history"`);
    await db.query(`ALTER TABLE "product" DROP CONSTRAINT "CHK_product_slug"`);
    await db.query(`DROP INDEX "UQ_product_slug"`);
    await db.query(`ALTER TABLE "product" DROP COLUMN "slug"`);
  }
}
