import type { EntityManager } from 'typeorm';

/**
 * Gives an order's use of a discount code back once its cancelling or expiry is committed
 * (discounts.work.ts): the code counts it no more, and a once-per-customer code may be used again.
 * A use is given back once, however often the event is delivered.
 */
export async function releaseDiscountUse(db: Pick<EntityManager, 'query'>, orderId: string): Promise<void> {
  await db.query(
    `WITH released AS (
       UPDATE "discount_use" SET "releasedAt" = now() WHERE "orderId" = $1 AND "releasedAt" IS NULL RETURNING "discountId")
     UPDATE "discount" d SET "timesUsed" = d."timesUsed" - 1 FROM released WHERE d."id" = released."discountId"`,
    [orderId],
  );
}
