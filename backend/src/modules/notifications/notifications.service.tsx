import { toPlainText } from '@react-email/render';
import { lineName, shortOrderId } from '@keen/rules';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { DataSource } from 'typeorm';
import { isDatabaseUnreachable } from '../../common/database-unreachable';
import type { MailSettings } from '../../config';
import type { DomainEvent, DomainEventName, OrderPayload } from '../../events/domain-events';
import type { JobQueue } from '../../jobs/job-queue';
import {
  LowStock,
  OrderClosed,
  orderMoney,
  OrderReceived,
  OrderShipped,
  PaymentReceived,
  StaffPaidOrder,
  type ShopContext,
} from './templates';

/**
 * Every mail Keen sends; a customer who turned order e-mails off still gets `payment-received` (the
 * receipt). The customer's mails wait until their address is verified; staff mails never wait.
 */
export type MailTemplate =
  | 'order-received'
  | 'payment-received'
  | 'order-shipped'
  | 'order-expired'
  | 'order-cancelled'
  | 'order-refunded'
  | 'staff-paid-order'
  | 'low-stock';

/** One mail to send: a job on the queue. */
export interface MailJob {
  /** Event id + template (+ product for low stock): the mail is sent at most once per key. */
  key: string;
  template: MailTemplate;
  order: OrderPayload;
  /** When the event happened (the receipt's date). */
  at: string;
  product?: { id: string; name: string; left: number };
}

const STAFF_MAILS: readonly MailTemplate[] = ['staff-paid-order', 'low-stock'];

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

const CUSTOMER_MAILS: Partial<Record<DomainEvent['name'], MailTemplate>> = {
  'order.placed': 'order-received',
  'order.paid': 'payment-received',
  'order.shipped': 'order-shipped',
  'order.expired': 'order-expired',
  'order.cancelled': 'order-cancelled',
  'order.refunded': 'order-refunded',
};

/** The order events that send mail (to the customer; a paid order and low stock to the staff too). */
export const CUSTOMER_MAIL_EVENTS = Object.keys(CUSTOMER_MAILS) as DomainEventName[];

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
    const order = event.payload as OrderPayload;
    const at = new Date(event.createdAt).toISOString();
    const mails: MailJob[] = [];
    const customerMail = CUSTOMER_MAILS[event.name];
    if (customerMail) mails.push({ key: `${event.id}:${customerMail}`, template: customerMail, order, at });
    if (event.name === 'order.paid') mails.push({ key: `${event.id}:staff-paid-order`, template: 'staff-paid-order', order, at });
    if (event.name === 'order.placed') {
      for (const product of await this.crossedLowStock(order)) {
        mails.push({ key: `${event.id}:low-stock:${product.id}`, template: 'low-stock', order, at, product });
      }
    }
    for (const mail of mails) await this.jobs.send(MAIL_QUEUE, mail, { key: mail.key });
  }

  /**
   * Variants of the order whose stock is now below the threshold and was not before the order
   * took its units: staff hear of each variant once as it runs low, not at every later order.
   */
  private async crossedLowStock(order: OrderPayload): Promise<{ id: string; name: string; left: number }[]> {
    const ordered = new Map<string, number>();
    for (const line of order.lines) if (line.variantId) ordered.set(line.variantId, (ordered.get(line.variantId) ?? 0) + line.quantity);
    if (!ordered.size) return [];
    const rows: { id: string; name: string; variantName: string; quantity: number }[] = await this.db.query(
      `SELECT v."id", p."name", v."name" AS "variantName", v."quantity" FROM "product_variant" v JOIN "product" p ON p."id" = v."productId"
        WHERE v."id" = ANY($1::uuid[]) AND v."quantity" < $2`,
      [[...ordered.keys()], this.settings.lowStockBelow],
    );
    return rows
      .filter((row) => row.quantity + ordered.get(row.id)! >= this.settings.lowStockBelow)
      .map((row) => ({ id: row.id, name: lineName(row.name, row.variantName), left: row.quantity }));
  }

  /** The job: renders and sends one mail, unless its key was sent already or it must wait. Throws to be retried. */
  async send(job: MailJob): Promise<void> {
    const to = await this.recipients(job);
    if (!to.length) return;
    if (!STAFF_MAILS.includes(job.template) && !(await this.customerVerified(job))) return;
    const { subject, element } = this.compose(job);
    // The claim commits only once the server has taken the mail: a send that fails, or a process
    // killed meanwhile, leaves no claim, and the job's retry sends it. A twin job waits on the claim.
    let accepted = false;
    try {
      const claimedNow = await this.db.transaction(async (manager) => {
        const claimed: unknown[] = await manager.query(CLAIM, [job.key, to.join(', '), subject]);
        if (!claimed.length) return false;
        const html = renderMail(element);
        await this.transport.sendMail({ from: this.settings.from, to, subject, html, text: toPlainText(html) });
        accepted = true;
        return true;
      });
      if (!claimedNow) return;
    } catch (error) {
      if (!accepted) throw error;
      // The server took the mail but the commit failed (the database went away): claim it once the
      // database is back, so that no retry sends it again.
      await this.claimSent(job.key, to, subject);
    }
    this.logger.info({ template: job.template, order: job.order.orderId }, 'order e-mail sent');
  }

  /** Claims a mail already sent, trying for CLAIM_AFTER_SEND_MS while the database cannot be reached. */
  private async claimSent(key: string, to: string[], subject: string): Promise<void> {
    for (const giveUpAt = Date.now() + CLAIM_AFTER_SEND_MS; ; await sleep(1000)) {
      try {
        await this.db.query(CLAIM, [key, to.join(', '), subject]);
        return;
      } catch (error) {
        if (!isDatabaseUnreachable(error) || Date.now() > giveUpAt) throw error;
      }
    }
  }

  /**
   * Whether the customer's address is verified; if not, the mail is held for it (a mail with no
   * account is neither). The row lock orders this with the verification's update: either the mail
   * is held before the verification commits (and its release finds it), or it sees the address verified.
   */
  private async customerVerified(job: MailJob): Promise<boolean> {
    const { order } = job;
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
    const held: { key: string; orderId: string; job: MailJob }[] = await this.db.query(
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
  private async recipients(job: MailJob): Promise<string[]> {
    if (STAFF_MAILS.includes(job.template)) {
      if (this.settings.staffEmails.length) return this.settings.staffEmails;
      const admins: { email: string }[] = await this.db.query(`SELECT "email" FROM "user" WHERE "role" = 'admin' ORDER BY "email"`);
      return admins.map(({ email }) => email);
    }
    if (job.template !== 'payment-received' && job.order.customer.id) {
      const [customer]: { orderEmails: boolean }[] = await this.db.query(`SELECT "orderEmails" FROM "user" WHERE "id" = $1`, [
        job.order.customer.id,
      ]);
      if (customer && !customer.orderEmails) return [];
    }
    return [job.order.customer.email];
  }

  private compose(job: MailJob): { subject: string; element: ReactElement } {
    const { shop } = this;
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
      case 'staff-paid-order':
        return {
          subject: `New paid order #${id}: ${orderMoney(shop, order, order.totals.total)}`,
          element: <StaffPaidOrder shop={shop} order={order} />,
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
