import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Order e-mails: the carrier and tracking number given when an order ships, the customer's choice
 * of order e-mails (receipts always go), and one row per mail sent, so that none goes twice.
 */
export class OrderEmails1764900000000 implements MigrationInterface {
  name = 'OrderEmails1764900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "order" ADD "trackingCarrier" varchar(60), ADD "trackingNumber" varchar(100)`);
    await db.query(`ALTER TABLE "user" ADD "orderEmails" boolean NOT NULL DEFAULT true`);
    await db.query(`
      CREATE TABLE "sent_mail" (
        "key" varchar(200) NOT NULL,
        "recipients" text NOT NULL,
        "subject" varchar(300) NOT NULL,
        "sentAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_sent_mail" PRIMARY KEY ("key")
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "sent_mail"`);
    await db.query(`ALTER TABLE "user" DROP COLUMN "orderEmails"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "trackingCarrier", DROP COLUMN "trackingNumber"`);
  }
}
