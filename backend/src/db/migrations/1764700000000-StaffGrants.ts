import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Admin rights given from the command line (`npm run admin`): grants waiting for their person's
 * first verified sign-in, and the history of every grant and revocation (who, when, what, whom).
 */
export class StaffGrants1764700000000 implements MigrationInterface {
  name = 'StaffGrants1764700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "staff_grant" (
        "email" varchar(254) NOT NULL,
        "grantedBy" varchar(254) NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_staff_grant" PRIMARY KEY ("email")
      )`);
    await db.query(`
      CREATE TABLE "staff_role_event" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "email" varchar(254) NOT NULL,
        "action" varchar(20) NOT NULL,
        "actor" varchar(254) NOT NULL,
        "note" varchar(500),
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_staff_role_event" PRIMARY KEY ("id")
      )`);
    await db.query(`CREATE INDEX "IDX_staff_role_event_email_created_at" ON "staff_role_event" ("email", "createdAt")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "staff_role_event"`);
    await db.query(`DROP TABLE "staff_grant"`);
  }
}
