import DataLoader from 'dataloader';
import type { InvoicingService } from './invoicing.service';
import type { Refund } from './refund.entity';

/** One request's batched reads of refunds. */
export function invoicingLoaders(invoicing: InvoicingService) {
  return {
    /** Each order's refunds, oldest first: one statement for a whole list of orders. */
    orderRefunds: new DataLoader<string, Refund[]>(async (orderIds) => {
      const byOrder = await invoicing.byOrder(orderIds);
      return orderIds.map((id) => byOrder.get(id) ?? []);
    }),
  };
}

export type InvoicingLoaders = ReturnType<typeof invoicingLoaders>;
