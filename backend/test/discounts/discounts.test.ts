import { Discount } from '../../src/modules/discounts/discount.entity';
import { Order } from '../../src/modules/orders/order.entity';
import { apiKey } from '../support/blades';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { CREATE, DISCOUNT_FIELDS, discount, orderOf, PLACE, QUOTE, quoteOf, ukZone } from './support';

/**
 * Discount codes: who may manage them (an admin, a discounts:write key), the rules they are
 * checked against, each refusal in the shopper's words (naming the code) changing nothing, and
 * the limit on checking codes that keeps them from being guessed.
 */

let app: TestApp;
let admin: TestSession;
let buyer: TestSession;
let products: string[];

beforeAll(async () => {
  app = await startTestApp({ MAX_UNPAID_ORDERS: '100' });
  admin = await app.adminUser();
  buyer = await app.customer('shopper');
  await ukZone(app, admin);
  products = [(await app.product({ price: 129 })).id, (await app.product({ price: 45 })).id];
});
afterAll(() => app.close());

const UPDATE = `mutation($id: ID!, $input: DiscountInput!) { updateDiscount(id: $id, input: $input) { ${DISCOUNT_FIELDS} } }`;
const DISABLE = `mutation($id: ID!) { disableDiscount(id: $id) { code enabled } }`;
const LIST = `{ discounts { code timesUsed } }`;

test('an admin creates, lists, changes and disables a code; codes are unique whatever the case', async () => {
  const created = await discount(app, admin, {
    code: 'EarlyBird',
    kind: 'AMOUNT',
    value: 1500,
    minimumSubtotal: 10000,
    usageLimit: 50,
    oncePerCustomer: true,
    endsAt: '2099-01-01T00:00:00.000Z',
  });
  expect(created).toMatchObject({
    code: 'EarlyBird',
    kind: 'AMOUNT',
    value: 1500,
    appliesTo: 'ORDER',
    minimumSubtotal: { amount: 10000 },
    usageLimit: 50,
    oncePerCustomer: true,
    enabled: true,
    timesUsed: 0,
  });
  expect((await app.gql(LIST, {}, admin)).data!.discounts).toContainEqual({ code: 'EarlyBird', timesUsed: 0 });
  const taken = await app.gql(CREATE, { input: { code: 'EARLYBIRD', kind: 'PERCENT', value: 5 } }, admin);
  expect([codeOf(taken), messageOf(taken)]).toEqual(['CONFLICT', 'Another discount has the code EARLYBIRD']);

  const changed = await app.gql(UPDATE, { id: created.id, input: { code: 'EarlyBird', kind: 'PERCENT', value: 20 } }, admin);
  expect(changed.data!.updateDiscount).toMatchObject({ kind: 'PERCENT', value: 20, usageLimit: null, minimumSubtotal: null });
  expect((await app.gql(DISABLE, { id: created.id }, admin)).data!.disableDiscount).toEqual({ code: 'EarlyBird', enabled: false });
  expect(messageOf(await app.gql(PLACE, { input: orderOf(products, 'earlybird') }, buyer))).toBe('There is no code earlybird');
});

