import type { DeclareWork } from '../../../events/work';
import type { TaxService } from './tax.service';

/** A paid order's tax transaction with Stripe Tax, recorded after the payment commits (retried by the outbox when Stripe is away). */
export const taxWork: DeclareWork<{ tax: TaxService }> = ({ tax }) => ({
  subscribers: [
    { name: 'tax-transaction', events: ['order.paid'], inOrder: false, handle: (event) => tax.recordTransaction(event.aggregateId) },
  ],
});
