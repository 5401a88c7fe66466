import type { EntityManager } from 'typeorm';
import type { User } from '../users';
import type { PlaceOrderInput } from './order.inputs';
import type { Order } from './order.entity';

/**
 * What staff give to make a private quote (messages' quoteFromMessage): its buyer, its one line and
 * where it ships. The checkout places it; the type lives here, below both, so neither module imports the other.
 */
export interface QuoteRequest {
  /** A verified account, or a guest by the e-mail address and name a message gave. */
  buyer: { user: User } | { guest: { email: string; name: string } };
  productId: string;
  variantId: string | null;
  quantity: number;
  shippingAddress: PlaceOrderInput['shippingAddress'];
  /** Where the quote came from, written in the order's history when it is placed. */
  note: string;
  /** Sets the order's price in its placing transaction, before its placed event (the pricing module's manual adjustment). */
  price: (manager: EntityManager, order: Order) => Promise<Order>;
  /** Counts the guest's unpaid orders by this key instead of a client address (a guest quote has none). */
  sourceKey: string;
}
