import { type DataSource, type EntityManager, In } from 'typeorm';
import { badInput, conflict, notFound } from '../../common/errors';
import { isId, requireText } from '../../common/validate';
import { raise } from '../../events/outbox';
import { type Caller, requireAdmin } from '../auth';
import { Product, TaxCategory } from '../catalog';
import {
  OrderActorKind,
  orderPayload,
  actorOf,
  recordInHistory,
  Order,
  OrderState,
  OrderLine,
  PAYING_STATUSES,
  type PaymentProvider,
  amountDue,
} from '../orders';
import type { ShopMoney } from '../shop';
import { OrderAdjustment } from './order-adjustment.entity';
import { type Adjustment, AdjustmentSource, type OrderPricing } from './pricing';
import type { TaxService } from './tax/tax.service';

/** The largest amount an `int` column holds. */
const MAX_INT = 2_147_483_647;
const DEFAULT_LABEL = 'Price adjustment';

/** An order priced again: its lines' ids in order, and Stripe Tax's new calculation (null for Keen's rates). */
type Repriced = OrderPricing & { lineIds: string[]; calculationId: string | null };

/** What staff send to adjust an unpaid order's price. */
export interface PriceAdjustmentRequest {
  /** Minor units; negative lowers the price. */
  amount: number;
  reason: string;
  /** What the customer reads; "Price adjustment" without one. */
  label?: string | null;
}

/** A manual adjustment as staff asked for it, checked: the first rule broken is a 400 in its words. */
function checkedRequest(request: PriceAdjustmentRequest): { adjustment: Adjustment; reason: string } {
  const amount = request?.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount === 0 || Math.abs(amount) > MAX_INT)
    throw badInput('The adjustment must be a whole number of minor units other than 0');
  const reason = requireText(request.reason, 'Reason is Required', 500);
  const label = request.label == null || request.label.trim() === '' ? DEFAULT_LABEL : requireText(request.label, 'Label is Required', 120);
  return { adjustment: { source: AdjustmentSource.manual, label, amount }, reason };
}

/** Writes an order's adjustments as priced (priceOrder), with what each applied to; its lines keep their shares. */
export async function recordAdjustments(manager: EntityManager, orderId: string, adjustments: readonly Adjustment[]): Promise<void> {
  if (!adjustments.length) return;
  await manager.getRepository(OrderAdjustment).insert(
    adjustments.map(({ source, label, amount, linePositions, onDelivery }) => ({
      orderId,
      source,
      label,
      amount,
      linePositions: linePositions ? [...linePositions] : null,
      onDelivery: onDelivery ?? false,
      reason: null,
      createdBy: null,
    })),
  );
}

/**
 * Adjustments of an order's price that staff make by hand ("Adjust price"): the first source of
 * the pricing module's adjustments, which discounts and gift cards will join. The order is priced
 * again with every adjustment, its tax through the TaxCalculator port as at checkout (TaxService.reprice:
 * with Stripe Tax a new calculation replaces the order's), its payment intent's amount follows, and its
 * history says who changed it, by how much and why.
 */
export class AdjustmentsService {
  constructor(
    private readonly db: DataSource,
    private readonly provider: PaymentProvider,
    private readonly shop: ShopMoney,
    /** The order's tax, priced again as the checkout prices it. */
    private readonly tax: TaxService,
  ) {}

  /** An order's adjustments, oldest first. */
  of(orderIds: readonly string[]): Promise<OrderAdjustment[]> {
    if (!orderIds.length) return Promise.resolve([]);
    return this.db
      .getRepository(OrderAdjustment)
      .createQueryBuilder('a')
      .where('a."orderId" = ANY(:ids)', { ids: [...orderIds] })
      .orderBy('a."createdAt"', 'ASC')
      .addOrderBy('a."id"', 'ASC')
      .getMany();
  }

