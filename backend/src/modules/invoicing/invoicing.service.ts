import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { AppError, badInput, conflict, forbidden, notFound } from '../../common/errors';
import { isId } from '../../common/validate';
import type { InvoiceSettings } from '../../config';
import { raise } from '../../events/outbox';
import { type Caller, isAdmin, requireUser } from '../auth';
import { returnPartToCards } from '../gift-cards';
import {
  actorOf,
  assertAllowed,
  guestActorOf,
  moveOrder,
  nextDocumentNumber,
  Order,
  OrderActorKind,
  OrderLine,
  orderPayload,
  OrderState,
  partialRefundState,
  type PaymentProvider,
  RefundRefused,
  type RefundPayload,
  restock,
} from '../orders';
import type { ShopMoney } from '../shop';
import { deliveryPaid, planRefund, type RefundPlan, type RefundRequest, unitsRefunded } from './refund-plan';
import { Refund } from './refund.entity';
import type { Documents, OrderWithLines } from './documents';

/** A PDF and the name it is downloaded or attached as. */
export interface PdfFile {
  filename: string;
  content: Buffer;
}

/**
 * Invoices, refunds and credit notes. Refunds of paid orders, whole or in part, each with a credit note. The provider is called first,
 * outside any transaction, with an idempotency key per refund of the order (a retry, or a twin
 * request, answers the same refund at the provider); the refund is then recorded in a short
 * transaction that holds the order's row and re-checks that no other refund came first. A refund
 * the provider refuses changes nothing.
 */
export class InvoicingService {
  constructor(
    private readonly db: DataSource,
    private readonly provider: PaymentProvider,
    private readonly shop: ShopMoney,
    private readonly settings: InvoiceSettings,
    private readonly logger: Logger,
    private readonly documents: Documents,
  ) {}

  /** A paid order's invoice: its customer, an admin or an invoices:read key. */
  async invoice(caller: Caller, orderId: string, token?: string): Promise<PdfFile> {
    return this.invoiceOf(await this.readable(caller, orderId, token));
  }

  /** The invoice for the payment mail (null for an order without one): Keen's own call, no caller. */
  async invoiceForMail(orderId: string): Promise<PdfFile | null> {
    const order = await this.find(this.db.manager, orderId);
    return order.invoiceNumber ? this.invoiceOf(order) : null;
  }

  /** A refund's credit note: the order's customer, an admin or an invoices:read key. */
  async creditNote(caller: Caller, orderId: string, refundId: string, token?: string): Promise<PdfFile> {
    const { order, refund } = await this.readableRefund(caller, orderId, refundId, token);
    return { filename: `${refund.creditNoteNumber}.pdf`, content: await this.documents.creditNote(order, refund) };
  }

  /** The credit note for the refund mail: Keen's own call, no caller. */
  async creditNoteForMail(orderId: string, refundId: string): Promise<PdfFile | null> {
    const order = await this.find(this.db.manager, orderId);
    const refund = await this.db.getRepository(Refund).findOneBy({ id: refundId, orderId });
    return refund && { filename: `${refund.creditNoteNumber}.pdf`, content: await this.documents.creditNote(order, refund) };
  }

