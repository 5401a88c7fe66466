import { formatGiftCardCode, formatMoney, giftCardLastFour, normaliseGiftCardCode } from '@keen/rules';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { badInput, notFound } from '../../common/errors';
import { plainRows } from '../../common/list';
import type { RateLimits } from '../../common/rate-limits';
import { isId, normalizeEmail, requireText } from '../../common/validate';
import { raise } from '../../events/outbox';
import type { JobQueue } from '../../jobs/job-queue';
import { type Caller, requireAdmin } from '../auth';
import { GiftCardDelivered, type NotificationsService } from '../notifications';
import { OrderState } from '../orders';
import { type CardPayment, balanceOf, checkedCards, redeemCards, returnToCards, sharesOf } from './gift-card-ledger';
import { namedCode, newGiftCardCode, orderGiftCardCodes } from './gift-card-codes';
import { GiftCard, GiftCardEntryKind, GiftCardLedgerEntry } from './gift-card.entity';
import type { GiftCardAdjustmentInput, IssueGiftCardInput } from './gift-cards.inputs';

/** The queue of gift cards' mails: one job per card, due at its sendAt. */
export const GIFT_CARD_MAIL_QUEUE = 'gift-card.mail';
/** The most one card may hold, in minor units (a typo of staff's should not mint a fortune). */
const MAX_CARD_AMOUNT = 10_000_000;

/** A card with its balance (the sum of its ledger), as staff read it. */
export type GiftCardWithBalance = GiftCard & { balanceAmount: number };

/** What a shopper learns of a code: its balance and expiry. */
export interface GiftCardBalanceAnswer {
  lastFour: string;
  balanceAmount: number;
  currency: string;
  expiresAt: Date | null;
}

/** A card an order bought, as the buyer's receipt shows it: its last four characters only. */
export interface IssuedCard {
  orderId: string;
  lastFour: string;
  initialAmount: number;
  currency: string;
  recipientEmail: string | null;
  sendAt: Date | null;
  sentAt: Date | null;
}

const SELECT_WITH_BALANCE = `SELECT c.*, (SELECT coalesce(sum(l."amount"), 0)::int FROM "gift_card_ledger" l WHERE l."giftCardId" = c."id") AS "balanceAmount" FROM "gift_card" c`;

/**
 * Gift cards: issued for each paid gift-card line unit (`issueFor`, from the order.paid subscriber)
 * or by staff by hand; spent at checkout in the order's transaction (`redeem`); given back when the
 * order is cancelled or expires (`returnFor`), or with a refund's credit note (`returnPartToCards`). Every change of a balance is a ledger row
 * (gift-card-ledger.ts). Staff (an admin or a `giftcards:write` key) issue, disable and adjust cards;
 * anyone may look a balance up, within RATE_LIMIT_GIFT_CARD_CODES a minute per client address.
 */
export class GiftCardsService {
  constructor(
    private readonly db: DataSource,
    private readonly limits: RateLimits,
    private readonly currency: string,
    private readonly locale: string,
    private readonly jobs: JobQueue,
    /** Null with EMAILS=off: no mail is queued. */
    private readonly notifications: NotificationsService | null,
    private readonly logger: Logger,
  ) {}

  /** Every card, newest first, with its balance. */
  async list(caller: Caller): Promise<GiftCardWithBalance[]> {
    requireAdmin(caller);
    const rows: GiftCardWithBalance[] = await this.db.query(`${SELECT_WITH_BALANCE} ORDER BY c."createdAt" DESC, c."id"`);
    return rows.map((row) => Object.assign(new GiftCard(), row));
  }

  async get(caller: Caller, id: string): Promise<GiftCardWithBalance> {
    requireAdmin(caller);
    return this.read(this.db.manager, id);
  }

