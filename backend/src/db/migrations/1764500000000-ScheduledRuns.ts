import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** When each scheduled job last ran, shared by every process (see common/scheduled.ts). */
export class ScheduledRuns1764500000000 implements MigrationInterface {
  name = 'ScheduledRuns1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE "scheduled_run" ("job" varchar(100) NOT NULL, "lastRunAt" timestamptz NOT NULL, CONSTRAINT "PK_scheduled_run" PRIMARY KEY ("job"))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "scheduled_run"`);
  }
}
