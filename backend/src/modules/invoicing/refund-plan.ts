import { FULL_RATE_MILLI_PERCENT, lineName, taxOf } from '@keen/rules';
import { badInput } from '../../common/errors';
import type { Order, OrderLine } from '../orders';
import { allocate } from '../pricing';
import type { Refund, RefundLine } from './refund.entity';

/** What an admin asks to refund, checked for shape: lines' units (some returned to stock), delivery, an amount with a reason. */
export interface RefundRequest {
  lines: { lineId: string; quantity: number; restock: boolean }[];
  delivery: boolean;
  amount: number;
  reason: string | null;
}

/** A refund worked out from the order's own figures: never from the client's. */
export interface RefundPlan {
  lines: RefundLine[];
  shippingAmount: number;
  shippingTaxAmount: number;
  extraAmount: number;
  reason: string | null;
  taxAmount: number;
  amount: number;
  /** Units returned to stock, by line id. */
  restock: Map<string, number>;
}

export type PricedLine = Pick<
  OrderLine,
  'id' | 'name' | 'variantName' | 'quantity' | 'lineAmount' | 'adjustmentAmount' | 'taxAmount' | 'taxRateMilliPercent' | 'giftCard'
>;
export type PricedOrder = Pick<
  Order,
  'currency' | 'totalAmount' | 'subtotalAmount' | 'adjustmentAmount' | 'shippingAmount' | 'taxAmount'
> & {
  lines: PricedLine[];
};

/** Whether the tax was added to the order's prices (the order's own sums say so) rather than held in them. */
export function taxAdded(order: PricedOrder): boolean {
  return (
    order.taxAmount > 0 && order.totalAmount === order.subtotalAmount + order.adjustmentAmount + order.shippingAmount + order.taxAmount
  );
}

/** What a line cost the customer: its amount, its share of adjustments and, when added, its tax. */
export function linePaid(order: PricedOrder, line: PricedLine): number {
  return line.lineAmount + line.adjustmentAmount + (taxAdded(order) ? line.taxAmount : 0);
}

/**
 * What delivery cost the customer (its adjustments and, when added, its tax included), its tax, and
 * its rate: the lines' rate that gives its tax (delivery is taxed at the standard rate), else the
 * rate its tax works out to, in thousandths of a percent.
 */
export function deliveryPaid(order: PricedOrder): { amount: number; taxAmount: number; taxRateMilliPercent: number } {
  const sum = (pick: (line: PricedLine) => number) => order.lines.reduce((total, line) => total + pick(line), 0);
  const net = order.shippingAmount + order.adjustmentAmount - sum((line) => line.adjustmentAmount);
  const taxAmount = order.taxAmount - sum((line) => line.taxAmount);
  const added = taxAdded(order);
  const base = added ? net : net - taxAmount;
  const linesRate = order.lines.map((line) => line.taxRateMilliPercent).find((rate) => rate > 0 && taxOf(net, rate, !added) === taxAmount);
  return {
    amount: net + (added ? taxAmount : 0),
    taxAmount,
    taxRateMilliPercent: base > 0 && taxAmount > 0 ? (linesRate ?? Math.round((taxAmount * FULL_RATE_MILLI_PERCENT) / base)) : 0,
  };
}

/** A part of an amount at one tax rate, with its tax. */
export interface RatePart {
  taxRateMilliPercent: number;
  amount: number;
  taxAmount: number;
}

/**
 * An amount refunded beyond lines and delivery lowers the price of the whole supply: it is split
 * over the order's tax rates in proportion to what was paid at each (lowest rate first), each part
 * carrying its tax.
 */
export function amountByRate(order: PricedOrder, amount: number): RatePart[] {
  const paid = new Map<number, number>();
  const add = (rate: number, value: number) => paid.set(rate, (paid.get(rate) ?? 0) + value);
  for (const line of order.lines) add(line.taxRateMilliPercent, linePaid(order, line));
  const delivery = deliveryPaid(order);
  if (delivery.amount > 0) add(delivery.taxRateMilliPercent, delivery.amount);
  const rates = [...paid].sort(([a], [b]) => a - b);
  const parts = allocate(
    amount,
    rates.map(([, value]) => value),
  );
  return rates
    .map(([rate], i) => ({
      taxRateMilliPercent: rate,
      amount: parts[i],
      taxAmount: Math.round((parts[i] * rate) / (FULL_RATE_MILLI_PERCENT + rate)),
    }))
    .filter((part) => part.amount > 0);
}

