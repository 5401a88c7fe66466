import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Card payments: the order's one payment intent, and the offline test provider's intents. */
export class Payments1763900000000 implements MigrationInterface {
  name = 'Payments1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "order" ADD "paymentIntentId" varchar(255)`);
    await db.query(`CREATE UNIQUE INDEX "UQ_order_payment_intent" ON "order" ("paymentIntentId")`);
    await db.query(`
      CREATE TABLE "test_payment_intent" (
        "id" varchar(255) NOT NULL,
        "idempotencyKey" varchar(255) NOT NULL,
        "clientSecret" varchar(255) NOT NULL,
        "amount" integer NOT NULL,
        "currency" varchar(3) NOT NULL,
        "status" varchar(40) NOT NULL,
        "orderId" varchar(255),
        "lastError" varchar(255),
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_test_payment_intent" PRIMARY KEY ("id")
      )`);
    await db.query(`CREATE UNIQUE INDEX "UQ_test_payment_intent_idempotency_key" ON "test_payment_intent" ("idempotencyKey")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "test_payment_intent"`);
    await db.query(`DROP INDEX "UQ_order_payment_intent"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "paymentIntentId"`);
  }
}
