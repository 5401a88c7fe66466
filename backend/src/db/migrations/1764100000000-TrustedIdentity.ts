import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Trust hardening: whether a user has been seen with a verified e-mail (the admin role from
 * ADMIN_EMAILS is granted then, once), and the stamp that Keen's access tokens must carry
 * (a role change or signing out everywhere moves it).
 */
export class TrustedIdentity1764100000000 implements MigrationInterface {
  name = 'TrustedIdentity1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "user" ADD "emailVerified" boolean NOT NULL DEFAULT false`);
    await db.query(`ALTER TABLE "user" ADD "tokensValidSince" timestamptz NOT NULL DEFAULT now()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "user" DROP COLUMN "tokensValidSince"`);
    await db.query(`ALTER TABLE "user" DROP COLUMN "emailVerified"`);
  }
}
