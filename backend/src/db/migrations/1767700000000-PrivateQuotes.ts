import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Private quotes: an unpaid order made from a contact message holds its units until its own
 * deadline (QUOTE_HOLD_DAYS) instead of the placing hold, and the message keeps its quote's order.
 */
export class PrivateQuotes1767700000000 implements MigrationInterface {
  name = 'PrivateQuotes1767700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "order" ADD "holdEndsAt" TIMESTAMP WITH TIME ZONE`);
    await db.query(`ALTER TABLE "message" ADD "quoteOrderId" uuid`);
    await db.query(`CREATE INDEX "IDX_message_quote_order" ON "message" ("quoteOrderId")`);
    await db.query(
      `ALTER TABLE "message" ADD CONSTRAINT "FK_message_quote_order" FOREIGN KEY ("quoteOrderId") REFERENCES "order"("id") ON DELETE SET NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "message" DROP CONSTRAINT "FK_message_quote_order"`);
    await db.query(`DROP INDEX "IDX_message_quote_order"`);
    await db.query(`ALTER TABLE "message" DROP COLUMN "quoteOrderId"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "holdEndsAt"`);
  }
}
