import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** A person's data export and erasure: when a profile was erased, and the log of requests done (by them or an admin, with a reason). */
export class PrivacyRequests1767400000001 implements MigrationInterface {
  name = 'PrivacyRequests1767400000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "user" ADD "erasedAt" TIMESTAMP WITH TIME ZONE`);
    await db.query(
      `CREATE TABLE "privacy_request" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "userId" uuid NOT NULL,
         "kind" character varying(20) NOT NULL,
         "adminEmail" character varying(254),
         "reason" character varying(500),
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "PK_privacy_request" PRIMARY KEY ("id"))`,
    );
    await db.query(`CREATE INDEX "IDX_privacy_request_user" ON "privacy_request" ("userId", "createdAt")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "privacy_request"`);
    await db.query(`ALTER TABLE "user" DROP COLUMN "erasedAt"`);
  }
}
