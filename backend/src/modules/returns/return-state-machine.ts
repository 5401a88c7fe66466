import type { EntityManager } from 'typeorm';
import { forbidden, notFound } from '../../common/errors';
import { isId } from '../../common/validate';
import type { DomainEventName } from '../../events/domain-events';
import { raise } from '../../events/outbox';
import { Order, type OrderActor, recordInHistory } from '../orders';
import { returnPayload } from './returns.events';
import { ReturnRequest, ReturnState } from './return.entity';

const { Requested, Approved, Declined, Received, Refunded } = ReturnState;

type Stamp = 'approvedAt' | 'declinedAt' | 'receivedAt' | 'refundedAt';

export interface ReturnTransition {
  from: ReturnState;
  to: ReturnState;
  stamp: Stamp;
  raises: DomainEventName;
  /** The order's history line, after the RMA number. */
  says: string;
}

/**
 * A return's lifecycle, the only table of it (an order's own moves stay in the order state machine):
 * Requested -> Approved | Declined, Approved -> Received, Received -> Refunded. Every move is an
 * admin's (or an orders:write key's); the customer's part is asking.
 */
export const RETURN_TRANSITIONS: readonly ReturnTransition[] = [
  { from: Requested, to: Approved, stamp: 'approvedAt', raises: 'return.approved', says: 'approved' },
  { from: Requested, to: Declined, stamp: 'declinedAt', raises: 'return.declined', says: 'declined' },
  { from: Approved, to: Received, stamp: 'receivedAt', raises: 'return.received', says: 'received' },
  { from: Received, to: Refunded, stamp: 'refundedAt', raises: 'return.refunded', says: 'refunded' },
];

/** Why a move is not in the table, in words an admin can act on. */
export function returnRefusalOf(from: ReturnState, to: ReturnState): string {
  if (from === to) return `This return is already ${from.toLowerCase()}`;
  if (from === Declined) return 'This return was declined';
  if (from === Refunded) return 'This return was refunded';
  switch (to) {
    case Approved:
    case Declined:
      return 'Only a requested return can be approved or declined';
    case Received:
      return 'Only an approved return can be received';
    case Refunded:
      return 'Only a received return can be refunded';
    default:
      return `A return cannot go from ${from} to ${to}`;
  }
}

export function assertReturnMove(from: ReturnState, to: ReturnState): ReturnTransition {
  const transition = RETURN_TRANSITIONS.find((t) => t.from === from && t.to === to);
  if (!transition) throw forbidden(returnRefusalOf(from, to));
  return transition;
}

/** Locks a return's row and answers it, checked against the table for a move to `to`. */
export async function lockReturn(manager: EntityManager, id: string, to: ReturnState): Promise<ReturnRequest> {
  const row = isId(id) ? await manager.getRepository(ReturnRequest).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } }) : null;
  if (!row) throw notFound('Return');
  assertReturnMove(row.state, to);
  return row;
}

/**
 * Moves a locked return inside the caller's transaction: stamps the time, writes the line of the
 * order's history and raises the move's event. `changes` are written with the move (a decline's reason).
 */
export async function moveReturn(
  manager: EntityManager,
  row: ReturnRequest,
  to: ReturnState,
  actor: OrderActor,
  changes: Partial<Pick<ReturnRequest, 'declineReason' | 'refundId'>> = {},
  note?: string,
): Promise<ReturnRequest> {
  const transition = assertReturnMove(row.state, to);
  await manager.getRepository(ReturnRequest).update({ id: row.id }, { state: to, [transition.stamp]: () => 'now()', ...changes });
  const order = await manager.getRepository(Order).findOneByOrFail({ id: row.orderId });
  await recordInHistory(manager, order, actor, [`Return ${row.rmaNumber} ${transition.says}`, note].filter(Boolean).join(': '));
  const moved = await manager
    .getRepository(ReturnRequest)
    .findOneOrFail({ where: { id: row.id }, relations: { lines: true, photos: true }, order: { photos: { position: 'ASC' } } });
  await raise(manager, transition.raises, moved.id, returnPayload(moved, order));
  return moved;
}
