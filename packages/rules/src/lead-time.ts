/**
 * Lead times (issue 52): when an order ships. A product ships from stock in the shop's handling
 * days, or is made to order in its own `minDays`-`maxDays`; with a weekly workshop capacity the
 * made-to-order window also grows with the queue ahead of the order. Days are working days:
 * Monday to Friday, less the shop's closed dates. Dates are ISO calendar dates (`2027-01-12`):
 * "today" is the shop's date (isoDateOf with its time zone); the arithmetic on dates is the same everywhere.
 */

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/** A working week, for turning a weekly capacity and day counts into weeks. */
export const WORKING_DAYS_PER_WEEK = 5;

/** The longest a product may take to make, and the most days the shop may take to hand over stock. */
export const LEAD_DAYS = { label: 'Days to make', min: 1, max: 365 };
export const HANDLING_DAYS = { label: 'Handling days', min: 0, max: 30 };
export const WORKSHOP_CAPACITY = { label: 'Workshop capacity per week', min: 1, max: 10_000 };
export const OPEN_MADE_TO_ORDER_CAP = { label: 'Open made-to-order units', min: 1, max: 10_000 };

/**
 * A variant's lead time: INHERIT its product's (made to order or from stock), MADE_TO_ORDER in its
 * own days whatever its product's, or IN_STOCK: shipped from stock only even when its product is made to order.
 */
export const VARIANT_LEAD_TIME_MODES = ['INHERIT', 'MADE_TO_ORDER', 'IN_STOCK'] as const;
export type VariantLeadTimeMode = (typeof VARIANT_LEAD_TIME_MODES)[number];
export const VARIANT_MADE_TO_ORDER_DAYS = 'A variant made to order needs its fewest and most days to make';

export const MADE_TO_ORDER_DAYS_ORDER = 'Most days to make must be at least the fewest days';
export const CLOSED_DATE_FORMAT = 'Closed dates are calendar dates like 2027-01-12';
export const madeToOrderCapReached = (product: string, open: number) =>
  `${product} is made to order and its queue is full (${open} open); try again later`;

const fromIsoDate = (date: IsoDate) => new Date(`${date}T00:00:00Z`);
const toIsoDate = (date: Date): IsoDate => date.toISOString().slice(0, 10);

/** A real calendar date written `YYYY-MM-DD` (not 2027-02-30). */
export function isIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = fromIsoDate(text);
  return !Number.isNaN(date.getTime()) && toIsoDate(date) === text;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date of an instant in a time zone (an IANA name such as Europe/Paris; UTC by
 * default): the shop's date is the one its workshop lives by (SHOP_TIME_ZONE).
 */
