import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Contact messages: questions and commission requests sent through the contact form (anonymous or
 * signed in), their reference photos (uploads, on UPLOAD_COLUMNS) and staff's replies.
 */
export class ContactMessages1767000000000 implements MigrationInterface {
  name = 'ContactMessages1767000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE "message" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "kind" character varying(20) NOT NULL,
         "status" character varying(20) NOT NULL DEFAULT 'NEW',
         "name" character varying(120) NOT NULL,
         "email" character varying(254) NOT NULL,
         "message" text NOT NULL,
         "productId" uuid,
         "productName" character varying(200),
         "budgetAmount" integer,
         "budgetCurrency" character(3),
         "senderId" uuid,
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "PK_message" PRIMARY KEY ("id"),
         CONSTRAINT "CHK_message_kind" CHECK ("kind" IN ('QUESTION', 'COMMISSION')),
         CONSTRAINT "CHK_message_status" CHECK ("status" IN ('NEW', 'ANSWERED', 'ARCHIVED')),
         CONSTRAINT "CHK_message_budget" CHECK ("budgetAmount" IS NULL OR "budgetAmount" > 0),
         CONSTRAINT "FK_message_product" FOREIGN KEY ("productId") REFERENCES "product"("id") ON DELETE SET NULL,
         CONSTRAINT "FK_message_sender" FOREIGN KEY ("senderId") REFERENCES "user"("id") ON DELETE SET NULL
       )`,
    );
    await db.query(`CREATE INDEX "IDX_message_status_created_at" ON "message" ("status", "createdAt")`);
    await db.query(`CREATE INDEX "IDX_message_product" ON "message" ("productId")`);
    await db.query(`CREATE INDEX "IDX_message_sender" ON "message" ("senderId")`);
    await db.query(
      `CREATE TABLE "message_photo" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "messageId" uuid NOT NULL,
         "position" smallint NOT NULL,
         "url" character varying(2000) NOT NULL,
         CONSTRAINT "PK_message_photo" PRIMARY KEY ("id"),
         CONSTRAINT "FK_message_photo_message" FOREIGN KEY ("messageId") REFERENCES "message"("id") ON DELETE CASCADE
       )`,
    );
    await db.query(`CREATE INDEX "IDX_message_photo_message" ON "message_photo" ("messageId")`);
    await db.query(
      `CREATE TABLE "message_reply" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "messageId" uuid NOT NULL,
         "text" text NOT NULL,
         "repliedBy" character varying(254) NOT NULL,
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "PK_message_reply" PRIMARY KEY ("id"),
         CONSTRAINT "FK_message_reply_message" FOREIGN KEY ("messageId") REFERENCES "message"("id") ON DELETE CASCADE
       )`,
    );
    await db.query(`CREATE INDEX "IDX_message_reply_message" ON "message_reply" ("messageId")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "message_reply"`);
    await db.query(`DROP TABLE "message_photo"`);
    await db.query(`DROP TABLE "message"`);
  }
}
