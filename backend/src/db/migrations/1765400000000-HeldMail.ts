import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Order e-mails held while their customer's address is unverified, each the mail job as it was
 * due; they go when the address is verified, and go with the order or the account if never.
 */
export class HeldMail1765400000000 implements MigrationInterface {
  name = 'HeldMail1765400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "held_mail" (
        "key" varchar(200) NOT NULL,
        "customerId" uuid NOT NULL,
        "orderId" uuid NOT NULL,
        "job" jsonb NOT NULL,
        "heldAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_held_mail" PRIMARY KEY ("key"),
        CONSTRAINT "FK_held_mail_customer" FOREIGN KEY ("customerId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "FK_held_mail_order" FOREIGN KEY ("orderId") REFERENCES "order"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await db.query(`CREATE INDEX "IDX_held_mail_customer" ON "held_mail" ("customerId")`);
    await db.query(`CREATE INDEX "IDX_held_mail_order" ON "held_mail" ("orderId")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "held_mail"`);
  }
}
