/** What the page gives either card form: the Stripe one or the offline test provider's. */
export interface CardFormProps {
  orderId: string;
  /** A guest order's link token (signed out): every payment call sends it; null for an account's order. */
  token?: string | null;
  /** Null until the payment intent exists: the Pay button stays disabled until then. */
  clientSecret: string | null;
  billing: { name: string; email: string };
  /** After success the Pay button stays disabled. */
  completed: boolean;
  /** The payment succeeded with this transaction (payment intent) id. */
  onPaid: (transactionId: string) => void;
}

export const CARD_FONT_SIZE = '16px';
