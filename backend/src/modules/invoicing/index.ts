/** Invoices, refunds and credit notes: numbered from gap-free sequences, as PDF. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { INVOICING_EVENTS } from './invoicing.events';
import { invoicingLoaders } from './invoicing.loaders';
import { OrderRefundsResolver, RefundLineResolver, RefundResolver } from './invoicing.resolver';
import { invoicingRoutes } from './invoicing.routes';
import type { InvoicingService } from './invoicing.service';
import { invoicingWork } from './invoicing.work';
import { Refund } from './refund.entity';

export const invoicingModule = keenModule({
  name: 'invoicing',
  entities: [Refund],
  resolvers: [OrderRefundsResolver, RefundResolver, RefundLineResolver],
  routes: invoicingRoutes,
  work: invoicingWork,
  loaders: (_db, { invoicing }: { invoicing: InvoicingService }) => invoicingLoaders(invoicing),
  events: INVOICING_EVENTS,
});

export type { InvoicingService, PdfFile } from './invoicing.service';
export type { Refund } from './refund.entity';
export type { RefundRequest } from './refund-plan';
