import type { EntityManager } from 'typeorm';
import { ReturnPhoto, ReturnRequest } from './return.entity';

/** A customer's returns, for their data export: what they asked for, why, and what became of it. */
export async function returnsOf(manager: EntityManager, userId: string) {
  const rows = await manager.getRepository(ReturnRequest).find({
    where: { customerId: userId },
    relations: { lines: true, photos: true },
    order: { createdAt: 'ASC', photos: { position: 'ASC' } },
  });
  return rows.map((row) => ({
    rmaNumber: row.rmaNumber,
    orderId: row.orderId,
    state: row.state,
    reason: row.reason,
    details: row.details,
    declineReason: row.declineReason,
    lines: (row.lines ?? []).map((line) => ({ name: line.name, quantity: line.quantity, receivedQuantity: line.receivedQuantity })),
    photos: (row.photos ?? []).map((photo) => photo.url),
    createdAt: row.createdAt,
  }));
}

/**
 * With their account: the returns stay (they explain refunds and stock), without the customer's own
 * words or photos (the uploads' clean-up removes the files once nothing points at them).
 */
export async function eraseReturns(manager: EntityManager, userId: string): Promise<void> {
  const rows = await manager.getRepository(ReturnRequest).find({ select: { id: true }, where: { customerId: userId } });
  if (!rows.length) return;
  const ids = rows.map((row) => row.id);
  await manager.getRepository(ReturnPhoto).delete(ids.map((returnId) => ({ returnId })));
  await manager.getRepository(ReturnRequest).update(ids, { details: null, customerId: null });
}
