/** An order's price: lines, adjustments and tax. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { OrderAdjustment } from './order-adjustment.entity';
import { OrderLineAdjustmentResolver, OrderPricingResolver } from './adjustments.resolver';
import { pricingLoaders } from './pricing.loaders';
import type { AdjustmentsService } from './adjustments.service';
import { TaxResolver } from './tax/tax.resolver';
import { taxWork } from './tax/tax.work';

export const pricingModule = keenModule({
  name: 'pricing',
  entities: [OrderAdjustment],
  resolvers: [OrderPricingResolver, OrderLineAdjustmentResolver, TaxResolver],
  work: taxWork,
  loaders: (_db, { adjustments }: { adjustments: AdjustmentsService }) => pricingLoaders(adjustments),
});

export { OrderGiftCardPayment, OrderTotals } from './order-totals';
export { allocate } from './allocate';
export { priceForZone } from './pricing';
export type { OrderPricing } from './pricing';
export { recordAdjustments } from './adjustments.service';
export type { AdjustmentsService } from './adjustments.service';
export { AdjustmentSource } from './pricing';
export type { Adjustment, Reduction } from './pricing';
export { TaxService } from './tax/tax.service';
export type { ZoneRates } from './tax/keen-rates';
export type { TaxCalculator, TaxDestination } from './tax/tax-calculator';
export { TAX_NOT_CALCULATED } from './tax/tax-calculator';
