import { leadDays, type LeadDays, type MadeToOrder, type ShipWindow, shipWindow } from '@keen/rules';
import { shopDateOf } from '../../common/shop-calendar';
import type { EntityManager } from 'typeorm';

type Queryable = Pick<EntityManager, 'query'>;

/** What every estimate starts from, read in one statement: the workshop's settings, its closed dates from today, and its queue. */
export interface WorkshopNow {
  today: string;
  handlingDays: number;
  capacityPerWeek: number | null;
  closedDates: string[];
  /** Made-to-order units waiting: on open, unshipped orders, less what was refunded of them. */
  queuedUnits: number;
}

/** An unshipped order's made-to-order units still to make: the one definition of the queue. */
export const OPEN_QUEUED_UNITS = `GREATEST(l."queuedQuantity" - l."refundedQuantity", 0)`;
export const OPEN_ORDER = `o."shippedAt" IS NULL AND o."state" IN ('AwaitingPayment', 'Paid', 'AwaitingProof', 'InProduction', 'PartiallyRefunded')`;

/** The workshop as an estimate made now sees it; inside an order's transaction, as that transaction sees it. */
export async function workshopNow(db: Queryable, now = new Date()): Promise<WorkshopNow> {
  const today = shopDateOf(now);
  const [row]: Omit<WorkshopNow, 'today'>[] = await db.query(
    `SELECT s."handlingDays", s."capacityPerWeek",
            coalesce((SELECT json_agg(to_char(d."date", 'YYYY-MM-DD') ORDER BY d."date") FROM "workshop_closed_date" d WHERE d."date" >= $1::date), '[]') AS "closedDates",
            (SELECT coalesce(sum(${OPEN_QUEUED_UNITS}), 0)::int FROM "order_line" l JOIN "order" o ON o."id" = l."orderId"
              WHERE l."queuedQuantity" > 0 AND ${OPEN_ORDER}) AS "queuedUnits"
       FROM "workshop_settings" s WHERE s."id" = 1`,
    [today],
  );
  return { today, ...row };
}

/** Made to order, from a product's columns; null for one shipped from stock. */
export const madeToOrderOf = (product: { madeToOrderMinDays: number | null; madeToOrderMaxDays: number | null }): MadeToOrder | null =>
  product.madeToOrderMinDays != null && product.madeToOrderMaxDays != null
    ? { minDays: product.madeToOrderMinDays, maxDays: product.madeToOrderMaxDays }
    : null;

/** The lead days and dates of `units` ordered now: made to order, they wait behind the whole queue. */
export function estimate(now: WorkshopNow, madeToOrder: MadeToOrder | null): { days: LeadDays; window: ShipWindow } {
  const days = leadDays({ madeToOrder, handlingDays: now.handlingDays, unitsAhead: now.queuedUnits, capacityPerWeek: now.capacityPerWeek });
  return { days, window: shipWindow(now.today, days, now.closedDates) };
}
