import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { restRoute, type RestRoutes } from '../auth';
import type { User } from '../users';
import type { InvoicingService, PdfFile } from './invoicing.service';

type Services = { invoicing: InvoicingService };
const route = restRoute<Services, User>();

/** A PDF download, named as its document is numbered. */
function sendPdf(res: ServerResponse, { filename, content }: PdfFile): void {
  res.statusCode = 200;
  res.setHeader('content-type', 'application/pdf');
  res.setHeader('content-disposition', `attachment; filename="${filename}"`);
  res.setHeader('cache-control', 'private, no-store');
  res.end(content);
}

/** A guest order's link token: with it, anyone holding the link downloads (signed out). */
const guestToken = z.object({
  token: z.string().optional().describe("A guest order's link token, for a guest signed out (404 when it is not the order's)"),
});

/** Invoices and credit notes as PDF, for the order's customer, a guest by the order's link, an admin or an invoices:read key. */
export const invoicingRoutes: RestRoutes<Services, User> = [
  route({
    method: 'GET',
    path: '/orders/:id/invoice.pdf',
    tag: 'Orders',
    summary: "A paid order's invoice, as PDF: its customer, a guest by the order's link (token), an admin or an invoices:read key",
    description:
      'Numbered at payment (INVOICE_PREFIX-year-counter, gap-free): the seller (SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_NUMBER), the buyer, the date of supply, each line with its unit price, tax rate and tax, the totals per rate and the currency. 404 before the order is paid.',
    access: { allow: 'public', key: 'invoices:read', without: { query: 'token', allow: 'signed in' } },
    params: z.object({ id: z.string().describe('The order _id') }),
    query: guestToken,
    failures: [404],
    answer: z.string().describe('The PDF, sent as the attachment <invoice number>.pdf'),
    answerType: 'application/pdf',
    work: async ({ params, query }, res, { caller, services }) =>
      sendPdf(res, await services.invoicing.invoice(caller, params.id, query.token)),
  }),
  route({
    method: 'GET',
    path: '/orders/:id/credit-notes/:refundId.pdf',
    tag: 'Orders',
    summary: "A refund's credit note, as PDF: the order's customer, a guest by the order's link (token), an admin or an invoices:read key",
    description:
      'Numbered when the refund is made (CREDIT_NOTE_PREFIX-year-counter, gap-free), referring to the invoice: the lines, delivery and amount refunded, with their tax. The ids are in GraphQL (Order.refunds, creditNoteUrl).',
    access: { allow: 'public', key: 'invoices:read', without: { query: 'token', allow: 'signed in' } },
    params: z.object({ id: z.string().describe('The order _id'), refundId: z.string().describe('The refund id') }),
    query: guestToken,
    failures: [404],
    answer: z.string().describe('The PDF, sent as the attachment <credit note number>.pdf'),
    answerType: 'application/pdf',
    work: async ({ params, query }, res, { caller, services }) =>
      sendPdf(res, await services.invoicing.creditNote(caller, params.id, params.refundId, query.token)),
  }),
];
