import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * An order's gift message (for the gift slip) and note to the workshop (for the engraving sheet),
 * both optional; a history line long enough to quote them when the order is placed.
 */
export class GiftMessageAndWorkshopNote1767400000000 implements MigrationInterface {
  name = 'GiftMessageAndWorkshopNote1767400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "order" ADD "giftMessage" text, ADD "workshopNote" text`);
    await db.query(`ALTER TABLE "order_event" ALTER COLUMN "note" TYPE character varying(2000)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "order_event" ALTER COLUMN "note" TYPE character varying(500) USING left("note", 500)`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "workshopNote", DROP COLUMN "giftMessage"`);
  }
}
