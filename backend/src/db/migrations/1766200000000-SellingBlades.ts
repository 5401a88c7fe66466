import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Selling blades lawfully: per-country rules for bladed articles, the age evidence log (age checks
 * and the placing and shipping of age-restricted orders, never a date of birth), products marked
 * age-restricted with an optional minimum age of their own, and orders that keep where they ship,
 * whether they are age-restricted, the rule they were placed under, the check they relied on and
 * how they shipped. Products and orders from before are not age-restricted; an order placed before
 * keeps its destination if it had a structured address.
 */
export class SellingBlades1766200000000 implements MigrationInterface {
  name = 'SellingBlades1766200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "blade_rule" (
        "country" char(2) NOT NULL,
        "minimumAge" int NOT NULL,
        "allowed" boolean NOT NULL,
        "handover" varchar(20) NOT NULL,
        "updatedBy" varchar(254),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_blade_rule" PRIMARY KEY ("country"),
        CONSTRAINT "CHK_blade_rule_minimum_age" CHECK ("minimumAge" BETWEEN 1 AND 99),
        CONSTRAINT "CHK_blade_rule_handover" CHECK ("handover" IN ('age-verified', 'standard'))
      )`);
    await db.query(`
      CREATE TABLE "age_evidence" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "kind" varchar(20) NOT NULL,
        "customerId" uuid,
        "customerEmail" varchar(254),
        "orderId" uuid,
        "checkId" uuid,
        "fullName" varchar(120),
        "method" varchar(20),
        "status" varchar(20),
        "ageBracket" varchar(20),
        "ageAtLeast" int,
        "providerReference" varchar(255),
        "declaration" varchar(500),
        "country" char(2),
        "minimumAge" int,
        "handover" varchar(20),
        "ageVerifiedDelivery" boolean,
        "note" varchar(500),
        "eventId" uuid,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_age_evidence" PRIMARY KEY ("id")
      )`);
    await db.query(`CREATE INDEX "IDX_age_evidence_customer_created" ON "age_evidence" ("customerId", "createdAt")`);
    await db.query(`CREATE INDEX "IDX_age_evidence_order" ON "age_evidence" ("orderId")`);
    await db.query(`CREATE INDEX "IDX_age_evidence_created" ON "age_evidence" ("createdAt")`);
    await db.query(`CREATE UNIQUE INDEX "UQ_age_evidence_event" ON "age_evidence" ("eventId")`);
    await db.query(`
      ALTER TABLE "product"
        ADD COLUMN "ageRestricted" boolean NOT NULL DEFAULT false,
        ADD COLUMN "minimumAge" int,
        ADD CONSTRAINT "CHK_product_minimum_age" CHECK ("minimumAge" IS NULL OR "minimumAge" BETWEEN 1 AND 99)`);
    await db.query(`
      ALTER TABLE "order"
        ADD COLUMN "destinationCountry" char(2),
        ADD COLUMN "ageRestricted" boolean NOT NULL DEFAULT false,
        ADD COLUMN "minimumAge" int,
        ADD COLUMN "deliveryHandover" varchar(20),
        ADD COLUMN "ageCheckId" uuid,
        ADD COLUMN "ageVerifiedDelivery" boolean`);
    await db.query(`UPDATE "order" SET "destinationCountry" = "shippingAddress"->>'country' WHERE "shippingAddress" IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE "order"
        DROP COLUMN "ageVerifiedDelivery", DROP COLUMN "ageCheckId", DROP COLUMN "deliveryHandover",
        DROP COLUMN "minimumAge", DROP COLUMN "ageRestricted", DROP COLUMN "destinationCountry"`);
    await db.query(
      `ALTER TABLE "product" DROP CONSTRAINT "CHK_product_minimum_age", DROP COLUMN "minimumAge", DROP COLUMN "ageRestricted"`,
    );
    await db.query(`DROP TABLE "age_evidence"`);
    await db.query(`DROP TABLE "blade_rule"`);
  }
}
