import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { ShopSettings } from '../../../config';
import { type Caller, requireAdmin } from '../../auth';
import type { TaxCategory } from '../../catalog';
import { OrderState } from '../../orders';
import { type Adjustment, priceOrder, type OrderPricing, type Reduction } from '../pricing';
import { keenRates, orderedRates, type ZoneRates } from './keen-rates';
import { type RefundToReverse, StripeTax, type StripeTaxSettings } from './stripe-tax';
import type { TaxCalculator, TaxDestination } from './tax-calculator';

/** Which calculator is in use and, for Stripe Tax, how its last calculation went (no secrets). */
export interface TaxProviderState {
  provider: 'keen' | 'stripe';
  lastCalculationAt: Date | null;
  lastError: string | null;
}

/** An order to price with its tax: the lines (minor units, before adjustments), delivery with its zone's rates, where it goes. */
export interface ToTax {
  lines: readonly { amount: number; taxCategory: TaxCategory }[];
  delivery: { shippingAmount: number } & ZoneRates;
  destination: TaxDestination;
  adjustments?: readonly (Adjustment | Reduction)[];
  /** A business buyer under the reverse charge: no VAT, and no calculator asked. */
  reverseCharge?: boolean;
}

/** What pricing with a calculator takes: the lines before adjustments, delivery's price, where it goes, how the order is priced. */
interface ToPrice {
  lines: readonly { amount: number; taxCategory: TaxCategory }[];
  shippingAmount: number;
  destination: TaxDestination;
  adjustments?: readonly (Adjustment | Reduction)[];
  pricesIncludeTax: boolean;
  currency: string;
}

/** An unpaid order to price again: its lines with the rates they were ordered at, delivery's tax as ordered, and how it was taxed. */
export interface ToReprice extends ToPrice {
  lines: readonly { amount: number; taxCategory: TaxCategory; taxRateMilliPercent: number }[];
  shippingTaxAmount: number;
  taxCalculationId: string | null;
  vatReverseCharge: boolean;
}

/**
 * An order's tax, through the TaxCalculator port: Keen's rates of the order's zone (the default), or
 * Stripe Tax when TAX_PROVIDER=stripe; and, with Stripe, the tax transaction of a paid order.
 */
export class TaxService {
  private readonly stripe: StripeTax | null;
  private readonly state: TaxProviderState;

  constructor(
    private readonly db: DataSource,
    private readonly shop: ShopSettings,
    stripe: StripeTaxSettings | null,
    private readonly logger?: Logger,
  ) {
    this.state = { provider: shop.taxProvider, lastCalculationAt: null, lastError: null };
    this.stripe =
      shop.taxProvider === 'stripe' && stripe
        ? new StripeTax(stripe, (error) => Object.assign(this.state, { lastCalculationAt: new Date(), lastError: error }))
        : null;
  }

  /** The calculator for an order to a zone with these rates. */
  calculatorFor(zone: ZoneRates): TaxCalculator {
    return this.stripe ?? keenRates(zone, this.shop.taxShipping);
  }

  /**
   * The order priced: its adjustments allocated (pricing.ts), then the tax of each line's and
   * delivery's adjusted amount from the calculator, and the totals with it. A calculator that
   * cannot answer refuses ("Tax could not be calculated; please try again").
   */
  async price({ lines, delivery, destination, adjustments = [], reverseCharge = false }: ToTax): Promise<{
    pricing: OrderPricing;
    calculationId: string | null;
  }> {
    return this.priceWith(reverseCharge ? null : this.calculatorFor(delivery), {
      lines,
      shippingAmount: delivery.shippingAmount,
      destination,
      adjustments,
      pricesIncludeTax: this.shop.pricesIncludeTax,
      currency: this.shop.currency,
    });
  }

  /**
   * An unpaid order priced again with its adjustments (staff's Adjust price), through the same
   * port as the checkout: an order Stripe Tax priced gets a new calculation, whose id replaces its
   * own (a failure refuses: "Tax could not be calculated; please try again"); any other order is
   * taxed at the rates it was ordered at, its delivery's tax as it was, and keeps no calculation
   * (Stripe's, if TAX_PROVIDER is no longer stripe, would not match it). Under the reverse charge, untaxed.
   */
  async reprice(order: ToReprice): Promise<{ pricing: OrderPricing; calculationId: string | null }> {
    const calculator = order.vatReverseCharge
      ? null
      : order.taxCalculationId && this.stripe
        ? this.stripe
        : orderedRates(
            order.lines.map((line) => line.taxRateMilliPercent),
            order.shippingTaxAmount,
          );
    return this.priceWith(calculator, order);
  }

