import { toPlainText } from '@react-email/render';
import { lineName, shortOrderId } from '@keen/rules';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { DataSource } from 'typeorm';
import { onceReachable } from '../../common/database-unreachable';
import type { MailSettings } from '../../config';
import type { DomainEvent, DomainEventName } from '../../events/domain-events';
import type { MessageReceivedPayload, MessageRepliedPayload } from '../messages';
import type { GuestLinks, OrderPayload, RefundPayload } from '../orders';
import type { JobQueue } from '../../jobs/job-queue';
import {
  LowStock,
  messageKindName,
  MessageReplyMail,
  OrderClosed,
  OrderLate,
  orderMoney,
  OrderReceived,
  OrderShipped,
  PaymentReceived,
  RefundIssued,
  StaffMessage,
  StaffLateOrder,
  StaffPaidOrder,
  type ShopContext,
} from './templates';

/**
 * Every order mail Keen sends; a customer who turned order e-mails off still gets `payment-received`
 * (the receipt). The customer's mails wait until their address is verified; staff mails never wait.
 */
export type OrderMailTemplate =
  | 'order-received'
  | 'payment-received'
  | 'order-shipped'
  | 'order-expired'
  | 'order-cancelled'
  | 'order-refunded'
  | 'refund-issued'
  | 'order-late'
  | 'staff-paid-order'
  | 'staff-late-order'
  | 'low-stock';

/** Every mail Keen sends: the order mails, and a contact message's to the staff and staff's reply to its sender. */
export type MailTemplate = OrderMailTemplate | 'staff-message' | 'message-reply';

/** One mail about an order to send: a job on the queue. */
export interface OrderMailJob {
  /** Event id + template (+ product for low stock): the mail is sent at most once per key. */
  key: string;
  template: OrderMailTemplate;
  order: OrderPayload;
  /** When the event happened (the receipt's date). */
  at: string;
  product?: { id: string; name: string; left: number };
  /** The refund a `refund-issued` mail tells of. */
  refund?: RefundPayload;
}

/** A PDF a mail carries. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** The documents mails carry: the invoice with the receipt, the credit note with a refund's mail (invoicing module). */
export interface MailDocuments {
  invoiceForMail(orderId: string): Promise<MailAttachment | null>;
  creditNoteForMail(orderId: string, refundId: string): Promise<MailAttachment | null>;
  /** Whether a refund made the order Refunded: its own mail (with the credit note) tells the customer. */
  closedByRefund(orderId: string): Promise<boolean>;
}

/** A contact message's mail: to the staff when it arrives; staff's reply to its sender (written by a person, so it never waits). */
export type MessageMailJob =
  | { key: string; template: 'staff-message'; message: MessageReceivedPayload; at: string }
  | { key: string; template: 'message-reply'; reply: MessageRepliedPayload; at: string };

/** One mail to send: a job on the queue. */
export type MailJob = OrderMailJob | MessageMailJob;

const STAFF_MAILS: readonly MailTemplate[] = ['staff-paid-order', 'staff-late-order', 'low-stock', 'staff-message'];

/** The contact message events that send mail (message-emails). */
export const MESSAGE_MAIL_EVENTS: DomainEventName[] = ['message.received', 'message.replied'];

export const MAIL_QUEUE = 'mail.send';
/**
 * How long a mail job may run before the queue takes it for dead and runs it again (a process killed
 * mid-send leaves its job active until then). nodemailer's own time-outs (minutes) are cut to fit in
 * it: a send holds its claim's transaction open, within the pool's idle-in-transaction time-out (30 s).
 */
export const MAIL_JOB_EXPIRE_SECONDS = 60;
/** A mail's claim: the key is sent at most once (a row that exists is a mail sent). */
const CLAIM = `INSERT INTO "sent_mail" ("key", "recipients", "subject") VALUES ($1, $2, $3) ON CONFLICT ("key") DO NOTHING RETURNING "key"`;
/** How long a process that sent a mail keeps trying to record it while the database is away (a restart). */
const CLAIM_AFTER_SEND_MS = 30_000;
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
/** How long a sent mail's key is kept: far beyond the events' own retention (EVENT_RETENTION_DAYS, 7 by default). */
const SENT_MAIL_RETENTION_DAYS = 90;

