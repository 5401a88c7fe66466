import DataLoader from 'dataloader';
import type { ReturnRequest } from './return.entity';
import type { ReturnsService } from './returns.service';

/** One request's batched reads of returns. */
export function returnsLoaders(returns: ReturnsService) {
  return {
    /** Each order's returns, oldest first: one statement for a whole list of orders. */
    orderReturns: new DataLoader<string, ReturnRequest[]>(async (orderIds) => {
      const byOrder = await returns.byOrder(orderIds);
      return orderIds.map((id) => byOrder.get(id) ?? []);
    }),
  };
}

export type ReturnsLoaders = ReturnType<typeof returnsLoaders>;
