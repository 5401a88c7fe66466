import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** A gift card product may let the buyer choose its amount, between a least and a most (minor units; both or neither). */
export class GiftCardAmounts1767200000000 implements MigrationInterface {
  name = 'GiftCardAmounts1767200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "product" ADD "giftCardMinAmount" integer`);
    await db.query(`ALTER TABLE "product" ADD "giftCardMaxAmount" integer`);
    await db.query(
      `ALTER TABLE "product" ADD CONSTRAINT "CHK_product_gift_card_amounts" CHECK (("giftCardMinAmount" IS NULL AND "giftCardMaxAmount" IS NULL) OR ("kind" = 'GIFT_CARD' AND "giftCardMinAmount" >= 1 AND "giftCardMaxAmount" >= "giftCardMinAmount"))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "product" DROP CONSTRAINT "CHK_product_gift_card_amounts"`);
    await db.query(`ALTER TABLE "product" DROP COLUMN "giftCardMaxAmount"`);
    await db.query(`ALTER TABLE "product" DROP COLUMN "giftCardMinAmount"`);
  }
}
