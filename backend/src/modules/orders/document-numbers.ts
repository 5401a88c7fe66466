import type { EntityManager } from 'typeorm';

/** The numbered documents of a shop, each series its own gap-free sequence. */
export type DocumentSeries = 'invoice' | 'creditNote' | 'return';

/**
 * The next number of a series for this year, as `PREFIX-2027-000123`, inside the caller's
 * transaction. The year's counter row is created or incremented under its row lock, so concurrent
 * callers take turns and a caller that rolls back gives its number back: the numbers have no gap
 * and no repeat (a PostgreSQL SEQUENCE would skip what a rolled-back payment took).
 */
export async function nextDocumentNumber(manager: Pick<EntityManager, 'query'>, series: DocumentSeries, prefix: string): Promise<string> {
  const [{ year, last }]: { year: number; last: number }[] = await manager.query(
    `INSERT INTO "document_counter" ("series", "prefix", "year", "last")
     VALUES ($1, $2, extract(year FROM now() AT TIME ZONE 'UTC')::int, 1)
     ON CONFLICT ("series", "prefix", "year") DO UPDATE SET "last" = "document_counter"."last" + 1
     RETURNING "year", "last"`,
    [series, prefix],
  );
  return `${prefix}-${year}-${String(last).padStart(6, '0')}`;
}
