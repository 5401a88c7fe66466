import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Integrators' API keys (hashes only), webhook endpoints and the log of their deliveries. */
export class Integrations1765000000000 implements MigrationInterface {
  name = 'Integrations1765000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "api_key" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" varchar(100) NOT NULL,
        "prefix" varchar(20) NOT NULL,
        "secretHash" char(64) NOT NULL,
        "scopes" text[] NOT NULL,
        "createdBy" varchar(254) NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "lastUsedAt" timestamptz,
        "revokedAt" timestamptz,
        CONSTRAINT "PK_api_key" PRIMARY KEY ("id")
      )`);
    await db.query(`CREATE UNIQUE INDEX "UQ_api_key_secret_hash" ON "api_key" ("secretHash")`);
    await db.query(`
      CREATE TABLE "webhook_endpoint" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "url" varchar(2000) NOT NULL,
        "events" text[] NOT NULL,
        "secret" varchar(100) NOT NULL,
        "enabled" boolean NOT NULL DEFAULT true,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_webhook_endpoint" PRIMARY KEY ("id")
      )`);
    await db.query(`
      CREATE TABLE "webhook_delivery" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "endpointId" uuid NOT NULL,
        "eventId" uuid NOT NULL,
        "event" varchar(50) NOT NULL,
        "body" text NOT NULL,
        "status" varchar(20) NOT NULL DEFAULT 'pending',
        "attempts" integer NOT NULL DEFAULT 0,
        "attemptLimit" integer NOT NULL,
        "statusCode" integer,
        "durationMs" integer,
        "error" varchar(500),
        "nextRetryAt" timestamptz,
        "deliveredAt" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_webhook_delivery" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_webhook_delivery_endpoint_event" UNIQUE ("endpointId", "eventId"),
        CONSTRAINT "FK_webhook_delivery_endpoint" FOREIGN KEY ("endpointId") REFERENCES "webhook_endpoint" ("id") ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX "IDX_webhook_delivery_endpoint_created_at" ON "webhook_delivery" ("endpointId", "createdAt")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "webhook_delivery"`);
    await db.query(`DROP TABLE "webhook_endpoint"`);
    await db.query(`DROP TABLE "api_key"`);
  }
}
