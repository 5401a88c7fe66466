import { forbidden } from '../../common/errors';
import { Caller, isAdmin, requireUser } from '../auth/caller';
import { Order, OrderStatus } from './order.entity';

export type OrderAction = 'pay' | 'ship' | 'cancel' | 'delete';

interface Transition {
  /** Who may take the action: the customer who placed the order, or an admin. */
  actor: 'owner' | 'admin';
  /** The order states the action starts from. */
  from: (order: Order) => boolean;
  /** Why the action is refused in any other state. */
  refusal: string;
}

/**
 * The order lifecycle, in one place: Pending/unpaid -> pay -> Pending/paid -> ship -> Shipped.
 * The owner may cancel (delete) an order before paying; an admin may delete any order.
 */
export const ORDER_TRANSITIONS: Record<OrderAction, Transition> = {
  pay: { actor: 'owner', from: (o) => !o.paid && o.status === OrderStatus.Pending, refusal: 'This order is already paid' },
  ship: { actor: 'admin', from: (o) => o.paid && o.status === OrderStatus.Pending, refusal: 'Only a paid, pending order can be shipped' },
  cancel: { actor: 'owner', from: (o) => !o.paid && o.status === OrderStatus.Pending, refusal: 'A paid order cannot be deleted' },
  delete: { actor: 'admin', from: () => true, refusal: '' },
};

/** Throws unless the caller may take the action on the order in its current state. */
export function authorizeTransition(caller: Caller, order: Order, action: OrderAction): void {
  const user = requireUser(caller);
  const transition = ORDER_TRANSITIONS[action];
  const allowed = transition.actor === 'admin' ? isAdmin(caller) : order.customerId === user.id;
  if (!allowed) throw forbidden(transition.actor === 'admin' ? 'Only an admin may do this' : 'This is not your order');
  if (!transition.from(order)) throw forbidden(transition.refusal);
}
