import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Adjustments of an order's price (a change by staff now; discounts and gift cards later), each
 * kept with its source, label and amount, and allocated over the order's lines: every line keeps
 * its share, and the order the sum, so tax stays computed on what is charged.
 */
export class OrderAdjustments1766800000000 implements MigrationInterface {
  name = 'OrderAdjustments1766800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "order" ADD "adjustmentAmount" integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE "order_line" ADD "adjustmentAmount" integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE "order_line" ADD CONSTRAINT "CHK_order_line_adjusted" CHECK ("lineAmount" + "adjustmentAmount" >= 0)`);
    await db.query(
      `CREATE TABLE "order_adjustment" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "orderId" uuid NOT NULL,
         "source" character varying(20) NOT NULL,
         "label" character varying(120) NOT NULL,
         "amount" integer NOT NULL,
         "reason" character varying(500),
         "createdBy" character varying(254),
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "PK_order_adjustment" PRIMARY KEY ("id"),
         CONSTRAINT "FK_order_adjustment_order" FOREIGN KEY ("orderId") REFERENCES "order"("id") ON DELETE CASCADE
       )`,
    );
    await db.query(`CREATE INDEX "IDX_order_adjustment_order" ON "order_adjustment" ("orderId", "createdAt")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "order_adjustment"`);
    await db.query(`ALTER TABLE "order_line" DROP CONSTRAINT "CHK_order_line_adjusted"`);
    await db.query(`ALTER TABLE "order_line" DROP COLUMN "adjustmentAmount"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "adjustmentAmount"`);
  }
}
