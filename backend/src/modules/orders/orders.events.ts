/** An order's domain events and what they carry: the plain JSON a mail, a webhook or the read cache needs without reading the order again. */
import type { AgeRestrictionPayload } from '../compliance';
import type { ModuleEvents } from '../keen-module';

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
  /** Its share of the discount code's reduction, minor units (negative; 0 without one). */
  discountAmount: number;
  /** `unitSurcharge` in minor units; `placement` an EngravingPlacement. */
  engraving: { text: string; font: string; placement: string; unitSurcharge: number } | null;
}

/** An order after the change that raised the event. */
export interface OrderPayload {
  orderId: string;
  state: string;
  customer: { id: string | null; name: string; email: string };
  /** Placed signed out: `customer.email` is the address the guest gave (not verified); `customer.id` is null until an account claims it. */
  guest?: boolean;
  phone: string;
  address: string;
  lines: OrderLinePayload[];
  /** ISO 4217: the currency of every amount of the order. */
  currency: string;
  /** In minor units; `total` is what the customer pays. */
  /** Minor units; `adjustments` is every adjustment of the price together (negative lowers it). */
  /** `discount` is the discount code's part of `adjustments` (negative; 0 without one). */
  /** `giftCards` is what gift cards paid of `total` (a tender, not a reduction: 0 without one); the card payment is for the rest. */
  /** `refunded` is what refunds returned so far (absent in events raised before partial refunds). */
  totals: {
    subtotal: number;
    adjustments: number;
    discount: number;
    shipping: number;
    tax: number;
    total: number;
    giftCards?: number;
    refunded?: number;
  };
  /** The order's invoice number, given at payment (absent before invoices were numbered). */
  invoiceNumber?: string | null;
  /** The discount code the order used, as the shop spells it; null without one. */
  discountCode: string | null;
  /** The total in major units (129.5), as webhooks carried it before minor units. */
  total: number;
  createdAt: string;
  /** When an unpaid order's hold runs out (null once it is paid or closed). */
  holdEndsAt: string | null;
  transactionId: string | null;
  /** What the admin gave when shipping (null before, or when they gave neither). */
  tracking: { carrier: string | null; number: string | null } | null;
  /** The buyer's gift message (the gift slip's) and note to the workshop; null without one, absent in events raised before they existed. */
  giftMessage?: string | null;
  workshopNote?: string | null;
  /** The ship window promised (calendar dates, YYYY-MM-DD); null with nothing to ship, absent in events raised before lead times. */
  shipBy?: { earliest: string; latest: string } | null;
  /** The history line's note, when the change had one. */
  note: string | null;
  /** Whether a line is an age-restricted product (a bladed article); absent in events raised before blades had rules. */
  ageRestricted?: boolean;
  /** For an age-restricted order: the rule it ships under and, once shipped, how; null otherwise. */
  ageRestriction?: AgeRestrictionPayload | null;
}

/** A refund made by an admin (or an API key), as the invoicing module raises it (refund.created): its credit note and amounts, with the order as it is after. */
export interface RefundPayload {
  refundId: string;
  creditNoteNumber: string;
  /** The order's invoice, which the credit note refers to. */
  invoiceNumber: string | null;
  currency: string;
  /** Minor units: everything refunded, and how it is made of lines, delivery and an amount. */
  amount: number;
  lines: { name: string; quantity: number; amount: number }[];
  shippingAmount: number;
  extraAmount: number;
  reason: string | null;
  /** Where it went: back to gift cards, and to the card payment. */
  giftCardAmount: number;
  cardAmount: number;
  order: OrderPayload;
}

declare module '../../events/domain-events' {
  interface DomainEventPayloads {
    'order.placed': OrderPayload;
    'order.paid': OrderPayload;
    /** Paid with an engraving whose product needs a proof: staff send a proof of each such line (proofs module). */
    'order.awaiting_proof': OrderPayload;
    /** Every engraving proof of it was approved (by its customer, or by PROOF_POLICY=proceed): it is being made. */
    'order.in_production': OrderPayload;
    'order.shipped': OrderPayload;
    /** The customer has it (an admin said so, or DELIVERED_AFTER_DAYS passed after shipping): its return window starts. */
    'order.delivered': OrderPayload;
    'order.cancelled': OrderPayload;
    'order.expired': OrderPayload;
    'order.refunded': OrderPayload;
    /** An admin refunded part of a paid order (its totals' `refunded` says how much so far). */
    'order.partially_refunded': OrderPayload;
    /** Staff changed an unpaid order's price (its note says by how much and why). */
    'order.price_adjusted': OrderPayload;
  }
}

/** The events this module raises: 'public' ones may change a public answer (the read cache forgets), 'private' ones never do. */
export const ORDER_EVENTS = {
  'order.placed': 'public',
  'order.paid': 'public',
  'order.awaiting_proof': 'public',
  'order.in_production': 'public',
  'order.shipped': 'public',
  'order.delivered': 'public',
  'order.cancelled': 'public',
  'order.expired': 'public',
  'order.refunded': 'public',
  'order.partially_refunded': 'public',
  'order.price_adjusted': 'public',
} as const satisfies ModuleEvents;
