import { GiftCard } from '../../src/modules/gift-cards/gift-card.entity';
import { Order, OrderState } from '../../src/modules/orders/order.entity';
import { ukZone } from '../discounts/support';
import { UK } from '../support/addresses';
import { until } from '../support/blades';
import { messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { BALANCE, giftCardProduct, issueCard, ledgerSum, orderWithCards, PLACE } from './support';

/**
 * Gift cards at checkout: a tender after discounts and tax (each card pays what it can of the
 * total; the card payment is for the rest), an order they pay in full Paid at once with no intent,
 * the ledger summing to every balance, what a cancelled or refunded order took given back once, and
 * a gift card bought: issued on payment, one per unit, no stock, delivery or tax.
 */

let app: TestApp;
let admin: TestSession;
let buyer: TestSession;
let knife: string;

beforeAll(async () => {
  app = await startTestApp({ MAX_UNPAID_ORDERS: '100' });
  admin = await app.adminUser();
  buyer = await app.customer('giver');
  await ukZone(app, admin);
  knife = (await app.product({ price: 100, quantity: 100 })).id;
});
afterAll(() => app.close());

const INTENT = 'mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { amount } }';

test('a card pays part of an order: the payment intent is for the rest, tax unchanged, and the ledger sums to the balance', async () => {
  const card = await issueCard(app, admin, 5000);
  const placed = await app.gql(PLACE, { input: orderWithCards([knife], [card.code.toLowerCase()]) }, buyer);
  expect(placed.errors).toBeUndefined();
  const order = placed.data!.placeOrder;
  const total = order.totals.total.amount;
  expect(order.totals.tax.amount).toBe(2000); // 20% of the knife: a tender never lowers the tax
  expect(order.totals.giftCards.amount).toBe(5000);
  expect(order.totals.amountDue.amount).toBe(total - 5000);
  expect(order.state).toBe(OrderState.AwaitingPayment);
  expect(order.giftCardPayments).toEqual([{ lastFour: card.code.slice(-4), amount: { amount: 5000 } }]);
  const intent = await app.gql(INTENT, { orderId: order.id }, buyer);
  expect(intent.data!.createPaymentIntent.amount).toBe(total - 5000);
  expect(await ledgerSum(app, card.id)).toBe(0);
  expect((await app.gql(BALANCE, { code: card.code })).data!.giftCardBalance.balance.amount).toBe(0);

  const paid = await app.payOrder(buyer, order.id);
  expect(paid.state).toBe(OrderState.Paid);
});

test('cards that cover the total pay it all: the order is Paid at once, needs no card, and keeps what is left on the card', async () => {
  const first = await issueCard(app, admin, 3000);
  const second = await issueCard(app, admin, 50_000);
  const placed = await app.gql(PLACE, { input: orderWithCards([knife], [first.code, second.code]) }, buyer);
  expect(placed.errors).toBeUndefined();
  const order = placed.data!.placeOrder;
  const total = order.totals.total.amount;
  expect(order.state).toBe(OrderState.Paid);
  expect(order.transactionId).toBeNull();
  expect(order.totals.amountDue.amount).toBe(0);
  expect(order.giftCardPayments.map((payment: { amount: { amount: number } }) => payment.amount.amount)).toEqual([3000, total - 3000]);
  expect(await ledgerSum(app, first.id)).toBe(0);
  expect(await ledgerSum(app, second.id)).toBe(50_000 - (total - 3000));
  // Nothing due: no payment intent can be made for it.
  expect(messageOf(await app.gql(INTENT, { orderId: order.id }, buyer))).toBe('This order is already paid');
});

test('a refused card changes nothing: the order is not placed and no card is spent', async () => {
  const good = await issueCard(app, admin, 2000);
  const disabled = await issueCard(app, admin, 2000);
  await app.gql('mutation($id: ID!) { disableGiftCard(id: $id) { id } }', { id: disabled.id }, admin);
  const before = await app.db.getRepository(Order).count();
  const refused = await app.gql(PLACE, { input: orderWithCards([knife], [good.code, disabled.code]) }, buyer);
  expect(messageOf(refused)).toBe(`There is no gift card •••• ${disabled.code.replace(/-/g, '').slice(-4)}`);
  expect(await app.db.getRepository(Order).count()).toBe(before);
  expect(await ledgerSum(app, good.id)).toBe(2000);
  expect(messageOf(await app.gql(PLACE, { input: orderWithCards([knife], ['NOT-A-CODE']) }, buyer))).toBe(
    'Gift card •••• CODE is not a gift card code',
  );
  const empty = await issueCard(app, admin, 1);
  await app.gql(PLACE, { input: orderWithCards([knife], [empty.code]) }, buyer);
  expect(messageOf(await app.gql(PLACE, { input: orderWithCards([knife], [empty.code]) }, buyer))).toMatch(/has nothing left on it$/);
});

test('cancelling or refunding an order gives each card back what it took, once', async () => {
  const card = await issueCard(app, admin, 4000);
  const partly = (await app.gql(PLACE, { input: orderWithCards([knife], [card.code]) }, buyer)).data!.placeOrder;
  expect(await ledgerSum(app, card.id)).toBe(0);
  expect((await app.gql('mutation($id: ID!) { cancelOrder(id: $id) { state } }', { id: partly.id }, buyer)).data!.cancelOrder.state).toBe(
    'Cancelled',
  );
  await app.settled();
  expect(await ledgerSum(app, card.id)).toBe(4000);
  // Delivered again, the event gives nothing more back.
  await app.services.giftCards.returnFor(partly.id);
  expect(await ledgerSum(app, card.id)).toBe(4000);

  const big = await issueCard(app, admin, 100_000);
  const whole = (await app.gql(PLACE, { input: orderWithCards([knife], [big.code]) }, buyer)).data!.placeOrder;
  expect(whole.state).toBe(OrderState.Paid);
  expect(await ledgerSum(app, big.id)).toBe(100_000 - whole.totals.total.amount);
  const refunded = await app.gql('mutation($id: ID!) { cancelOrder(id: $id) { state } }', { id: whole.id }, admin);
  expect(refunded.data!.cancelOrder.state).toBe('Refunded');
  await app.settled();
  expect(await ledgerSum(app, big.id)).toBe(100_000);
  const kinds = await app.db.query(
    `SELECT "kind", "amount", "refundId" FROM "gift_card_ledger" WHERE "giftCardId" = $1 ORDER BY "createdAt", "id"`,
    [big.id],
  );
  expect(kinds.map((row: { kind: string }) => row.kind)).toEqual(['issue', 'redeem', 'refund']);
  // The card's share went back with the whole refund's credit note, which says so.
  const [note] = await app.db.query(`SELECT "id", "giftCardAmount", "cardAmount" FROM "refund" WHERE "orderId" = $1`, [whole.id]);
  expect(note).toEqual({ id: kinds[2].refundId, giftCardAmount: whole.totals.total.amount, cardAmount: 0 });
});

test('a gift card bought: no stock, delivery or tax on it; paying issues one card per unit with its recipient, the receipt shows the last four only', async () => {
  const product = await giftCardProduct(app);
  const stockBefore = product.quantity;
  const placed = await app.gql(
    `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id totals { shipping { amount } tax { amount } total { amount } } lines { giftCard { recipientEmail message } } } }`,
    {
      input: {
        lines: [{ productId: product.id, quantity: 2, giftCard: { recipientEmail: 'Friend@Example.com', message: 'Happy birthday' } }],
        phone: '+44 20 7946 0000',
        shippingAddress: UK,
      },
    },
    buyer,
  );
  expect(placed.errors).toBeUndefined();
  const order = placed.data!.placeOrder;
  expect(order.totals).toEqual({ shipping: { amount: 0 }, tax: { amount: 0 }, total: { amount: 10_000 } });
  expect(order.lines[0].giftCard).toEqual({ recipientEmail: 'friend@example.com', message: 'Happy birthday' });
  expect((await app.db.query(`SELECT "quantity" FROM "product_variant" WHERE "productId" = $1`, [product.id]))[0].quantity).toBe(
    stockBefore,
  );
  expect(await app.db.getRepository(GiftCard).countBy({ orderId: order.id })).toBe(0);

  await app.payOrder(buyer, order.id);
  const cards = await until(async () => {
    const issued = await app.db.getRepository(GiftCard).findBy({ orderId: order.id });
    return issued.length === 2 && issued;
  });
  expect(
    cards.every((card) => card.initialAmount === 5000 && card.recipientEmail === 'friend@example.com' && /^[A-Z2-9]{16}$/.test(card.code)),
  ).toBe(true);
  for (const card of cards) expect(await ledgerSum(app, card.id)).toBe(5000);
  // Delivered again, order.paid issues nothing more.
  await app.services.giftCards.issueFor(order.id);
  expect(await app.db.getRepository(GiftCard).countBy({ orderId: order.id })).toBe(2);

  const receipt = await app.gql(
    `query($id: ID!) { order(id: $id) { giftCardsIssued { lastFour amount { amount currency } recipientEmail sendAt sent } } }`,
    { id: order.id },
    buyer,
  );
  const shown = receipt.data!.order.giftCardsIssued;
  expect(shown).toHaveLength(2);
  expect(shown.map((card: { lastFour: string }) => card.lastFour).sort()).toEqual(cards.map((card) => card.code.slice(-4)).sort());
  expect(JSON.stringify(receipt)).not.toContain(cards[0].code);
  for (const card of shown)
    expect(card).toMatchObject({ amount: { amount: 5000, currency: 'USD' }, recipientEmail: 'friend@example.com', sendAt: null });
  // Mailed on payment by a job: sent or not yet, a boolean either way.
  expect(shown.every((card: { sent: unknown }) => typeof card.sent === 'boolean')).toBe(true);
});

test('REST: POST /api/orders takes giftCards; a wrong type is a 400 naming the field; the answer shows what the cards paid and what is due', async () => {
  const card = await issueCard(app, admin, 1000);
  const post = (body: unknown) =>
    fetch(`${app.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
      body: JSON.stringify(body),
    });
  const base = { productId: knife, quantity: 1, phone: UK.phone, shippingAddress: UK };
  const wrong = await post({ ...base, giftCards: [42] });
  expect([wrong.status, ((await wrong.json()) as { message: string }).message]).toEqual([400, 'giftCards must be a list of texts']);
  expect(await ledgerSum(app, card.id)).toBe(1000);
  const placed = await post({ ...base, giftCards: [card.code] });
  expect(placed.status).toBe(200);
  const body = (await placed.json()) as { giftCards: number; amountDue: number; totalPrice: number };
  expect(body.giftCards).toBe(10);
  expect(body.amountDue).toBeCloseTo(body.totalPrice - 10, 2);
  const spec = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as Record<string, any>;
  expect(JSON.stringify(spec.paths['/orders'].post)).toContain('giftCards');
});
