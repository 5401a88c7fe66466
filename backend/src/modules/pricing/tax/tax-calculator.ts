import { FULL_RATE_MILLI_PERCENT } from '@keen/rules';
import { AppError } from '../../../common/errors';
import type { TaxCategory } from '../../catalog';

/** The refusal of a checkout whose tax the provider could not work out: nothing is placed. */
export const TAX_NOT_CALCULATED = 'Tax could not be calculated; please try again';
export const taxNotCalculated = () => new AppError('SERVICE_UNAVAILABLE', TAX_NOT_CALCULATED);

/** Where an order goes, as tax reads it. */
export interface TaxDestination {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The region's key in its country's address metadata (a US state's code, NY); null without one. */
  region: string | null;
  postalCode: string | null;
}

/** What a calculator is asked: the lines and delivery as priced (after their adjustments), in minor units. */
export interface TaxRequest {
  lines: readonly { amount: number; taxCategory: TaxCategory; reference: string }[];
  /** Delivery's price after its adjustments. */
  shippingAmount: number;
  destination: TaxDestination;
  /** The shop's PRICES_INCLUDE_TAX: the tax is inside the amounts, or added to them. */
  pricesIncludeTax: boolean;
  /** ISO 4217. */
  currency: string;
}

/** A calculator's answer: each line's tax (in the request's order) and delivery's, in minor units. */
export interface TaxAnswer {
  lines: { taxAmount: number; taxRateMilliPercent: number }[];
  shippingTaxAmount: number;
  /** The provider's calculation (Stripe Tax's `taxcalc_…`), kept on the order; null for Keen's rates. */
  calculationId: string | null;
}

/**
 * The port an order's tax goes through: Keen's own rates (keen-rates.ts, the default) or Stripe Tax
 * (stripe-tax.ts, TAX_PROVIDER=stripe). A calculator that cannot answer throws `taxNotCalculated()`.
 */
export interface TaxCalculator {
  readonly name: 'keen' | 'stripe';
  calculate(request: TaxRequest): Promise<TaxAnswer>;
}

/** A rate as an answer carries it: the tax on `amount` in thousandths of a percent of its net (0 on nothing). */
export function rateOfTax(amount: number, taxAmount: number, pricesIncludeTax: boolean): number {
  const net = pricesIncludeTax ? amount - taxAmount : amount;
  return net > 0 && taxAmount > 0 ? Math.round((taxAmount * FULL_RATE_MILLI_PERCENT) / net) : 0;
}
