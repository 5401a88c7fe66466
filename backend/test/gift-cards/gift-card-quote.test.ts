import { ukZone } from '../discounts/support';
import { UK } from '../support/addresses';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { BALANCE, giftCardProduct, issueCard, orderWithCards, PLACE } from './support';

/**
 * The quote previews gift cards (ShippingOptionsInput.giftCards): each option's totals say what the
 * cards would pay and what is left, by placeOrder's rule (the order then agrees); nothing is spent;
 * a cart needing no delivery gets its totals from orderQuote; refusals as placeOrder's.
 */

let app: TestApp;
let admin: TestSession;
let buyer: TestSession;
let knife: string;

beforeAll(async () => {
  app = await startTestApp({ MAX_UNPAID_ORDERS: '100' });
  admin = await app.adminUser();
  buyer = await app.customer('quoter');
  await ukZone(app, admin);
  knife = (await app.product({ price: 100, quantity: 100 })).id;
});
afterAll(() => app.close());

const OPTIONS = `query($input: ShippingOptionsInput!) { shippingOptions(input: $input) {
  id totals { total { amount } giftCards { amount } amountDue { amount } } giftCardPayments { lastFour amount { amount } } } }`;
const QUOTE = `query($input: ShippingOptionsInput!) { orderQuote(input: $input) {
  options { id } totals { subtotal { amount } shipping { amount } tax { amount } total { amount } giftCards { amount } amountDue { amount } }
  giftCardPayments { lastFour amount { amount } } } }`;
const quoteInput = (products: string[], giftCards: string[]) => ({
  lines: products.map((productId) => ({ productId, quantity: 1 })),
  address: UK,
  giftCards,
});
const lastFour = (code: string) => code.slice(-4);
type Option = {
  id: string;
  totals: { total: { amount: number }; giftCards: { amount: number }; amountDue: { amount: number } };
  giftCardPayments: { lastFour: string; amount: { amount: number } }[];
};

test('one card pays part of each option: its share and the amount due, and placeOrder charges the same', async () => {
  const card = await issueCard(app, admin, 5000);
  const answer = await app.gql<{ shippingOptions: Option[] }>(OPTIONS, { input: quoteInput([knife], [card.code]) }, buyer);
  expect(answer.errors).toBeUndefined();
  const options = answer.data!.shippingOptions;
  expect(options.length).toBeGreaterThan(0);
  for (const option of options) {
    expect(option.totals.giftCards.amount).toBe(5000);
    expect(option.totals.amountDue.amount).toBe(option.totals.total.amount - 5000);
    expect(option.giftCardPayments).toEqual([{ lastFour: lastFour(card.code), amount: { amount: 5000 } }]);
  }
  // Nothing spent by the quote.
  expect((await app.gql(BALANCE, { code: card.code })).data!.giftCardBalance.balance.amount).toBe(5000);
  const placed = await app.gql(PLACE, { input: { ...orderWithCards([knife], [card.code]), shippingMethodId: options[0].id } }, buyer);
  expect(placed.data!.placeOrder.totals.amountDue.amount).toBe(options[0].totals.amountDue.amount);
});

test('two cards pay in the order given; a card worth more than the total pays the total and the next pays nothing', async () => {
  const small = await issueCard(app, admin, 3000);
  const large = await issueCard(app, admin, 100_000);
  const spare = await issueCard(app, admin, 2000);
  const answer = await app.gql<{ shippingOptions: Option[] }>(
    OPTIONS,
    { input: quoteInput([knife], [small.code, large.code, spare.code]) },
    buyer,
  );
  expect(answer.errors).toBeUndefined();
  const [option] = answer.data!.shippingOptions;
  const total = option.totals.total.amount;
  expect(option.giftCardPayments).toEqual([
    { lastFour: lastFour(small.code), amount: { amount: 3000 } },
    { lastFour: lastFour(large.code), amount: { amount: total - 3000 } },
  ]);
  expect(option.totals.giftCards.amount).toBe(total);
  expect(option.totals.amountDue.amount).toBe(0);
});

test('a cart of gift cards has no options: orderQuote answers its totals, untaxed and undelivered, with the shares', async () => {
  const product = (await giftCardProduct(app)).id;
  const card = await issueCard(app, admin, 2000);
  const answer = await app.gql(QUOTE, { input: quoteInput([product], [card.code]) }, buyer);
  expect(answer.errors).toBeUndefined();
  expect(answer.data!.orderQuote).toEqual({
    options: [],
    totals: {
      subtotal: { amount: 5000 },
      shipping: { amount: 0 },
      tax: { amount: 0 },
      total: { amount: 5000 },
      giftCards: { amount: 2000 },
      amountDue: { amount: 3000 },
    },
    giftCardPayments: [{ lastFour: lastFour(card.code), amount: { amount: 2000 } }],
  });
  const withOptions = await app.gql(QUOTE, { input: quoteInput([knife], []) }, buyer);
  expect(withOptions.data!.orderQuote.totals).toBeNull();
  expect(withOptions.data!.orderQuote.options.length).toBeGreaterThan(0);
});

test('refusals as placeOrder: an unknown or empty card is a 400 naming it; a guest (signed out) previews cards as a customer does', async () => {
  const emptied = await issueCard(app, admin, 1000);
  await app.gql(
    'mutation($id: ID!, $input: GiftCardAdjustmentInput!) { adjustGiftCard(id: $id, input: $input) { id } }',
    {
      id: emptied.id,
      input: { amount: -1000, reason: 'spent in store' },
    },
    admin,
  );
  const unknown = await app.gql(OPTIONS, { input: quoteInput([knife], ['ZZZZ-ZZZZ-ZZZZ-ZZZ2']) }, buyer);
  expect([codeOf(unknown), messageOf(unknown)]).toEqual(['BAD_USER_INPUT', 'There is no gift card •••• ZZZ2']);
  const empty = await app.gql(OPTIONS, { input: quoteInput([knife], [emptied.code]) }, buyer);
  expect(messageOf(empty)).toBe(`Gift card •••• ${lastFour(emptied.code)} has nothing left on it`);
  // A guest checks out signed out: the same preview and refusals, the look-ups counted by client address.
  const card = await issueCard(app, admin, 1500);
  const guest = await app.gql<{ shippingOptions: Option[] }>(OPTIONS, { input: quoteInput([knife], [card.code]) });
  expect(guest.errors).toBeUndefined();
  expect(guest.data!.shippingOptions[0].giftCardPayments).toEqual([{ lastFour: lastFour(card.code), amount: { amount: 1500 } }]);
  const guestUnknown = await app.gql(OPTIONS, { input: quoteInput([knife], ['ZZZZ-ZZZZ-ZZZZ-ZZZ2']) });
  expect([codeOf(guestUnknown), messageOf(guestUnknown)]).toEqual(['BAD_USER_INPUT', 'There is no gift card •••• ZZZ2']);
  // Without cards the quote stays open to anyone.
  expect((await app.gql(OPTIONS, { input: quoteInput([knife], []) })).errors).toBeUndefined();
});
