import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Idempotency keys of placed orders and payment intents, so that a retried request answers the first result. */
export class IdempotencyKeys1765600000000 implements MigrationInterface {
  name = 'IdempotencyKeys1765600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "idempotency_key" (
        "callerId" uuid NOT NULL,
        "operation" varchar(40) NOT NULL,
        "key" varchar(255) NOT NULL,
        "requestHash" varchar(64) NOT NULL,
        "state" varchar(10) NOT NULL,
        "claimToken" uuid NOT NULL,
        "resultId" varchar(255),
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "claimedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_idempotency_key" PRIMARY KEY ("callerId", "operation", "key")
      )`);
    await db.query(`CREATE INDEX "IDX_idempotency_key_created" ON "idempotency_key" ("createdAt")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "idempotency_key"`);
  }
}