  private async priceWith(
    calculator: TaxCalculator | null,
    { lines, shippingAmount, destination, adjustments = [], pricesIncludeTax, currency }: ToPrice,
  ): Promise<{ pricing: OrderPricing; calculationId: string | null }> {
    const untaxed = priceOrder(
      lines.map((line) => ({ amount: line.amount, taxRateMilliPercent: 0 })),
      adjustments,
      { amount: shippingAmount, taxRateMilliPercent: 0 },
      pricesIncludeTax,
    );
    if (!calculator) return { pricing: untaxed, calculationId: null };
    const linesAdjustment = untaxed.lines.reduce((sum, line) => sum + line.adjustmentAmount, 0);
    const answer = await calculator.calculate({
      lines: lines.map((line, index) => ({
        amount: line.amount + untaxed.lines[index].adjustmentAmount,
        taxCategory: line.taxCategory,
        reference: `line-${index + 1}`,
      })),
      shippingAmount: shippingAmount + untaxed.adjustmentAmount - linesAdjustment,
      destination,
      pricesIncludeTax,
      currency,
    });
    const pricing = priceOrder(
      lines.map((line, index) => ({ amount: line.amount, ...answer.lines[index] })),
      adjustments,
      { amount: shippingAmount, taxAmount: answer.shippingTaxAmount },
      pricesIncludeTax,
    );
    return { pricing, calculationId: answer.calculationId };
  }

  /**
   * A paid order's tax transaction with Stripe Tax, from the calculation it was placed with (the
   * order.paid follow-up): once, its id kept on the order. Nothing for an order priced by Keen's rates.
   */
  async recordTransaction(orderId: string): Promise<void> {
    const [order]: { taxCalculationId: string | null; taxTransactionId: string | null }[] = await this.db.query(
      `SELECT "taxCalculationId", "taxTransactionId" FROM "order" WHERE "id" = $1`,
      [orderId],
    );
    if (!order?.taxCalculationId || order.taxTransactionId) return;
    if (!this.stripe) {
      this.logger?.warn(
        { orderId },
        'A paid order has a Stripe Tax calculation but TAX_PROVIDER is not stripe: no tax transaction recorded',
      );
      return;
    }
    const transactionId = await this.stripe.recordTransaction(order.taxCalculationId, orderId);
    await this.db.query(`UPDATE "order" SET "taxTransactionId" = $2 WHERE "id" = $1 AND "taxTransactionId" IS NULL`, [
      orderId,
      transactionId,
    ]);
  }

  /**
   * A refunded order's tax with Stripe Tax (the order.refunded and order.partially_refunded
   * follow-up): each of its refunds not yet reversed gets a reversal of the order's tax transaction,
   * its id kept on the refund. The transaction is recorded first if the payment's follow-up has not
   * yet. An order refunded at the provider gets its credit note from another follow-up: until that
   * refund is recorded this throws, and the outbox asks again. Nothing for an order without a transaction.
   */
  async recordReversals(orderId: string): Promise<void> {
    const read = async () => {
      const [order]: {
        state: OrderState;
        paidAt: Date | null;
        totalAmount: number;
        taxCalculationId: string | null;
        taxTransactionId: string | null;
      }[] = await this.db.query(
        `SELECT "state", "paidAt", "totalAmount", "taxCalculationId", "taxTransactionId" FROM "order" WHERE "id" = $1`,
        [orderId],
      );
      return order;
    };
    let order = await read();
    if (!order?.taxCalculationId || !order.paidAt) return;
    if (!this.stripe) {
      this.logger?.warn(
        { orderId },
        'A refunded order has a Stripe Tax calculation but TAX_PROVIDER is not stripe: no tax reversal recorded',
      );
      return;
    }
    if (!order.taxTransactionId) {
      await this.recordTransaction(orderId);
      order = await read();
      if (!order.taxTransactionId) throw new Error(`The tax transaction of order ${orderId} is not recorded yet`);
    }
    const refunds: (RefundToReverse & { taxReversalId: string | null })[] = await this.db.query(
      `SELECT "id", "creditNoteNumber", "amount", "taxReversalId" FROM "refund" WHERE "orderId" = $1 ORDER BY "createdAt", "id"`,
      [orderId],
    );
    for (const refund of refunds.filter((refund) => !refund.taxReversalId)) {
      const reversalId = await this.stripe.recordReversal(order.taxTransactionId!, refund, order.totalAmount);
      await this.db.query(`UPDATE "refund" SET "taxReversalId" = $2 WHERE "id" = $1 AND "taxReversalId" IS NULL`, [refund.id, reversalId]);
    }
    const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
    if (order.state === OrderState.Refunded && refunded < order.totalAmount)
      throw new Error(`Order ${orderId} is refunded but its whole refund is not recorded yet: its tax is reversed once it is`);
  }

  /** Admin: which calculator is in use and how Stripe Tax's last calculation went. */
  status(caller: Caller): TaxProviderState {
    requireAdmin(caller);
    return { ...this.state };
  }
}
