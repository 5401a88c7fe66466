/** An order's price: lines, adjustments and tax. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { OrderAdjustment } from './order-adjustment.entity';
import { OrderLineAdjustmentResolver, OrderPricingResolver } from './adjustments.resolver';
import { pricingLoaders } from './pricing.loaders';
import type { AdjustmentsService } from './adjustments.service';

export const pricingModule = keenModule({
  name: 'pricing',
  entities: [OrderAdjustment],
  resolvers: [OrderPricingResolver, OrderLineAdjustmentResolver],
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