test('bad input is a 400 in words that change nothing', async () => {
  const before = await app.db.getRepository(Discount).count();
  const refusal = async (input: Record<string, unknown>) =>
    messageOf(await app.gql(CREATE, { input: { code: 'GOOD', kind: 'PERCENT', value: 10, ...input } }, admin));
  expect(await refusal({ code: 'no spaces' })).toBe('A code is 3 to 40 letters, digits, - or _');
  expect(await refusal({ value: 150 })).toBe('A percentage must be a whole number from 1 to 100');
  expect(await refusal({ kind: 'AMOUNT', value: 0 })).toBe('An amount must be at least 1 minor unit');
  expect(await refusal({ appliesTo: 'PRODUCTS' })).toBe('Choose at least one product');
  expect(await refusal({ appliesTo: 'COLLECTIONS' })).toBe('Choose at least one collection');
  expect(await refusal({ startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' })).toBe('The end must be after the start');
  expect(await refusal({ usageLimit: 0 })).toBe('The usage limit must be a whole number, at least 1');
  expect(await refusal({ appliesTo: 'PRODUCTS', productIds: ['00000000-0000-4000-8000-000000000000'] })).toBe('Product not found');
  expect(await app.db.getRepository(Discount).count()).toBe(before);
});

test('refused roles: anonymous (401 before its input), a customer (403), a key without discounts:write; a key with it may', async () => {
  const bad = { code: '!', kind: 'PERCENT', value: 500 };
  expect(codeOf(await app.gql(CREATE, { input: bad }))).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql(CREATE, { input: bad }, buyer))).toBe('FORBIDDEN');
  expect(codeOf(await app.gql(LIST, {}, buyer))).toBe('FORBIDDEN');
  const ordersKey = await apiKey(app, admin, ['orders:write']);
  expect(messageOf(await app.gql(CREATE, { input: { code: 'KEYED', kind: 'PERCENT', value: 5 } }, ordersKey))).toBe(
    'This API key lacks the scope discounts:write',
  );
  const discountsKey = await apiKey(app, admin, ['discounts:write']);
  const made = await discount(app, discountsKey, { code: 'KEYED' });
  expect(codeOf(await app.gql(DISABLE, { id: made.id }, ordersKey))).toBe('FORBIDDEN');
  expect((await app.gql(DISABLE, { id: made.id }, discountsKey)).data!.disableDiscount.enabled).toBe(false);
  // A code is a customer's: an anonymous quote naming one is asked to sign in.
  expect(codeOf(await app.gql(QUOTE, { input: quoteOf(products, 'KEYED') }))).toBe('UNAUTHENTICATED');
});

test('every refusal names the code, is a 400 and places nothing', async () => {
  const shopper = await app.customer('refused');
  await discount(app, admin, { code: 'LAPSED', endsAt: '2020-01-01T00:00:00Z' });
  await discount(app, admin, { code: 'KNIVESONLY', appliesTo: 'PRODUCTS', productIds: [(await app.product()).id] });
  const gone = await discount(app, admin, { code: 'GONE', usageLimit: 1 });
  await app.db.getRepository(Discount).update({ id: gone.id }, { timesUsed: 1 });
  await discount(app, admin, { code: 'BIGSPEND', minimumSubtotal: 15000 });
  await discount(app, admin, { code: 'ONCE', oncePerCustomer: true });
  expect((await app.gql(PLACE, { input: orderOf(products, 'once') }, shopper)).errors).toBeUndefined();
  const placed = await app.db.getRepository(Order).countBy({ customerId: (await app.gql('{ me { id } }', {}, shopper)).data!.me.id });

  const refusals: [string, string][] = [
    ['lapsed', 'LAPSED has expired'],
    ['KnivesOnly', 'KNIVESONLY is not valid for these knives'],
    ['gone', 'GONE has been used up'],
    ['bigspend', 'Spend $150.00 to use BIGSPEND'],
    ['once', 'You have already used ONCE'],
    ['NOSUCH', 'There is no code NOSUCH'],
  ];
  for (const [code, message] of refusals) {
    // One product: $129.00, short of BIGSPEND's $150.00.
    const order = await app.gql(PLACE, { input: orderOf([products[0]], code) }, shopper);
    expect([codeOf(order), messageOf(order)]).toEqual(['BAD_USER_INPUT', message]);
    const quote = await app.gql(QUOTE, { input: quoteOf([products[0]], code) }, admin);
    if (code !== 'once') expect(messageOf(quote)).toBe(message);
  }
  expect(await app.db.getRepository(Order).countBy({ customerId: (await app.gql('{ me { id } }', {}, shopper)).data!.me.id })).toBe(placed);
});

test('checking codes is limited to 10 a minute per customer, so codes cannot be guessed', async () => {
  const guesser = await app.customer('guesser');
  for (let guess = 0; guess < 10; guess += 1) {
    expect(messageOf(await app.gql(QUOTE, { input: quoteOf(products, `GUESS${guess}`) }, guesser))).toBe(`There is no code GUESS${guess}`);
  }
  const limited = await app.gql(QUOTE, { input: quoteOf(products, 'GUESS10') }, guesser);
  expect(codeOf(limited)).toBe('RATE_LIMITED');
  // Another customer is not held back by the guesser.
  expect(messageOf(await app.gql(QUOTE, { input: quoteOf(products, 'GUESS10') }, await app.customer('honest')))).toBe(
    'There is no code GUESS10',
  );
});
