import type { EntityManager } from 'typeorm';
import { dashedWords, freeNames, isNameTaken, withFreshNames } from './names';
import type { Product } from './product.entity';
import { ProductVariantRow } from './variant.entity';
import type { ProductOptionGroup, ProductOptionValue, ProductVariant } from './variant.types';

/**
 * Variant reads and the stock rules every writer shares (catalog and orders alike).
 *
 * Lock order: a transaction that changes stock takes its variant rows first (in id order) and the
 * product rows after (`refreshProductTotals`, in id order), so orders, restocks and admin edits
 * sharing a product wait for each other instead of deadlocking.
 */

/** A variant's option value, with its group's name (how REST and the mails name it). */
export type VariantOption = ProductOptionValue & { groupName: string };
/** A variant as REST and the mails show it: each option value with its group's name. */
export type VariantWithGroupNames = Omit<ProductVariant, 'options'> & { options: VariantOption[] };

type Queryable = Pick<EntityManager, 'query'>;

/** A new product's one variant: its price, stock and photo, with an SKU made from its name. */
export async function addOnlyVariant(manager: EntityManager, product: Product): Promise<void> {
  const [sku] = await freeSkus(manager, [skuPart(product.name)]);
  await manager.getRepository(ProductVariantRow).insert({
    productId: product.id,
    sku,
    name: '',
    priceAmount: product.priceAmount,
    quantity: product.quantity,
    img: null,
    enabled: true,
    position: 0,
  });
}

/**
 * A variant's made-to-order days in effect, as SQL over `v` (product_variant) and `p` (its product):
 * its own (MADE_TO_ORDER), none (IN_STOCK), or its product's (INHERIT); null ships from stock only.
 */
export const EFFECTIVE_MADE_TO_ORDER_SQL = `CASE WHEN v."leadTimeMode" = 'MADE_TO_ORDER' THEN json_build_object('minDays', v."madeToOrderMinDays", 'maxDays', v."madeToOrderMaxDays")
                 WHEN v."leadTimeMode" = 'IN_STOCK' OR p."madeToOrderMinDays" IS NULL THEN NULL
                 ELSE json_build_object('minDays', p."madeToOrderMinDays", 'maxDays', p."madeToOrderMaxDays") END`;

/** The variants of these products, in their order, each with its options in group order: one statement. */
export async function readVariants(db: Queryable, productIds: readonly string[]): Promise<Map<string, VariantWithGroupNames[]>> {
  const rows: VariantWithGroupNames[] = productIds.length
    ? await db.query(
        `SELECT v."id", v."productId", v."sku", v."name", v."priceAmount", v."quantity", coalesce(v."img", p."img") AS "img", v."img" AS "ownImg", v."enabled",
                coalesce(v."weightGrams", p."weightGrams") AS "weightGrams", v."weightGrams" AS "ownWeightGrams",
                v."leadTimeMode", ${EFFECTIVE_MADE_TO_ORDER_SQL} AS "effectiveMadeToOrder", p."minimumQuantity",
                coalesce((SELECT json_agg(json_build_object('id', o."id", 'groupId', o."groupId", 'name', o."name", 'custom', o."custom", 'groupName', g."name") ORDER BY g."position")
                            FROM "product_variant_option" vo
                            JOIN "product_option_value" o ON o."id" = vo."valueId"
                            JOIN "product_option_group" g ON g."id" = o."groupId"
                           WHERE vo."variantId" = v."id"), '[]') AS "options"
           FROM "product_variant" v JOIN "product" p ON p."id" = v."productId"
          WHERE v."productId" = ANY($1::uuid[])
          ORDER BY v."productId", v."position", v."id"`,
        [productIds],
      )
    : [];
  return groupBy(productIds, rows, (row) => row.productId);
}

type GroupRow = Omit<ProductOptionGroup, 'custom'> & {
  productId: string;
  customLabel: string | null;
  customMin: number | null;
  customMax: number | null;
  customUnit: string | null;
  customSurchargeAmount: number | null;
};

/** The option groups of these products, in order, each with its values: one statement. */
export async function readOptionGroups(db: Queryable, productIds: readonly string[]): Promise<Map<string, ProductOptionGroup[]>> {
  const rows: GroupRow[] = productIds.length
    ? await db.query(
        `SELECT g."id", g."productId", g."name", g."customLabel", g."customMin", g."customMax", g."customUnit", g."customSurchargeAmount",
                coalesce((SELECT json_agg(json_build_object('id', o."id", 'groupId', o."groupId", 'name', o."name", 'custom', o."custom") ORDER BY o."position")
                            FROM "product_option_value" o WHERE o."groupId" = g."id"), '[]') AS "values"
           FROM "product_option_group" g
          WHERE g."productId" = ANY($1::uuid[])
          ORDER BY g."productId", g."position"`,
        [productIds],
      )
    : [];
  const groups = rows.map(({ customLabel, customMin, customMax, customUnit, customSurchargeAmount, ...group }) => ({
    ...group,
    custom:
      customLabel === null
        ? null
        : { label: customLabel, min: customMin!, max: customMax!, unit: customUnit!, surchargeAmount: customSurchargeAmount! },
  }));
  return groupBy(productIds, groups, (group) => group.productId);
}

