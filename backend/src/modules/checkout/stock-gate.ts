import type { EntityManager } from 'typeorm';
import { OPEN_ORDER, OPEN_QUEUED_UNITS } from '../workshop';
import type { OfferedVariant } from './lines';

/**
 * The checkout's stock gate: each line's units taken with a conditional update in the order's
 * transaction (within the customer's limits, counted by the order's own INSERT: CheckoutService),
 * and a rush's later buyers refused without one (known-shortages.ts).
 */

/**
 * Takes `count` units of a variant if it has them and is enabled, and reads what an order takes from
 * it; undefined when it cannot. With `customerId`, the same statement first locks that customer's
 * row and answers whether their e-mail is verified (one round trip less for every buyer).
 */
export async function takeUnits(
  manager: EntityManager,
  variantId: string,
  count: number,
  customerId: string | null,
): Promise<(TakenVariant & { emailVerified?: boolean }) | undefined> {
  // TypeORM answers an UPDATE as [rows, count].
  const [[row]]: [(TakenVariant & { emailVerified?: boolean })[], number] = customerId
    ? await manager.query(
        `WITH customer AS MATERIALIZED (SELECT "emailVerified" FROM "user" WHERE "id" = $3 FOR UPDATE)
         UPDATE "product_variant" SET "quantity" = "quantity" - $2
          WHERE "id" = $1 AND "quantity" >= $2 AND "enabled" AND EXISTS (SELECT 1 FROM customer)
         RETURNING "id", "sku", "priceAmount", "img", (SELECT "emailVerified" FROM customer) AS "emailVerified"`,
        [variantId, count, customerId],
      )
    : await manager.query(
        `UPDATE "product_variant" SET "quantity" = "quantity" - $2 WHERE "id" = $1 AND "quantity" >= $2 AND "enabled"
         RETURNING "id", "sku", "priceAmount", "img"`,
        [variantId, count],
      );
  return row;
}

/**
 * A made-to-order variant's units: from its stock first, the rest joining the workshop queue, up to
 * its cap of open made-to-order units. The variant's row is locked before the open units are
 * counted, so a second buyer counts the first one's units once they commit. With `customerId`, that
 * customer's row is locked first (as takeUnits does). Answers how many came from stock, or the open
 * units when the cap refuses; undefined when the variant is gone or disabled.
 */
export async function takeMadeToOrderUnits(
  manager: EntityManager,
  variantId: string,
  count: number,
  cap: number | null,
  customerId: string | null,
): Promise<(TakenVariant & { emailVerified?: boolean; fromStock: number }) | { capReached: number } | undefined> {
  let emailVerified: boolean | undefined;
  if (customerId) {
    const [customer]: { emailVerified: boolean }[] = await manager.query(`SELECT "emailVerified" FROM "user" WHERE "id" = $1 FOR UPDATE`, [
      customerId,
    ]);
    if (!customer) return undefined;
    emailVerified = customer.emailVerified;
  }
  const [variant]: { quantity: number }[] = await manager.query(
    `SELECT "quantity" FROM "product_variant" WHERE "id" = $1 AND "enabled" FOR UPDATE`,
    [variantId],
  );
  if (!variant) return undefined;
  const fromStock = Math.min(variant.quantity, count);
  if (cap !== null && count > fromStock) {
    const [{ open }]: { open: number }[] = await manager.query(
      `SELECT coalesce(sum(${OPEN_QUEUED_UNITS}), 0)::int AS "open" FROM "order_line" l JOIN "order" o ON o."id" = l."orderId"
        WHERE l."variantId" = $1 AND l."queuedQuantity" > 0 AND ${OPEN_ORDER}`,
      [variantId],
    );
    if (open + count - fromStock > cap) return { capReached: open };
  }
  const [[row]]: [TakenVariant[], number] = await manager.query(
    `UPDATE "product_variant" SET "quantity" = "quantity" - $2 WHERE "id" = $1 RETURNING "id", "sku", "priceAmount", "img"`,
    [variantId, fromStock],
  );
  return { ...row, fromStock, ...(emailVerified !== undefined && { emailVerified }) };
}

/** What an order takes from a variant, read as it takes the units. */
export interface TakenVariant {
  id: string;
  sku: string;
  priceAmount: number;
  img: string | null;
}

/** The units an order takes from each product, from its units per variant. */
export function unitsByProduct(units: Map<string, number>, chosen: OfferedVariant[]): Map<string, number> {
  const byProduct = new Map<string, number>();
  for (const [variantId, count] of units) {
    const { productId } = chosen.find((variant) => variant.id === variantId)!;
    byProduct.set(productId, (byProduct.get(productId) ?? 0) + count);
  }
  return byProduct;
}
