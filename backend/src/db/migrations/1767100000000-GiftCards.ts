import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Gift cards: a product's kind (a knife, or a gift card: no stock, shipping or age check), the
 * cards (each code unique; one card per paid gift-card line unit), their ledger (every change of a
 * balance: issue, redeem, refund, adjustment; the balance is its sum; an order's redeem and refund
 * of a card are each written once), what gift cards paid of an order, and a gift-card line's
 * recipient, message and sending date.
 */
export class GiftCards1767100000000 implements MigrationInterface {
  name = 'GiftCards1767100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "product" ADD "kind" character varying(20) NOT NULL DEFAULT 'KNIFE'`);
    await db.query(`ALTER TABLE "product" ADD CONSTRAINT "CHK_product_kind" CHECK ("kind" IN ('KNIFE', 'GIFT_CARD'))`);
    await db.query(`ALTER TABLE "order" ADD "giftCardAmount" integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE "order_line" ADD "giftCard" jsonb`);
    await db.query(
      `CREATE TABLE "gift_card" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "code" character varying(16) NOT NULL,
         "initialAmount" integer NOT NULL,
         "currency" character(3) NOT NULL,
         "expiresAt" TIMESTAMP WITH TIME ZONE,
         "recipientEmail" character varying(254),
         "message" character varying(500),
         "sendAt" TIMESTAMP WITH TIME ZONE,
         "sentAt" TIMESTAMP WITH TIME ZONE,
         "disabled" boolean NOT NULL DEFAULT false,
         "orderId" uuid,
         "orderLineId" uuid,
         "unit" integer,
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "PK_gift_card" PRIMARY KEY ("id"),
         CONSTRAINT "CHK_gift_card_amount" CHECK ("initialAmount" > 0),
         CONSTRAINT "FK_gift_card_order" FOREIGN KEY ("orderId") REFERENCES "order"("id") ON DELETE SET NULL
       )`,
    );
    await db.query(`CREATE UNIQUE INDEX "UQ_gift_card_code" ON "gift_card" ("code")`);
    await db.query(`CREATE UNIQUE INDEX "UQ_gift_card_line_unit" ON "gift_card" ("orderLineId", "unit") WHERE "orderLineId" IS NOT NULL`);
    await db.query(`CREATE INDEX "IDX_gift_card_order" ON "gift_card" ("orderId") WHERE "orderId" IS NOT NULL`);
    await db.query(
      `CREATE TABLE "gift_card_ledger" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "giftCardId" uuid NOT NULL,
         "kind" character varying(20) NOT NULL,
         "amount" integer NOT NULL,
         "orderId" uuid,
         "reason" character varying(500),
         "createdBy" character varying(254),
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "PK_gift_card_ledger" PRIMARY KEY ("id"),
         CONSTRAINT "CHK_gift_card_ledger_kind" CHECK ("kind" IN ('issue', 'redeem', 'refund', 'adjustment')),
         CONSTRAINT "FK_gift_card_ledger_card" FOREIGN KEY ("giftCardId") REFERENCES "gift_card"("id") ON DELETE CASCADE,
         CONSTRAINT "FK_gift_card_ledger_order" FOREIGN KEY ("orderId") REFERENCES "order"("id") ON DELETE SET NULL
       )`,
    );
    await db.query(`CREATE INDEX "IDX_gift_card_ledger_card" ON "gift_card_ledger" ("giftCardId")`);
    await db.query(
      `CREATE UNIQUE INDEX "UQ_gift_card_ledger_order" ON "gift_card_ledger" ("orderId", "giftCardId", "kind") WHERE "orderId" IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "gift_card_ledger"`);
    await db.query(`DROP TABLE "gift_card"`);
    await db.query(`ALTER TABLE "order_line" DROP COLUMN "giftCard"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "giftCardAmount"`);
    await db.query(`ALTER TABLE "product" DROP CONSTRAINT "CHK_product_kind"`);
    await db.query(`ALTER TABLE "product" DROP COLUMN "kind"`);
  }
}
