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
  /** Minor units; `adjustments` is every adjustment of the price together (negative lowers it). */
  totals: { subtotal: number; adjustments: number; shipping: number; tax: number; total: number };
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
  /** Whether a line is an age-restricted product (a bladed article); absent in events raised before blades had rules. */
  ageRestricted?: boolean;
  /** For an age-restricted order: the rule it ships under and, once shipped, how; null otherwise. */
  ageRestriction?: AgeRestrictionPayload | null;
}

/** The destination's rule an age-restricted order was placed under, the check it relied on (order.placed) and how it shipped. */
export interface AgeRestrictionPayload {
  /** ISO 3166-1 alpha-2. */
  country: string;
  minimumAge: number;
  /** `age-verified`: the carrier hands the parcel only to an adult whose age it checks. */
  handover: string;
  /** The age check the order relied on, as it was when placed (order.placed only). */
  check: AgeCheckEvidencePayload | null;
  /** Whether it was shipped with an age-verified delivery service (once shipped). */
  ageVerifiedDelivery: boolean | null;
}

/** A completed age check, as the evidence keeps it: never the date of birth. */
export interface AgeCheckEvidencePayload {
  checkId: string;
  /** The provider: `test`, `declared`, or a real provider's name. */
  method: string;
  status: string;
  /** e.g. "18+" or "under 18". */
  ageBracket: string | null;
  providerReference: string;
  checkedAt: string;
}

/** A customer's age check came back passed or failed (order.age_check_passed, order.age_check_failed). */
export interface AgeCheckPayload extends AgeCheckEvidencePayload {
  customer: { id: string; name: string; email: string };
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
  /** The knife reviewed; null for a review of the shop. */
  productId: string | null;
  rating: number;
}

export interface CollectionPayload {
  collectionId: string;
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
  /** Staff changed an unpaid order's price (its note says by how much and why). */
  'order.price_adjusted': OrderPayload;
  /** Raised with the check, before the order exists; its aggregate is the customer. */
  'order.age_check_passed': AgeCheckPayload;
  'order.age_check_failed': AgeCheckPayload;
  'product.created': ProductPayload;
  'product.updated': ProductPayload;
  'product.deleted': ProductPayload;
  'review.added': ReviewPayload;
  'review.removed': ReviewPayload;
  /** Made, changed, filled, moved or deleted: its page and the collection lists change. */
  'collection.changed': CollectionPayload;
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
  'collection.changed',
  'user.roleChanged',
  'user.profileUpdated',
  'user.emailVerified',
];

/** Events no public answer shows: an address's verification, a customer's age checks. */
const PRIVATE_EVENTS: readonly DomainEventName[] = ['user.emailVerified', 'order.age_check_passed', 'order.age_check_failed'];

/** The events that may change a public answer. */
export const PUBLIC_ANSWER_EVENTS: readonly DomainEventName[] = DOMAIN_EVENT_NAMES.filter((name) => !PRIVATE_EVENTS.includes(name));

/** A committed event as subscribers receive it. */
export interface DomainEvent<N extends DomainEventName = DomainEventName> {
  id: string;
  name: N;
  /** The id of the order, product, review or user the event is about: events of one aggregate arrive in order. */
  aggregateId: string;
  payload: DomainEventPayloads[N];
  createdAt: Date;
}
