import type { DeclareWork } from '../../../events/work';
import type { TaxService } from './tax.service';

/**
 * With Stripe Tax: a paid order's tax transaction, recorded after the payment commits, and a
 * reversal of it for each refund, after the refund commits (each retried by the outbox when Stripe is away).
 */
export const taxWork: DeclareWork<{ tax: TaxService }> = ({ tax }) => ({
  subscribers: [
    { name: 'tax-transaction', events: ['order.paid'], inOrder: false, handle: (event) => tax.recordTransaction(event.aggregateId) },
    {
      name: 'tax-reversal',
      events: ['order.partially_refunded', 'order.refunded'],
      inOrder: false,
      handle: (event) => tax.recordReversals(event.aggregateId),
    },
  ],
});
