import { taxOf } from '@keen/rules';
import { registerEnumType } from 'type-graphql';
import { badInput } from '../../common/errors';
import { TaxCategory } from '../catalog';
import { allocate } from './allocate';

/** Where an adjustment of an order's price comes from. */
export enum AdjustmentSource {
  manual = 'manual',
  discount = 'discount',
  giftCard = 'giftCard',
}
registerEnumType(AdjustmentSource, {
  name: 'AdjustmentSource',
  description: "Where an adjustment of an order's price comes from",
  valuesConfig: {
    manual: { description: 'Shop staff changed the price (Adjust price), with a reason' },
    discount: { description: 'A discount code' },
    giftCard: { description: "A gift card's share" },
  },
});

/**
 * A change to an order's price: negative lowers it. Allocated by `priceOrder` over the lines it
 * applies to (every line, or some by position) or taken off delivery; tax computed after.
 */
export interface Adjustment {
  source: AdjustmentSource;
  label: string;
  /** Minor units; negative lowers the price. */
  amount: number;
  /** The positions of the lines it is allocated over; every line when absent or null. */
  linePositions?: readonly number[] | null;
  /** It applies to delivery's price instead of the lines' (free shipping). */
  onDelivery?: boolean;
}

/**
 * A reduction whose amount `priceOrder` works out from what it applies to: a percentage of it
 * (rounded half up), or an amount that never takes it below zero. A discount code is one.
 */
export interface Reduction extends Omit<Adjustment, 'amount'> {
  off: { percent: number } | { amount: number };
}

/**
 * A line as pricing needs it: its amount before adjustments (minor units) and its tax rate, or
 * the tax a calculator (TaxCalculator) worked out on its adjusted amount.
 */
export interface LineToPrice {
  amount: number;
  taxRateMilliPercent: number;
  taxAmount?: number;
}

/**
 * What the shop charges for delivery and how it is taxed: at a rate (the destination's standard
 * rate where the shop taxes delivery, else 0), or the tax as it was when ordered.
 */
export type DeliveryToPrice = { amount: number } & ({ taxRateMilliPercent: number } | { taxAmount: number });

/** Each line's share of the adjustments and its tax on the adjusted amount, with the order's totals. */
export interface OrderPricing {
  lines: { adjustmentAmount: number; discountAmount: number; taxRateMilliPercent: number; taxAmount: number }[];
  /** The adjustments as applied, in the order given, each with its amount (a reduction's worked out). */
  adjustments: Adjustment[];
  /** The lines' amounts before adjustments. */
  subtotalAmount: number;
  /** Every adjustment together, the lines' and delivery's (negative lowers the price). */
  adjustmentAmount: number;
  /** The discount code's adjustments together (negative); 0 without one. */
  discountAmount: number;
  /** Delivery's price before its adjustments. */
  shippingAmount: number;
  /** The lines' tax (on their adjusted amounts) and delivery's (on its adjusted price). */
  taxAmount: number;
  /** What the customer pays: the adjusted lines and delivery, plus the tax unless prices include it. */
  totalAmount: number;
}

/** A reduction's amount off `base` (what it applies to), or an adjustment's own amount. */
function amountOf(adjustment: Adjustment | Reduction, base: number): number {
  if (!('off' in adjustment)) return adjustment.amount;
  const { off } = adjustment;
  const amount = 'percent' in off ? Math.round((base * off.percent) / 100) : Math.min(off.amount, base);
  return amount === 0 ? 0 : -amount;
}

/**
 * An order's price, the one place it is worked out. Reductions and adjustments that name lines or
 * delivery go first, in order: each allocated over its lines in proportion to their amounts so far (the shares
 * sum to it exactly) or taken off delivery; then the adjustments of every line together, allocated
 * the same way. No line goes below zero, and each line's tax is computed on its adjusted amount,
 * rounded half up in minor units, as is delivery's: in a tax-inclusive shop the tax is inside the
 * amounts, otherwise it is added.
 */
