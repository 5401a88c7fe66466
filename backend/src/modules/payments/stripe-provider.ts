import Stripe from 'stripe';
import { AppError, badInput } from '../../common/errors';
import { CURRENCY, PaymentProvider, ProviderIntent } from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | null;
  /** Another API address, for a local stand-in in tests. */
  apiUrl: string | null;
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
    });
  }

  async createIntent(orderId: string, amount: number, idempotencyKey: string): Promise<ProviderIntent> {
    const intent = await this.stripe.paymentIntents.create(
      { amount, currency: CURRENCY, allowed_payment_method_types: ['card'], metadata: { orderId } },
      { idempotencyKey },
    );
    return toIntent(intent);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    if (!/^pi_[A-Za-z0-9]+$/.test(id)) return null;
    try {
      return toIntent(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  succeededIntentFromWebhook(rawBody: Buffer, signature: string): ProviderIntent | null {
    if (!this.settings.webhookSecret) throw new AppError('SERVICE_UNAVAILABLE', 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw badInput('The webhook signature does not verify');
      throw error;
    }
    if (event.type !== 'payment_intent.succeeded') return null;
    return toIntent(event.data.object);
  }
}

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    orderId: intent.metadata?.orderId ?? null,
  };
}
