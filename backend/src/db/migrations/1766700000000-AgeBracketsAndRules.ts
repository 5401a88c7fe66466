import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Age evidence keeps a check's bracket as two bounds: `ageBelow` is the age it stops below, so a later
 * check can be held to what the earlier ones proved. A failed check of before stopped below its
 * "under N"; a pass of before has no known top. `productId` names the product of a rule change.
 */
export class AgeBracketsAndRules1766700000000 implements MigrationInterface {
  name = 'AgeBracketsAndRules1766700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "age_evidence" ADD COLUMN "ageBelow" int, ADD COLUMN "productId" uuid`);
    await db.query(
      `UPDATE "age_evidence" SET "ageBelow" = substring("ageBracket" FROM '^under ([0-9]+)$')::int
        WHERE "kind" = 'CHECK' AND "ageBracket" ~ '^under [0-9]+$'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "age_evidence" DROP COLUMN "productId", DROP COLUMN "ageBelow"`);
  }
}
