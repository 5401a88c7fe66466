import { lineName } from '@keen/rules';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { badInput, forbidden, notFound } from '../../common/errors';
import { isId } from '../../common/validate';
import type { ReturnSettings } from '../../config';
import { raise } from '../../events/outbox';
import { type Caller, isAdmin, requireAdmin, requireUser } from '../auth';
import type { InvoicingService } from '../invoicing';
import { actorOf, guestActorOf, nextDocumentNumber, Order, OrderLine, OrderState, recordInHistory } from '../orders';
import { FAULT_REASONS, ReturnLine, ReturnPhoto, ReturnReason, ReturnRequest, ReturnState } from './return.entity';
import { assertReturnMove, lockReturn, moveReturn } from './return-state-machine';
import { returnPayload } from './returns.events';
import type { ReceivedLineInput, RequestReturnInput, ReturnListOptions } from './returns.inputs';

/** The RMA numbers' prefix: `RMA-2027-000042`, their own gap-free counter. */
export const RMA_PREFIX = 'RMA';
/** The most photos one return carries. */
export const MAX_RETURN_PHOTOS = 3;
/** The longest text a customer or an admin writes about a return. */
export const RETURN_TEXT_MAX_LENGTH = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What returns reach outside their module: the refund (invoicing) and the uploads' own URLs (uploads lists the photos' column). */
export interface ReturnsDependencies {
  refund: InvoicingService['refund'];
  isOwnUpload(url: string): boolean;
}

/** An order line as a return checks it. */
type ReturnableLine = Pick<
  OrderLine,
  'id' | 'name' | 'variantName' | 'quantity' | 'refundedQuantity' | 'giftCard' | 'engravingText' | 'customValue'
>;

/** A line made for one customer: engraved or made to measure. */
const madeForThem = (line: ReturnableLine) => line.engravingText !== null || line.customValue !== null;

/**
 * Returns of delivered orders: the order's customer asks within RETURN_DAYS of delivery (lines and
 * units, a reason, photos) and the request gets an RMA number; an admin approves or declines it,
 * marks what came back (and what goes back to stock) and refunds the received units through the
 * order's refunds. Each step is a line of the order's history and a domain event.
 */
export class ReturnsService {
  constructor(
    private readonly db: DataSource,
    private readonly settings: ReturnSettings,
    private readonly deps: ReturnsDependencies,
  ) {}

  /** The shop's policy and window, shown before a return is asked for. */
  policy(): ReturnSettings {
    return this.settings;
  }

