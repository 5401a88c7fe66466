import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The transactional outbox (events/outbox.ts). Scheduled work moved to pg-boss, which keeps its own
 * tables in the `pgboss` schema, so the old `scheduled_run` table goes.
 */
export class DomainEvents1764600000000 implements MigrationInterface {
  name = 'DomainEvents1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE "outbox_event" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "seq" bigint GENERATED ALWAYS AS IDENTITY,
        "name" varchar(60) NOT NULL,
        "aggregateId" varchar(64) NOT NULL,
        "payload" jsonb NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "deliveredTo" text[] NOT NULL DEFAULT '{}',
        "handedOffAt" timestamptz,
        "deliveredAt" timestamptz,
        CONSTRAINT "PK_outbox_event" PRIMARY KEY ("id")
      )`,
    );
    await db.query(`CREATE INDEX "IDX_outbox_event_undelivered" ON "outbox_event" ("aggregateId", "seq") WHERE "deliveredAt" IS NULL`);
    await db.query(`CREATE INDEX "IDX_outbox_event_created" ON "outbox_event" ("createdAt")`);
    await db.query(`DROP TABLE "scheduled_run"`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE "scheduled_run" ("job" varchar(100) NOT NULL, "lastRunAt" timestamptz NOT NULL, CONSTRAINT "PK_scheduled_run" PRIMARY KEY ("job"))`,
    );
    await db.query(`DROP TABLE "outbox_event"`);
  }
}
