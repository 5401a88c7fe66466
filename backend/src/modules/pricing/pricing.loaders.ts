import DataLoader from 'dataloader';
import type { AdjustmentsService } from './adjustments.service';
import type { OrderAdjustment } from './order-adjustment.entity';

/** One request's batched reads of the pricing module. */
export function pricingLoaders(adjustments: AdjustmentsService) {
  return {
    /** Each order's adjustments, oldest first: one statement for a whole list of orders. */
    orderAdjustments: new DataLoader<string, OrderAdjustment[]>(async (orderIds) => {
      const rows = await adjustments.of(orderIds);
      return orderIds.map((id) => rows.filter((row) => row.orderId === id));
    }),
  };
}

export type PricingLoaders = ReturnType<typeof pricingLoaders>;
