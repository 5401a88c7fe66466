import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Delivered, then returned: an order gains Delivered (and when), and a customer's return of its
 * units (an RMA) its own table, with its lines and photos.
 */
export class Returns1767800000000 implements MigrationInterface {
  name = 'Returns1767800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TYPE "order_state_enum" ADD VALUE IF NOT EXISTS 'Delivered' AFTER 'Shipped'`);
    await db.query(`ALTER TABLE "order" ADD "deliveredAt" TIMESTAMP WITH TIME ZONE`);
    await db.query(
      `CREATE TABLE "return_request" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "rmaNumber" character varying(60) NOT NULL,
         "orderId" uuid NOT NULL,
         "customerId" uuid,
         "state" character varying(20) NOT NULL DEFAULT 'Requested',
         "reason" character varying(30) NOT NULL,
         "details" text,
         "declineReason" text,
         "refundId" uuid,
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "approvedAt" TIMESTAMP WITH TIME ZONE,
         "declinedAt" TIMESTAMP WITH TIME ZONE,
         "receivedAt" TIMESTAMP WITH TIME ZONE,
         "refundedAt" TIMESTAMP WITH TIME ZONE,
         CONSTRAINT "PK_return_request" PRIMARY KEY ("id"),
         CONSTRAINT "CHK_return_request_state" CHECK ("state" IN ('Requested', 'Approved', 'Declined', 'Received', 'Refunded')),
         CONSTRAINT "CHK_return_request_reason" CHECK ("reason" IN ('FAULTY', 'DAMAGED_IN_TRANSIT', 'NOT_AS_DESCRIBED', 'WRONG_ITEM', 'CHANGED_MIND', 'OTHER')),
         CONSTRAINT "FK_return_request_order" FOREIGN KEY ("orderId") REFERENCES "order"("id") ON DELETE CASCADE,
         CONSTRAINT "FK_return_request_customer" FOREIGN KEY ("customerId") REFERENCES "user"("id") ON DELETE SET NULL
       )`,
    );
    await db.query(`CREATE UNIQUE INDEX "UQ_return_request_rma_number" ON "return_request" ("rmaNumber")`);
    await db.query(`CREATE INDEX "IDX_return_request_order" ON "return_request" ("orderId")`);
    await db.query(`CREATE INDEX "IDX_return_request_customer" ON "return_request" ("customerId")`);
    await db.query(`CREATE INDEX "IDX_return_request_state_created_at" ON "return_request" ("state", "createdAt")`);
    await db.query(
      `CREATE TABLE "return_line" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "returnId" uuid NOT NULL,
         "orderLineId" uuid NOT NULL,
         "name" character varying(400) NOT NULL,
         "quantity" integer NOT NULL,
         "receivedQuantity" integer,
         "restock" boolean NOT NULL DEFAULT false,
         CONSTRAINT "PK_return_line" PRIMARY KEY ("id"),
         CONSTRAINT "CHK_return_line_quantity" CHECK ("quantity" > 0 AND ("receivedQuantity" IS NULL OR "receivedQuantity" BETWEEN 0 AND "quantity")),
         CONSTRAINT "FK_return_line_return" FOREIGN KEY ("returnId") REFERENCES "return_request"("id") ON DELETE CASCADE,
         CONSTRAINT "FK_return_line_order_line" FOREIGN KEY ("orderLineId") REFERENCES "order_line"("id") ON DELETE CASCADE
       )`,
    );
    await db.query(`CREATE UNIQUE INDEX "UQ_return_line_return_order_line" ON "return_line" ("returnId", "orderLineId")`);
    await db.query(`CREATE INDEX "IDX_return_line_order_line" ON "return_line" ("orderLineId")`);
    await db.query(
      `CREATE TABLE "return_photo" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "returnId" uuid NOT NULL,
         "position" smallint NOT NULL,
         "url" character varying(2000) NOT NULL,
         CONSTRAINT "PK_return_photo" PRIMARY KEY ("id"),
         CONSTRAINT "FK_return_photo_return" FOREIGN KEY ("returnId") REFERENCES "return_request"("id") ON DELETE CASCADE
       )`,
    );
    await db.query(`CREATE INDEX "IDX_return_photo_return" ON "return_photo" ("returnId")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "return_photo"`);
    await db.query(`DROP TABLE "return_line"`);
    await db.query(`DROP TABLE "return_request"`);
    // PostgreSQL cannot drop an enum value: a delivered order goes back to Shipped and the value stays unused.
    await db.query(`UPDATE "order" SET "state" = 'Shipped' WHERE "state" = 'Delivered'`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "deliveredAt"`);
  }
}
