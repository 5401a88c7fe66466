import type { Logger } from 'pino';
import { type DataSource } from 'typeorm';
import { AppError, badInput, conflict, notFound } from '../../common/errors';
import { metrics } from '../../common/metrics';
import type { RateLimits } from '../../common/rate-limits';
import { isId } from '../../common/validate';
import { type Caller, requireUser } from '../auth';
import type { IdempotencyService } from '../idempotency';
import {
  Order,
  OrderState,
  amountDue,
  actorOf,
  assertAllowed,
  assertMayEver,
  guestActorOf,
  moveOrder,
  type OrderActor,
  PROVIDER,
  CardError,
  type PaymentProvider,
  providerCurrency,
  type ProviderIntent,
  type TestCard,
} from '../orders';
import { TestPaymentProvider } from './test-provider';

type Settlement = { order: Order; outcome: 'paid' | 'already paid' | 'refunded late payment' };

/**
 * Card payments. The amount always comes from the stored order, and an order becomes paid only
 * in `settle`, after the provider has confirmed the intent: never on a client's word. No provider
 * call runs inside a transaction: read, call the provider, then move the order in a short
 * transaction that re-checks its state.
 */
export class PaymentsService {
  constructor(
    private readonly db: DataSource,
    readonly provider: PaymentProvider,
    private readonly logger: Logger,
    private readonly idempotency: IdempotencyService,
    private readonly limits: RateLimits,
    /** INVOICE_PREFIX: the paid order's invoice number is given in the move that pays it. */
    private readonly invoicePrefix: string,
  ) {}

  /**
   * The order's one intent: created on the first call, the same one on every later call. With an
   * idempotency key, a retry answers the intent the first call answered, even once the order has moved on.
   * Every call counts against the caller's RATE_LIMIT_PAYMENT_INTENTS: each may reach the provider.
   */
  async createIntent(caller: Caller, orderId: string, idempotencyKey?: string | null, token?: string | null): Promise<ProviderIntent> {
    const { actor, order: guestOrder } = await this.actorFor(caller, orderId, token);
    // A guest is counted by their order: its link is their only key.
    const callerId = guestOrder ? guestOrder.id : requireUser(caller).id;
    await this.limits.consume('paymentIntent', callerId);
    const create = async () => {
      const order = await findOrder(this.db, orderId);
      assertAllowed(actor, order, OrderState.Paid);
      return this.intentFor(order, actor);
    };
    if (idempotencyKey == null) return create();
    // Recorded after the intent is kept on the order: a process that dies in between leaves a claim
    // that is taken over, and the work it reruns answers the same intent (the provider's own key).
    return this.idempotency.once(
      { callerId, operation: 'createPaymentIntent', key: idempotencyKey, request: { orderId } },
      async (record) => {
        const intent = await create();
        await record(this.db.manager, orderId);
        return intent;
      },
      (paidOrderId) => this.keptIntent(paidOrderId),
    );
  }

  /** Records the payment once the provider confirms the intent succeeded for this order. */
  async confirm(caller: Caller, orderId: string, intentId: string, token?: string | null): Promise<Order> {
    const { actor } = await this.actorFor(caller, orderId, token);
    const order = await findOrder(this.db, orderId);
    // A card charged in the browser just as the order closed still reaches settle, which refunds it.
    const closed = order.state === OrderState.Cancelled || order.state === OrderState.Expired;
    if (closed) assertMayEver(actor, order, OrderState.Paid);
    else assertAllowed(actor, order, OrderState.Paid);
    const intent = typeof intentId === 'string' ? await this.provider.retrieveIntent(intentId.trim()) : null;
    if (!intent) throw badInput('No such payment');
    if (closed && intent.status !== 'succeeded') assertAllowed(actor, order, OrderState.Paid);
    return paidOrRefused(await this.settle(orderId, intent, actor));
  }