  /** A card's ledger, oldest first. */
  ledger(giftCardId: string): Promise<GiftCardLedgerEntry[]> {
    return this.db.getRepository(GiftCardLedgerEntry).find({ where: { giftCardId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** A card issued by staff by hand, with a reason; mailed to its recipient when it has one. */
  async issue(caller: Caller, input: IssueGiftCardInput): Promise<GiftCardWithBalance> {
    requireAdmin(caller);
    const amount = wholeAmount(input?.amount, 'The amount must be a whole number of minor units from 1');
    if (amount < 1) throw badInput('The amount must be a whole number of minor units from 1');
    const reason = requireText(input.reason, 'Reason is Required', 500);
    const recipientEmail = input.recipientEmail == null || input.recipientEmail.trim() === '' ? null : normalizeEmail(input.recipientEmail);
    const message = optionalText(input.message, 'message');
    const expiresAt = input.expiresAt ?? null;
    if (expiresAt && !(expiresAt.getTime() > Date.now())) throw badInput('A gift card must expire in the future');
    const card = await this.db.transaction(async (manager) => {
      const [{ id }]: { id: string }[] = await manager.query(
        `INSERT INTO "gift_card" ("code", "initialAmount", "currency", "expiresAt", "recipientEmail", "message") VALUES ($1, $2, $3, $4, $5, $6) RETURNING "id"`,
        [newGiftCardCode(), amount, this.currency, expiresAt, recipientEmail, message],
      );
      await this.writeEntry(manager, id, GiftCardEntryKind.issue, amount, reason, caller);
      const issued = await this.read(manager, id);
      await raise(manager, 'gift_card.issued', id, issuedPayload(issued));
      return issued;
    });
    if (recipientEmail) await this.queueMail(card);
    return card;
  }

  /** Shoppers can no longer use the card (it looks unknown to them); its ledger stays. */
  async disable(caller: Caller, id: string): Promise<GiftCardWithBalance> {
    requireAdmin(caller);
    if (!isId(id)) throw notFound('Gift card');
    const { affected } = await this.db.getRepository(GiftCard).update({ id }, { disabled: true });
    if (!affected) throw notFound('Gift card');
    return this.read(this.db.manager, id);
  }

  /** Changes a balance by hand (a ledger row with the reason); never below zero. */
  async adjust(caller: Caller, id: string, input: GiftCardAdjustmentInput): Promise<GiftCardWithBalance> {
    requireAdmin(caller);
    const amount = wholeAmount(input?.amount, 'The adjustment must be a whole number of minor units other than 0');
    if (amount === 0) throw badInput('The adjustment must be a whole number of minor units other than 0');
    const reason = requireText(input.reason, 'Reason is Required', 500);
    if (!isId(id)) throw notFound('Gift card');
    return this.db.transaction(async (manager) => {
      const [card]: unknown[] = await manager.query(`SELECT "id" FROM "gift_card" WHERE "id" = $1 FOR UPDATE`, [id]);
      if (!card) throw notFound('Gift card');
      const balance = await balanceOf(manager, id);
      if (balance + amount < 0) throw badInput(`The balance is ${this.money(balance)}: an adjustment cannot take it below zero`);
      if (balance + amount > MAX_CARD_AMOUNT) throw badInput(`A gift card may hold at most ${this.money(MAX_CARD_AMOUNT)}`);
      await this.writeEntry(manager, id, GiftCardEntryKind.adjustment, amount, reason, caller);
      return this.read(manager, id);
    });
  }

  /**
   * A code's balance and expiry, for anyone. An unknown and a disabled code get the same 400, and
   * every look-up counts against the client address's allowance, so codes cannot be guessed.
   */
  async balance(clientAddress: string, typed: string): Promise<GiftCardBalanceAnswer> {
    await this.limits.consume('giftCardCode', `address:${clientAddress}`);
    const code = typeof typed === 'string' ? normaliseGiftCardCode(typed) : null;
    const card = code ? await this.db.getRepository(GiftCard).findOneBy({ code }) : null;
    if (!card || card.disabled) throw badInput(`There is no ${namedCode(String(typed)).replace('Gift card', 'gift card')}`);
    return {
      lastFour: card.lastFour,
      balanceAmount: await balanceOf(this.db.manager, card.id),
      currency: card.currency,
      expiresAt: card.expiresAt,
    };
  }

  /** The codes an order names, checked for shape (400 before any transaction); each counts against the buyer's allowance. */
  async codesFor(customerId: string, typed: readonly string[] | null | undefined): Promise<string[]> {
    const codes = orderGiftCardCodes(typed);
    if (codes.length) await this.limits.consume('giftCardCode', `user:${customerId}`, codes.length);
    return codes;
  }

  /**
   * A quote's preview of the cards a signed-in customer names (shape checked, counted against
   * their allowance as placeOrder's are): checked as placeOrder checks them, nothing locked or
   * spent; `shares(due)` is what they would pay of a total, by placeOrder's rule.
   */
  async preview(
    customerId: string,
    typed: readonly string[] | null | undefined,
    currency: string,
  ): Promise<{ shares: (due: number) => CardPayment[] }> {
    const cards = await checkedCards(this.db.manager, await this.codesFor(customerId, typed), currency, false);
    return { shares: (due) => sharesOf(cards, due) };
  }

  /** Spends the cards on an order inside its transaction (gift-card-ledger.ts: locked, never overdrawn). */
  redeem(manager: EntityManager, codes: readonly string[], order: { id: string; currency: string }, due: number): Promise<CardPayment[]> {
    return redeemCards(manager, codes, order, due);
  }

  /** Gives an order's cards back what it took (a cancelled or expired order); once however often asked. */
  async returnFor(orderId: string): Promise<void> {
    const returned = await returnToCards(this.db, orderId);
    if (returned) this.logger.info({ orderId, cards: returned }, 'gift card payments returned');
  }

  /**
   * Issues one card per unit of each gift-card line of a paid order (once however often asked: a
   * line's unit is unique), then queues their mails.
   */
  async issueFor(orderId: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      const lines: {
        id: string;
        quantity: number;
        unitAmount: number;
        currency: string;
        giftCard: { recipientEmail: string | null; message: string | null; sendAt: string | null };
      }[] = await manager.query(
        `SELECT l."id", l."quantity", l."unitAmount", l."currency", l."giftCard" FROM "order_line" l JOIN "order" o ON o."id" = l."orderId"
            WHERE l."orderId" = $1 AND l."giftCard" IS NOT NULL AND o."state" IN ($2, $3, $4, $5) ORDER BY l."position"`,
        [orderId, OrderState.Paid, OrderState.AwaitingProof, OrderState.InProduction, OrderState.Shipped],
      );
      for (const line of lines) {
        for (let unit = 0; unit < line.quantity; unit++) {
          const [issued]: { id: string }[] = await manager.query(
            `INSERT INTO "gift_card" ("code", "initialAmount", "currency", "recipientEmail", "message", "sendAt", "orderId", "orderLineId", "unit")
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT ("orderLineId", "unit") WHERE "orderLineId" IS NOT NULL DO NOTHING RETURNING "id"`,
            [
              newGiftCardCode(),
              line.unitAmount,
              line.currency,
              line.giftCard.recipientEmail,
              line.giftCard.message,
              line.giftCard.sendAt,
              orderId,
              line.id,
              unit,
            ],
          );
          if (!issued) continue;
          await manager.query(`INSERT INTO "gift_card_ledger" ("giftCardId", "kind", "amount", "orderId") VALUES ($1, $2, $3, $4)`, [
            issued.id,
            GiftCardEntryKind.issue,
            line.unitAmount,
            orderId,
          ]);
          await raise(manager, 'gift_card.issued', issued.id, issuedPayload(await this.read(manager, issued.id)));
        }
      }
    });
    // After the commit, and for every card of the order not yet mailed: a retry queues what a crash left.
    const cards = await this.db.getRepository(GiftCard).findBy({ orderId });
    for (const card of cards) if (!card.sentAt) await this.queueMail(card);
  }

  /** What each card paid of these orders, by order. */
  async paymentsOf(orderIds: readonly string[]): Promise<(CardPayment & { orderId: string })[]> {
    const rows = await plainRows<{ orderId: string; giftCardId: string; code: string; amount: number }>(
      this.db,
      `SELECT l."orderId", l."giftCardId", c."code", -l."amount" AS amount FROM "gift_card_ledger" l JOIN "gift_card" c ON c."id" = l."giftCardId"
        WHERE l."orderId" = ANY($1::uuid[]) AND l."kind" = $2 ORDER BY l."createdAt", l."id"`,
      [[...orderIds], GiftCardEntryKind.redeem],
    );
    return rows.map(({ code, ...row }) => ({ ...row, lastFour: giftCardLastFour(code) }));
  }

  /** The cards these orders bought, as their receipts show them: plain rows, for a page of orders. */
  async issuedBy(orderIds: readonly string[]): Promise<IssuedCard[]> {
    const rows = await plainRows<Omit<IssuedCard, 'lastFour'> & { code: string }>(
      this.db,
      `SELECT "orderId", "code", "initialAmount", "currency", "recipientEmail", "sendAt", "sentAt" FROM "gift_card"
        WHERE "orderId" = ANY($1::uuid[]) ORDER BY "createdAt", "unit"`,
      [[...orderIds]],
    );
    return rows.map(({ code, ...row }) => ({ ...row, lastFour: giftCardLastFour(code) }));
  }

  /** The mail job: the code to its recipient (the buyer without one), once; a card disabled meanwhile is not mailed. */
  async sendMail(giftCardId: string): Promise<void> {
    const notifications = this.notifications;
    if (!notifications || !isId(giftCardId)) return;
    const [card]: (GiftCard & { buyerEmail: string | null; buyerName: string | null })[] = await this.db.query(
      `SELECT c.*, o."email" AS "buyerEmail", o."userName" AS "buyerName" FROM "gift_card" c LEFT JOIN "order" o ON o."id" = c."orderId" WHERE c."id" = $1`,
      [giftCardId],
    );
    if (!card || card.sentAt || card.disabled) return;
    const to = card.recipientEmail ?? card.buyerEmail;
    if (!to) return;
    const shop = notifications.shopContext;
    const amount = formatMoney(card.initialAmount, card.currency, shop.locale);
    const element = GiftCardDelivered({
      shop,
      code: formatGiftCardCode(card.code),
      amount,
      from: card.orderId ? card.buyerName : null,
      message: card.message,
      expiresAt: card.expiresAt ? new Date(card.expiresAt).toISOString() : null,
    });
    await notifications.sendOnce(`gift-card:${card.id}`, [to], `A ${amount} gift card from ${shop.shopName}`, element);
    await this.db.query(`UPDATE "gift_card" SET "sentAt" = now() WHERE "id" = $1 AND "sentAt" IS NULL`, [card.id]);
    this.logger.info({ giftCardId: card.id }, 'gift card e-mail sent');
  }

  /** Queues a card's mail for its sendAt (at once when that has passed); a card's job is queued once while it waits. */
  private async queueMail(card: GiftCard): Promise<void> {
    if (!this.notifications) return;
    const wait = card.sendAt ? Math.ceil((new Date(card.sendAt).getTime() - Date.now()) / 1000) : 0;
    await this.jobs.send(
      GIFT_CARD_MAIL_QUEUE,
      { giftCardId: card.id },
      { key: `gift-card:${card.id}`, startAfterSeconds: Math.max(0, wait) },
    );
  }

  private async read(manager: Pick<EntityManager, 'query'>, id: string): Promise<GiftCardWithBalance> {
    const [row]: GiftCardWithBalance[] = isId(id) ? await manager.query(`${SELECT_WITH_BALANCE} WHERE c."id" = $1`, [id]) : [];
    if (!row) throw notFound('Gift card');
    return Object.assign(new GiftCard(), row);
  }

  private async writeEntry(
    manager: EntityManager,
    giftCardId: string,
    kind: GiftCardEntryKind,
    amount: number,
    reason: string,
    caller: Caller,
  ) {
    const by = caller.apiKey ? `API key "${caller.apiKey.name}"` : (caller.user?.email ?? null);
    await manager.query(
      `INSERT INTO "gift_card_ledger" ("giftCardId", "kind", "amount", "reason", "createdBy") VALUES ($1, $2, $3, $4, $5)`,
      [giftCardId, kind, amount, reason, by],
    );
  }

  private money(amount: number): string {
    return formatMoney(amount, this.currency, this.locale);
  }
}

function wholeAmount(value: unknown, message: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > MAX_CARD_AMOUNT) throw badInput(message);
  return value;
}

function optionalText(value: string | null | undefined, name: string): string | null {
  if (value == null || value.trim() === '') return null;
  if (value.trim().length > 500) throw badInput(`The ${name} may be at most 500 characters`);
  return value.trim();
}

function issuedPayload(card: GiftCard) {
  return {
    giftCardId: card.id,
    lastFour: card.lastFour,
    initialAmount: card.initialAmount,
    currency: card.currency,
    orderId: card.orderId,
    recipientEmail: card.recipientEmail,
    expiresAt: card.expiresAt ? new Date(card.expiresAt).toISOString() : null,
    sendAt: card.sendAt ? new Date(card.sendAt).toISOString() : null,
  };
}