const CUSTOMER_MAILS: Partial<Record<DomainEvent['name'], OrderMailTemplate>> = {
  'order.placed': 'order-received',
  'order.paid': 'payment-received',
  'order.shipped': 'order-shipped',
  'order.expired': 'order-expired',
  'order.cancelled': 'order-cancelled',
  'order.refunded': 'order-refunded',
  // A late order's apology goes with the new date staff set.
  'order.ship_date_changed': 'order-late',
};

/** The order events that send mail (to the customer; a paid order and low stock to the staff too), and a refund's. */
export const CUSTOMER_MAIL_EVENTS = [...Object.keys(CUSTOMER_MAILS), 'order.late', 'refund.created'] as DomainEventName[];

/**
 * The mail's HTML, as `@react-email/render` makes it (its own `render` loads react-dom with a
 * dynamic import, which jest's CommonJS runtime refuses; the templates render synchronously).
 */
function renderMail(element: ReactElement): string {
  const doctype =
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
  return doctype + renderToStaticMarkup(element);
}

/**
 * Order e-mails: a subscriber of committed order events queues one job per mail; the job renders
 * it (React to HTML with a plain-text part) and sends it over SMTP. A row of `sent_mail` claimed
 * before sending makes each mail go at most once, however often its event or job comes back.
 * A customer's mail due while their address is unverified is held in `held_mail` (anyone may sign
 * up with anyone's address, and a mail carries the text they typed); a second subscriber releases
 * the held mails when the address is verified (`user.emailVerified`). Its queue, subscribers and
 * pruning are declared in notifications.work.ts.
 */
export class NotificationsService {
  private readonly transport: Transporter;
  private readonly shop: ShopContext;

