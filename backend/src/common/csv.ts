import { MAX_TAKE, type Page } from './list';

/** CSV exports (RFC 4180, CRLF lines), written a page at a time. */

export type Cell = string | number | boolean | Date | null | undefined;

/** One CSV field: quoted when needed, and a leading = + - @ defused so spreadsheets do not run it as a formula. */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

/**
 * Walks a list service page by page, so an export has every matching row without holding them all.
 * One item may make several rows (an order, one per line).
 */
export async function* csvRows<T>(
  header: string[],
  fetchPage: (page: Page) => Promise<{ items: T[] }>,
  rows: (item: T) => Cell[][],
): AsyncGenerator<string> {
  yield csvLine(header);
  for (let skip = 0; ; skip += MAX_TAKE) {
    const { items } = await fetchPage({ skip, take: MAX_TAKE });
    for (const item of items) for (const row of rows(item)) yield csvLine(row);
    if (items.length < MAX_TAKE) return;
  }
}
