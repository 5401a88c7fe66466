/** A payment intent as Keen needs it, whichever provider holds it. Amounts are in cents. */
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

export const CURRENCY = 'usd';

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** Creates the order's intent; the idempotency key makes a second call answer the same intent. */
  createIntent(orderId: string, amount: number, idempotencyKey: string): Promise<ProviderIntent>;
  /** The intent as the provider knows it, or null for an id it does not know. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Checks a webhook's signature and answers the intent of a `payment_intent.succeeded` event,
   * or null for any other event. Throws when the signature does not verify.
   */
  succeededIntentFromWebhook(rawBody: Buffer, signature: string): ProviderIntent | null;
}
