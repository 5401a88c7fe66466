import Stripe from 'stripe';
import { AppError, badInput } from '../../common/errors';
import { providerCurrency, RefundRefused, type PaymentEvent, type PaymentProvider, type ProviderIntent } from '../orders';

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

  async createIntent(orderId: string, amount: number, currency: string, idempotencyKey: string): Promise<ProviderIntent> {
    const intent = await this.stripe.paymentIntents.create(
      { amount, currency: providerCurrency(currency), allowed_payment_method_types: ['card', 'link'], metadata: { orderId } },
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

  async cancelIntent(id: string): Promise<ProviderIntent> {
    try {
      return toIntent(await this.stripe.paymentIntents.cancel(id));
    } catch (error) {
      // Stripe refuses to cancel an intent that succeeded or is processing: answer it as it is now.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') {
        return toIntent(await this.stripe.paymentIntents.retrieve(id));
      }
      throw error;
    }
  }

  async updateIntentAmount(id: string, amount: number): Promise<ProviderIntent> {
    return toIntent(await this.stripe.paymentIntents.update(id, { amount }));
  }

  async refund(intentId: string, part?: { amount: number; idempotencyKey: string }): Promise<string> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: intentId, ...(part && { amount: part.amount }) },
        { idempotencyKey: part?.idempotencyKey ?? `keen-refund-${intentId}` },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') throw new RefundRefused(`Stripe's refund ${refund.status}`);
      return refund.id;
    } catch (error) {
      // Stripe's refusal (an amount beyond what is left, a charge it cannot refund), in its words.
      if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError)
        throw new RefundRefused(error.message);
      throw error;
    }
  }

  eventFromWebhook(rawBody: Buffer, signature: string): PaymentEvent | null {
    if (!this.settings.webhookSecret)
      throw new AppError('SERVICE_UNAVAILABLE', 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw badInput('The webhook signature does not verify');
      throw error;
    }
    switch (event.type) {
      case 'payment_intent.succeeded':
        return { type: 'succeeded', intent: toIntent(event.data.object) };
      // A declined card at Stripe: counted in payments_failed, like the offline provider's declines.
      case 'payment_intent.payment_failed':
        return { type: 'failed', paymentIntentId: event.data.object.id };
      case 'charge.refunded': {
        // Partial refunds leave the order as it is; only a whole refund ends it.
        const charge = event.data.object;
        const intentId = idOf(charge.payment_intent);
        return charge.refunded && intentId ? { type: 'refunded', paymentIntentId: intentId } : null;
      }
      case 'charge.dispute.created': {
        const intentId = idOf(event.data.object.payment_intent);
        return intentId ? { type: 'disputed', paymentIntentId: intentId } : null;
      }
      default:
        return null;
    }
  }
}

function idOf(value: string | { id: string } | null): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
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