/** The share of `whole` that `units` of a line's `quantity` carry, rounded as allocate rounds: all units carry all of it. */
const shareOf = (whole: number, units: number, quantity: number) => allocate(whole, [units, quantity - units])[0];

/** Units of each line earlier refunds took. */
export function unitsRefunded(earlier: readonly Pick<Refund, 'lines'>[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const refund of earlier) for (const line of refund.lines) units.set(line.lineId, (units.get(line.lineId) ?? 0) + line.quantity);
  return units;
}

/**
 * Works out a refund: each line's units carry their share of what the line cost (the last unit
 * what is left of it, so a line refunded unit by unit returns exactly what it cost), delivery what
 * it cost, and the amount as given. Throws a 400 naming what is wrong; the limit (what was paid
 * less earlier refunds) is the caller's to check.
 */
export function planRefund(
  order: PricedOrder,
  earlier: readonly Pick<Refund, 'lines' | 'shippingAmount'>[],
  request: RefundRequest,
): RefundPlan {
  const refunded = unitsRefunded(earlier);
  const seen = new Set<string>();
  const lines: RefundLine[] = [];
  const restock = new Map<string, number>();
  for (const asked of request.lines) {
    if (seen.has(asked.lineId)) throw badInput('Name each line once');
    seen.add(asked.lineId);
    const line = order.lines.find((candidate) => candidate.id === asked.lineId);
    if (!line) throw badInput('That line is not part of this order');
    const name = lineName(line.name, line.variantName);
    const before = refunded.get(line.id) ?? 0;
    const left = line.quantity - before;
    if (!Number.isInteger(asked.quantity) || asked.quantity < 1) throw badInput(`Refund a whole number of units of ${name}, at least 1`);
    if (asked.quantity > left)
      throw badInput(left ? `At most ${left} of ${name} can be refunded` : `Every unit of ${name} has been refunded already`);
    if (asked.restock && line.giftCard) throw badInput(`${name} is a gift card: it has no stock to return to`);
    const paid = linePaid(order, line);
    const after = before + asked.quantity;
    const amount = shareOf(paid, after, line.quantity) - shareOf(paid, before, line.quantity);
    const taxAmount = shareOf(line.taxAmount, after, line.quantity) - shareOf(line.taxAmount, before, line.quantity);
    lines.push({
      lineId: line.id,
      name,
      quantity: asked.quantity,
      restocked: asked.restock ? asked.quantity : 0,
      amount,
      taxAmount,
      taxRateMilliPercent: line.taxRateMilliPercent,
      currency: order.currency,
    });
    if (asked.restock) restock.set(line.id, asked.quantity);
  }
  // In the order's order, whatever order they were asked in.
  lines.sort((a, b) => order.lines.findIndex((line) => line.id === a.lineId) - order.lines.findIndex((line) => line.id === b.lineId));

  const delivery = deliveryPaid(order);
  if (request.delivery) {
    if (delivery.amount <= 0) throw badInput('This order paid nothing for delivery');
    if (earlier.some((refund) => refund.shippingAmount > 0)) throw badInput('The delivery price has been refunded already');
  }
  if (!Number.isInteger(request.amount) || request.amount < 0)
    throw badInput('The amount must be a whole number of minor units, 0 or more');
  const reason = request.reason?.trim() || null;
  if (request.amount > 0 && !reason) throw badInput('Say why the amount is refunded');
  if (reason && reason.length > 500) throw badInput('The reason must be at most 500 characters');

  const shippingAmount = request.delivery ? delivery.amount : 0;
  const shippingTaxAmount = request.delivery ? delivery.taxAmount : 0;
  const amount = lines.reduce((sum, line) => sum + line.amount, 0) + shippingAmount + request.amount;
  if (amount <= 0) throw badInput('Choose what to refund: units of a line, the delivery price or an amount');
  return {
    lines,
    shippingAmount,
    shippingTaxAmount,
    extraAmount: request.amount,
    reason,
    taxAmount:
      lines.reduce((sum, line) => sum + line.taxAmount, 0) +
      shippingTaxAmount +
      amountByRate(order, request.amount).reduce((sum, part) => sum + part.taxAmount, 0),
    amount,
    restock,
  };
}
