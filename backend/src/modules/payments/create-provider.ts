import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import type { PaymentProvider } from '../orders';
import { StripeProvider } from './stripe-provider';
import { TestPaymentProvider } from './test-provider';

/** Stripe when a secret key is set; otherwise the offline provider (config refuses that in production). */
export function createPaymentProvider(db: DataSource, config: Config): PaymentProvider {
  const { secretKey, webhookSecret, apiUrl } = config.stripe;
  return secretKey ? new StripeProvider({ secretKey, webhookSecret, apiUrl }) : new TestPaymentProvider(db);
}
