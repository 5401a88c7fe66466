import type { DeclareWork } from '../../events/work';
import type { InvoicingService } from './invoicing.service';

/** An order refunded some other way than by its refunds (a paid order deleted, a refund or dispute at the provider) gets a credit note for the rest. */
export const invoicingWork: DeclareWork<{ invoicing: InvoicingService }> = ({ invoicing }) => ({
  subscribers: [
    {
      name: 'credit-note-for-whole-refund',
      events: ['order.refunded'],
      inOrder: false,
      handle: (event) => invoicing.recordWholeRefund(event.aggregateId),
    },
  ],
});
