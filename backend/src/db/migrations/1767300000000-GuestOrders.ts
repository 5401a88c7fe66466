import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Guest orders: an order placed signed out belongs to the e-mail address it was placed with (no
 * account) until a verified account of that address claims it. Its link's token is kept only as a
 * SHA-256 hash; the client address is kept for the guest limits and an age check's lock-out.
 */
export class GuestOrders1767300000000 implements MigrationInterface {
  name = 'GuestOrders1767300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "order" ALTER COLUMN "customerId" DROP NOT NULL`);
    await db.query(`ALTER TABLE "order" ADD "guestEmail" character varying(254)`);
    await db.query(`ALTER TABLE "order" ADD "guestTokenHash" character varying(64)`);
    await db.query(`ALTER TABLE "order" ADD "guestClientAddress" character varying(64)`);
    await db.query(`ALTER TABLE "order" ADD "claimedAt" TIMESTAMP WITH TIME ZONE`);
    await db.query(
      `ALTER TABLE "order" ADD CONSTRAINT "CHK_order_owner" CHECK ("customerId" IS NOT NULL OR ("guestEmail" IS NOT NULL AND "guestTokenHash" IS NOT NULL))`,
    );
    await db.query(`CREATE INDEX "IDX_order_guest_email_state" ON "order" ("guestEmail", "state") WHERE "guestEmail" IS NOT NULL`);
    await db.query(
      `CREATE INDEX "IDX_order_guest_client_state" ON "order" ("guestClientAddress", "state") WHERE "guestClientAddress" IS NOT NULL`,
    );
    await db.query(`CREATE UNIQUE INDEX "UQ_order_guest_age_check" ON "order" ("ageCheckId") WHERE "guestEmail" IS NOT NULL`);
    await db.query(`ALTER TABLE "age_evidence" ADD "clientAddress" character varying(64)`);
    await db.query(
      `CREATE INDEX "IDX_age_evidence_guest_email" ON "age_evidence" ("customerEmail", "createdAt") WHERE "customerId" IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "IDX_age_evidence_guest_email"`);
    await db.query(`ALTER TABLE "age_evidence" DROP COLUMN "clientAddress"`);
    await db.query(`DROP INDEX "UQ_order_guest_age_check"`);
    await db.query(`DROP INDEX "IDX_order_guest_client_state"`);
    await db.query(`DROP INDEX "IDX_order_guest_email_state"`);
    await db.query(`ALTER TABLE "order" DROP CONSTRAINT "CHK_order_owner"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "claimedAt"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "guestClientAddress"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "guestTokenHash"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "guestEmail"`);
    await db.query(`DELETE FROM "order" WHERE "customerId" IS NULL`);
    await db.query(`ALTER TABLE "order" ALTER COLUMN "customerId" SET NOT NULL`);
  }
}
