import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Collections: shelves of the catalogue, each with its products in order. */
export class Collections1766400000000 implements MigrationInterface {
  name = 'Collections1766400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "collection" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" varchar(80) NOT NULL,
        "slug" varchar(80) NOT NULL,
        "description" text NOT NULL DEFAULT '',
        "image" varchar(2000),
        "position" int NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_collection" PRIMARY KEY ("id")
      )`);
    await db.query(`CREATE UNIQUE INDEX "UQ_collection_slug" ON "collection" ("slug")`);
    await db.query(`
      CREATE TABLE "collection_product" (
        "collectionId" uuid NOT NULL,
        "productId" uuid NOT NULL,
        "position" int NOT NULL,
        CONSTRAINT "PK_collection_product" PRIMARY KEY ("collectionId", "productId"),
        CONSTRAINT "FK_collection_product_collection" FOREIGN KEY ("collectionId") REFERENCES "collection"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_collection_product_product" FOREIGN KEY ("productId") REFERENCES "product"("id") ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX "IDX_collection_product_product" ON "collection_product" ("productId")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "collection_product"`);
    await db.query(`DROP TABLE "collection"`);
  }
}