  /**
   * Whether the order became Refunded by one of its refunds (the refund and the move share a
   * transaction, so its credit note's time is the order's `refundedAt`): that refund's own mail
   * tells the customer, with the credit note.
   */
  async closedByRefund(orderId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM "refund" r JOIN "order" o ON o."id" = r."orderId" WHERE r."orderId" = $1 AND r."createdAt" = o."refundedAt" LIMIT 1`,
      [orderId],
    );
    return rows.length > 0;
  }

  private async invoiceOf(order: OrderWithLines): Promise<PdfFile> {
    if (!order.invoiceNumber) throw new AppError('NOT_FOUND', 'This order has no invoice yet: it gets one when it is paid');
    return { filename: `${order.invoiceNumber}.pdf`, content: await this.documents.invoice(order) };
  }

  /**
   * Refunds part of a paid order (lines' units, some back to stock; delivery; an amount with a
   * reason), never more than was paid less earlier refunds; refunding all that is left makes it
   * Refunded. Gift cards that paid get theirs back first, the card payment the rest. Admin (or an
   * orders:write key). `within` runs in the refund's own transaction once it is recorded (a return
   * marks itself refunded so), and undoes it by throwing.
   */
  async refund(
    caller: Caller,
    orderId: string,
    request: RefundRequest,
    within?: (manager: EntityManager, refund: Refund) => Promise<void>,
  ): Promise<Order> {
    const actor = actorOf(caller);
    const order = await this.find(this.db.manager, orderId);
    const partial = partialRefundState(order.state);
    assertAllowed(actor, order, partial);
    const earlier = await this.refundsOf(this.db.manager, order.id);
    const plan = planRefund(order, earlier, request);
    const left = order.totalAmount - order.refundedAmount;
    if (plan.amount > left)
      throw badInput(
        `At most ${this.shop.format(left, order.currency)} can be refunded (what was paid less earlier refunds); this refund is ${this.shop.format(plan.amount, order.currency)}`,
      );
    const to = plan.amount === left ? OrderState.Refunded : partial;
    assertAllowed(actor, order, to);
    const giftCardAmount = Math.min(plan.amount, order.giftCardAmount - earlier.reduce((sum, refund) => sum + refund.giftCardAmount, 0));
    const cardAmount = plan.amount - giftCardAmount;
    if (cardAmount > 0 && !order.paymentIntentId) throw conflict('This order has no card payment on record to refund');

    let providerRefundId: string | null = null;
    if (cardAmount > 0) {
      try {
        providerRefundId = await this.provider.refund(order.paymentIntentId!, {
          amount: cardAmount,
          idempotencyKey: `keen-refund-${order.id}-${earlier.length + 1}`,
        });
      } catch (error) {
        if (error instanceof RefundRefused) throw badInput(`The payment provider refused the refund: ${error.message}`);
        throw error;
      }
    }
    const createdBy = 'keyName' in actor ? `API key "${actor.keyName}"` : 'email' in actor ? actor.email : actor.kind;
    return this.db.transaction(async (manager) => {
      const locked = await manager.getRepository(Order).findOne({ where: { id: order.id }, lock: { mode: 'pessimistic_write' } });
      const count = await manager.getRepository(Refund).countBy({ orderId: order.id });
      if (!locked || count !== earlier.length || locked.refundedAmount !== order.refundedAmount) {
        this.logger.error({ orderId: order.id, providerRefundId }, 'a refund lost the race for its order after the provider refunded');
        throw conflict('Another refund of this order was made meanwhile: look at the order again');
      }
      const refund = await this.record(manager, order, plan, { giftCardAmount, cardAmount, providerRefundId, createdBy });
      if (plan.restock.size) await restock(manager, order.id, plan.restock);
      const note = `Refund ${refund.creditNoteNumber}: ${this.shop.format(plan.amount, order.currency)}${plan.reason ? ` (${plan.reason})` : ''}`;
      const moved = await moveOrder(manager, order.id, to, actor, { note, stockHandled: true });
      await raise(manager, 'refund.created', refund.id, this.payload(refund, moved));
      if (within) await within(manager, refund);
      return moved;
    });
  }

  /**
   * After an order became Refunded some other way (an admin deleting a paid order, a refund or a
   * dispute at the provider, a late payment returned), a credit note for what earlier refunds left:
   * its lines' remaining units and the delivery price. Once however often asked (the order's row is
   * held, and nothing is left after).
   */
  async recordWholeRefund(orderId: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      const order = await manager.getRepository(Order).findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order || order.state !== OrderState.Refunded || !order.paidAt) return;
      const withLines = Object.assign(order, {
        lines: await manager.getRepository(OrderLine).find({ where: { orderId }, order: { position: 'ASC' } }),
      });
      const earlier = await this.refundsOf(manager, orderId);
      const rest = order.totalAmount - earlier.reduce((sum, refund) => sum + refund.amount, 0);
      if (rest <= 0) return;
      const refunded = unitsRefunded(earlier);
      const lines = withLines.lines
        .filter((line) => line.quantity > (refunded.get(line.id) ?? 0))
        .map((line) => ({ lineId: line.id, quantity: line.quantity - (refunded.get(line.id) ?? 0), restock: false }));
      const deliveryLeft = deliveryPaid(withLines).amount > 0 && !earlier.some((refund) => refund.shippingAmount > 0);
      const byParts = planRefund(withLines, earlier, { lines, delivery: deliveryLeft, amount: 0, reason: null });
      // Earlier amounts beyond lines and delivery leave less than the parts: then the rest is one amount.
      const plan =
        byParts.amount === rest
          ? byParts
          : planRefund(withLines, earlier, { lines: [], delivery: false, amount: rest, reason: 'The rest of the order' });
      const giftCardAmount = Math.max(
        0,
        Math.min(rest, order.giftCardAmount - earlier.reduce((sum, refund) => sum + refund.giftCardAmount, 0)),
      );
      const [last]: { actor: OrderActorKind; actorEmail: string | null; note: string | null }[] = await manager.query(
        `SELECT "actor", "actorEmail", "note" FROM "order_event" WHERE "orderId" = $1 AND "toState" = $2 ORDER BY "createdAt" DESC, "id" DESC LIMIT 1`,
        [orderId, OrderState.Refunded],
      );
      const createdBy = last?.actorEmail ?? (last?.actor === OrderActorKind.provider ? 'The payment provider' : (last?.actor ?? 'Keen'));
      const refund = await this.record(manager, withLines, plan, {
        giftCardAmount,
        cardAmount: rest - giftCardAmount,
        providerRefundId: null,
        createdBy: createdBy.slice(0, 254),
      });
      this.logger.info({ orderId, creditNote: refund.creditNoteNumber }, 'credit note for a whole refund');
    });
  }

  /** An order's refunds, oldest first: its customer, an admin or an orders:read key. */
  async list(caller: Caller, orderId: string): Promise<Refund[]> {
    const order = await this.readable(caller, orderId);
    return this.refundsOf(this.db.manager, order.id);
  }

  /** The refunds of these orders, oldest first, by order id: one statement (the GraphQL loader). */
  async byOrder(orderIds: readonly string[]): Promise<Map<string, Refund[]>> {
    const rows = await this.db
      .getRepository(Refund)
      .find({ where: { orderId: In([...orderIds]) }, order: { createdAt: 'ASC', id: 'ASC' } });
    const byOrder = new Map<string, Refund[]>();
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  /**
   * The order, with its lines, for its customer, an admin or a key (whose scope the operation
   * checked); with `token`, for anyone holding the guest order's link (a 404 for a wrong token).
   */
  private async readable(caller: Caller, orderId: string, token?: string): Promise<OrderWithLines> {
    if (token !== undefined) {
      const order = await this.find(this.db.manager, orderId);
      guestActorOf(order, token);
      return order;
    }
    const user = isAdmin(caller) ? null : requireUser(caller);
    const order = await this.find(this.db.manager, orderId);
    if (user && order.customerId !== user.id) throw forbidden('This is not your order');
    return order;
  }

  /** One refund of a readable order. */
  private async readableRefund(
    caller: Caller,
    orderId: string,
    refundId: string,
    token?: string,
  ): Promise<{ order: OrderWithLines; refund: Refund }> {
    const order = await this.readable(caller, orderId, token);
    const refund = isId(refundId) ? await this.db.getRepository(Refund).findOneBy({ id: refundId, orderId: order.id }) : null;
    if (!refund) throw notFound('Credit note');
    return { order, refund };
  }

  private async record(
    manager: EntityManager,
    order: Order,
    plan: RefundPlan,
    money: { giftCardAmount: number; cardAmount: number; providerRefundId: string | null; createdBy: string },
  ): Promise<Refund> {
    const id = randomUUID();
    const creditNoteNumber = await nextDocumentNumber(manager, 'creditNote', this.settings.creditNotePrefix);
    const refund = manager.getRepository(Refund).create({
      id,
      orderId: order.id,
      creditNoteNumber,
      currency: order.currency,
      amount: plan.amount,
      shippingAmount: plan.shippingAmount,
      shippingTaxAmount: plan.shippingTaxAmount,
      extraAmount: plan.extraAmount,
      reason: plan.reason,
      taxAmount: plan.taxAmount,
      lines: plan.lines,
      ...money,
    });
    await manager.getRepository(Refund).insert(refund);
    if (money.giftCardAmount > 0 && (await returnPartToCards(manager, order.id, id, money.giftCardAmount)) !== money.giftCardAmount)
      throw conflict("The gift cards' payments of this order do not add up to what it says they paid");
    for (const line of plan.lines)
      await manager.query(`UPDATE "order_line" SET "refundedQuantity" = "refundedQuantity" + $2 WHERE "id" = $1`, [
        line.lineId,
        line.quantity,
      ]);
    await manager.query(`UPDATE "order" SET "refundedAmount" = LEAST("refundedAmount" + $2, "totalAmount") WHERE "id" = $1`, [
      order.id,
      plan.amount,
    ]);
    return manager.getRepository(Refund).findOneByOrFail({ id });
  }

  private payload(refund: Refund, order: Order): RefundPayload {
    return {
      refundId: refund.id,
      creditNoteNumber: refund.creditNoteNumber,
      invoiceNumber: order.invoiceNumber,
      currency: refund.currency,
      amount: refund.amount,
      lines: refund.lines.map((line) => ({ name: line.name, quantity: line.quantity, amount: line.amount })),
      shippingAmount: refund.shippingAmount,
      extraAmount: refund.extraAmount,
      reason: refund.reason,
      giftCardAmount: refund.giftCardAmount,
      cardAmount: refund.cardAmount,
      order: orderPayload(order),
    };
  }

  private refundsOf(manager: EntityManager, orderId: string): Promise<Refund[]> {
    return manager.getRepository(Refund).find({ where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  private async find(manager: EntityManager, id: string): Promise<OrderWithLines> {
    const order = isId(id)
      ? await manager.getRepository(Order).findOne({ where: { id }, relations: { lines: true }, order: { lines: { position: 'ASC' } } })
      : null;
    if (!order) throw notFound('Order');
    return order as OrderWithLines;
  }
}
