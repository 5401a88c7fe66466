/**
 * Every domain event Keen raises, by name, with what it carries. A payload holds what a subscriber
 * needs (an e-mail, a webhook, the read cache) without reading the changed rows again, as plain JSON.
 */
import { WEBHOOK_EVENTS } from '@keen/rules';

/** One line of an order, as it was ordered. */
export interface OrderLinePayload {
  productId: string | null;
  productName: string;
  /** The variant ordered (null once deleted), its name as ordered ("18 cm / Walnut", a measure included; null without options) and SKU. */
  variantId: string | null;
  variantName: string | null;
  sku: string | null;
  /** The measure of a made-to-measure line, in its option's unit. */
  customValue: number | null;
  quantity: number;
  /** Per unit, the engraving surcharge included, in minor units of the order's currency. */
  unitAmount: number;
  lineAmount: number;
  /** unitAmount and lineAmount in major units (129.5), as webhooks carried them before minor units. */
  unitPrice: number;
  lineTotal: number;
  /** `unitSurcharge` in minor units. */
  engraving: { text: string; font: string; unitSurcharge: number } | null;
}

/** An order after the change that raised the event. */
export interface OrderPayload {
  orderId: string;
  state: string;
  customer: { id: string | null; name: string; email: string };
  phone: string;
  address: string;
  lines: OrderLinePayload[];
  /** ISO 4217: the currency of every amount of the order. */
  currency: string;
  /** In minor units; `total` is what the customer pays. */
  totals: { subtotal: number; shipping: number; tax: number; total: number };
  /** The total in major units (129.5), as webhooks carried it before minor units. */
  total: number;
  createdAt: string;
  /** When an unpaid order's hold runs out (null once it is paid or closed). */
  holdEndsAt: string | null;
  transactionId: string | null;
  /** What the admin gave when shipping (null before, or when they gave neither). */
  tracking: { carrier: string | null; number: string | null } | null;
  /** The history line's note, when the change had one. */
  note: string | null;
}

export interface ProductPayload {
  productId: string;
  name: string;
  /** Its lowest variant price in minor units of `currency`; `price` is it in major units (129.5). */
  priceAmount: number;
  currency: string;
  price: number;
  quantity: number;
  minimumQuantity: number;
}

export interface ReviewPayload {
  reviewId: string;
  authorId: string | null;
  rating: number;
}

export interface UserPayload {
  userId: string;
  email: string;
}

export interface DomainEventPayloads {
  'order.placed': OrderPayload;
  'order.paid': OrderPayload;
  'order.shipped': OrderPayload;
  'order.cancelled': OrderPayload;
  'order.expired': OrderPayload;
  'order.refunded': OrderPayload;
  'product.created': ProductPayload;
  'product.updated': ProductPayload;
  'product.deleted': ProductPayload;
  'review.added': ReviewPayload;
  'review.removed': ReviewPayload;
  'user.roleChanged': UserPayload & { role: string };
  /** Name or photo changed: reviews show both. */
  'user.profileUpdated': UserPayload;
  /** Keen saw the account signed in with its e-mail address verified, for the first time. */
  'user.emailVerified': UserPayload;
}

export type DomainEventName = keyof DomainEventPayloads;

/** Every event: those an integrator's webhook may receive (@keen/rules), then Keen's own. */
export const DOMAIN_EVENT_NAMES: readonly DomainEventName[] = [
  ...WEBHOOK_EVENTS,
  'review.added',
  'review.removed',
  'user.roleChanged',
  'user.profileUpdated',
  'user.emailVerified',
];

/** The events that may change a public answer: all but an address's verification, which no public answer shows. */
export const PUBLIC_ANSWER_EVENTS: readonly DomainEventName[] = DOMAIN_EVENT_NAMES.filter((name) => name !== 'user.emailVerified');

/** A committed event as subscribers receive it. */
export interface DomainEvent<N extends DomainEventName = DomainEventName> {
  id: string;
  name: N;
  /** The id of the order, product, review or user the event is about: events of one aggregate arrive in order. */
  aggregateId: string;
  payload: DomainEventPayloads[N];
  createdAt: Date;
}
