import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Product galleries: several photos per product, ordered, each with alt text; a product's photo becomes its first. */
export class ProductGalleries1766500000000 implements MigrationInterface {
  name = 'ProductGalleries1766500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "product_image" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "productId" uuid NOT NULL,
        "url" varchar(2000) NOT NULL,
        "alt" varchar(250) NOT NULL DEFAULT '',
        "position" int NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_product_image" PRIMARY KEY ("id"),
        CONSTRAINT "FK_product_image_product" FOREIGN KEY ("productId") REFERENCES "product"("id") ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX "IDX_product_image_product" ON "product_image" ("productId", "position")`);
    await db.query(`INSERT INTO "product_image" ("productId", "url", "position") SELECT "id", "img", 0 FROM "product"`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "product_image"`);
  }
}
