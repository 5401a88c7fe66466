import DataLoader from 'dataloader';
import type { OrderLine } from './order-line.entity';
import type { OrdersService } from './orders.service';

/** One request's batched order reads. */
export function ordersLoaders(orders: OrdersService) {
  return {
    /** Each order's lines, in position order: one statement for a whole list of orders. */
    orderLines: new DataLoader<string, OrderLine[]>(async (ids) => {
      const lines = await orders.linesOf(ids);
      return ids.map((id) => lines.get(id) ?? []);
    }),
  };
}

export type OrdersLoaders = ReturnType<typeof ordersLoaders>;
