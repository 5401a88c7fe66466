import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Partial refunds, invoices and credit notes: the PartiallyRefunded state; an order's invoice
 * number and what refunds returned of it; each line's units refunded and returned to stock; the
 * counters of the gap-free document numbers (a row per series, prefix and year); refunds with
 * their credit notes; a gift card's ledger row per partial refund; the offline provider's refunds.
 * Orders refunded before count as refunded whole, their units as returned where they were.
 */
export class RefundsAndInvoices1767500000000 implements MigrationInterface {
  name = 'RefundsAndInvoices1767500000000';

  async up(db: QueryRunner): Promise<void> {
    // Not used in this migration's transaction, as PostgreSQL requires of a new enum value.
    await db.query(`ALTER TYPE "order_state_enum" ADD VALUE IF NOT EXISTS 'PartiallyRefunded' BEFORE 'Refunded'`);
    await db.query(`ALTER TABLE "order" ADD "invoiceNumber" character varying(60), ADD "refundedAmount" integer NOT NULL DEFAULT 0`);
    await db.query(`CREATE UNIQUE INDEX "UQ_order_invoice_number" ON "order" ("invoiceNumber")`);
    await db.query(
      `ALTER TABLE "order_line" ADD "refundedQuantity" integer NOT NULL DEFAULT 0, ADD "restockedQuantity" integer NOT NULL DEFAULT 0`,
    );
    await db.query(`UPDATE "order" SET "refundedAmount" = "totalAmount" WHERE "state" = 'Refunded'`);
    await db.query(
      `UPDATE "order_line" l SET "refundedQuantity" = CASE WHEN o."state" = 'Refunded' THEN l."quantity" ELSE 0 END,
              "restockedQuantity" = CASE WHEN o."state" IN ('Cancelled', 'Expired') OR (o."state" = 'Refunded' AND o."shippedAt" IS NULL AND o."paidAt" IS NOT NULL) THEN l."quantity" ELSE 0 END
         FROM "order" o WHERE o."id" = l."orderId" AND o."state" IN ('Cancelled', 'Expired', 'Refunded')`,
    );
    await db.query(
      `CREATE TABLE "document_counter" (
         "series" character varying(20) NOT NULL,
         "prefix" character varying(20) NOT NULL,
         "year" integer NOT NULL,
         "last" integer NOT NULL,
         CONSTRAINT "PK_document_counter" PRIMARY KEY ("series", "prefix", "year")
       )`,
    );
    await db.query(
      `CREATE TABLE "refund" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "orderId" uuid NOT NULL,
         "creditNoteNumber" character varying(60) NOT NULL,
         "currency" character(3) NOT NULL,
         "amount" integer NOT NULL,
         "shippingAmount" integer NOT NULL DEFAULT 0,
         "shippingTaxAmount" integer NOT NULL DEFAULT 0,
         "extraAmount" integer NOT NULL DEFAULT 0,
         "reason" character varying(500),
         "taxAmount" integer NOT NULL DEFAULT 0,
         "giftCardAmount" integer NOT NULL DEFAULT 0,
         "cardAmount" integer NOT NULL DEFAULT 0,
         "providerRefundId" character varying(255),
         "lines" jsonb NOT NULL DEFAULT '[]',
         "createdBy" character varying(254) NOT NULL,
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "PK_refund" PRIMARY KEY ("id"),
         CONSTRAINT "CHK_refund_amounts" CHECK ("amount" > 0 AND "shippingAmount" >= 0 AND "extraAmount" >= 0 AND "giftCardAmount" >= 0 AND "cardAmount" >= 0 AND "giftCardAmount" + "cardAmount" = "amount"),
         CONSTRAINT "FK_refund_order" FOREIGN KEY ("orderId") REFERENCES "order"("id") ON DELETE CASCADE
       )`,
    );
    await db.query(`CREATE UNIQUE INDEX "UQ_refund_credit_note_number" ON "refund" ("creditNoteNumber")`);
    await db.query(`CREATE INDEX "IDX_refund_order" ON "refund" ("orderId", "createdAt")`);
    await db.query(`ALTER TABLE "gift_card_ledger" ADD "refundId" uuid`);
    await db.query(`DROP INDEX "UQ_gift_card_ledger_order"`);
    await db.query(
      `CREATE UNIQUE INDEX "UQ_gift_card_ledger_order" ON "gift_card_ledger" ("orderId", "giftCardId", "kind") WHERE "orderId" IS NOT NULL AND "refundId" IS NULL`,
    );
    await db.query(
      `CREATE UNIQUE INDEX "UQ_gift_card_ledger_refund" ON "gift_card_ledger" ("refundId", "giftCardId") WHERE "refundId" IS NOT NULL`,
    );
    await db.query(
      `CREATE TABLE "test_refund" (
         "id" character varying(255) NOT NULL,
         "idempotencyKey" character varying(255) NOT NULL,
         "intentId" character varying(255) NOT NULL,
         "amount" integer NOT NULL,
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "PK_test_refund" PRIMARY KEY ("id")
       )`,
    );
    await db.query(`CREATE UNIQUE INDEX "UQ_test_refund_idempotency_key" ON "test_refund" ("idempotencyKey")`);
    await db.query(`CREATE INDEX "IDX_test_refund_intent" ON "test_refund" ("intentId")`);
    // The offline provider's earlier whole refunds, so that they count against what is left.
    await db.query(
      `INSERT INTO "test_refund" ("id", "idempotencyKey", "intentId", "amount", "createdAt")
       SELECT 're_test' || md5("id"), 'keen-refund-' || "id", "id", "amount", "refundedAt" FROM "test_payment_intent" WHERE "refundedAt" IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "test_refund"`);
    await db.query(`DELETE FROM "gift_card_ledger" WHERE "refundId" IS NOT NULL`);
    await db.query(`DROP INDEX "UQ_gift_card_ledger_refund"`);
    await db.query(`DROP INDEX "UQ_gift_card_ledger_order"`);
    await db.query(`ALTER TABLE "gift_card_ledger" DROP COLUMN "refundId"`);
    await db.query(
      `CREATE UNIQUE INDEX "UQ_gift_card_ledger_order" ON "gift_card_ledger" ("orderId", "giftCardId", "kind") WHERE "orderId" IS NOT NULL`,
    );
    await db.query(`DROP TABLE "refund"`);
    await db.query(`DROP TABLE "document_counter"`);
    await db.query(`ALTER TABLE "order_line" DROP COLUMN "refundedQuantity", DROP COLUMN "restockedQuantity"`);
    await db.query(`DROP INDEX "UQ_order_invoice_number"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "invoiceNumber", DROP COLUMN "refundedAmount"`);
    // PostgreSQL cannot drop an enum value: a partly refunded order goes back to what it was.
    await db.query(
      `UPDATE "order" SET "state" = CASE WHEN "shippedAt" IS NULL THEN 'Paid' ELSE 'Shipped' END::"order_state_enum" WHERE "state" = 'PartiallyRefunded'`,
    );
  }
}
