import { shopDateOf } from '../../common/shop-calendar';
import { closedDateInput, workshopSettingsInput } from '@keen/rules/schemas';
import type { DataSource, EntityManager } from 'typeorm';
import { badInput, notFound } from '../../common/errors';
import { isId, parseInput } from '../../common/validate';
import { raise } from '../../events/outbox';
import { type Caller, requireAdmin } from '../auth';
import { Order, orderPayload, shipWindowOf } from '../orders';
import { OPEN_ORDER, OPEN_QUEUED_UNITS, workshopNow, type WorkshopNow } from './lead-times';
import { ClosedDateRow, WorkshopSettingsRow } from './workshop.entity';
import type { WorkshopQueueLine, WorkshopSettings, WorkshopSettingsInputType } from './workshop.types';

/** The workshop's id as its events' aggregate (an event's aggregate is a UUID; the workshop is one). */
const WORKSHOP_ID = '00000000-0000-0000-0000-000000000001';

/** Not told of being late since its latest date (a new date the admin set is told of again once it passes). */
const NOT_TOLD = `(o."lateNoticeAt" IS NULL OR o."lateNoticeAt" < o."shipByLatest" + 1)`;

/** The workshop: its settings and closed dates, its queue of made-to-order lines, and the orders that run late. */
export class WorkshopService {
  constructor(private readonly db: DataSource) {}

  /** What an estimate made now starts from (no caller: the storefront's estimates are public). */
  now(): Promise<WorkshopNow> {
    return workshopNow(this.db.manager);
  }

  async settings(caller: Caller): Promise<WorkshopSettings> {
    requireAdmin(caller);
    const now = await this.now();
    const closed = await this.db
      .getRepository(ClosedDateRow)
      .createQueryBuilder('d')
      .where('d.date >= :today', { today: now.today })
      .orderBy('d.date')
      .getMany();
    return { handlingDays: now.handlingDays, capacityPerWeek: now.capacityPerWeek, closedDates: closed, queuedUnits: now.queuedUnits };
  }

  async updateSettings(caller: Caller, input: WorkshopSettingsInputType): Promise<WorkshopSettings> {
    requireAdmin(caller);
    const { handlingDays, capacityPerWeek } = parseInput(workshopSettingsInput, input);
    // parseInput drops nulls: a null capacity is no capacity.
    await this.changed((manager) =>
      manager.getRepository(WorkshopSettingsRow).update({ id: 1 }, { handlingDays, capacityPerWeek: capacityPerWeek ?? null }),
    );
    return this.settings(caller);
  }

  /** Adds a closed date, or changes its note. */
  async closeDate(caller: Caller, date: string, note: string | null | undefined): Promise<WorkshopSettings> {
    requireAdmin(caller);
    const closed = parseInput(closedDateInput, { date, note });
    await this.changed((manager) => manager.getRepository(ClosedDateRow).upsert(closed, ['date']));
    return this.settings(caller);
  }

  async reopenDate(caller: Caller, date: string): Promise<WorkshopSettings> {
    requireAdmin(caller);
    const open = parseInput(closedDateInput, { date }).date;
    await this.changed(async (manager) => {
      const { affected } = await manager.getRepository(ClosedDateRow).delete({ date: open });
      if (!affected) throw notFound('Closed date');
    });
    return this.settings(caller);
  }

  /** Makes a change to the workshop and raises workshop.changed with it: the storefront's estimates are read afresh. */
  private changed(change: (manager: EntityManager) => Promise<unknown>): Promise<void> {
    return this.db.transaction(async (manager) => {
      await change(manager);
      const now = await workshopNow(manager);
      await raise(manager, 'workshop.changed', WORKSHOP_ID, {
        handlingDays: now.handlingDays,
        capacityPerWeek: now.capacityPerWeek,
        closedDates: now.closedDates,
      });
    });
  }