export function priceOrder(
  lines: readonly LineToPrice[],
  adjustments: readonly (Adjustment | Reduction)[],
  delivery: DeliveryToPrice,
  pricesIncludeTax: boolean,
): OrderPricing {
  const subtotalAmount = lines.reduce((sum, line) => sum + line.amount, 0);
  const adjusted = lines.map((line) => line.amount);
  const shares = lines.map(() => 0);
  const discounts = lines.map(() => 0);
  let deliveryAdjustment = 0;
  const applied: Adjustment[] = adjustments.map(({ source, label, linePositions, onDelivery, ...rest }) => ({
    source,
    label,
    amount: 'off' in rest ? 0 : rest.amount,
    ...(linePositions ? { linePositions } : {}),
    ...(onDelivery ? { onDelivery } : {}),
  }));
  const spread = (amount: number, positions: readonly number[], source: AdjustmentSource) => {
    const parts = allocate(
      amount,
      positions.map((position) => adjusted[position]),
    );
    positions.forEach((position, index) => {
      adjusted[position] += parts[index];
      shares[position] += parts[index];
      if (source === AdjustmentSource.discount) discounts[position] += parts[index];
    });
  };
  adjustments.forEach((adjustment, index) => {
    if (adjustment.onDelivery) {
      applied[index].amount = amountOf(adjustment, delivery.amount + deliveryAdjustment);
      deliveryAdjustment += applied[index].amount;
    } else if (adjustment.linePositions || 'off' in adjustment) {
      const positions = (adjustment.linePositions ?? lines.map((_, position) => position)).filter(
        (position) => position >= 0 && position < lines.length,
      );
      applied[index].amount = amountOf(
        adjustment,
        positions.reduce((sum, position) => sum + adjusted[position], 0),
      );
      spread(applied[index].amount, positions, adjustment.source);
    }
  });
  const onAll = applied.reduce(
    (sum, adjustment, index) =>
      sum + (adjustment.onDelivery || adjustment.linePositions || 'off' in adjustments[index] ? 0 : adjustment.amount),
    0,
  );
  if (adjusted.reduce((sum, amount) => sum + amount, 0) + onAll < 0) throw badInput('An adjustment cannot take the order below zero');
  if (delivery.amount + deliveryAdjustment < 0) throw badInput('An adjustment cannot take delivery below zero');
  // Every-line adjustments stay allocated together, as staff's always were.
  const parts = allocate(onAll, adjusted);
  lines.forEach((_, position) => {
    adjusted[position] += parts[position];
    shares[position] += parts[position];
  });
  const priced = lines.map((line, index) => ({
    adjustmentAmount: shares[index],
    discountAmount: discounts[index],
    taxRateMilliPercent: line.taxRateMilliPercent,
    taxAmount: line.taxAmount ?? taxOf(adjusted[index], line.taxRateMilliPercent, pricesIncludeTax),
  }));
  const deliveryNet = delivery.amount + deliveryAdjustment;
  const deliveryTax = 'taxAmount' in delivery ? delivery.taxAmount : taxOf(deliveryNet, delivery.taxRateMilliPercent, pricesIncludeTax);
  const taxAmount = priced.reduce((sum, line) => sum + line.taxAmount, deliveryTax);
  const adjustmentAmount = applied.reduce((sum, adjustment) => sum + adjustment.amount, 0);
  const net = subtotalAmount + adjustmentAmount + delivery.amount;
  return {
    lines: priced,
    adjustments: applied,
    subtotalAmount,
    adjustmentAmount,
    discountAmount: applied.reduce((sum, adjustment) => sum + (adjustment.source === AdjustmentSource.discount ? adjustment.amount : 0), 0),
    shippingAmount: delivery.amount,
    taxAmount,
    totalAmount: net + (pricesIncludeTax ? 0 : taxAmount),
  };
}

/** How the shop charges tax (ShopSettings). */
export interface TaxSettings {
  pricesIncludeTax: boolean;
  taxShipping: boolean;
}

/**
 * Lines to a destination priced with its zone's rates: each line taxed at its category's rate,
 * delivery at the standard rate where the shop taxes delivery.
 */
export function priceForZone(
  lines: readonly { amount: number; taxCategory: TaxCategory }[],
  delivery: { shippingAmount: number; rates: ReadonlyMap<TaxCategory, number> },
  { pricesIncludeTax, taxShipping }: TaxSettings,
  adjustments: readonly (Adjustment | Reduction)[] = [],
): OrderPricing {
  const rateOf = (category: TaxCategory) => delivery.rates.get(category) ?? 0;
  return priceOrder(
    lines.map((line) => ({ amount: line.amount, taxRateMilliPercent: rateOf(line.taxCategory) })),
    adjustments,
    { amount: delivery.shippingAmount, taxRateMilliPercent: taxShipping ? rateOf(TaxCategory.standard) : 0 },
    pricesIncludeTax,
  );
}