function groupBy<T>(keys: readonly string[], rows: T[], keyOf: (row: T) => string): Map<string, T[]> {
  const byKey = new Map<string, T[]>(keys.map((key) => [key, []]));
  for (const row of rows) byKey.get(keyOf(row))?.push(row);
  return byKey;
}

/**
 * Sets each product's price (minor units) to its lowest enabled variant price (kept when none is enabled) and
 * its stock to its enabled variants' stock: the SPEC's `price` and `quantity`, and what the hot
 * lists sort and filter by. Call it inside the transaction that changed the variants.
 */
export async function refreshProductTotals(db: Queryable, productIds: readonly string[]): Promise<void> {
  if (!productIds.length) return;
  const ids = [...productIds].sort();
  // The lock comes first, in a statement of its own: under READ COMMITTED the sums below then read a
  // snapshot taken after every earlier writer of these products committed. Summed in the locking
  // statement, they would be read before the wait, and two buyers of two variants could each write
  // a total missing the other's units.
  // NO KEY UPDATE: the orders and lines a transaction has already written hold KEY SHARE locks on
  // their products, which FOR UPDATE would wait on (and deadlock with another buyer doing the same).
  await db.query(`SELECT 1 FROM "product" WHERE "id" = ANY($1::uuid[]) ORDER BY "id" FOR NO KEY UPDATE`, [ids]);
  await db.query(
    `UPDATE "product" p SET "priceAmount" = coalesce(t."priceAmount", p."priceAmount"), "quantity" = t."quantity"
       FROM (SELECT v."productId" AS id,
                    min(v."priceAmount") FILTER (WHERE v."enabled") AS "priceAmount",
                    LEAST(coalesce(sum(v."quantity") FILTER (WHERE v."enabled"), 0), 2147483647)::int AS "quantity"
               FROM "product_variant" v WHERE v."productId" = ANY($1::uuid[]) GROUP BY v."productId") t
      WHERE p."id" = t.id`,
    [ids],
  );
}

/**
 * Takes units from products' stock (the sum of their enabled variants') after an order took them
 * from enabled variants: a delta, so that concurrent orders need no fresh sum. One statement per
 * product, in id order. A stock at the column's cap, or below the units (written around Keen, by
 * hand), is summed again instead.
 */
export async function takeProductStock(db: Queryable, units: ReadonlyMap<string, number>): Promise<void> {
  for (const productId of [...units.keys()].sort())
    await db.query(
      `UPDATE "product" p SET "quantity" = CASE WHEN p."quantity" BETWEEN $2 AND 2147483646 THEN p."quantity" - $2
             ELSE (SELECT LEAST(coalesce(sum(v."quantity") FILTER (WHERE v."enabled"), 0), 2147483647)::int
                     FROM "product_variant" v WHERE v."productId" = p."id") END
        WHERE p."id" = $1`,
      [productId, units.get(productId)],
    );
}

/** Letters and digits of `text`, upper-cased, joined by dashes: "Engraved Santoku" -> "ENGRAVED-SANTOKU". */
export const skuPart = (text: string): string => dashedWords(text).toUpperCase() || 'ITEM';

/** SKUs from `wanted` (one each) that no variant has yet, whatever the case: a taken one gets -2, -3... One statement. */
export function freeSkus(db: Queryable, wanted: readonly string[]): Promise<string[]> {
  return freeNames(wanted, 58, async (candidates) =>
    (
      (await db.query(`SELECT lower("sku") AS sku FROM "product_variant" WHERE lower("sku") = ANY($1)`, [candidates])) as { sku: string }[]
    ).map((row) => row.sku),
  );
}

/**
 * Whether a variant is kept only for its orders: it lost its options. Without option groups the
 * product's own variant has no name, while a retired one keeps the name it was ordered by.
 */
export function isRetired(name: string, options: number, groups: number): boolean {
  return options !== groups || (groups === 0 && name !== '');
}

/** The unique index of the variants' SKUs (on lower(sku)). */
export const SKU_INDEX = 'UQ_product_variant_sku';

/** Whether `error` is another variant having taken an SKU (whatever the case) first. */
export const isSkuTaken = (error: unknown) => isNameTaken(error, [SKU_INDEX]);

/**
 * Runs a transaction that makes SKUs (freeSkus) again when a concurrent writer committed one of
 * them first: the next try reads it and takes the next free one.
 */
export const withFreshSkus = <T>(transaction: () => Promise<T>) => withFreshNames(transaction, [SKU_INDEX], 'SKUs');

/** "Engraved Santoku 18 cm / Walnut", or the product's name alone for its only variant. */
export const describe = (product: string, variant: string) => (variant ? `${product} ${variant}` : product);
