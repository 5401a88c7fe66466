import type { Request } from 'express';
import { badInput } from '../common/errors';
import { MAX_TAKE } from '../common/list';
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
  transactionId: o.transactionId,
  productCode: o.productId,
  engraving: o.engraving,
});

export const restReview = (r: Review) => ({
  _id: r.id,
  userName: r.userName,
  name: r.name,
  email: r.email,
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

/** The old routes answer whole lists; the services page at most MAX_TAKE rows, so read every page. */
export async function everyPage<T>(read: (page: { skip: number; take: number }) => Promise<{ items: T[]; totalItems: number }>): Promise<T[]> {
  const all: T[] = [];
  for (;;) {
    const { items, totalItems } = await read({ skip: all.length, take: MAX_TAKE });
    all.push(...items);
    if (items.length < MAX_TAKE || all.length >= totalItems) return all;
  }
}

/** The JSON body as an object (an absent body is empty; an array or a scalar is bad input). */
export function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badInput('The request body must be a JSON object');
  return body as Record<string, unknown>;
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
