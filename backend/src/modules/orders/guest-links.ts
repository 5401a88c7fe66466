import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { notFound } from '../../common/errors';
import type { Order } from './order.entity';

/**
 * A guest order's link (`/orders/{id}?token=...`): the guest's only key to it. The token is an
 * HMAC of the order's id under the server's secret (256 bits), so that every mail can carry the
 * same link without the token being stored: the order keeps only its SHA-256, and a token given
 * back is hashed and compared in constant time. A wrong or missing token is a 404, as for an
 * order that does not exist: a guess confirms no id.
 */
export class GuestLinks {
  constructor(
    private readonly secret: string,
    private readonly shopUrl: string,
  ) {}

  /** The token of a guest order's link. */
  token(orderId: string): string {
    return createHmac('sha256', this.secret).update(`guest-order:${orderId}`).digest('base64url');
  }

  /** What the order keeps of its token. */
  static hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  /** The link every mail of a guest order carries. */
  link(orderId: string): string {
    return `${this.shopUrl}/orders/${orderId}?token=${this.token(orderId)}`;
  }
}

/** Throws a 404 unless `token` is the guest order's own (hashed and compared in constant time). */
export function assertGuestToken(order: Pick<Order, 'guestTokenHash'>, token: unknown): void {
  if (!order.guestTokenHash || typeof token !== 'string' || token.length === 0 || token.length > 200) throw notFound('Order');
  const given = Buffer.from(GuestLinks.hash(token), 'hex');
  const kept = Buffer.from(order.guestTokenHash, 'hex');
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) throw notFound('Order');
}