  /**
   * Adds a manual adjustment to an unpaid order (an admin or an `orders:write` key): its tax is
   * worked out again first (with Stripe Tax, a new calculation: one Stripe cannot make refuses the
   * adjustment, "Tax could not be calculated; please try again", and changes nothing); the provider's
   * intent, if there is one, is moved to the new total (refused while a payment is under way), outside
   * any transaction; the order is then re-read under its lock and written, or the intent's amount is put back.
   */
  async adjust(caller: Caller, orderId: string, request: PriceAdjustmentRequest): Promise<Order> {
    requireAdmin(caller);
    const actor = actorOf(caller);
    const { adjustment, reason } = checkedRequest(request);
    const order = await this.unpaidOrder(this.db.manager, orderId);
    const pricing = await this.repriced(this.db.manager, order, adjustment);

    // Gift cards paid part of it: the card payment is for the rest, which must stay above nothing.
    if (pricing.totalAmount <= order.giftCardAmount) throw badInput('The total cannot fall to what gift cards paid of it');
    const intent = order.paymentIntentId ? await this.provider.retrieveIntent(order.paymentIntentId) : null;
    if (intent && PAYING_STATUSES.includes(intent.status)) throw conflict('This order is being paid');
    const moveIntent = intent && intent.status !== 'canceled';
    if (moveIntent) await this.provider.updateIntentAmount(intent.id, pricing.totalAmount - order.giftCardAmount);
    try {
      return await this.db.transaction(async (manager) => {
        const current = await this.unpaidOrder(manager, order.id, true);
        if (current.totalAmount !== order.totalAmount || current.paymentIntentId !== order.paymentIntentId)
          throw conflict('The order changed while it was adjusted; please try again');
        return this.write(manager, current, adjustment, pricing, { actor, reason });
      });
    } catch (error) {
      // The intent must not ask for an amount the order does not have.
      if (moveIntent) await this.provider.updateIntentAmount(intent.id, amountDue(order)).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Adjusts the price of an order being placed, in the transaction that places it (a private
   * quote's price, so that its placed event and mails carry the price): it has no payment intent yet.
   */
  async adjustInPlacing(manager: EntityManager, caller: Caller, order: Order, request: PriceAdjustmentRequest): Promise<Order> {
    requireAdmin(caller);
    const { adjustment, reason } = checkedRequest(request);
    const pricing = await this.repriced(manager, order, adjustment);
    if (pricing.totalAmount <= order.giftCardAmount) throw badInput('The total cannot fall to what gift cards paid of it');
    return this.write(manager, order, adjustment, pricing, { actor: actorOf(caller), reason });
  }

  private async unpaidOrder(manager: EntityManager, id: string, lock = false): Promise<Order> {
    const order = isId(id)
      ? await manager.getRepository(Order).findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    if (!order) throw notFound('Order');
    if (order.state !== OrderState.AwaitingPayment) throw badInput("Only an unpaid order's price can be adjusted");
    return order;
  }

  /**
   * The order priced again with its adjustments and `added`, through the TaxCalculator port: with
   * Stripe Tax (an order it priced) a new calculation; otherwise each line's rate and delivery's tax
   * as they were when ordered.
   */
  private async repriced(manager: EntityManager, order: Order, added: Adjustment): Promise<Repriced> {
    const lines = await manager.getRepository(OrderLine).find({ where: { orderId: order.id }, order: { position: 'ASC' } });
    const earlier = await manager.getRepository(OrderAdjustment).findBy({ orderId: order.id });
    const productIds = lines.flatMap((line) => line.productId ?? []);
    const categories = new Map(
      productIds.length
        ? (await manager.getRepository(Product).find({ where: { id: In(productIds) }, select: { id: true, taxCategory: true } })).map(
            (product) => [product.id, product.taxCategory],
          )
        : [],
    );
    // A gift card is not taxed; a product since deleted is taxed as its rate says (none: zero).
    const categoryOf = (line: OrderLine): TaxCategory => {
      if (line.giftCard) return TaxCategory.zero;
      const category = line.productId ? categories.get(line.productId) : undefined;
      return category ?? (line.taxRateMilliPercent ? TaxCategory.standard : TaxCategory.zero);
    };
    const linesTax = lines.reduce((sum, line) => sum + line.taxAmount, 0);
    const address = order.shippingAddress;
    const { pricing, calculationId } = await this.tax.reprice({
      lines: lines.map((line) => ({
        amount: line.lineAmount,
        taxCategory: categoryOf(line),
        taxRateMilliPercent: line.taxRateMilliPercent,
      })),
      shippingAmount: order.shippingAmount,
      shippingTaxAmount: order.taxAmount - linesTax,
      destination: {
        country: address?.country ?? order.destinationCountry ?? '',
        region: address?.region ?? null,
        postalCode: address?.postalCode || null,
      },
      adjustments: [...earlier, added],
      // Whether the order's prices held their tax, read from its own totals (the shop's setting may have changed since).
      pricesIncludeTax: order.totalAmount === order.subtotalAmount + order.adjustmentAmount + order.shippingAmount,
      currency: order.currency,
      taxCalculationId: order.taxCalculationId,
      vatReverseCharge: order.vatReverseCharge,
    });
    if (pricing.totalAmount > MAX_INT) throw badInput('The order total is too large');
    return { ...pricing, lineIds: lines.map((line) => line.id), calculationId };
  }

  private async write(
    manager: EntityManager,
    order: Order,
    adjustment: Adjustment,
    pricing: Repriced,
    { actor, reason }: { actor: ReturnType<typeof actorOf>; reason: string },
  ): Promise<Order> {
    const email = 'email' in actor ? actor.email : null;
    const by = actor.kind === OrderActorKind.apiKey ? actor.keyName : email;
    await manager.getRepository(OrderAdjustment).insert({
      orderId: order.id,
      source: adjustment.source,
      label: adjustment.label,
      amount: adjustment.amount,
      reason,
      createdBy: by,
    });
    for (const [index, id] of pricing.lineIds.entries()) {
      const { adjustmentAmount, taxAmount } = pricing.lines[index];
      await manager.getRepository(OrderLine).update({ id }, { adjustmentAmount, taxAmount });
    }
    await manager.getRepository(Order).update(
      { id: order.id },
      {
        adjustmentAmount: pricing.adjustmentAmount,
        taxAmount: pricing.taxAmount,
        totalAmount: pricing.totalAmount,
        taxCalculationId: pricing.calculationId,
      },
    );
    const signed = `${adjustment.amount > 0 ? '+' : '−'}${this.shop.format(Math.abs(adjustment.amount), order.currency)}`;
    const note = `Price adjusted ${signed} (${reason}); the total is now ${this.shop.format(pricing.totalAmount, order.currency)}`;
    await recordInHistory(manager, order, actor, note.slice(0, 450));
    const adjusted = await manager.getRepository(Order).findOneByOrFail({ id: order.id });
    adjusted.lines = await manager.getRepository(OrderLine).find({ where: { orderId: order.id }, order: { position: 'ASC' } });
    await raise(manager, 'order.price_adjusted', order.id, orderPayload(adjusted, { note }));
    return adjusted;
  }
}
