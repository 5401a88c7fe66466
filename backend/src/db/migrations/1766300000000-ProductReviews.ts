import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Reviews per knife: a review may name the product it is about. Reviews from before, and reviews of
 * a product since deleted, are about the shop as a whole.
 */
export class ProductReviews1766300000000 implements MigrationInterface {
  name = 'ProductReviews1766300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "review" ADD "productId" uuid`);
    await db.query(
      `ALTER TABLE "review" ADD CONSTRAINT "FK_review_product" FOREIGN KEY ("productId") REFERENCES "product"("id") ON DELETE SET NULL`,
    );
    await db.query(`CREATE INDEX "IDX_review_product" ON "review" ("productId")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "IDX_review_product"`);
    await db.query(`ALTER TABLE "review" DROP CONSTRAINT "FK_review_product"`);
    await db.query(`ALTER TABLE "review" DROP COLUMN "productId"`);
  }
}
