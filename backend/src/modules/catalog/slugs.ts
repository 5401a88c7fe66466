import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '@keen/rules';
import type { DataSource, EntityManager } from 'typeorm';
import { plainRows } from '../../common/list';
import { dashedWords, freeNames } from './names';

/**
 * Products' slugs: their public pages are /products/{slug}. Every slug is kept in lowercase, unique
 * whatever the case; a slug a product left stays in `product_slug_history` and still leads to it.
 */

/** The unique index of the current slugs (on lower(slug)). */
export const SLUG_INDEX = 'UQ_product_slug';

type Queryable = Pick<EntityManager, 'query'>;

/** A slug made from a product's name: "Engraved Santoku 7\"" -> "engraved-santoku-7" ("product" for a name without a-z or digits). */
export const slugPart = (name: string): string => dashedWords(name).toLowerCase() || 'product';

/**
 * Slugs from `wanted` (one each) that no product has now, nor had (its old links still lead to it):
 * a taken one gets -2, -3... One statement.
 */
export function freeSlugs(db: Queryable, wanted: readonly string[]): Promise<string[]> {
  // Room for a suffix within the column.
  return freeNames(wanted, SLUG_MAX_LENGTH - 8, async (candidates) =>
    (
      (await db.query(
        `SELECT lower("slug") AS "slug" FROM "product" WHERE lower("slug") = ANY($1)
         UNION ALL SELECT "slug" FROM "product_slug_history" WHERE "slug" = ANY($1)`,
        [candidates],
      )) as { slug: string }[]
    ).map((row) => row.slug),
  );
}

/**
 * Inside the transaction that gives product `productId` the slug `to` (before it writes it): its
 * current slug becomes an old one that leads to it, and `to` is nobody's old slug any more.
 */
export async function leaveSlug(manager: EntityManager, productId: string, to: string): Promise<void> {
  // Read under the row's lock: two edits at once each keep the slug the other left.
  const [{ slug: from }]: { slug: string }[] = await manager.query(`SELECT "slug" FROM "product" WHERE "id" = $1 FOR UPDATE`, [productId]);
  if (from === to) return;
  await manager.query(`DELETE FROM "product_slug_history" WHERE "slug" = $1`, [to]);
  await manager.query(
    `INSERT INTO "product_slug_history" ("slug", "productId") VALUES ($1, $2)
     ON CONFLICT ("slug") DO UPDATE SET "productId" = EXCLUDED."productId", "createdAt" = now()`,
    [from, productId],
  );
}

/**
 * The statements reading `columns` (and the `joined` expressions, on `p`) of a product by a slug ($1,
 * in lowercase, as every slug is kept): `current` of the product whose slug it is, `old` of the one
 * that had it. Two statements, not one UNION: the old-slug arm cost a quarter of every product
 * page's statement (pgbench), and only a miss asks it.
 */
export interface SlugStatements {
  current: string;
  old: string;
}

export function productBySlugStatements(columns: readonly string[], joined: readonly string[] = []): SlugStatements {
  const selected = [...columns.map((column) => `p."${column}"`), ...joined].join(', ');
  return {
    current: `SELECT ${selected} FROM "product" p WHERE lower(p."slug") = $1`,
    old: `SELECT ${selected} FROM "product" p JOIN "product_slug_history" h ON h."productId" = p."id" WHERE h."slug" = $1`,
  };
}

/** Whether `key` could be a slug at all: anything else finds no product without asking the database. */
const couldBeSlug = (key: string) => key.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(key);

/**
 * The row of the product whose slug, or one of whose old slugs, `key` is (lowercase): its current
 * slug first. The caller compares the row's `slug` with the one asked for: another is a redirect.
 */
export async function rowBySlug<Row>(db: DataSource, statements: SlugStatements, key: string): Promise<Row | undefined> {
  if (!couldBeSlug(key)) return undefined;
  const [current] = await plainRows<Row>(db, statements.current, [key]);
  if (current) return current;
  const [moved] = await plainRows<Row>(db, statements.old, [key]);
  return moved;
}
