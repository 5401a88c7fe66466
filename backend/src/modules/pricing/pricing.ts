import { taxOf } from '@keen/rules';
import { registerEnumType } from 'type-graphql';
import { badInput } from '../../common/errors';
import { TaxCategory } from '../catalog/product.entity';
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

/** A change to the lines' price: negative lowers it. Allocated over the lines by `allocate`, tax computed after. */
export interface Adjustment {
  source: AdjustmentSource;
  label: string;
  /** Minor units; negative lowers the price. */
  amount: number;
}

/** A line as pricing needs it: its amount before adjustments (minor units) and its tax rate. */
export interface LineToPrice {
  amount: number;
  taxRateBasisPoints: number;
}

/**
 * What the shop charges for delivery and how it is taxed: at a rate (the destination's standard
 * rate where the shop taxes delivery, else 0), or the tax as it was when ordered.
 */
export type DeliveryToPrice = { amount: number } & ({ taxRateBasisPoints: number } | { taxAmount: number });

/** Each line's share of the adjustments and its tax on the adjusted amount, with the order's totals. */
export interface OrderPricing {
  lines: { adjustmentAmount: number; taxRateBasisPoints: number; taxAmount: number }[];
  /** The lines' amounts before adjustments. */
  subtotalAmount: number;
  /** Every adjustment together (negative lowers the price). */
  adjustmentAmount: number;
  shippingAmount: number;
  /** The lines' tax (on their adjusted amounts) and delivery's. */
  taxAmount: number;
  /** What the customer pays: the adjusted lines and delivery, plus the tax unless prices include it. */
  totalAmount: number;
}

/**
 * An order's price, the one place it is worked out: every adjustment is allocated over the lines in
 * proportion to their amounts (so the lines' shares sum to it exactly), no line goes below zero,
 * and each line's tax is computed on its adjusted amount, rounded half up in minor units, as is
 * delivery's: in a tax-inclusive shop the tax is inside the amounts, otherwise it is added.
 */
export function priceOrder(
  lines: readonly LineToPrice[],
  adjustments: readonly Adjustment[],
  delivery: DeliveryToPrice,
  pricesIncludeTax: boolean,
): OrderPricing {
  const subtotalAmount = lines.reduce((sum, line) => sum + line.amount, 0);
  const adjustmentAmount = adjustments.reduce((sum, adjustment) => sum + adjustment.amount, 0);
  if (subtotalAmount + adjustmentAmount < 0) throw badInput('An adjustment cannot take the order below zero');
  const shares = allocate(
    adjustmentAmount,
    lines.map((line) => line.amount),
  );
  const priced = lines.map((line, index) => {
    const adjusted = line.amount + shares[index];
    return {
      adjustmentAmount: shares[index],
      taxRateBasisPoints: line.taxRateBasisPoints,
      taxAmount: taxOf(adjusted, line.taxRateBasisPoints, pricesIncludeTax),
    };
  });
  const deliveryTax = 'taxAmount' in delivery ? delivery.taxAmount : taxOf(delivery.amount, delivery.taxRateBasisPoints, pricesIncludeTax);
  const taxAmount = priced.reduce((sum, line) => sum + line.taxAmount, deliveryTax);
  const net = subtotalAmount + adjustmentAmount + delivery.amount;
  return {
    lines: priced,
    subtotalAmount,
    adjustmentAmount,
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
  adjustments: readonly Adjustment[] = [],
): OrderPricing {
  const rateOf = (category: TaxCategory) => delivery.rates.get(category) ?? 0;
  return priceOrder(
    lines.map((line) => ({ amount: line.amount, taxRateBasisPoints: rateOf(line.taxCategory) })),
    adjustments,
    { amount: delivery.shippingAmount, taxRateBasisPoints: taxShipping ? rateOf(TaxCategory.standard) : 0 },
    pricesIncludeTax,
  );
}
