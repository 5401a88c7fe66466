import type { DeclareWork } from '../../events/work';
import type { OrdersService } from './orders.service';

/** The sweeps that expire unpaid orders whose hold ran out and take long-shipped orders as delivered. */
export const ordersWork: DeclareWork<{ orders: OrdersService }> = ({ orders }, config) => ({
  recurring: [
    {
      name: 'orders.expire-holds',
      everySeconds: config.orders.expirySweepSeconds,
      // Each order is expired on its own: one order's provider error never stops the others.
      run: async () => void (await orders.expireOverdue()),
    },
    { name: 'orders.take-delivered', everySeconds: 60 * 60, run: async () => void (await orders.deliverOverdue()) },
  ],
});
