import type { ServerResponse } from 'node:http';
import { badInput } from '../common/errors';
import { z } from 'zod';
import { MAX_TAKE } from '../common/list';

/** A REST request's query string, read into typed values; a bad value is a 400 that names the parameter. */

/** What these helpers read of a request: its parsed query string (Express's `req.query`, or the front door's). */
export interface QueryOf {
  query: Record<string, unknown>;
}

/** The most rows one REST list answers; `?skip` and `?take` page through longer lists. */
export const REST_LIST_CAP = 1000;

/** `X-Total-Count`, which `restList` sets, as a route declares it among its answer's headers. */
export const totalCount = (description: string) => z.int().min(0).describe(description);

/** `restList`'s query parameters, as a route declares them. */
export const LIST_PAGE_QUERY_SCHEMA = z.object({
  skip: z.int().min(0).optional().describe('Rows to skip (default 0)'),
  take: z.int().min(1).max(REST_LIST_CAP).optional().describe(`Rows to answer (default and at most ${REST_LIST_CAP})`),
});

/**
 * The old routes answer a plain array. It holds at most REST_LIST_CAP rows (`?take`, default and
 * most REST_LIST_CAP) after `?skip` rows, read in service pages of MAX_TAKE, so a list never loads a
 * whole table. `X-Total-Count` says how many rows match over every page.
 */
export async function restList<T>(
  req: QueryOf,
  res: Pick<ServerResponse, 'setHeader'>,
  read: (page: { skip: number; take: number }) => Promise<{ items: T[]; totalItems: number }>,
): Promise<T[]> {
  const skip = wholeQuery(req, 'skip', (n) => n >= 0, 'skip must be a whole number of at least 0') ?? 0;
  const take =
    wholeQuery(req, 'take', (n) => n >= 1 && n <= REST_LIST_CAP, `take must be a whole number from 1 to ${REST_LIST_CAP}`) ?? REST_LIST_CAP;
  const rows: T[] = [];
  for (;;) {
    const wanted = Math.min(MAX_TAKE, take - rows.length);
    const { items, totalItems } = await read({ skip: skip + rows.length, take: wanted });
    rows.push(...items);
    res.setHeader('x-total-count', String(totalItems));
    if (items.length < wanted || rows.length >= take) return rows;
  }
}

function wholeQuery(req: QueryOf, name: string, allowed: (value: number) => boolean, message: string): number | undefined {
  const raw = queryValue(req, name);
  if (raw === undefined) return undefined;
  if (!/^\d{1,15}$/.test(raw) || !allowed(Number(raw))) throw badInput(message);
  return Number(raw);
}

/** A single query-string value: `undefined` when absent; repeated or nested values are bad input. */
export function queryValue(req: QueryOf, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badInput(`Send ${name} once, as text`);
  return value;
}

export function requireQuery(req: QueryOf, name: string): string {
  const value = queryValue(req, name);
  if (!value) throw badInput(`The query parameter ${name} is required`);
  return value;
}

/** A query-string value that must be one of the allowed values (they reach ORDER BY, so never free text). */
export function oneOf<T extends string>(req: QueryOf, name: string, values: Record<string, T> | readonly T[]): T | undefined {
  const raw = req.query[name];
  if (raw === undefined || raw === '') return undefined;
  const allowed = Object.values(values);
  if (typeof raw !== 'string' || !allowed.includes(raw as T)) throw badInput(`${name} must be one of ${allowed.join(', ')}`);
  return raw as T;
}

/** A yes/no query-string value: true or 1, false or 0 (the storefront's URLs say inStock=1). */
export function yesNo(req: QueryOf, name: string): boolean | undefined {
  const raw = req.query[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw badInput(`${name} must be true or false`);
}
