import DataLoader from 'dataloader';
import type { OrderProof } from './order-proof.entity';
import type { ProofsService } from './proofs.service';

/** One request's batched reads of engraving proofs. */
export function proofsLoaders(proofs: ProofsService) {
  return {
    /** Each order's proofs, every round of every line, oldest first: one statement for a whole list of orders. */
    orderProofs: new DataLoader<string, OrderProof[]>(async (orderIds) => {
      const byOrder = await proofs.byOrder(orderIds);
      return orderIds.map((id) => byOrder.get(id) ?? []);
    }),
  };
}

export type ProofsLoaders = ReturnType<typeof proofsLoaders>;
