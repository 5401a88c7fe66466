import { startTestApp, messageOf, type TestApp, type TestSession } from '../support/harness';
import { ukZone } from '../discounts/support';
import { issueCard, ledgerSum, orderWithCards, PLACE } from './support';

/** A card is never overdrawn: each order locks its row in its own transaction and reads the balance after the lock. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

test('20 orders racing to spend a card worth 3 orders: exactly 3 are paid by it, the others refused, the balance never below zero', async () => {
  const admin = await app.adminUser();
  await ukZone(app, admin);
  // No delivery price for a knife of this zone's price: each order's total is known before the race.
  const knife = (await app.product({ price: 50, quantity: 1000 })).id;
  let buyers: TestSession[] = [];
  while (buyers.length < 20) buyers = buyers.concat(await Promise.all(Array.from({ length: 10 }, () => app.customer('racer'))));
  const probe = await app.customer('probe');
  const quoted = await app.gql(PLACE, { input: orderWithCards([knife], []) }, probe);
  const total = quoted.data!.placeOrder.totals.total.amount;
  const card = await issueCard(app, admin, 3 * total);

  const results = await Promise.all(buyers.map((buyer) => app.gql(PLACE, { input: orderWithCards([knife], [card.code]) }, buyer)));
  const placed = results.filter((result) => !result.errors);
  expect(placed).toHaveLength(3);
  expect(placed.every((result) => result.data!.placeOrder.state === 'Paid')).toBe(true);
  expect(new Set(results.filter((result) => result.errors).map(messageOf))).toEqual(
    new Set([`Gift card •••• ${card.code.replace(/-/g, '').slice(-4)} has nothing left on it`]),
  );
  expect(await ledgerSum(app, card.id)).toBe(0);
  const redeemed = await app.db.query(`SELECT count(*)::int AS n FROM "gift_card_ledger" WHERE "giftCardId" = $1 AND "kind" = 'redeem'`, [
    card.id,
  ]);
  expect(redeemed[0].n).toBe(3);
});
