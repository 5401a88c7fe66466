import { lineName, percentOfMilliPercent, REVERSE_CHARGE_NOTE, shortOrderId } from '@keen/rules';
import PDFDocument from 'pdfkit';
import type { InvoiceSettings } from '../../config';
import type { ShopMoney } from '../shop';
import { amountByRate, deliveryPaid, linePaid, taxAdded } from './refund-plan';
import type { Refund } from './refund.entity';
import type { Order, OrderLine } from '../orders';

/** An order with its lines, as refunds and documents read it. */
export type OrderWithLines = Order & { lines: OrderLine[] };

/** One row of a document's table: what, how many, at what unit price, its tax rate and tax, and the amount. */
interface Row {
  description: string;
  quantity: number | null;
  unitAmount: number | null;
  taxRateMilliPercent: number;
  taxAmount: number;
  amount: number;
}

/** What an invoice or a credit note shows: its heading, its dates, its rows and who it is from and to. */
interface Document {
  title: string;
  number: string;
  facts: [string, string][];
  rows: Row[];
  totalLabel: string;
  total: number;
  notes: string[];
}

const PAGE_MARGIN = 50;
/** The table's columns: description, quantity, unit price, tax rate, tax, amount (x positions on A4, 595 wide). */
const COLUMNS = [PAGE_MARGIN, 270, 310, 385, 430, 490] as const;
const RIGHT = 545;

/**
 * Invoices and credit notes as PDF (pdfkit, with the Helvetica it ships: no font files of our own).
 * Amounts come from the order's own figures: each line's amount is what it cost (its share of
 * adjustments included, and its tax when tax is added to prices), and the totals per tax rate add
 * up to the total.
 */
export class Documents {
  constructor(
    private readonly seller: InvoiceSettings,
    private readonly shop: ShopMoney,
  ) {}

  /** The invoice of a paid order (it must have its number). */
  invoice(order: OrderWithLines): Promise<Buffer> {
    const rows: Row[] = order.lines.map((line) => ({
      description: lineName(line.name, line.variantName),
      quantity: line.quantity,
      unitAmount: Math.round(linePaid(order, line) / line.quantity),
      taxRateMilliPercent: line.taxRateMilliPercent,
      taxAmount: line.taxAmount,
      amount: linePaid(order, line),
    }));
    const delivery = deliveryPaid(order);
    if (delivery.amount > 0 || order.shippingMethodName)
      rows.push({
        description: `Delivery${order.shippingMethodName ? `: ${order.shippingMethodName}` : ''}`,
        quantity: null,
        unitAmount: null,
        taxRateMilliPercent: delivery.taxRateMilliPercent,
        taxAmount: delivery.taxAmount,
        amount: delivery.amount,
      });
    const notes = [
      order.discountCode ? `Discount code ${order.discountCode}: its reduction is in the amounts above.` : null,
      order.giftCardAmount > 0
        ? `Paid by gift card: ${this.money(order.giftCardAmount, order)}; by card: ${this.money(order.totalAmount - order.giftCardAmount, order)}.`
        : null,
      order.vatReverseCharge ? REVERSE_CHARGE_NOTE : taxAdded(order) ? 'Tax is added to the prices.' : 'Prices include tax.',
    ].filter((note): note is string => note !== null);
    return this.render(
      {
        title: 'Invoice',
        number: order.invoiceNumber!,
        facts: [
          ['Invoice date', this.date(order.paidAt!)],
          ['Date of supply', this.date(order.paidAt!)],
          ['Order', `#${shortOrderId(order.id)}`],
          ['Currency', order.currency],
        ],
        rows,
        totalLabel: 'Total',
        total: order.totalAmount,
        notes,
      },
      order,
    );
  }

  /** A refund's credit note, referring to the order's invoice. */
  creditNote(order: OrderWithLines, refund: Refund): Promise<Buffer> {
    const rows: Row[] = refund.lines.map((line) => ({
      description: line.name,
      quantity: line.quantity,
      unitAmount: Math.round(line.amount / line.quantity),
      taxRateMilliPercent: line.taxRateMilliPercent,
      taxAmount: line.taxAmount,
      amount: line.amount,
    }));
    if (refund.shippingAmount > 0)
      rows.push({
        description: 'Delivery',
        quantity: null,
        unitAmount: null,
        taxRateMilliPercent: deliveryPaid(order).taxRateMilliPercent,
        taxAmount: refund.shippingTaxAmount,
        amount: refund.shippingAmount,
      });
    const description = `Refund: ${refund.reason ?? 'an amount'}`;
    for (const part of amountByRate(order, refund.extraAmount)) rows.push({ description, quantity: null, unitAmount: null, ...part });
    const notes = [
      refund.giftCardAmount > 0 ? `Returned to gift cards: ${this.money(refund.giftCardAmount, order)}.` : null,
      refund.cardAmount > 0 ? `Returned to the card payment: ${this.money(refund.cardAmount, order)}.` : null,
    ].filter((note): note is string => note !== null);
    return this.render(
      {
        title: 'Credit note',
        number: refund.creditNoteNumber,
        facts: [
          ['Credit note date', this.date(refund.createdAt)],
          ['Refers to invoice', order.invoiceNumber ?? 'none'],
          ['Invoice date', order.paidAt ? this.date(order.paidAt) : 'none'],
          ['Order', `#${shortOrderId(order.id)}`],
          ['Currency', order.currency],
        ],
        rows,
        totalLabel: 'Total refunded',
        total: refund.amount,
        notes,
      },
      order,
    );
  }

