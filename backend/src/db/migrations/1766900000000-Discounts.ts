import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Discount codes: the codes staff create (unique whatever the case), each order's use of one
 * (given back when the order is cancelled or expires), and where an order's discount went: its
 * total and code on the order, each line's share, and on the adjustment the lines or delivery it
 * applied to.
 */
export class Discounts1766900000000 implements MigrationInterface {
  name = 'Discounts1766900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE "discount" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "code" character varying(40) NOT NULL,
         "kind" character varying(20) NOT NULL,
         "value" integer NOT NULL DEFAULT 0,
         "appliesTo" character varying(20) NOT NULL,
         "productIds" uuid[] NOT NULL DEFAULT '{}',
         "collectionIds" uuid[] NOT NULL DEFAULT '{}',
         "minimumSubtotalAmount" integer,
         "startsAt" TIMESTAMP WITH TIME ZONE,
         "endsAt" TIMESTAMP WITH TIME ZONE,
         "usageLimit" integer,
         "oncePerCustomer" boolean NOT NULL DEFAULT false,
         "enabled" boolean NOT NULL DEFAULT true,
         "timesUsed" integer NOT NULL DEFAULT 0,
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "PK_discount" PRIMARY KEY ("id"),
         CONSTRAINT "CHK_discount_used" CHECK ("timesUsed" >= 0 AND ("usageLimit" IS NULL OR "timesUsed" <= "usageLimit"))
       )`,
    );
    await db.query(`CREATE UNIQUE INDEX "UQ_discount_code" ON "discount" (lower("code"))`);
    await db.query(
      `CREATE TABLE "discount_use" (
         "orderId" uuid NOT NULL,
         "discountId" uuid NOT NULL,
         "customerId" uuid NOT NULL,
         "releasedAt" TIMESTAMP WITH TIME ZONE,
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "PK_discount_use" PRIMARY KEY ("orderId"),
         CONSTRAINT "FK_discount_use_order" FOREIGN KEY ("orderId") REFERENCES "order"("id") ON DELETE CASCADE,
         CONSTRAINT "FK_discount_use_discount" FOREIGN KEY ("discountId") REFERENCES "discount"("id") ON DELETE CASCADE
       )`,
    );
    await db.query(`CREATE INDEX "IDX_discount_use_customer" ON "discount_use" ("discountId", "customerId") WHERE "releasedAt" IS NULL`);
    await db.query(`ALTER TABLE "order" ADD "discountAmount" integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE "order" ADD "discountCode" character varying(40)`);
    await db.query(`ALTER TABLE "order_line" ADD "discountAmount" integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE "order_adjustment" ADD "linePositions" integer[]`);
    await db.query(`ALTER TABLE "order_adjustment" ADD "onDelivery" boolean NOT NULL DEFAULT false`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "order_adjustment" DROP COLUMN "onDelivery"`);
    await db.query(`ALTER TABLE "order_adjustment" DROP COLUMN "linePositions"`);
    await db.query(`ALTER TABLE "order_line" DROP COLUMN "discountAmount"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "discountCode"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "discountAmount"`);
    await db.query(`DROP TABLE "discount_use"`);
    await db.query(`DROP TABLE "discount"`);
  }
}
