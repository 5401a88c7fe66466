import { apiKey } from '../support/blades';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { ADJUST, BALANCE, DISABLE, ISSUE, issueCard } from './support';

/**
 * Staff's gift cards: issued by hand with a reason, adjusted (never below zero), disabled, each change
 * a ledger row; who may (an admin, a giftcards:write key; anonymous 401 before any 400, a customer
 * 403, a key without the scope 403); and the balance look-up, which answers the same for an unknown
 * and a disabled code and counts against the client address's allowance.
 */

let app: TestApp;
let admin: TestSession;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_GIFT_CARD_CODES: '6' });
  admin = await app.adminUser();
});
afterAll(() => app.close());

test('an admin issues a card with a reason, adjusts it with reasons (never below zero) and disables it; the ledger sums to the balance', async () => {
  const issued = (
    await app.gql(ISSUE, { input: { amount: 2500, reason: 'Apology for a late parcel', recipientEmail: 'pat@example.com' } }, admin)
  ).data!.issueGiftCard;
  expect(issued.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  expect(issued.lastFour).toBe(issued.code.slice(-4));
  expect(issued).toMatchObject({
    initialAmount: { amount: 2500 },
    balance: { amount: 2500 },
    recipientEmail: 'pat@example.com',
    disabled: false,
  });
  expect(issued.ledger).toEqual([{ kind: 'issue', amount: { amount: 2500 }, reason: 'Apology for a late parcel', orderId: null }]);

  const up = (await app.gql(ADJUST, { id: issued.id, input: { amount: 500, reason: 'goodwill' } }, admin)).data!.adjustGiftCard;
  expect(up.balance.amount).toBe(3000);
  const tooFar = await app.gql(ADJUST, { id: issued.id, input: { amount: -3001, reason: 'typo' } }, admin);
  expect([codeOf(tooFar), messageOf(tooFar)]).toEqual(['BAD_USER_INPUT', 'The balance is $30.00: an adjustment cannot take it below zero']);
  const down = (await app.gql(ADJUST, { id: issued.id, input: { amount: -1000, reason: 'partly used in store' } }, admin)).data!
    .adjustGiftCard;
  expect(down.balance.amount).toBe(2000);
  expect(down.ledger.map((entry: { kind: string; amount: { amount: number } }) => [entry.kind, entry.amount.amount])).toEqual([
    ['issue', 2500],
    ['adjustment', 500],
    ['adjustment', -1000],
  ]);
  expect(messageOf(await app.gql(ADJUST, { id: issued.id, input: { amount: 100, reason: ' ' } }, admin))).toBe('Reason is Required');
  expect(messageOf(await app.gql(ISSUE, { input: { amount: 0, reason: 'x' } }, admin))).toBe(
    'The amount must be a whole number of minor units from 1',
  );

  expect((await app.gql(DISABLE, { id: issued.id }, admin)).data!.disableGiftCard.disabled).toBe(true);
  const list = (await app.gql('{ giftCards { id balance { amount } disabled } }', {}, admin)).data!.giftCards;
  expect(list).toContainEqual({ id: issued.id, balance: { amount: 2000 }, disabled: true });
});

test('refused callers: anonymous 401 before any 400, a customer 403, a key without giftcards:write 403; a key with it may', async () => {
  const customer = await app.customer('nosy');
  const operations: [string, Record<string, unknown>][] = [
    ['{ giftCards { id } }', {}],
    // Well-typed but invalid (GraphQL refuses a mistyped variable before any resolver): the caller is checked first.
    [ISSUE, { input: { amount: 0, reason: '' } }],
    [ADJUST, { id: 'nope', input: { amount: 1, reason: 'x' } }],
    [DISABLE, { id: 'nope' }],
  ];
  for (const [query, variables] of operations) expect(codeOf(await app.gql(query, variables))).toBe('UNAUTHENTICATED');
  for (const [query, variables] of operations.filter(([query]) => query !== ISSUE))
    expect(codeOf(await app.gql(query, variables, customer))).toBe('FORBIDDEN');
  expect(codeOf(await app.gql(ISSUE, { input: { amount: 100, reason: 'x' } }, customer))).toBe('FORBIDDEN');

  const withoutScope = await apiKey(app, admin, ['orders:write', 'discounts:write']);
  const refused = await app.gql(ISSUE, { input: { amount: 100, reason: 'x' } }, withoutScope);
  expect([codeOf(refused), messageOf(refused)]).toEqual(['FORBIDDEN', 'This API key lacks the scope giftcards:write']);
  const withScope = await apiKey(app, admin, ['giftcards:write']);
  const card = await issueCard(app, withScope, 700);
  const ledger = (await app.gql('query($id: ID!) { giftCard(id: $id) { ledger { createdBy } } }', { id: card.id }, withScope)).data!
    .giftCard.ledger;
  expect(ledger[0].createdBy).toMatch(/^API key "/);
});

test('the balance look-up answers an unknown and a disabled code alike and is limited per client address', async () => {
  const live = await issueCard(app, admin, 1234);
  const disabled = await issueCard(app, admin, 1234);
  await app.gql(DISABLE, { id: disabled.id }, admin);
  const known = await app.gql(BALANCE, { code: live.code.toLowerCase().replace(/-/g, ' ') });
  expect(known.data!.giftCardBalance).toEqual({ lastFour: live.code.slice(-4), balance: { amount: 1234 } });
  const unknownCode = 'ZZZZ-ZZZZ-ZZZZ-ZZZ2';
  const unknown = await app.gql(BALANCE, { code: unknownCode });
  const off = await app.gql(BALANCE, { code: disabled.code });
  expect([codeOf(unknown), messageOf(unknown)]).toEqual(['BAD_USER_INPUT', 'There is no gift card •••• ZZZ2']);
  expect([codeOf(off), messageOf(off)]).toEqual(['BAD_USER_INPUT', `There is no gift card •••• ${disabled.code.slice(-4)}`]);
  // Six a minute in this app: three used above, three more, then refused whoever asks and whatever the code.
  for (let index = 0; index < 3; index++) expect(codeOf(await app.gql(BALANCE, { code: unknownCode }))).toBe('BAD_USER_INPUT');
  const limited = await app.gql(BALANCE, { code: live.code });
  expect(codeOf(limited)).toBe('RATE_LIMITED');
});
