import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Where an engraving goes (issue 52): a product lists the placements it offers (at least one; the
 * blade's left face for every product so far), and an engraved order line (and an order's first
 * line's copy) keeps the one chosen. Engravings ordered before placements were on the left face.
 */
export class EngravingPlacements1768200000000 implements MigrationInterface {
  name = 'EngravingPlacements1768200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "product" ADD "engravingPlacements" character varying(20) array NOT NULL DEFAULT '{BladeLeft}'`);
    await db.query(
      `ALTER TABLE "product" ADD CONSTRAINT "CHK_product_engraving_placements" CHECK (cardinality("engravingPlacements") >= 1 AND "engravingPlacements" <@ '{BladeLeft,BladeRight,Spine,Bolster,Handle}'::varchar[])`,
    );
    await db.query(`ALTER TABLE "order_line" ADD "engravingPlacement" character varying(20)`);
    await db.query(`ALTER TABLE "order" ADD "engravingPlacement" character varying(20)`);
    await db.query(`UPDATE "order_line" SET "engravingPlacement" = 'BladeLeft' WHERE "engravingText" IS NOT NULL`);
    await db.query(`UPDATE "order" SET "engravingPlacement" = 'BladeLeft' WHERE "engravingText" IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "order" DROP COLUMN "engravingPlacement"`);
    await db.query(`ALTER TABLE "order_line" DROP COLUMN "engravingPlacement"`);
    await db.query(`ALTER TABLE "product" DROP CONSTRAINT "CHK_product_engraving_placements"`);
    await db.query(`ALTER TABLE "product" DROP COLUMN "engravingPlacements"`);
  }
}
