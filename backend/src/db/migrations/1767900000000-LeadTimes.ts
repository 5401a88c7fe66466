import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Lead times (issue 52): a product made to order takes its own working days and may cap the open
 * made-to-order units of each variant; an order line keeps the units that joined the workshop's
 * queue (not taken from stock), and an order the ship window promised when it was placed and when
 * its lateness was told. The workshop's handling days, weekly capacity and closed dates are the
 * admin's, in a row of their own.
 */
export class LeadTimes1767900000000 implements MigrationInterface {
  name = 'LeadTimes1767900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "product" ADD "madeToOrderMinDays" integer`);
    await db.query(`ALTER TABLE "product" ADD "madeToOrderMaxDays" integer`);
    await db.query(`ALTER TABLE "product" ADD "madeToOrderCap" integer`);
    await db.query(
      `ALTER TABLE "product" ADD CONSTRAINT "CHK_product_made_to_order" CHECK (("madeToOrderMinDays" IS NULL AND "madeToOrderMaxDays" IS NULL AND "madeToOrderCap" IS NULL) OR ("madeToOrderMinDays" >= 1 AND "madeToOrderMaxDays" >= "madeToOrderMinDays" AND ("madeToOrderCap" IS NULL OR "madeToOrderCap" >= 1)))`,
    );
    await db.query(`ALTER TABLE "order_line" ADD "queuedQuantity" integer NOT NULL DEFAULT 0`);
    await db.query(
      `ALTER TABLE "order_line" ADD CONSTRAINT "CHK_order_line_queued" CHECK ("queuedQuantity" >= 0 AND "queuedQuantity" <= "quantity")`,
    );
    await db.query(`ALTER TABLE "order" ADD "shipByEarliest" date`);
    await db.query(`ALTER TABLE "order" ADD "shipByLatest" date`);
    await db.query(`ALTER TABLE "order" ADD "lateNoticeAt" TIMESTAMP WITH TIME ZONE`);
    await db.query(`CREATE INDEX "IDX_order_ship_by_latest" ON "order" ("shipByLatest")`);
    await db.query(
      `CREATE TABLE "workshop_settings" ("id" integer NOT NULL DEFAULT 1, "handlingDays" integer NOT NULL DEFAULT 2, "capacityPerWeek" integer,
        CONSTRAINT "PK_workshop_settings" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_workshop_settings_one" CHECK ("id" = 1),
        CONSTRAINT "CHK_workshop_settings_numbers" CHECK ("handlingDays" BETWEEN 0 AND 30 AND ("capacityPerWeek" IS NULL OR "capacityPerWeek" >= 1)))`,
    );
    await db.query(`INSERT INTO "workshop_settings" ("id") VALUES (1)`);
    await db.query(
      `CREATE TABLE "workshop_closed_date" ("date" date NOT NULL, "note" character varying(80) NOT NULL DEFAULT '',
        CONSTRAINT "PK_workshop_closed_date" PRIMARY KEY ("date"))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "workshop_closed_date"`);
    await db.query(`DROP TABLE "workshop_settings"`);
    await db.query(`DROP INDEX "IDX_order_ship_by_latest"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "lateNoticeAt"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "shipByLatest"`);
    await db.query(`ALTER TABLE "order" DROP COLUMN "shipByEarliest"`);
    await db.query(`ALTER TABLE "order_line" DROP CONSTRAINT "CHK_order_line_queued"`);
    await db.query(`ALTER TABLE "order_line" DROP COLUMN "queuedQuantity"`);
    await db.query(`ALTER TABLE "product" DROP CONSTRAINT "CHK_product_made_to_order"`);
    await db.query(`ALTER TABLE "product" DROP COLUMN "madeToOrderCap"`);
    await db.query(`ALTER TABLE "product" DROP COLUMN "madeToOrderMaxDays"`);
    await db.query(`ALTER TABLE "product" DROP COLUMN "madeToOrderMinDays"`);
  }
}
