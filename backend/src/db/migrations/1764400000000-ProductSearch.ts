import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Product search: every word of a search must occur in the name or description (ILIKE), which a
 * trigram index over both answers; pg_trgm's word_similarity ranks the matches.
 * pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: the database owner may create it.
 */
export class ProductSearch1764400000000 implements MigrationInterface {
  name = 'ProductSearch1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`CREATE INDEX "IDX_product_search" ON "product" USING gin (("name" || ' ' || "description") gin_trgm_ops)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "IDX_product_search"`);
  }
}