  /**
   * The offline provider's stand-in for Stripe.js: charges a test card, then the same success path.
   * A card that asks for authentication answers the order still unpaid, its intent `requires_action`.
   */
  async confirmTestCard(caller: Caller, orderId: string, card: TestCard, token?: string | null): Promise<Order> {
    const provider = this.offlineProvider();
    const { actor } = await this.actorFor(caller, orderId, token);
    const order = await findOrder(this.db, orderId);
    assertAllowed(actor, order, OrderState.Paid);
    const intent = await this.intentFor(order, actor);
    const charged = await declinedAsBadInput(provider.confirmCard(intent.id, card));
    if (charged.status === 'requires_action') return findOrder(this.db, order.id);
    return paidOrRefused(await this.settle(order.id, charged, actor));
  }

  /**
   * The answer to the offline provider's authentication challenge: success takes the same path as a
   * card that needs none; failure leaves the order unpaid and says so with Stripe's message.
   */
  async completeTestAuthentication(caller: Caller, orderId: string, succeed: boolean, token?: string | null): Promise<Order> {
    const provider = this.offlineProvider();
    const { actor } = await this.actorFor(caller, orderId, token);
    const order = await findOrder(this.db, orderId);
    assertAllowed(actor, order, OrderState.Paid);
    if (!order.paymentIntentId) throw conflict('This payment is not waiting for authentication');
    const authenticated = await declinedAsBadInput(provider.authenticate(order.paymentIntentId, succeed));
    return paidOrRefused(await this.settle(order.id, authenticated, actor));
  }

  /**
   * Who pays: the signed-in caller (401 signed out), or with `token` the holder of the guest order's
   * link (404 for a wrong token or no such order, so that a guess confirms no id).
   */
  private async actorFor(caller: Caller, orderId: string, token: string | null | undefined): Promise<{ actor: OrderActor; order?: Order }> {
    if (token == null) return { actor: actorOf(caller) };
    const order = await findOrder(this.db, orderId);
    return { actor: guestActorOf(order, token), order };
  }

  /**
   * A provider's signed notification. The verified signature is the authority here, not a caller.
   * Answers what happened, for the log; replays change nothing.
   */
  async handleWebhook(rawBody: Buffer, signature: string): Promise<string> {
    const event = this.provider.eventFromWebhook(rawBody, signature);
    if (!event) return 'ignored';
    if (event.type === 'succeeded') {
      const { intent } = event;
      if (!intent.orderId || !isId(intent.orderId)) return `refused: no order for ${intent.id}`;
      try {
        return (await this.settle(intent.orderId, intent, PROVIDER)).outcome;
      } catch (error) {
        if (error instanceof AppError) return `refused: ${error.message}`;
        throw error;
      }
    }
    const order = await this.db.getRepository(Order).findOneBy({ paymentIntentId: event.paymentIntentId });
    if (!order) return `refused: no order for ${event.paymentIntentId}`;
    if (event.type === 'failed') {
      metrics.paymentsFailed.inc();
      return 'payment failed';
    }
    if (order.state === OrderState.Refunded) return 'already refunded';
    // A partial refund at the provider (ours, by refunds.service.ts) ends nothing; its charge.refunded is not a whole refund.
    try {
      await this.db.transaction((manager) =>
        moveOrder(manager, order.id, OrderState.Refunded, PROVIDER, {
          note: event.type === 'disputed' ? 'The customer disputed the payment' : 'Refunded at the payment provider',
        }),
      );
      return event.type;
    } catch (error) {
      if (error instanceof AppError) return `refused: ${error.message}`;
      throw error;
    }
  }

  private offlineProvider(): TestPaymentProvider {
    if (!(this.provider instanceof TestPaymentProvider)) throw badInput('Test cards are taken only by the offline test provider');
    return this.provider;
  }

  /** The intent an earlier call kept on the order. */
  private async keptIntent(orderId: string): Promise<ProviderIntent> {
    const order = await findOrder(this.db, orderId);
    const intent = order.paymentIntentId ? await this.provider.retrieveIntent(order.paymentIntentId) : null;
    if (!intent) throw notFound('Payment');
    return intent;
  }

