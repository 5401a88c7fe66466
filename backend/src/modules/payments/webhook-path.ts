/** The Stripe webhook's path under /api. Its signature covers the raw body, so no JSON parser may read it first. */
export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';