  private render(document: Document, order: OrderWithLines): Promise<Buffer> {
    const pdf = new PDFDocument({
      size: 'A4',
      margin: PAGE_MARGIN,
      info: { Title: `${document.title} ${document.number}`, Author: this.seller.sellerName },
    });
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
      pdf.on('end', () => resolve(Buffer.concat(chunks)));
      pdf.on('error', reject);
    });

    pdf.font('Helvetica-Bold').fontSize(20).text(`${document.title} ${document.number}`);
    pdf.moveDown();
    const top = pdf.y;
    pdf.font('Helvetica-Bold').fontSize(10).text('Seller', PAGE_MARGIN, top);
    pdf.font('Helvetica').text([this.seller.sellerName, ...this.seller.sellerAddress].join('\n'));
    if (this.seller.sellerVatNumber) pdf.text(`VAT number: ${this.seller.sellerVatNumber}`);
    const sellerBottom = pdf.y;
    pdf.font('Helvetica-Bold').text('Buyer', 300, top);
    pdf
      .font('Helvetica')
      .text([order.userName, ...order.address.split(/\r?\n|,\s*/).filter(Boolean)].join('\n'), 300, pdf.y, { width: 245 });
    if (order.vatNumber) pdf.text(`VAT number: ${order.vatNumber}`, 300, pdf.y, { width: 245 });
    pdf.y = Math.max(pdf.y, sellerBottom);
    pdf.moveDown();
    for (const [label, value] of document.facts) {
      pdf.font('Helvetica-Bold').text(`${label}: `, PAGE_MARGIN, pdf.y, { continued: true });
      pdf.font('Helvetica').text(value);
    }
    pdf.moveDown();

    this.tableRow(pdf, ['Description', 'Qty', 'Unit price', 'Tax rate', 'Tax', 'Amount'], true);
    for (const row of document.rows)
      this.tableRow(pdf, [
        row.description,
        row.quantity === null ? '' : String(row.quantity),
        row.unitAmount === null ? '' : this.money(row.unitAmount, order),
        percent(row.taxRateMilliPercent),
        this.money(row.taxAmount, order),
        this.money(row.amount, order),
      ]);
    pdf.moveDown();

    pdf.font('Helvetica-Bold').text('Totals per tax rate', PAGE_MARGIN);
    for (const [rate, { amount, taxAmount }] of perRate(document.rows))
      pdf
        .font('Helvetica')
        .text(
          `${percent(rate)}: ${this.money(amount - taxAmount, order)} net, ${this.money(taxAmount, order)} tax, ${this.money(amount, order)} in all`,
        );
    pdf.moveDown();
    const tax = document.rows.reduce((sum, row) => sum + row.taxAmount, 0);
    pdf.font('Helvetica').text(`Tax: ${this.money(tax, order)}`, PAGE_MARGIN, pdf.y, { align: 'right', width: RIGHT - PAGE_MARGIN });
    pdf
      .font('Helvetica-Bold')
      .text(`${document.totalLabel} (${order.currency}): ${this.money(document.total, order)}`, PAGE_MARGIN, pdf.y, {
        align: 'right',
        width: RIGHT - PAGE_MARGIN,
      });
    pdf.moveDown();
    pdf.font('Helvetica').fontSize(9);
    for (const note of document.notes) pdf.text(note, PAGE_MARGIN);
    pdf.end();
    return done;
  }

  private tableRow(pdf: PDFKit.PDFDocument, cells: string[], heading = false): void {
    const y = pdf.y;
    pdf.font(heading ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let bottom = y;
    cells.forEach((cell, index) => {
      const x = COLUMNS[index];
      const width = (COLUMNS[index + 1] ?? RIGHT) - x - 5;
      pdf.text(cell, x, y, { width, align: index === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.y = bottom + 4;
    pdf.x = PAGE_MARGIN;
  }

  private money(amount: number, order: { currency: string }): string {
    return this.shop.format(amount, order.currency);
  }

  private date(at: Date): string {
    return new Date(at).toISOString().slice(0, 10);
  }
}

/** 20000 thousandths of a percent as "20%", 8875 as "8.875%". */
const percent = (milliPercent: number) => `${percentOfMilliPercent(milliPercent)}%`;

/** The rows' amounts and tax by tax rate, lowest rate first. */
function perRate(rows: Row[]): [number, { amount: number; taxAmount: number }][] {
  const byRate = new Map<number, { amount: number; taxAmount: number }>();
  for (const row of rows) {
    const seen = byRate.get(row.taxRateMilliPercent) ?? { amount: 0, taxAmount: 0 };
    byRate.set(row.taxRateMilliPercent, { amount: seen.amount + row.amount, taxAmount: seen.taxAmount + row.taxAmount });
  }
  return [...byRate].sort(([a], [b]) => a - b);
}
