import { taxOf } from '@keen/rules';
import { TaxCategory } from '../../catalog';
import type { TaxAnswer, TaxCalculator, TaxRequest } from './tax-calculator';

/**
 * The rates of the zone an order ships to, as the shipping module read them for its place: per
 * category, the region's rate where one is set, else the zone's; and whether delivery is taxed there.
 */
export interface ZoneRates {
  /** Thousandths of a percent per tax category (8875 is 8.875%; none: untaxed). */
  rates: ReadonlyMap<TaxCategory, number>;
  /** The standard rate's own Tax shipping; null: the shop's TAX_SHIPPING. */
  taxShipping: boolean | null;
}

/**
 * Keen's own rates, the default calculator: each line at its category's rate, delivery at the
 * standard rate where it is taxed, each rounded half up in minor units.
 */
export function keenRates({ rates, taxShipping }: ZoneRates, shopTaxesShipping: boolean): TaxCalculator {
  const rateOf = (category: TaxCategory) => rates.get(category) ?? 0;
  return {
    name: 'keen',
    calculate: (request: TaxRequest): Promise<TaxAnswer> => Promise.resolve(keenTax(request, rateOf, taxShipping ?? shopTaxesShipping)),
  };
}

function keenTax(request: TaxRequest, rateOf: (category: TaxCategory) => number, taxesShipping: boolean): TaxAnswer {
  const shippingRate = taxesShipping ? rateOf(TaxCategory.standard) : 0;
  return {
    lines: request.lines.map((line) => {
      const rate = rateOf(line.taxCategory);
      return { taxRateMilliPercent: rate, taxAmount: taxOf(line.amount, rate, request.pricesIncludeTax) };
    }),
    shippingTaxAmount: taxOf(request.shippingAmount, shippingRate, request.pricesIncludeTax),
    calculationId: null,
  };
}

/**
 * The rates an order was placed with (its lines' own, by position) and its delivery's tax as it
 * was: how an order Keen's rates taxed is priced again when staff adjust it.
 */
export function orderedRates(lineRates: readonly number[], shippingTaxAmount: number): TaxCalculator {
  return {
    name: 'keen',
    calculate: (request: TaxRequest): Promise<TaxAnswer> =>
      Promise.resolve({
        lines: request.lines.map((line, index) => {
          const rate = lineRates[index] ?? 0;
          return { taxRateMilliPercent: rate, taxAmount: taxOf(line.amount, rate, request.pricesIncludeTax) };
        }),
        shippingTaxAmount,
        calculationId: null,
      }),
  };
}
