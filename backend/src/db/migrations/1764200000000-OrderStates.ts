import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * One `state` replaces `status` + `paid`, with a timestamp per step and a history table.
 * Old rows: Pending/unpaid -> AwaitingPayment, Pending/paid -> Paid, Shipped -> Shipped. Old rows
 * never recorded when they were paid or shipped: a paid pending row was last written when it was
 * paid (updatedAt); a shipped row was last written when it shipped, and its payment date is
 * taken as its order date.
 */
export class OrderStates1764200000000 implements MigrationInterface {
  name = 'OrderStates1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TYPE "order_state_enum" AS ENUM ('AwaitingPayment', 'Paid', 'Shipped', 'Cancelled', 'Expired', 'Refunded')`);
    await db.query(`
      ALTER TABLE "order"
        ADD "state" "order_state_enum",
        ADD "paidAt" timestamptz,
        ADD "shippedAt" timestamptz,
        ADD "cancelledAt" timestamptz,
        ADD "expiredAt" timestamptz,
        ADD "refundedAt" timestamptz`);
    await db.query(`
      UPDATE "order" SET
        "state" = CASE WHEN "status" = 'Shipped' THEN 'Shipped' WHEN "paid" THEN 'Paid' ELSE 'AwaitingPayment' END::"order_state_enum",
        "paidAt" = CASE WHEN "status" = 'Shipped' THEN "createdAt" WHEN "paid" THEN "updatedAt" END,
        "shippedAt" = CASE WHEN "status" = 'Shipped' THEN "updatedAt" END`);
    await db.query(`ALTER TABLE "order" ALTER "state" SET NOT NULL, ALTER "state" SET DEFAULT 'AwaitingPayment'`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "status", DROP COLUMN "paid"`);
    await db.query(`CREATE INDEX "IDX_order_state_created_at" ON "order" ("state", "createdAt")`);
    await db.query(`CREATE INDEX "IDX_order_paid_at" ON "order" ("paidAt")`);

    await db.query(`
      CREATE TABLE "order_event" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "orderId" uuid NOT NULL,
        "fromState" "order_state_enum",
        "toState" "order_state_enum" NOT NULL,
        "actor" varchar(20) NOT NULL,
        "actorEmail" varchar(254),
        "note" varchar(500),
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_order_event" PRIMARY KEY ("id"),
        CONSTRAINT "FK_order_event_order" FOREIGN KEY ("orderId") REFERENCES "order"("id") ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX "IDX_order_event_order_created_at" ON "order_event" ("orderId", "createdAt")`);

    await db.query(`ALTER TABLE "test_payment_intent" ADD "refundedAt" timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "test_payment_intent" DROP COLUMN "refundedAt"`);
    await db.query(`DROP TABLE "order_event"`);
    await db.query(`ALTER TABLE "order" ADD "status" varchar(20) NOT NULL DEFAULT 'Pending', ADD "paid" boolean NOT NULL DEFAULT false`);
    await db.query(
      `UPDATE "order" SET "status" = CASE WHEN "shippedAt" IS NOT NULL THEN 'Shipped' ELSE 'Pending' END, "paid" = "state" IN ('Paid', 'Shipped')`,
    );
    await db.query(`DROP INDEX "IDX_order_paid_at"`);
    await db.query(`DROP INDEX "IDX_order_state_created_at"`);
    await db.query(`
      ALTER TABLE "order" DROP COLUMN "state", DROP COLUMN "paidAt", DROP COLUMN "shippedAt",
        DROP COLUMN "cancelledAt", DROP COLUMN "expiredAt", DROP COLUMN "refundedAt"`);
    await db.query(`DROP TYPE "order_state_enum"`);
  }
}
