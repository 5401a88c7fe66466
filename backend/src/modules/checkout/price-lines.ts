import { MINIMUM_QUANTITY } from '@keen/rules';
import { AppError, badInput } from '../../common/errors';
import { checkEngraving, type Engraving, engravingSurcharge } from '../catalog';
import type { OrderLine } from '../orders';
import { chosenAmount, giftCardOf, MAX_INT, type OfferedVariant, type OrderedProduct, type RequestedLine } from './lines';
import type { TakenVariant } from './stock-gate';

/** The checkout's third step, pricing the lines from the database: each line's rules, its price and surcharges. */

/** Each line checked against its product's rules and priced from the database. */
export type PricedLine = Omit<
  OrderLine,
  | 'id'
  | 'orderId'
  | 'order'
  | 'product'
  | 'variant'
  | 'engraving'
  | 'refundedQuantity'
  | 'restockedQuantity'
  | 'queuedQuantity'
  | 'proofRequired'
  | 'proofStatus'
>;

export function priceLines(
  lines: RequestedLine[],
  chosen: OfferedVariant[],
  taken: Map<string, TakenVariant>,
  products: Map<string, OrderedProduct>,
  currency: string,
): PricedLine[] {
  return lines.map((line, position) => {
    const variant = chosen[position];
    const { priceAmount, sku, img } = taken.get(variant.id)!;
    const product = products.get(variant.productId)!;
    const named = (message: string) => (lines.length === 1 ? badInput(message) : badInput(`${product.name}: ${message}`));
    if (line.quantity < product.minimumQuantity) throw named(MINIMUM_QUANTITY);
    let engraving: Engraving | null;
    try {
      engraving = checkEngraving(product, line.engraving);
    } catch (error) {
      throw error instanceof AppError ? named(error.message) : error;
    }
    const surcharge = engravingSurcharge(product, engraving);
    // A gift card's amount, when its buyer chose one, is its price: never the client's word for any other product.
    const unitAmount = chosenAmount(line, variant, currency) ?? priceAmount + (variant.custom?.surcharge ?? 0);
    const lineAmount = line.quantity * (unitAmount + surcharge);
    if (lineAmount > MAX_INT) throw badInput('The order total is too large; please order fewer units');
    const measured = variant.custom ? `${line.customValue} ${variant.custom.unit}` : null;
    return {
      position,
      productId: product.id,
      variantId: variant.id,
      variantName: variant.options.length ? variant.options.map((option) => (option.custom ? measured! : option.name)).join(' / ') : null,
      sku,
      customValue: variant.custom ? line.customValue : null,
      name: product.name,
      img: img ?? product.img,
      quantity: line.quantity,
      currency,
      unitAmount,
      engravingText: engraving?.text ?? null,
      engravingFont: engraving?.font ?? null,
      engravingUnitAmount: engraving ? surcharge : null,
      engravingPlacement: engraving?.placement ?? null,
      giftCard: giftCardOf(line, variant),
      lineAmount,
      // Its share of the order's adjustments and its tax at the destination's rate are the pricing module's (priceForZone).
      adjustmentAmount: 0,
      discountAmount: 0,
      taxRateMilliPercent: 0,
      taxAmount: 0,
    };
  });
}