  /**
   * The order's customer (or a guest, by the order link's `token`) asks to return units. Refused:
   * outside the window or not delivered, a made-for-them line for a reason other than a fault,
   * more units than are left to return.
   */
  async request(caller: Caller, input: RequestReturnInput, token?: string | null): Promise<ReturnRequest> {
    // Signed out without the link's token: 401 before the input is read.
    const user = token == null ? requireUser(caller) : null;
    if (!input || typeof input !== 'object' || !isId(input.orderId)) throw notFound('Order');
    return this.db.transaction(async (manager) => {
      // Held while the units are counted: two requests for the same units take turns.
      const order = await manager.getRepository(Order).findOne({ where: { id: input.orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order) throw notFound('Order');
      const actor = user ? actorOf(caller) : guestActorOf(order, token);
      if (user && order.customerId !== user.id) throw forbidden('This is not your order');
      this.assertWithinWindow(order);
      const lines = await manager.getRepository(OrderLine).find({ where: { orderId: order.id }, order: { position: 'ASC' } });
      const checked = this.checkRequest(input, lines, await this.unitsInReturns(manager, order.id));
      const rmaNumber = await nextDocumentNumber(manager, 'return', RMA_PREFIX);
      const saved = await manager.getRepository(ReturnRequest).save(
        manager.getRepository(ReturnRequest).create({
          rmaNumber,
          orderId: order.id,
          customerId: order.customerId,
          reason: checked.reason,
          details: checked.details,
        }),
      );
      await manager.getRepository(ReturnLine).insert(checked.lines.map((line) => ({ returnId: saved.id, ...line })));
      if (checked.photos.length)
        await manager.getRepository(ReturnPhoto).insert(checked.photos.map((url, position) => ({ returnId: saved.id, position, url })));
      const row = await this.read(manager, saved.id);
      const units = checked.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
      await recordInHistory(manager, order, actor, `Return ${rmaNumber} requested (${checked.reason}): ${units}`);
      await raise(manager, 'return.requested', row.id, returnPayload(row, order));
      return row;
    });
  }

  /** Admin: the customer may send the units back (the approval mail carries the instructions). */
  async approve(caller: Caller, id: string): Promise<ReturnRequest> {
    requireAdmin(caller);
    const actor = actorOf(caller);
    return this.db.transaction(async (manager) =>
      moveReturn(manager, await lockReturn(manager, id, ReturnState.Approved), ReturnState.Approved, actor),
    );
  }

  /** Admin: refused, with a reason the customer is mailed. */
  async decline(caller: Caller, id: string, reason: string): Promise<ReturnRequest> {
    requireAdmin(caller);
    const actor = actorOf(caller);
    const why = typeof reason === 'string' ? reason.trim() : '';
    if (!why) throw badInput('Say why the return is declined');
    if (why.length > RETURN_TEXT_MAX_LENGTH) throw badInput(`The reason must be at most ${RETURN_TEXT_MAX_LENGTH} characters`);
    return this.db.transaction(async (manager) => {
      const row = await lockReturn(manager, id, ReturnState.Declined);
      return moveReturn(manager, row, ReturnState.Declined, actor, { declineReason: why }, why);
    });
  }

  /** Admin: the parcel arrived; each line's units that came back, and whether they go back to stock when refunded. */
  async receive(caller: Caller, id: string, received: ReceivedLineInput[]): Promise<ReturnRequest> {
    requireAdmin(caller);
    const actor = actorOf(caller);
    if (!Array.isArray(received) || !received.length) throw badInput('Say what came back of each line');
    return this.db.transaction(async (manager) => {
      const row = await lockReturn(manager, id, ReturnState.Received);
      const lines = await manager.getRepository(ReturnLine).find({ where: { returnId: row.id } });
      const giftCards = new Set(
        (await manager.getRepository(OrderLine).find({ where: { id: In(lines.map((line) => line.orderLineId)) } }))
          .filter((line) => line.giftCard)
          .map((line) => line.id),
      );
      const seen = new Set<string>();
      for (const given of received) {
        const line = lines.find((candidate) => candidate.orderLineId === given.lineId);
        if (!line) throw badInput('That line is not part of this return');
        if (seen.has(line.id)) throw badInput('Name each line once');
        seen.add(line.id);
        if (!Number.isInteger(given.received) || given.received < 0 || given.received > line.quantity)
          throw badInput(`Between 0 and ${line.quantity} of ${line.name} can have come back`);
        if (given.restock && giftCards.has(line.orderLineId)) throw badInput(`${line.name} is a gift card: it has no stock to return to`);
      }
      if (seen.size !== lines.length) throw badInput('Say what came back of each line of the return');
      for (const given of received)
        await manager
          .getRepository(ReturnLine)
          .update(
            { returnId: row.id, orderLineId: given.lineId },
            { receivedQuantity: given.received, restock: given.restock === true && given.received > 0 },
          );
      const note = lines
        .map((line) => {
          const given = received.find((candidate) => candidate.lineId === line.orderLineId)!;
          return `${given.received} of ${line.quantity} × ${line.name}${given.restock && given.received ? ' (to stock)' : ''}`;
        })
        .join(', ');
      return moveReturn(manager, row, ReturnState.Received, actor, {}, note);
    });
  }

  /**
   * Admin: refunds the received units (those chosen go back to stock) as one refund of the order,
   * with or without the delivery price; the return is marked refunded in the refund's transaction.
   */
  async refund(caller: Caller, id: string, delivery: boolean): Promise<ReturnRequest> {
    requireAdmin(caller);
    const actor = actorOf(caller);
    const row = isId(id) ? await this.db.getRepository(ReturnRequest).findOne({ where: { id }, relations: { lines: true } }) : null;
    if (!row) throw notFound('Return');
    assertReturnMove(row.state, ReturnState.Refunded);
    const lines = (row.lines ?? [])
      .filter((line) => (line.receivedQuantity ?? 0) > 0)
      .map((line) => ({ lineId: line.orderLineId, quantity: line.receivedQuantity!, restock: line.restock }));
    if (!lines.length && !delivery) throw badInput('Nothing of this return came back: decline the refund, or refund the delivery price');
    let refunded: ReturnRequest | null = null;
    await this.deps.refund(
      caller,
      row.orderId,
      { lines, delivery: delivery === true, amount: 0, reason: `Return ${row.rmaNumber}` },
      async (manager, refund) => {
        const locked = await lockReturn(manager, row.id, ReturnState.Refunded);
        refunded = await moveReturn(
          manager,
          locked,
          ReturnState.Refunded,
          actor,
          { refundId: refund.id },
          `credit note ${refund.creditNoteNumber}`,
        );
      },
    );
    return refunded!;
  }

  /** Admin: every return, newest first. */
  async list(caller: Caller, options?: ReturnListOptions | null): Promise<ReturnRequest[]> {
    requireAdmin(caller);
    return this.db.getRepository(ReturnRequest).find({
      where: options?.state ? { state: options.state } : {},
      relations: { lines: true, photos: true },
      order: { createdAt: 'DESC', id: 'DESC', photos: { position: 'ASC' } },
    });
  }

  /** One return: its customer or an admin. */
  async get(caller: Caller, id: string): Promise<ReturnRequest> {
    const user = isAdmin(caller) ? null : requireUser(caller);
    const row = isId(id)
      ? await this.db
          .getRepository(ReturnRequest)
          .findOne({ where: { id }, relations: { lines: true, photos: true }, order: { photos: { position: 'ASC' } } })
      : null;
    if (!row) throw notFound('Return');
    if (user && row.customerId !== user.id) throw forbidden('This is not your return');
    return row;
  }

  /** The returns of these orders, oldest first, by order id: one statement (the GraphQL loader; whoever reads the order reads them). */
  async byOrder(orderIds: readonly string[]): Promise<Map<string, ReturnRequest[]>> {
    const rows = await this.db.getRepository(ReturnRequest).find({
      where: { orderId: In([...orderIds]) },
      relations: { lines: true, photos: true },
      order: { createdAt: 'ASC', id: 'ASC', photos: { position: 'ASC' } },
    });
    const byOrder = new Map<string, ReturnRequest[]>();
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  private assertWithinWindow(order: Order): void {
    if (order.state === OrderState.Refunded) throw forbidden('This order was refunded');
    const returnable = order.state === OrderState.Delivered || order.state === OrderState.PartiallyRefunded;
    if (!order.deliveredAt || !returnable) throw forbidden('Only a delivered order can be returned');
    if (Date.now() > order.deliveredAt.getTime() + this.settings.returnDays * DAY_MS)
      throw forbidden(
        `Returns are taken within ${this.settings.returnDays} days of delivery; this order was delivered on ${order.deliveredAt.toISOString().slice(0, 10)}`,
      );
  }

  /** Units of each order line in returns not declined and not yet refunded (a refunded one's are in the line's refundedQuantity). */
  private async unitsInReturns(manager: EntityManager, orderId: string): Promise<Map<string, number>> {
    const rows: { orderLineId: string; units: number }[] = await manager.query(
      `SELECT l."orderLineId", SUM(CASE WHEN r."state" = $2 THEN coalesce(l."receivedQuantity", 0) ELSE l."quantity" END)::int AS "units"
         FROM "return_line" l JOIN "return_request" r ON r."id" = l."returnId"
        WHERE r."orderId" = $1 AND r."state" IN ($3, $4, $2) GROUP BY l."orderLineId"`,
      [orderId, ReturnState.Received, ReturnState.Requested, ReturnState.Approved],
    );
    return new Map(rows.map((row) => [row.orderLineId, Number(row.units)]));
  }

  private checkRequest(input: RequestReturnInput, orderLines: ReturnableLine[], inReturns: Map<string, number>) {
    if (!Object.values(ReturnReason).includes(input.reason)) throw badInput('Choose a reason from the list');
    const details = typeof input.details === 'string' ? input.details.trim() || null : null;
    if (details && details.length > RETURN_TEXT_MAX_LENGTH) throw badInput(`Say it in at most ${RETURN_TEXT_MAX_LENGTH} characters`);
    if (input.reason === ReturnReason.OTHER && !details) throw badInput('Say why in your own words');
    const asked = Array.isArray(input.lines) ? input.lines : [];
    if (!asked.length) throw badInput('Choose at least one line to return');
    const seen = new Set<string>();
    const lines = asked.map((given) => {
      if (seen.has(given.lineId)) throw badInput('Name each line once');
      seen.add(given.lineId);
      const line = orderLines.find((candidate) => candidate.id === given.lineId);
      if (!line) throw badInput('That line is not part of this order');
      const name = lineName(line.name, line.variantName);
      if (line.giftCard) throw badInput(`${name} is a gift card: it cannot be returned`);
      if (madeForThem(line) && !FAULT_REASONS.includes(input.reason))
        throw badInput(
          `${name} was made for you (engraved or made to measure): it can be returned only when faulty, damaged or not what you ordered`,
        );
      const left = line.quantity - line.refundedQuantity - (inReturns.get(line.id) ?? 0);
      if (!Number.isInteger(given.quantity) || given.quantity < 1) throw badInput(`Return a whole number of units of ${name}, at least 1`);
      if (given.quantity > left)
        throw badInput(
          left > 0 ? `At most ${left} of ${name} can be returned` : `Every unit of ${name} is refunded or in a return already`,
        );
      return { orderLineId: line.id, name: name.slice(0, 400), quantity: given.quantity };
    });
    const photos = input.photos ?? [];
    if (!Array.isArray(photos) || photos.length > MAX_RETURN_PHOTOS)
      throw badInput(`At most ${MAX_RETURN_PHOTOS} photos can be sent with a return`);
    if (photos.some((url) => typeof url !== 'string' || !this.deps.isOwnUpload(url)))
      throw badInput('Photos must be uploaded first (POST /api/uploads)');
    if (new Set(photos).size !== photos.length) throw badInput('The same photo is attached twice');
    return { reason: input.reason, details, lines, photos };
  }

  private read(manager: EntityManager, id: string): Promise<ReturnRequest> {
    return manager
      .getRepository(ReturnRequest)
      .findOneOrFail({ where: { id }, relations: { lines: true, photos: true }, order: { photos: { position: 'ASC' } } });
  }
}