  constructor(
    private readonly db: DataSource,
    private readonly settings: MailSettings,
    private readonly jobs: JobQueue,
    private readonly logger: Logger,
    /** A guest order's link, in each of its mails. */
    private readonly guestLinks: GuestLinks,
    private readonly documents: MailDocuments,
  ) {
    this.transport = createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS });
    this.shop = { shopName: settings.shopName, shopUrl: settings.shopUrl, locale: settings.locale };
  }

  /** Forgets sent keys long after any redelivery of their event could come (events live a week by default). */
  async prune(): Promise<number> {
    const [, removed]: [unknown, number] = await this.db.query(
      `DELETE FROM "sent_mail" WHERE "sentAt" < now() - make_interval(days => $1)`,
      [SENT_MAIL_RETENTION_DAYS],
    );
    return removed;
  }

  /** Queues the mails an event calls for. Safe to repeat: a mail's key is sent once. */
  async queue(event: DomainEvent): Promise<void> {
    const at = new Date(event.createdAt).toISOString();
    if (event.name === 'refund.created') {
      const refund = event.payload as RefundPayload;
      const key = `${event.id}:refund-issued`;
      await this.jobs.send(MAIL_QUEUE, { key, template: 'refund-issued', order: refund.order, at, refund } satisfies OrderMailJob, { key });
      return;
    }
    const order = event.payload as OrderPayload;
    const mails: OrderMailJob[] = [];
    const customerMail = CUSTOMER_MAILS[event.name];
    const toldByRefund = customerMail === 'order-refunded' && (await this.documents.closedByRefund(order.orderId));
    if (customerMail && !toldByRefund) mails.push({ key: `${event.id}:${customerMail}`, template: customerMail, order, at });
    if (event.name === 'order.paid') mails.push({ key: `${event.id}:staff-paid-order`, template: 'staff-paid-order', order, at });
    if (event.name === 'order.late') mails.push({ key: `${event.id}:staff-late-order`, template: 'staff-late-order', order, at });
    if (event.name === 'order.placed') {
      for (const product of await this.crossedLowStock(order)) {
        mails.push({ key: `${event.id}:low-stock:${product.id}`, template: 'low-stock', order, at, product });
      }
    }
    for (const mail of mails) await this.jobs.send(MAIL_QUEUE, mail, { key: mail.key });
  }

  /**
   * Variants of the order whose stock is now below the threshold and was not before the order
   * took its units: staff hear of each variant once as it runs low, not at every later order. Only
   * the units a line took from stock count: made-to-order units queued beyond the stock are work
   * for the workshop, not a shortage.
   */
  private async crossedLowStock(order: OrderPayload): Promise<{ id: string; name: string; left: number }[]> {
    if (!order.lines.some((line) => line.variantId)) return [];
    const rows: { id: string; name: string; variantName: string; quantity: number }[] = await this.db.query(
      `SELECT v."id", p."name", v."name" AS "variantName", v."quantity"
         FROM (SELECT l."variantId", sum(l."quantity" - l."queuedQuantity")::int AS "taken" FROM "order_line" l
                WHERE l."orderId" = $1 AND l."variantId" IS NOT NULL GROUP BY l."variantId") t
         JOIN "product_variant" v ON v."id" = t."variantId" JOIN "product" p ON p."id" = v."productId"
        WHERE t."taken" > 0 AND v."quantity" < $2 AND v."quantity" + t."taken" >= $2`,
      [order.orderId, this.settings.lowStockBelow],
    );
    return rows.map((row) => ({ id: row.id, name: lineName(row.name, row.variantName), left: row.quantity }));
  }

  /**
   * Queues a contact message's mail: to the staff when it arrives, staff's reply to its sender.
   * Safe to repeat: a mail's key is sent once.
   */
  async queueMessageMail(event: DomainEvent): Promise<void> {
    const at = new Date(event.createdAt).toISOString();
    const mail: MessageMailJob | null =
      event.name === 'message.received'
        ? { key: `${event.id}:staff-message`, template: 'staff-message', message: event.payload as MessageReceivedPayload, at }
        : event.name === 'message.replied'
          ? { key: `${event.id}:message-reply`, template: 'message-reply', reply: event.payload as MessageRepliedPayload, at }
          : null;
    if (mail) await this.jobs.send(MAIL_QUEUE, mail, { key: mail.key });
  }

  /** The job: renders and sends one mail, unless its key was sent already or it must wait. Throws to be retried. */
  async send(job: MailJob): Promise<void> {
    const to = await this.recipients(job);
    if (!to.length) return;
    if (isOrderMail(job) && !STAFF_MAILS.includes(job.template) && !(await this.customerVerified(job))) {
      if (isUnpaidGuestMail(job))
        this.logger.info({ template: job.template, order: job.order.orderId }, 'guest order e-mail not sent: unpaid');
      return;
    }
    const { subject, element } = this.compose(job);
    if (!(await this.sendOnce(job.key, to, subject, element, await this.attachments(job)))) return;
    if (isOrderMail(job)) this.logger.info({ template: job.template, order: job.order.orderId }, 'order e-mail sent');
    else this.logger.info({ template: job.template, message: messageIdOf(job) }, 'message e-mail sent');
  }

  /**
   * Sends one mail at most once per key: a row of `sent_mail` claimed in the transaction that sends
   * it; answers whether this call sent it. Gift cards' mails go through here too.
   */
  async sendOnce(key: string, to: string[], subject: string, element: ReactElement, attachments: MailAttachment[] = []): Promise<boolean> {
    // The claim commits only once the server has taken the mail: a send that fails, or a process
    // killed meanwhile, leaves no claim, and the job's retry sends it. A twin job waits on the claim.
    let accepted = false;
    try {
      return await this.db.transaction(async (manager) => {
        const claimed: unknown[] = await manager.query(CLAIM, [key, to.join(', '), subject]);
        if (!claimed.length) return false;
        const html = renderMail(element);
        await this.transport.sendMail({ from: this.settings.from, to, subject, html, text: toPlainText(html), attachments });
        accepted = true;
        return true;
      });
    } catch (error) {
      if (!accepted) throw error;
      // The server took the mail but the commit failed (the database went away): claim it once the
      // database is back, so that no retry sends it again.
      await onceReachable(() => this.db.query(CLAIM, [key, to.join(', '), subject]), CLAIM_AFTER_SEND_MS);
      return true;
    }
  }

  /** The receipt carries the invoice, a refund's mail its credit note. */
  private async attachments(job: MailJob): Promise<MailAttachment[]> {
    if (!isOrderMail(job)) return [];
    const document =
      job.template === 'payment-received'
        ? await this.documents.invoiceForMail(job.order.orderId)
        : job.template === 'refund-issued' && job.refund
          ? await this.documents.creditNoteForMail(job.order.orderId, job.refund.refundId)
          : null;
    return document ? [{ ...document, contentType: 'application/pdf' }] : [];
  }

  /** A page of an order as its mails link it (`path` after its id, `/proof` say); a guest's carries the order link's token. */
  orderPageLink(orderId: string, guest: boolean, path = ''): string {
    const base = `${this.shop.shopUrl}/orders/${orderId}${path}`;
    return guest ? `${base}?token=${this.guestLinks.token(orderId)}` : base;
  }

  /** What every mail knows of the shop. */
  get shopContext(): ShopContext {
    return this.shop;
  }

  /**
   * Whether the customer's address is verified; if not, the mail is held for it (a mail with no
   * account is neither). The row lock orders this with the verification's update: either the mail
   * is held before the verification commits (and its release finds it), or it sees the address verified.
   */
  private async customerVerified(job: OrderMailJob): Promise<boolean> {
    const { order } = job;
    // A guest's address is whatever they typed: only a paid order proves the intent (its receipt and later mails go; nothing before).
    if (order.guest && !order.customer.id) return !isUnpaidGuestMail(job);
    return this.db.transaction(async (manager) => {
      const [customer]: { emailVerified: boolean }[] = await manager.query(`SELECT "emailVerified" FROM "user" WHERE "id" = $1 FOR SHARE`, [
        order.customer.id,
      ]);
      if (customer?.emailVerified) return true;
      if (customer) {
        await manager.query(
          `INSERT INTO "held_mail" ("key", "customerId", "orderId", "job") VALUES ($1, $2, $3, $4) ON CONFLICT ("key") DO NOTHING`,
          [job.key, order.customer.id, order.orderId, JSON.stringify(job)],
        );
        this.logger.info({ template: job.template, order: order.orderId }, 'order e-mail held until the address is verified');
      }
      return false;
    });
  }

  /**
   * Sends what was held for a customer whose address is now verified. Per order, only the newest
   * held mail goes, as the order is now (an "order received: pay by ..." for an order cancelled or
   * paid since would only mislead), with the receipt if one was held: a receipt always goes. Safe
   * to repeat: each mail keeps its key, so one already sent is not sent again.
   */
  async release(customerId: string): Promise<void> {
    const held: { key: string; orderId: string; job: OrderMailJob }[] = await this.db.query(
      `SELECT "key", "orderId", "job" FROM "held_mail" WHERE "customerId" = $1 ORDER BY "orderId", "job"->>'at', "heldAt"`,
      [customerId],
    );
    const newest = new Map(held.map((mail) => [mail.orderId, mail.key]));
    for (const { key, orderId, job } of held) {
      if (key === newest.get(orderId) || job.template === 'payment-received') await this.jobs.send(MAIL_QUEUE, job, { key });
    }
    await this.db.query(`DELETE FROM "held_mail" WHERE "key" = ANY($1)`, [held.map(({ key }) => key)]);
  }

  /** Read at send time: the customer's choice, and who the staff are. */
  /** Who staff mails go to: STAFF_NOTIFY_EMAILS, or every admin at send time. Returns' staff mails use it too. */
  async staffRecipients(): Promise<string[]> {
    if (this.settings.staffEmails.length) return this.settings.staffEmails;
    const admins: { email: string }[] = await this.db.query(`SELECT "email" FROM "user" WHERE "role" = 'admin' ORDER BY "email"`);
    return admins.map(({ email }) => email);
  }

  private async recipients(job: MailJob): Promise<string[]> {
    if (STAFF_MAILS.includes(job.template)) return this.staffRecipients();
    if (job.template === 'message-reply') return [job.reply.to];
    if (!isOrderMail(job)) return [];
    if (job.template !== 'payment-received' && job.order.customer.id) {
      const [customer]: { orderEmails: boolean }[] = await this.db.query(`SELECT "orderEmails" FROM "user" WHERE "id" = $1`, [
        job.order.customer.id,
      ]);
      if (customer && !customer.orderEmails) return [];
    }
    return [job.order.customer.email];
  }

  private compose(job: MailJob): { subject: string; element: ReactElement } {
    // Every mail of a guest order carries its link, the guest's only way back to it (claimed or not).
    const shop =
      isOrderMail(job) && job.order.guest && !STAFF_MAILS.includes(job.template)
        ? { ...this.shop, orderLink: this.guestLinks.link(job.order.orderId) }
        : this.shop;
    if (job.template === 'staff-message') {
      const { message } = job;
      return {
        subject: `New ${messageKindName(message.kind)} from ${message.name}`,
        element: <StaffMessage shop={shop} message={message} />,
      };
    }
    if (job.template === 'message-reply') {
      return {
        subject: `Re: your ${messageKindName(job.reply.kind)} to ${shop.shopName}`,
        element: <MessageReplyMail shop={shop} reply={job.reply} />,
      };
    }
    const { order } = job;
    const id = shortOrderId(order.orderId);
    const name = shop.shopName;
    switch (job.template) {
      case 'order-received':
        return { subject: `${name} order received: #${id}`, element: <OrderReceived shop={shop} order={order} /> };
      case 'payment-received':
        return { subject: `${name} payment received: #${id}`, element: <PaymentReceived shop={shop} order={order} paidAt={job.at} /> };
      case 'order-shipped':
        return { subject: `Your ${name} order has shipped: #${id}`, element: <OrderShipped shop={shop} order={order} /> };
      case 'order-expired':
        return { subject: `${name} order expired: #${id}`, element: <OrderClosed shop={shop} order={order} how="expired" /> };
      case 'order-cancelled':
        return { subject: `${name} order cancelled: #${id}`, element: <OrderClosed shop={shop} order={order} how="cancelled" /> };
      case 'order-refunded':
        return { subject: `${name} refund issued: #${id}`, element: <OrderClosed shop={shop} order={order} how="refunded" /> };
      case 'refund-issued': {
        const refund = job.refund!;
        return {
          subject: `${name} refund of ${orderMoney(shop, order, refund.amount)}: #${id}`,
          element: <RefundIssued shop={shop} order={order} refund={refund} />,
        };
      }
      case 'staff-paid-order':
        return {
          subject: `New paid order #${id}: ${orderMoney(shop, order, order.totals.total)}`,
          element: <StaffPaidOrder shop={shop} order={order} />,
        };
      case 'order-late':
        return { subject: `${name} order #${id} is running late: our apologies`, element: <OrderLate shop={shop} order={order} /> };
      case 'staff-late-order':
        return {
          subject: `Late order #${id}: not shipped by ${order.shipBy?.latest ?? 'its date'}`,
          element: <StaffLateOrder shop={shop} order={order} />,
        };
      case 'low-stock': {
        const product = job.product!;
        return { subject: `Low stock: ${product.name} (${product.left} left)`, element: <LowStock shop={shop} product={product} /> };
      }
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

function isOrderMail(job: MailJob): job is OrderMailJob {
  return 'order' in job;
}

/** The mails of an order that was never paid: a guest gets none of them (no branded mail to an address nobody proved). */
const UNPAID_MAILS: readonly MailTemplate[] = ['order-received', 'order-cancelled', 'order-expired'];

function isUnpaidGuestMail(job: OrderMailJob): boolean {
  return job.order.guest === true && !job.order.customer.id && UNPAID_MAILS.includes(job.template);
}

function messageIdOf(job: MessageMailJob): string {
  return job.template === 'staff-message' ? job.message.messageId : job.reply.messageId;
}
