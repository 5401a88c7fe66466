import Stripe from 'stripe';
import { TaxCategory } from '../../catalog';
import { rateOfTax, type TaxAnswer, type TaxCalculator, type TaxRequest, taxNotCalculated } from './tax-calculator';

/** How Keen reaches Stripe Tax: the shop's Stripe secret key, and another API address for a stand-in in tests. */
export interface StripeTaxSettings {
  secretKey: string;
  apiUrl: string | null;
}

/** Stripe's code for goods that are not taxed (Keen's zero category: gift cards, exempt goods); others take the account's default. */
const NONTAXABLE = 'txcd_00000000';

/** A refund of an order whose tax Stripe recorded, as its reversal needs it. */
export interface RefundToReverse {
  id: string;
  /** Unique in the shop: the reversal's reference in Stripe's tax reports. */
  creditNoteNumber: string;
  /** Everything refunded, tax included, minor units. */
  amount: number;
}

/**
 * Stripe Tax (TAX_PROVIDER=stripe): a calculation per checkout (`POST /v1/tax/calculations`), a
 * transaction from it once the order is paid (`POST /v1/tax/transactions/create_from_calculation`),
 * and a reversal of that transaction for each refund (`POST /v1/tax/transactions/create_reversal`).
 */
export class StripeTax implements TaxCalculator {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(
    settings: StripeTaxSettings,
    /** Told how each calculation went: the dashboard's tax provider status. */
    private readonly report: (error: string | null) => void = () => {},
  ) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
    });
  }

  async calculate(request: TaxRequest): Promise<TaxAnswer> {
    const behavior = request.pricesIncludeTax ? 'inclusive' : 'exclusive';
    const { country, region, postalCode } = request.destination;
    let calculation: Stripe.Tax.Calculation;
    try {
      calculation = await this.stripe.tax.calculations.create({
        currency: request.currency.toLowerCase(),
        line_items: request.lines.map((line) => ({
          amount: line.amount,
          reference: line.reference,
          tax_behavior: behavior,
          ...(line.taxCategory === TaxCategory.zero ? { tax_code: NONTAXABLE } : {}),
        })),
        customer_details: {
          address: { country, ...(region ? { state: region } : {}), ...(postalCode ? { postal_code: postalCode } : {}) },
          address_source: 'shipping',
        },
        shipping_cost: { amount: request.shippingAmount, tax_behavior: behavior },
        expand: ['line_items'],
      });
    } catch (error) {
      this.report(error instanceof Error ? error.message : String(error));
      throw taxNotCalculated();
    }
    const items = new Map((calculation.line_items?.data ?? []).map((item) => [item.reference, item.amount_tax]));
    if (request.lines.some((line) => !items.has(line.reference))) {
      this.report("Stripe's calculation did not answer every line");
      throw taxNotCalculated();
    }
    this.report(null);
    const shippingTaxAmount = calculation.shipping_cost?.amount_tax ?? 0;
    return {
      lines: request.lines.map((line) => {
        const taxAmount = items.get(line.reference)!;
        return { taxAmount, taxRateMilliPercent: rateOfTax(line.amount, taxAmount, request.pricesIncludeTax) };
      }),
      shippingTaxAmount,
      calculationId: calculation.id,
    };
  }

  /** Records a paid order's tax with Stripe from its calculation: the transaction's id. Once per order, however often asked. */
  async recordTransaction(calculationId: string, orderId: string): Promise<string> {
    const transaction = await this.stripe.tax.transactions.createFromCalculation(
      { calculation: calculationId, reference: orderId },
      { idempotencyKey: `keen-tax-transaction-${orderId}` },
    );
    return transaction.id;
  }

  /**
   * Reverses a paid order's tax transaction for one refund: the whole transaction (`mode=full`) when
   * the refund is the whole order, else the refund's amount, tax included (`mode=partial` with a
   * negative `flat_amount`, which Stripe spreads over the transaction's lines and shipping). The
   * refund's credit note number is the reference; once per refund, however often asked. The reversal's id.
   */
  async recordReversal(transactionId: string, refund: RefundToReverse, orderTotal: number): Promise<string> {
    const reversal = await this.stripe.tax.transactions.createReversal(
      {
        original_transaction: transactionId,
        reference: refund.creditNoteNumber,
        ...(refund.amount >= orderTotal ? { mode: 'full' as const } : { mode: 'partial' as const, flat_amount: -refund.amount }),
      },
      { idempotencyKey: `keen-tax-reversal-${refund.id}` },
    );
    return reversal.id;
  }
}