export function isoDateOf(instant: Date, timeZone = 'UTC'): IsoDate {
  if (timeZone === 'UTC') return toIsoDate(instant);
  let format = dateFormats.get(timeZone);
  // Made once per zone: making one takes tens of microseconds, and the read cache asks at every hit.
  if (!format)
    dateFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  const parts = format.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whether `timeZone` is an IANA time zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function isWorkingDay(date: IsoDate, closedDates: ReadonlySet<IsoDate>): boolean {
  const weekday = fromIsoDate(date).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !closedDates.has(date);
}

/**
 * The date `days` working days after `start` (the start day itself is not counted: an order placed
 * on Friday with 1 day ships on Monday). With 0 days, `start` if it is a working day, else the next.
 */
export function addWorkingDays(start: IsoDate, days: number, closedDates: Iterable<IsoDate> = []): IsoDate {
  const closed = new Set(closedDates);
  let at = fromIsoDate(start).getTime();
  const step = () => {
    at += DAY_MS;
  };
  if (days === 0) {
    while (!isWorkingDay(toIsoDate(new Date(at)), closed)) step();
    return toIsoDate(new Date(at));
  }
  for (let left = days; left > 0;) {
    step();
    if (isWorkingDay(toIsoDate(new Date(at)), closed)) left -= 1;
  }
  return toIsoDate(new Date(at));
}

/** How a product or variant is made: `null` is in stock, shipping in the shop's handling days. */
export interface MadeToOrder {
  minDays: number;
  maxDays: number;
}

export interface LeadTimeInput {
  madeToOrder: MadeToOrder | null;
  handlingDays: number;
  /** Made-to-order units ahead of this one in the workshop's queue (unshipped, placed earlier). */
  unitsAhead: number;
  /** Units of made-to-order work a week; `null` for no capacity set: the queue adds nothing. */
  capacityPerWeek: number | null;
}

/** Working days from the day of ordering: the fewest and the most. */
export interface LeadDays {
  minDays: number;
  maxDays: number;
  madeToOrder: boolean;
}

/** Working days the queue adds: the units ahead divided by the weekly capacity, in working days, rounded up. */
export const queueDays = (unitsAhead: number, capacityPerWeek: number | null): number =>
  capacityPerWeek && unitsAhead > 0 ? Math.ceil((unitsAhead * WORKING_DAYS_PER_WEEK) / capacityPerWeek) : 0;

export function leadDays({ madeToOrder, handlingDays, unitsAhead, capacityPerWeek }: LeadTimeInput): LeadDays {
  if (!madeToOrder) return { minDays: handlingDays, maxDays: handlingDays, madeToOrder: false };
  const queue = queueDays(unitsAhead, capacityPerWeek);
  return { minDays: madeToOrder.minDays + queue, maxDays: madeToOrder.maxDays + queue, madeToOrder: true };
}

export interface ShipWindow {
  earliest: IsoDate;
  latest: IsoDate;
}

/** The dates an order placed on `today` ships between, for lead days. */
export const shipWindow = (
  today: IsoDate,
  days: Pick<LeadDays, 'minDays' | 'maxDays'>,
  closedDates: Iterable<IsoDate> = [],
): ShipWindow => {
  const closed = [...closedDates];
  return { earliest: addWorkingDays(today, days.minDays, closed), latest: addWorkingDays(today, days.maxDays, closed) };
};

/** The window of a whole order: from its earliest line's earliest date to its latest line's latest date. */
export const orderShipWindow = (windows: readonly ShipWindow[]): ShipWindow | null =>
  windows.length === 0
    ? null
    : {
        earliest: windows.map((window) => window.earliest).reduce((a, b) => (a < b ? a : b)),
        latest: windows.map((window) => window.latest).reduce((a, b) => (a > b ? a : b)),
      };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "12 January"; with the year when asked: "12 January 2027". */
export function formatShipDate(date: IsoDate, withYear = false): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]}${withYear ? ` ${year}` : ''}`;
}

/** "Ships between 12 and 26 January", "Ships between 30 January and 13 February", "Ships on 12 January". */
export function formatShipWindow({ earliest, latest }: ShipWindow): string {
  if (earliest === latest) return `Ships on ${formatShipDate(earliest)}`;
  const [fromYear, fromMonth] = earliest.split('-');
  const [toYear, toMonth] = latest.split('-');
  if (fromYear !== toYear) return `Ships between ${formatShipDate(earliest, true)} and ${formatShipDate(latest, true)}`;
  const from = fromMonth === toMonth ? String(Number(earliest.slice(8))) : formatShipDate(earliest);
  return `Ships between ${from} and ${formatShipDate(latest)}`;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
const span = (min: number, max: number, unit: string) => (min === max ? plural(max, unit) : `${min}-${max} ${unit}s`);

/**
 * The storefront's line: "In stock: ships in 2 days", "Made to order: ships in 4-6 weeks". Made to
 * order reads in weeks from two weeks up (working days over 5, rounded up), in days below.
 */
export function formatLeadTime({ minDays, maxDays, madeToOrder }: LeadDays): string {
  if (!madeToOrder) return `In stock: ships in ${plural(maxDays, 'day')}`;
  if (maxDays < 2 * WORKING_DAYS_PER_WEEK) return `Made to order: ships in ${span(minDays, maxDays, 'day')}`;
  const weeks = (days: number) => Math.max(1, Math.ceil(days / WORKING_DAYS_PER_WEEK));
  return `Made to order: ships in ${span(weeks(minDays), weeks(maxDays), 'week')}`;
}