  private async intentFor(order: Order, actor: OrderActor): Promise<ProviderIntent> {
    if (order.paymentIntentId) {
      const existing = await this.provider.retrieveIntent(order.paymentIntentId);
      if (existing) return existing;
    }
    // The idempotency key makes concurrent first calls answer the same intent.
    const intent = await this.provider.createIntent(order.id, amountDue(order), order.currency, `keen-order-${order.id}`);
    const kept = await this.db
      .createQueryBuilder()
      .update(Order)
      .set({ paymentIntentId: intent.id })
      .where('id = :id AND state = :state', { id: order.id, state: OrderState.AwaitingPayment })
      .execute();
    // The order left AwaitingPayment while the provider answered: refuse as the machine would now.
    if (!kept.affected) assertAllowed(actor, await findOrder(this.db, order.id), OrderState.Paid);
    return intent;
  }

  /**
   * The one place a confirmed payment lands. An unpaid order becomes Paid; a paid one stays as it
   * is; an order that closed (cancelled, expired) before the money arrived is refunded at the
   * provider, outside the transaction, and then moves to Refunded.
   */
  private async settle(orderId: string, intent: ProviderIntent, actor: OrderActor): Promise<Settlement> {
    const settled = await this.db.transaction(async (manager): Promise<{ order: Order; outcome: Settlement['outcome'] | 'late' }> => {
      const current = await manager.getRepository(Order).findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw notFound('Order');
      checkIntent(current, intent);
      const holder = await manager.getRepository(Order).findOneBy({ paymentIntentId: intent.id });
      if (holder && holder.id !== current.id) throw badInput('This payment belongs to another order');
      if (current.state === OrderState.AwaitingPayment) {
        const payment = { transactionId: intent.id, paymentIntentId: intent.id };
        const paid = await moveOrder(manager, current.id, OrderState.Paid, actor, { payment, invoicePrefix: this.invoicePrefix });
        return { order: paid, outcome: 'paid' };
      }
      const late = current.state === OrderState.Cancelled || current.state === OrderState.Expired;
      return { order: current, outcome: late ? 'late' : 'already paid' };
    });
    const { order, outcome } = settled;
    if (outcome === 'paid') metrics.paymentsSucceeded.inc();
    if (outcome !== 'late') return { order, outcome };

    this.logger.warn({ orderId, paymentIntentId: intent.id, state: order.state }, 'a payment succeeded for a closed order: refunding it');
    await this.provider.refund(intent.id);
    const refunded = await this.db.transaction(async (manager) => {
      const current = await manager.getRepository(Order).findOneByOrFail({ id: orderId });
      if (current.state === OrderState.Refunded) return current;
      return moveOrder(manager, orderId, OrderState.Refunded, PROVIDER, {
        note: `The payment arrived after the order was ${order.state === OrderState.Expired ? 'expired' : 'cancelled'}; it was refunded`,
        payment: { transactionId: intent.id, paymentIntentId: intent.id },
      });
    });
    return { order: refunded, outcome: 'refunded late payment' };
  }
}

/** The card's refusal, counted and shown to the customer as it came from the provider. */
async function declinedAsBadInput(charge: Promise<ProviderIntent>): Promise<ProviderIntent> {
  try {
    return await charge;
  } catch (error) {
    if (!(error instanceof CardError)) throw error;
    metrics.paymentsFailed.inc();
    throw badInput(error.message);
  }
}

/** A customer's confirmation answers the paid order, or says the late payment went back. */
function paidOrRefused({ order, outcome }: Settlement): Order {
  if (outcome === 'refunded late payment') throw badInput('This order closed before the payment arrived; the payment has been refunded');
  return order;
}

/** The intent must have succeeded, for this order and its amount. */
function checkIntent(order: Order, intent: ProviderIntent): void {
  if (intent.orderId !== order.id) throw badInput('This payment belongs to another order');
  if (intent.amount !== amountDue(order) || intent.currency !== providerCurrency(order.currency))
    throw badInput("This payment's amount does not match the order");
  if (intent.status !== 'succeeded') throw badInput('This payment has not succeeded');
}

async function findOrder(db: DataSource, id: string): Promise<Order> {
  const order = isId(id) ? await db.getRepository(Order).findOneBy({ id }) : null;
  if (!order) throw notFound('Order');
  return order;
}
