import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Engraving proofs (issue 52): a paid order with an engraving whose product needs a proof waits in
 * AwaitingProof until every such line's proof is approved, then is InProduction. Each round of a
 * line's proof is a row of order_proof, with its photos in order_proof_image. Existing products
 * need no proof (proofRequired false); a new engravable one does by default.
 */
export class EngravingProofs1768100000000 implements MigrationInterface {
  name = 'EngravingProofs1768100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TYPE "order_state_enum" ADD VALUE IF NOT EXISTS 'AwaitingProof' AFTER 'Paid'`);
    await db.query(`ALTER TYPE "order_state_enum" ADD VALUE IF NOT EXISTS 'InProduction' AFTER 'AwaitingProof'`);
    await db.query(`ALTER TABLE "product" ADD "proofRequired" boolean NOT NULL DEFAULT false`);
    await db.query(`ALTER TABLE "order_line" ADD "proofRequired" boolean NOT NULL DEFAULT false`);
    await db.query(`ALTER TABLE "order_line" ADD "proofStatus" character varying(20)`);
    await db.query(
      `CREATE TABLE "order_proof" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "orderId" uuid NOT NULL,
         "lineId" uuid NOT NULL,
         "version" integer NOT NULL,
         "note" text,
         "engravingText" character varying(40) NOT NULL,
         "engravingFont" character varying(20),
         "status" character varying(20) NOT NULL DEFAULT 'Open',
         "comment" text,
         "sentAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "sentBy" character varying(254),
         "answeredAt" TIMESTAMP WITH TIME ZONE,
         "answeredBy" character varying(254),
         "reminderSentAt" TIMESTAMP WITH TIME ZONE,
         "policyAppliedAt" TIMESTAMP WITH TIME ZONE,
         CONSTRAINT "PK_order_proof" PRIMARY KEY ("id"),
         CONSTRAINT "CHK_order_proof_status" CHECK ("status" IN ('Open', 'ChangesRequested', 'Approved')),
         CONSTRAINT "CHK_order_proof_version" CHECK ("version" >= 1),
         CONSTRAINT "FK_order_proof_order" FOREIGN KEY ("orderId") REFERENCES "order"("id") ON DELETE CASCADE,
         CONSTRAINT "FK_order_proof_line" FOREIGN KEY ("lineId") REFERENCES "order_line"("id") ON DELETE CASCADE
       )`,
    );
    await db.query(`CREATE UNIQUE INDEX "UQ_order_proof_line_version" ON "order_proof" ("lineId", "version")`);
    await db.query(`CREATE INDEX "IDX_order_proof_order" ON "order_proof" ("orderId")`);
    await db.query(`CREATE INDEX "IDX_order_proof_open_sent_at" ON "order_proof" ("sentAt") WHERE "status" = 'Open'`);
    await db.query(
      `CREATE TABLE "order_proof_image" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "proofId" uuid NOT NULL,
         "position" smallint NOT NULL,
         "url" character varying(2000) NOT NULL,
         CONSTRAINT "PK_order_proof_image" PRIMARY KEY ("id"),
         CONSTRAINT "FK_order_proof_image_proof" FOREIGN KEY ("proofId") REFERENCES "order_proof"("id") ON DELETE CASCADE
       )`,
    );
    await db.query(`CREATE INDEX "IDX_order_proof_image_proof" ON "order_proof_image" ("proofId")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "order_proof_image"`);
    await db.query(`DROP TABLE "order_proof"`);
    await db.query(`ALTER TABLE "order_line" DROP COLUMN "proofStatus"`);
    await db.query(`ALTER TABLE "order_line" DROP COLUMN "proofRequired"`);
    await db.query(`ALTER TABLE "product" DROP COLUMN "proofRequired"`);
    // PostgreSQL cannot drop an enum value: orders waiting for or past their proof go back to Paid and the values stay unused.
    await db.query(`UPDATE "order" SET "state" = 'Paid' WHERE "state" IN ('AwaitingProof', 'InProduction')`);
  }
}
