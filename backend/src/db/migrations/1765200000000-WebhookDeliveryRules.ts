import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Webhook endpoints record the admin who made them (null for older ones) and their run of failed
 * attempts (paused as failing past a limit); recurring jobs record their last success and failure.
 */
export class WebhookDeliveryRules1765200000000 implements MigrationInterface {
  name = 'WebhookDeliveryRules1765200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE "webhook_endpoint"
        ADD "createdById" uuid,
        ADD "createdBy" varchar(254),
        ADD "consecutiveFailures" integer NOT NULL DEFAULT 0,
        ADD "failingSince" timestamptz,
        ADD CONSTRAINT "FK_webhook_endpoint_created_by" FOREIGN KEY ("createdById") REFERENCES "user"("id") ON DELETE SET NULL`);
    await db.query(`
      CREATE TABLE "scheduled_job_status" (
        "name" varchar(100) NOT NULL,
        "periodSeconds" double precision NOT NULL,
        "lastSuccessAt" timestamptz,
        "lastFailureAt" timestamptz,
        "lastError" varchar(500),
        "consecutiveFailures" integer NOT NULL DEFAULT 0,
        CONSTRAINT "PK_scheduled_job_status" PRIMARY KEY ("name")
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "scheduled_job_status"`);
    await db.query(`
      ALTER TABLE "webhook_endpoint"
        DROP CONSTRAINT "FK_webhook_endpoint_created_by",
        DROP COLUMN "createdById",
        DROP COLUMN "createdBy",
        DROP COLUMN "consecutiveFailures",
        DROP COLUMN "failingSince"`);
  }
}