  /** Every made-to-order line still to make, the latest promised date first due first. */
  async queue(caller: Caller): Promise<WorkshopQueueLine[]> {
    requireAdmin(caller);
    const today = shopDateOf();
    const rows: (Omit<WorkshopQueueLine, 'shipBy' | 'overdue'> & { earliest: string | null; latest: string | null })[] =
      await this.db.query(
        `SELECT l."id" AS "lineId", o."id" AS "orderId", l."name" AS "productName", l."variantName",
                ${OPEN_QUEUED_UNITS} AS "queuedQuantity", l."engravingText", l."engravingFont", l."engravingPlacement", l."customValue",
                o."userName" AS "customerName",
                to_char(o."shipByEarliest", 'YYYY-MM-DD') AS "earliest", to_char(o."shipByLatest", 'YYYY-MM-DD') AS "latest"
           FROM "order_line" l JOIN "order" o ON o."id" = l."orderId"
          WHERE l."queuedQuantity" > 0 AND ${OPEN_ORDER} AND ${OPEN_QUEUED_UNITS} > 0
          ORDER BY o."shipByLatest" NULLS LAST, o."createdAt", l."position"`,
      );
    return rows.map(({ earliest, latest, ...line }) => ({
      ...line,
      shipBy: shipWindowOf(earliest ?? latest ?? today, latest ?? today)!,
      overdue: latest !== null && latest < today,
    }));
  }

  /**
   * Sets a new latest ship date on an unshipped order (a late one, usually): its customer is mailed
   * an apology with it and the link to cancel for a full refund (order.ship_date_changed).
   */
  async setShipBy(caller: Caller, orderId: string, latest: string): Promise<Order> {
    requireAdmin(caller);
    if (!isId(orderId)) throw notFound('Order');
    const { date } = parseInput(closedDateInput, { date: latest });
    if (date < shopDateOf()) throw badInput('The new ship date cannot be in the past');
    return this.db.transaction(async (manager) => {
      const orders = manager.getRepository(Order);
      const order = await orders.findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order) throw notFound('Order');
      if (order.shippedAt || !['AwaitingPayment', 'Paid', 'AwaitingProof', 'InProduction', 'PartiallyRefunded'].includes(order.state))
        throw badInput('Only an open order that has not shipped gets a new ship date');
      const earliest = order.shipByEarliest && order.shipByEarliest < date ? order.shipByEarliest : date;
      // lateNoticeAt stays: the order is still late (its owner may cancel it for a refund); the job tells again should it pass this date too.
      await orders.update({ id: order.id }, { shipByEarliest: earliest, shipByLatest: date });
      const changed = await orders.findOneOrFail({
        where: { id: order.id },
        relations: { lines: true },
        order: { lines: { position: 'ASC' } },
      });
      await raise(manager, 'order.ship_date_changed', changed.id, orderPayload(changed, { note: `New ship date: ${date}` }));
      return changed;
    });
  }

  /**
   * The overdue job: each open order past its latest ship date, unshipped and not told since, is
   * marked told and raises order.late (the staff's mail), each in its own transaction. Answers how many.
   */
  async noticeLateOrders(now = new Date()): Promise<number> {
    const today = shopDateOf(now);
    const late: { id: string }[] = await this.db.query(
      `SELECT o."id" FROM "order" o WHERE o."shipByLatest" < $1::date AND ${NOT_TOLD} AND ${OPEN_ORDER} ORDER BY o."shipByLatest"`,
      [today],
    );
    let told = 0;
    for (const { id } of late)
      await this.db.transaction(async (manager) => {
        const [[marked]]: [{ id: string }[], number] = await manager.query(
          `UPDATE "order" o SET "lateNoticeAt" = now() WHERE o."id" = $1 AND ${NOT_TOLD} AND o."shipByLatest" < $2::date AND ${OPEN_ORDER}
           RETURNING o."id"`,
          [id, today],
        );
        if (!marked) return;
        const order = await manager
          .getRepository(Order)
          .findOneOrFail({ where: { id }, relations: { lines: true }, order: { lines: { position: 'ASC' } } });
        await raise(manager, 'order.late', id, orderPayload(order));
        told += 1;
      });
    return told;
  }
}
