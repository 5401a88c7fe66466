import { randomBytes } from 'node:crypto';
import { In, Not, type DataSource } from 'typeorm';
import { AppError } from '../../common/errors';
import {
  CardError,
  PAYING_STATUSES,
  providerCurrency,
  RefundRefused,
  type PaymentProvider,
  type ProviderIntent,
  type TestCard,
} from '../orders';
import { TestPaymentIntent, TestRefund } from './test-payment-intent.entity';

/** Stripe's documented test cards that do not succeed, with Stripe's messages. */
const FAILING_CARDS: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

/** Stripe's test card whose payment always asks for 3-D Secure authentication. */
const AUTHENTICATION_CARD = '4000002760003184';

/** Stripe's message when the customer fails (or abandons) the authentication. */
const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/**
 * The offline provider for development and tests: Stripe's PaymentIntent life cycle and test-card
 * behaviour, stored in our database. Never used in production (config refuses it).
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';

  constructor(private readonly db: DataSource) {}

  async createIntent(orderId: string, amount: number, currency: string, idempotencyKey: string): Promise<ProviderIntent> {
    const repository = this.db.getRepository(TestPaymentIntent);
    const id = `pi_test${randomBytes(12).toString('hex')}`;
    await repository
      .createQueryBuilder()
      .insert()
      .values({
        id,
        idempotencyKey,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        amount,
        currency: providerCurrency(currency),
        status: 'requires_payment_method',
        orderId,
        lastError: null,
      })
      .orIgnore()
      .execute();
    return toIntent(await repository.findOneByOrFail({ idempotencyKey }));
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    const intent = await this.db.getRepository(TestPaymentIntent).findOneBy({ id });
    return intent ? toIntent(intent) : null;
  }

  async cancelIntent(id: string): Promise<ProviderIntent> {
    const repository = this.db.getRepository(TestPaymentIntent);
    // One conditional update, so a card charged at the same moment either wins or is refused.
    await repository.update({ id, status: Not(In([...PAYING_STATUSES])) }, { status: 'canceled' });
    return toIntent(await repository.findOneByOrFail({ id }));
  }

  async updateIntentAmount(id: string, amount: number): Promise<ProviderIntent> {
    const repository = this.db.getRepository(TestPaymentIntent);
    // As at Stripe: only an intent still waiting for its payment takes a new amount.
    const updated = await repository.update({ id, status: Not(In([...PAYING_STATUSES, 'canceled'])) }, { amount });
    if (!updated.affected) throw new AppError('CONFLICT', 'This payment can no longer be changed');
    return toIntent(await repository.findOneByOrFail({ id }));
  }

  /** As at Stripe: the intent's row is locked so that refunds never return more than was paid, and a key answers its first refund. */
  async refund(intentId: string, part?: { amount: number; idempotencyKey: string }): Promise<string> {
    return this.db.transaction(async (manager) => {
      const intent = await manager
        .getRepository(TestPaymentIntent)
        .findOne({ where: { id: intentId }, lock: { mode: 'pessimistic_write' } });
      if (!intent) throw new RefundRefused(`No such payment_intent: '${intentId}'`);
      const idempotencyKey = part?.idempotencyKey ?? `keen-refund-${intentId}`;
      const earlier = await manager.getRepository(TestRefund).findOneBy({ idempotencyKey });
      if (earlier) {
        if (part && earlier.amount !== part.amount)
          throw new RefundRefused('Keys for idempotent requests can only be used with the same parameters they were first used with.');
        return earlier.id;
      }
      if (intent.status !== 'succeeded') throw new RefundRefused('Only a succeeded payment can be refunded');
      const [{ refunded }]: { refunded: number }[] = await manager.query(
        `SELECT coalesce(sum("amount"), 0)::int AS refunded FROM "test_refund" WHERE "intentId" = $1`,
        [intent.id],
      );
      const left = intent.amount - refunded;
      if (left <= 0) throw new RefundRefused(`This payment (${intent.id}) has already been refunded.`);
      const amount = part?.amount ?? left;
      if (!Number.isInteger(amount) || amount <= 0) throw new RefundRefused('Invalid positive integer');
      if (amount > left) throw new RefundRefused(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`);
      const id = `re_test${randomBytes(12).toString('hex')}`;
      await manager.getRepository(TestRefund).insert({ id, idempotencyKey, intentId: intent.id, amount });
      if (amount === left) await manager.getRepository(TestPaymentIntent).update({ id: intent.id }, { refundedAt: new Date() });
      return id;
    });
  }

  eventFromWebhook(): null {
    throw new AppError('SERVICE_UNAVAILABLE', 'The offline test provider sends no webhooks');
  }

  /**
   * Charges the card against the intent, as Stripe.js's confirmCardPayment would; throws CardError on
   * failure. The authentication test card leaves the intent `requires_action` until `authenticate`.
   */
  async confirmCard(intentId: string, card: TestCard): Promise<ProviderIntent> {
    const repository = this.db.getRepository(TestPaymentIntent);
    const intent = await repository.findOneByOrFail({ id: intentId });
    if (intent.status === 'succeeded') return toIntent(intent);
    if (intent.status === 'canceled') throw new CardError('This payment was cancelled with its order.');
    const failure = cardFailure(card, new Date());
    const status = failure ? 'requires_payment_method' : needsAuthentication(card) ? 'requires_action' : 'succeeded';
    // Conditional, as at Stripe: an intent cancelled meanwhile is not charged.
    const charged = await repository.update({ id: intent.id, status: Not('canceled') }, { status, lastError: failure });
    if (!charged.affected) throw new CardError('This payment was cancelled with its order.');
    if (failure) throw new CardError(failure);
    return toIntent(await repository.findOneByOrFail({ id: intent.id }));
  }

  /**
   * The customer's answer on the test authentication page: the intent succeeds, or goes back to
   * `requires_payment_method` with Stripe's message (thrown as a CardError), as at Stripe.
   */
  async authenticate(intentId: string, succeed: boolean): Promise<ProviderIntent> {
    const repository = this.db.getRepository(TestPaymentIntent);
    // Conditional, so two answers to one challenge cannot both count.
    const answered = await repository.update(
      { id: intentId, status: 'requires_action' },
      succeed ? { status: 'succeeded', lastError: null } : { status: 'requires_payment_method', lastError: AUTHENTICATION_FAILED },
    );
    if (!answered.affected) throw new AppError('CONFLICT', 'This payment is not waiting for authentication');
    if (!succeed) throw new CardError(AUTHENTICATION_FAILED);
    return toIntent(await repository.findOneByOrFail({ id: intentId }));
  }
}

/** Stripe's message for a card that cannot be charged, or null for one that can. */
export function cardFailure(card: TestCard, now: Date): string | null {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return 'Your card number is invalid.';
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) return "Your card's expiration month is invalid.";
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(year) || year < now.getUTCFullYear() || year > now.getUTCFullYear() + 50)
    return "Your card's expiration year is invalid.";
  if (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1) return "Your card's expiration date is in the past.";
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return "Your card's security code is invalid.";
  return FAILING_CARDS[number] ?? null;
}

function needsAuthentication(card: TestCard): boolean {
  return card.number.replace(/[\s-]/g, '') === AUTHENTICATION_CARD;
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function toIntent(intent: TestPaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.clientSecret,
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    orderId: intent.orderId,
  };
}
