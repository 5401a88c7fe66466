import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { MAX_TAKE } from '../common/list';
import { fieldOf } from './body';

/** The most rows one REST list answers; `?skip` and `?take` page through longer lists. */
export const REST_LIST_CAP = 1000;

/** `X-Total-Count`, which `restList` sets, as a route declares it among its answer's headers. */
export const totalCount = (description: string) => z.int().min(0).describe(description);

type EnumOf<Values> = Values extends readonly string[] ? z.util.ToEnum<Values[number]> : Values;

const once = (issue: { path?: PropertyKey[] }) => `Send ${fieldOf(issue)} once, as text`;
const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);

/**
 * Query parameters as the router reads them (Express's "simple" parser gives text, or an array for
 * a repeated one): a bad value is a 400 that names the parameter.
 */
export const param = {
  /** A single value, '' included. */
  text: () => z.string({ error: once }).optional(),
  /** A single value; '' reads as absent. */
  nonEmptyText: () => z.preprocess(emptyIsAbsent, z.string({ error: once }).optional()),
  required: () => {
    const required = (issue: { path?: PropertyKey[] }) => `The query parameter ${fieldOf(issue)} is required`;
    return z.string({ error: (issue) => (issue.input === undefined ? required(issue) : once(issue)) }).min(1, { error: required });
  },
  /** One of the allowed values (they reach ORDER BY, so never free text); '' reads as absent. */
  oneOf: <const Values extends z.util.EnumLike | readonly [string, ...string[]]>(values: Values) => {
    const allowed = Object.values(values).join(', ');
    // z.enum takes either form; its overloads, one at a time.
    const oneOf = z.enum(values as z.util.EnumLike, { error: (issue) => `${fieldOf(issue)} must be one of ${allowed}` });
    return z.preprocess(emptyIsAbsent, (oneOf as z.ZodEnum<EnumOf<Values>>).optional());
  },
  /** true or 1, false or 0 (the storefront's URLs say inStock=1); '' reads as absent. */
  yesNo: () =>
    z.preprocess(
      emptyIsAbsent,
      z
        .enum(['true', 'false', '1', '0'], { error: (issue) => `${fieldOf(issue)} must be true or false` })
        .optional()
        .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
    ),
  /** A whole number from `min` to `max`; anything else is `message`. */
  wholeNumber: (min: number, max: number, message: string) =>
    z.preprocess(
      (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
      z
        .int({ error: (issue) => (Array.isArray(issue.input) ? once(issue) : message) })
        .min(min, { error: message })
        .max(max, { error: message })
        .optional(),
    ),
};

/** `restList`'s query parameters, as a route declares them. */
export const LIST_PAGE_QUERY_SCHEMA = z.object({
  skip: param.wholeNumber(0, Number.MAX_SAFE_INTEGER, 'skip must be a whole number of at least 0').describe('Rows to skip (default 0)'),
  take: param
    .wholeNumber(1, REST_LIST_CAP, `take must be a whole number from 1 to ${REST_LIST_CAP}`)
    .describe(`Rows to answer (default and at most ${REST_LIST_CAP})`),
});

/**
 * The old routes answer a plain array. It holds at most REST_LIST_CAP rows (`?take`, default and
 * most REST_LIST_CAP) after `?skip` rows, read in service pages of MAX_TAKE, so a list never loads a
 * whole table. `X-Total-Count` says how many rows match over every page.
 */
export async function restList<T>(
  { skip = 0, take = REST_LIST_CAP }: { skip?: number; take?: number },
  res: Pick<ServerResponse, 'setHeader'>,
  read: (page: { skip: number; take: number }) => Promise<{ items: T[]; totalItems: number }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const wanted = Math.min(MAX_TAKE, take - rows.length);
    const { items, totalItems } = await read({ skip: skip + rows.length, take: wanted });
    rows.push(...items);
    res.setHeader('x-total-count', String(totalItems));
    if (items.length < wanted || rows.length >= take) return rows;
  }
}
