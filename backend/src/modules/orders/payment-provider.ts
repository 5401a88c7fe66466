/** A payment intent as Keen needs it, whichever provider holds it. Amounts are in minor units; the currency is lower-case, as Stripe writes it. */
export interface ProviderIntent {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status: string;
  /** The order id from the intent's metadata. */
  orderId: string | null;
}

/** A card the offline provider charges; Stripe takes cards in the browser only. */
export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The provider's decline or validation message, shown to the customer as is. */
export class CardError extends Error {}

/** The provider refused a refund (more than is left of the payment, a payment it cannot refund); its message says why. */
export class RefundRefused extends Error {}

/** How providers write an order's currency (Stripe: lower-case ISO 4217). */
export const providerCurrency = (currency: string) => currency.toLowerCase();

/** Intent statuses in which money is taken or on its way: such an intent is not cancelled. */
export const PAYING_STATUSES: readonly string[] = ['succeeded', 'processing', 'requires_capture'];

/** What a signature-checked webhook reports about an order's payment. */
export type PaymentEvent =
  { type: 'succeeded'; intent: ProviderIntent } | { type: 'refunded' | 'disputed' | 'failed'; paymentIntentId: string };

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** Creates the order's intent; the idempotency key makes a second call answer the same intent. */
  createIntent(orderId: string, amount: number, currency: string, idempotencyKey: string): Promise<ProviderIntent>;
  /** The intent as the provider knows it, or null for an id it does not know. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Cancels the intent unless money is taken or on its way; answers the intent as it is after
   * (so a status in PAYING_STATUSES means the payment won the race).
   */
  cancelIntent(id: string): Promise<ProviderIntent>;
  /** Sets the amount of an intent not yet paid (an order's price was adjusted); answers the intent as it is after. */
  updateIntentAmount(id: string, amount: number): Promise<ProviderIntent>;
  /**
   * Returns a succeeded intent's payment: all of it, or `part.amount` of it (minor units). The
   * idempotency key makes a repeated call answer the first one's refund, refunding nothing more.
   * Answers the provider's refund id; throws RefundRefused when the provider will not refund.
   */
  refund(intentId: string, part?: { amount: number; idempotencyKey: string }): Promise<string>;
  /**
   * Checks a webhook's signature and answers a payment success, a full refund or a dispute,
   * or null for any other event. Throws when the signature does not verify.
   */
  eventFromWebhook(rawBody: Buffer, signature: string): PaymentEvent | null;
}
