import type { Request, Response } from 'express';
import { badInput } from './errors';
import { MAX_TAKE } from './list';
import type { Product } from '../modules/catalog/product.entity';
import type { Order } from '../modules/orders/order.entity';
import type { Review } from '../modules/reviews/review.entity';
import type { User } from '../modules/users/user.entity';

/** The old client's JSON shapes (SPEC §3): `_id` instead of `id`; a user never carries a password. */

export const restProduct = (p: Product) => ({
  _id: p.id,
  name: p.name,
  img: p.img,
  description: p.description,
  price: p.price,
  quantity: p.quantity,
  minimumQuantity: p.minimumQuantity,
  engravable: p.engravable,
  engravingMaxLength: p.engravingMaxLength,
  engravingPrice: p.engravingPrice,
});

export const restOrder = (o: Order) => ({
  _id: o.id,
  userName: o.userName,
  phone: o.phone,
  address: o.address,
  name: o.name,
  email: o.email,
  description: o.description,
  price: o.price,
  totalPrice: o.totalPrice,
  quantity: o.quantity,
  minimumQuantity: o.minimumQuantity,
  img: o.img,
  status: o.status,
  paid: o.paid,
  state: o.state,
  transactionId: o.transactionId,
  productCode: o.productId,
  engraving: o.engraving,
});

/** Reviewers' e-mail addresses are for admins and the author: everyone else gets "" (the old shape kept). */
export const restReview = (r: Review, withEmail: boolean) => ({
  _id: r.id,
  userName: r.userName,
  name: r.name,
  email: withEmail ? r.email : '',
  description: r.description,
  img: r.img,
  star: r.star,
});

export const restUser = (u: User) => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  address: u.address,
  phone: u.phone,
  img: u.img,
  role: u.role,
});

/** The most rows one REST list answers; `?skip` and `?take` page through longer lists. */
export const REST_LIST_CAP = 1000;

/**
 * The old routes answer a plain array. It holds at most REST_LIST_CAP rows (`?take`, default and
 * most REST_LIST_CAP) after `?skip` rows, read in service pages of MAX_TAKE, so a list never loads a
 * whole table. `X-Total-Count` says how many rows match over every page.
 */
export async function restList<T>(
  req: Request,
  res: Response,
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

function wholeQuery(req: Request, name: string, allowed: (value: number) => boolean, message: string): number | undefined {
  const raw = queryValue(req, name);
  if (raw === undefined) return undefined;
  if (!/^\d{1,15}$/.test(raw) || !allowed(Number(raw))) throw badInput(message);
  return Number(raw);
}

/** A single query-string value: `undefined` when absent; repeated or nested values are bad input. */
export function queryValue(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badInput(`Send ${name} once, as text`);
  return value;
}

export function requireQuery(req: Request, name: string): string {
  const value = queryValue(req, name);
  if (!value) throw badInput(`The query parameter ${name} is required`);
  return value;
}

/** A query-string value that must be one of the allowed values (they reach ORDER BY, so never free text). */
export function oneOf<T extends string>(req: Request, name: string, values: Record<string, T> | readonly T[]): T | undefined {
  const raw = req.query[name];
  if (raw === undefined || raw === '') return undefined;
  const allowed = Object.values(values);
  if (typeof raw !== 'string' || !allowed.includes(raw as T)) throw badInput(`${name} must be one of ${allowed.join(', ')}`);
  return raw as T;
}

/** A yes/no query-string value: true or 1, false or 0 (the storefront's URLs say inStock=1). */
export function yesNo(req: Request, name: string): boolean | undefined {
  const raw = req.query[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw badInput(`${name} must be true or false`);
}
