import { giftCardLastFour } from '@keen/rules';
import type { EntityManager } from 'typeorm';
import { badInput } from '../../common/errors';
import { raise } from '../../events/outbox';
import { namedCode } from './gift-card-codes';
import { GiftCardEntryKind } from './gift-card.entity';

/** The ledger's writes: every change of a balance is a row, and the balance is their sum. */

/** What one card paid of an order. */
export interface CardPayment {
  giftCardId: string;
  lastFour: string;
  amount: number;
}

/** A card's balance now: the sum of its ledger (minor units). */
export async function balanceOf(manager: Pick<EntityManager, 'query'>, giftCardId: string): Promise<number> {
  const [{ balance }]: { balance: number }[] = await manager.query(
    `SELECT coalesce(sum("amount"), 0)::int AS balance FROM "gift_card_ledger" WHERE "giftCardId" = $1`,
    [giftCardId],
  );
  return balance;
}

/** A card an order names, checked and with its balance, in the buyer's order. */
export interface CheckedCard {
  id: string;
  code: string;
  balance: number;
}

/**
 * The cards named by `codes` (as the shop keeps them) with their balances, in the buyer's order.
 * An unknown, disabled or expired card, one in another currency or one with nothing left is
 * refused (400, naming its last four). With `lock` (an order's transaction) each card's row is
 * locked first, in id order so orders naming the same cards never deadlock, and its balance read
 * after the lock, so concurrent orders never overdraw it; without, a quote's read-only preview.
 */
export async function checkedCards(
  manager: Pick<EntityManager, 'query'>,
  codes: readonly string[],
  currency: string,
  lock: boolean,
): Promise<CheckedCard[]> {
  if (!codes.length) return [];
  const cards: { id: string; code: string; currency: string; disabled: boolean; expiresAt: Date | null }[] = await manager.query(
    `SELECT "id", "code", "currency", "disabled", "expiresAt" FROM "gift_card" WHERE "code" = ANY($1) ORDER BY "id"${lock ? ' FOR UPDATE' : ''}`,
    [codes],
  );
  const checked: CheckedCard[] = [];
  for (const code of codes) {
    const card = cards.find((candidate) => candidate.code === code);
    if (!card || card.disabled) throw badInput(`There is no ${namedCode(code).replace('Gift card', 'gift card')}`);
    if (card.expiresAt && new Date(card.expiresAt).getTime() <= Date.now()) throw badInput(`${namedCode(code)} has expired`);
    if (card.currency !== currency) throw badInput(`${namedCode(code)} is in ${card.currency}, not ${currency}`);
    const balance = await balanceOf(manager, card.id);
    if (balance <= 0) throw badInput(`${namedCode(code)} has nothing left on it`);
    checked.push({ id: card.id, code: card.code, balance });
  }
  return checked;
}

/**
 * What each card pays of `due`: in the buyer's order, each what it can of what is left; a card
 * reached once nothing is left pays nothing and is left out. The one rule of placeOrder and the quote.
 */
export function sharesOf(cards: readonly CheckedCard[], due: number): CardPayment[] {
  let left = Math.max(due, 0);
  const payments: CardPayment[] = [];
  for (const card of cards) {
    const amount = Math.min(card.balance, left);
    if (amount === 0) continue;
    payments.push({ giftCardId: card.id, lastFour: giftCardLastFour(card.code), amount });
    left -= amount;
  }
  return payments;
}

/** Spends the cards named by `codes` on an order, inside its transaction: locked and checked (checkedCards), shared out (sharesOf), each share a ledger row. */
export async function redeemCards(
  manager: EntityManager,
  codes: readonly string[],
  order: { id: string; currency: string },
  due: number,
): Promise<CardPayment[]> {
  const cards = await checkedCards(manager, codes, order.currency, true);
  const payments = sharesOf(cards, due);
  for (const payment of payments) {
    // clock_timestamp(), not the transaction's now(): an order's cards keep the order they were applied in.
    await manager.query(
      `INSERT INTO "gift_card_ledger" ("giftCardId", "kind", "amount", "orderId", "createdAt") VALUES ($1, $2, $3, $4, clock_timestamp())`,
      [payment.giftCardId, GiftCardEntryKind.redeem, -payment.amount, order.id],
    );
    const balance = cards.find((card) => card.id === payment.giftCardId)!.balance;
    await raise(manager, 'gift_card.redeemed', payment.giftCardId, {
      ...payment,
      orderId: order.id,
      currency: order.currency,
      balance: balance - payment.amount,
    });
  }
  return payments;
}

/**
 * Gives back to each card what an order took from it and no refund gave back yet (a cancelled,
 * expired or refunded order): one such row per card and order, however often it is asked (the
 * ledger's unique index on order, card and kind for rows of no refund).
 */
export async function returnToCards(manager: Pick<EntityManager, 'query'>, orderId: string): Promise<number> {
  const returned: unknown[] = await manager.query(
    `INSERT INTO "gift_card_ledger" ("giftCardId", "kind", "amount", "orderId")
     SELECT r."giftCardId", $2, -r."amount" - r."given", r."orderId"
       FROM (SELECT r."giftCardId", r."orderId", r."amount",
                    (SELECT coalesce(sum(p."amount"), 0) FROM "gift_card_ledger" p
                      WHERE p."orderId" = r."orderId" AND p."giftCardId" = r."giftCardId" AND p."kind" = $2 AND p."refundId" IS NOT NULL) AS "given"
               FROM "gift_card_ledger" r WHERE r."orderId" = $1 AND r."kind" = $3) r
      WHERE -r."amount" > r."given"
     ON CONFLICT ("orderId", "giftCardId", "kind") WHERE "orderId" IS NOT NULL AND "refundId" IS NULL DO NOTHING
     RETURNING "id"`,
    [orderId, GiftCardEntryKind.refund, GiftCardEntryKind.redeem],
  );
  return returned.length;
}

/**
 * Gives `amount` of an order's refund back to the cards that paid it, inside the refund's
 * transaction (which holds the order's row): the cards used last first, each at most what it paid
 * less what earlier refunds gave back; one row per card and refund. Answers what went back.
 */
export async function returnPartToCards(
  manager: Pick<EntityManager, 'query'>,
  orderId: string,
  refundId: string,
  amount: number,
): Promise<number> {
  const cards: { giftCardId: string; open: number }[] = await manager.query(
    `SELECT r."giftCardId", (-r."amount" - coalesce((SELECT sum(p."amount") FROM "gift_card_ledger" p
              WHERE p."orderId" = r."orderId" AND p."giftCardId" = r."giftCardId" AND p."kind" = $2), 0))::int AS "open"
       FROM "gift_card_ledger" r WHERE r."orderId" = $1 AND r."kind" = $3 ORDER BY r."createdAt" DESC, r."id"`,
    [orderId, GiftCardEntryKind.refund, GiftCardEntryKind.redeem],
  );
  let left = amount;
  for (const card of cards) {
    const back = Math.min(card.open, left);
    if (back <= 0) continue;
    await manager.query(
      `INSERT INTO "gift_card_ledger" ("giftCardId", "kind", "amount", "orderId", "refundId") VALUES ($1, $2, $3, $4, $5)`,
      [card.giftCardId, GiftCardEntryKind.refund, back, orderId, refundId],
    );
    left -= back;
  }
  return amount - left;
}
