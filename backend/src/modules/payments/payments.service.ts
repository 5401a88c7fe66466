import { DataSource, EntityManager } from 'typeorm';
import { badInput, notFound } from '../../common/errors';
import { metrics } from '../../common/metrics';
import { isId } from '../../common/validate';
import { Caller } from '../auth/caller';
import { Order } from '../orders/order.entity';
import { authorizeTransition } from '../orders/order-transitions';
import { CardError, CURRENCY, PaymentProvider, ProviderIntent, TestCard } from './payment-provider';
import { TestPaymentProvider } from './test-provider';

/**
 * Card payments. The amount always comes from the stored order, and an order becomes paid only
 * in `recordSuccess`, after the provider has confirmed the intent: never on a client's word.
 */
export class PaymentsService {
  constructor(
    private readonly db: DataSource,
    readonly provider: PaymentProvider,
  ) {}

  /** The order's one intent: created on the first call, the same one on every later call. */
  async createIntent(caller: Caller, orderId: string): Promise<ProviderIntent> {
    return this.db.transaction(async (manager) => {
      const order = await findLocked(manager, orderId);
      authorizeTransition(caller, order, 'pay');
      return this.intentFor(manager, order);
    });
  }

  /** Records the payment once the provider confirms the intent succeeded for this order. */
  async confirm(caller: Caller, orderId: string, intentId: string): Promise<Order> {
    return this.db.transaction(async (manager) => {
      const order = await findLocked(manager, orderId);
      authorizeTransition(caller, order, 'pay');
      const intent = typeof intentId === 'string' ? await this.provider.retrieveIntent(intentId.trim()) : null;
      if (!intent) throw badInput('No such payment');
      return recordSuccess(manager, order, intent);
    });
  }

  /** The offline provider's stand-in for Stripe.js: charges a test card, then the same success path. */
  async confirmTestCard(caller: Caller, orderId: string, card: TestCard): Promise<Order> {
    const provider = this.provider;
    if (!(provider instanceof TestPaymentProvider)) throw badInput('Test cards are taken only by the offline test provider');
    return this.db.transaction(async (manager) => {
      const order = await findLocked(manager, orderId);
      authorizeTransition(caller, order, 'pay');
      const intent = await this.intentFor(manager, order);
      try {
        return await recordSuccess(manager, order, await provider.confirmCard(intent.id, card));
      } catch (error) {
        if (!(error instanceof CardError)) throw error;
        metrics.paymentsFailed.inc();
        throw badInput(error.message);
      }
    });
  }

  /**
   * A provider's signed notification. The verified signature is the authority here, not a caller.
   * Answers what happened, for the log; replays and events for paid orders change nothing.
   */
  async handleWebhook(rawBody: Buffer, signature: string): Promise<string> {
    const intent = this.provider.succeededIntentFromWebhook(rawBody, signature);
    if (!intent) return 'ignored';
    return this.db.transaction(async (manager) => {
      const order = intent.orderId && isId(intent.orderId) ? await manager.getRepository(Order).findOne({ where: { id: intent.orderId }, lock: { mode: 'pessimistic_write' } }) : null;
      if (!order) return `refused: no order for ${intent.id}`;
      if (order.paid) return 'already paid';
      try {
        await recordSuccess(manager, order, intent);
        return 'paid';
      } catch (error) {
        return `refused: ${(error as Error).message}`;
      }
    });
  }

  private async intentFor(manager: EntityManager, order: Order): Promise<ProviderIntent> {
    if (order.paymentIntentId) {
      const existing = await this.provider.retrieveIntent(order.paymentIntentId);
      if (existing) return existing;
    }
    const intent = await this.provider.createIntent(order.id, amountOf(order), `keen-order-${order.id}`);
    await manager.getRepository(Order).update({ id: order.id }, { paymentIntentId: intent.id });
    return intent;
  }
}

/** The one place an order becomes paid: the intent must have succeeded for this order's amount. */
async function recordSuccess(manager: EntityManager, order: Order, intent: ProviderIntent): Promise<Order> {
  const refusal =
    intent.orderId !== order.id
      ? 'This payment belongs to another order'
      : intent.amount !== amountOf(order) || intent.currency !== CURRENCY
        ? "This payment's amount does not match the order"
        : intent.status !== 'succeeded'
          ? 'This payment has not succeeded'
          : null;
  if (refusal) {
    metrics.paymentsFailed.inc();
    throw badInput(refusal);
  }
  order.paid = true;
  order.transactionId = intent.id;
  order.paymentIntentId = intent.id;
  const paid = await manager.getRepository(Order).save(order);
  metrics.paymentsSucceeded.inc();
  return paid;
}

function amountOf(order: Order): number {
  return order.totalPrice * 100;
}

async function findLocked(manager: EntityManager, id: string): Promise<Order> {
  if (!isId(id)) throw notFound('Order');
  const order = await manager.getRepository(Order).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  if (!order) throw notFound('Order');
  return order;
}
