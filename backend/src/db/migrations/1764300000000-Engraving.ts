import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Engraving: a product's engraving settings (existing products are not engravable) and an order's engraving snapshot. */
export class Engraving1764300000000 implements MigrationInterface {
  name = 'Engraving1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE "product"
        ADD "engravable" boolean NOT NULL DEFAULT false,
        ADD "engravingMaxLength" integer NOT NULL DEFAULT 24,
        ADD "engravingPrice" integer NOT NULL DEFAULT 0,
        ADD CONSTRAINT "CHK_product_engraving" CHECK ("engravingMaxLength" BETWEEN 1 AND 40 AND "engravingPrice" >= 0)`);
    await db.query(`
      ALTER TABLE "order"
        ADD "engravingText" varchar(40),
        ADD "engravingFont" varchar(20),
        ADD "engravingUnitPrice" integer`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "order" DROP COLUMN "engravingUnitPrice", DROP COLUMN "engravingFont", DROP COLUMN "engravingText"`);
    await db.query(
      `ALTER TABLE "product" DROP CONSTRAINT "CHK_product_engraving", DROP COLUMN "engravingPrice", DROP COLUMN "engravingMaxLength", DROP COLUMN "engravable"`,
    );
  }
}
