import { TEST_AGE_DOCUMENTS, TEST_NEEDS_DOCUMENT_NAME } from '@keen/rules';
import { withoutTokens } from '../../src/http-kit/access-log';
import { AgeEvidence, AgeEvidenceKind } from '../../src/modules/compliance/age-evidence.entity';
import { GuestLinks } from '../../src/modules/orders/guest-links';
import { Order, OrderState } from '../../src/modules/orders/order.entity';
import { OrderEvent } from '../../src/modules/orders/order-event.entity';
import { dateOfBirth } from '../support/blades';
import { codeOf, messageOf, startTestApp, type TestApp } from '../support/harness';
import { startSmtpCatcher } from '../support/smtp-catcher';

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let app: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Keen <shop@keen.test>',
    JOB_POLL_SECONDS: '0.5',
    MAX_UNPAID_GUEST_ORDERS_PER_EMAIL: '2',
    MAX_UNPAID_GUEST_ORDERS_PER_ADDRESS: '3',
  });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});
// Every request here comes from one client address: each test starts with none of its unpaid guest orders on it.
beforeEach(() => app.db.query(`UPDATE "order" SET "guestClientAddress" = 'elsewhere' WHERE "guestClientAddress" IS NOT NULL`));

const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id state guest guestToken email userName totals { amountDue { amount } } } }`;
const ORDER = `query($id: ID!, $token: String) { order(id: $id, token: $token) { id state guest guestToken paid trackingCarrier trackingNumber } }`;
const PAY = `mutation($orderId: ID!, $card: TestCardInput!, $token: String) {
  confirmTestCardPayment(orderId: $orderId, card: $card, token: $token) { id state } }`;
const INTENT = 'mutation($orderId: ID!, $token: String) { createPaymentIntent(orderId: $orderId, token: $token) { id amount } }';
const CANCEL = 'mutation($id: ID!, $token: String) { cancelOrder(id: $id, token: $token) { id state } }';
const CARD = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };
const short = (id: string) => id.slice(0, 8);

let guests = 0;
const guestEmail = (prefix = 'guest') => `${prefix}-${Date.now()}-${++guests}@Keen.test`;
const guestInput = (productId: string, email: string, extra: Record<string, unknown> = {}) => ({
  lines: [{ productId, quantity: 1 }],
  phone: '+1 555 0100',
  address: '1 Test Street, United States',
  guest: { email, name: 'Gift Buyer' },
  ...extra,
});

async function placeAsGuest(productId: string, email = guestEmail()) {
  const placed = await app.gql(PLACE, { input: guestInput(productId, email) });
  if (placed.errors) throw new Error(JSON.stringify(placed.errors));
  return placed.data!.placeOrder as { id: string; guestToken: string; email: string; state: string; guest: boolean };
}

test('a guest places, pays and tracks an order through its link; no mail goes before payment, every later one carries the link', async () => {
  const product = await app.product({ price: 40, quantity: 10 });
  const email = guestEmail('buyer');
  const before = smtp.mails.length;
  const order = await placeAsGuest(product.id, email);
  expect(order).toMatchObject({ state: 'AwaitingPayment', guest: true, email: email.toLowerCase() });
  // At least 128 bits, and kept only as its hash.
  expect(Buffer.from(order.guestToken, 'base64url').length).toBeGreaterThanOrEqual(16);
  const row = await app.db.getRepository(Order).findOneByOrFail({ id: order.id });
  expect(row.customerId).toBeNull();
  expect(row.guestTokenHash).toBe(GuestLinks.hash(order.guestToken));
  expect(JSON.stringify(row)).not.toContain(order.guestToken);

  const read = await app.gql(ORDER, { id: order.id, token: order.guestToken });
  expect(read.data!.order).toMatchObject({ id: order.id, state: 'AwaitingPayment', guest: true, guestToken: order.guestToken });

  // The held-mail rule for accounts does not apply: nothing is held, nothing is sent.
  await app.settled();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(smtp.mails.slice(before).filter((mail) => mail.to.includes(email.toLowerCase()))).toEqual([]);
  expect((await app.db.query(`SELECT count(*)::int AS n FROM "held_mail" WHERE "orderId" = $1`, [order.id]))[0].n).toBe(0);

  const intent = await app.gql(INTENT, { orderId: order.id, token: order.guestToken });
  expect(intent.data!.createPaymentIntent.amount).toBe(row.totalAmount);
  const paid = await app.gql(PAY, { orderId: order.id, card: CARD, token: order.guestToken });
  expect(paid.data!.confirmTestCardPayment.state).toBe('Paid');
  const [receipt] = await smtp.waitFor((mail) => mail.subject === `Keen payment received: #${short(order.id)}`);
  expect(receipt.to).toEqual([email.toLowerCase()]);
  expect(receipt.body).toContain(`/orders/${order.id}?token=${order.guestToken}`);
  const history = await app.db.getRepository(OrderEvent).findBy({ orderId: order.id });
  expect(history.map((event) => [event.actor, event.actorEmail])).toContainEqual(['guest', email.toLowerCase()]);

  const admin = await app.adminUser();
  const shipped = await app.gql(
    'mutation($id: ID!) { markShipped(id: $id, tracking: { carrier: "DHL", number: "JD0001" }) { id } }',
    { id: order.id },
    admin,
  );
  expect(shipped.errors).toBeUndefined();
  const [mail] = await smtp.waitFor((caught) => caught.subject === `Your Keen order has shipped: #${short(order.id)}`);
  expect(mail.body).toContain(`/orders/${order.id}?token=${order.guestToken}`);
  const tracked = await app.gql(ORDER, { id: order.id, token: order.guestToken });
  expect(tracked.data!.order).toMatchObject({ state: 'Shipped', paid: true, trackingCarrier: 'DHL', trackingNumber: 'JD0001' });

  // The admin grid marks it and filters by it.
  const grid = await app.gql('query { orders(options: { guest: true, take: 100 }) { items { id guest } } }', {}, admin);
  expect(grid.data!.orders.items).toContainEqual({ id: order.id, guest: true });
  const others = await app.gql('query { orders(options: { guest: false, take: 100 }) { items { id guest } } }', {}, admin);
  expect(others.data!.orders.items.every((item: { guest: boolean }) => !item.guest)).toBe(true);
});

test('a wrong or missing token is a 404 on every guest operation (as for no order); signed out without one is a 401', async () => {
  const product = await app.product({ quantity: 10 });
  const order = await placeAsGuest(product.id);
  const other = await placeAsGuest(product.id);
  const wrong = ['x', other.guestToken, `${order.guestToken}x`, order.guestToken.toUpperCase()];
  for (const token of wrong) {
    expect(codeOf(await app.gql(ORDER, { id: order.id, token }))).toBe('NOT_FOUND');
    expect(codeOf(await app.gql(INTENT, { orderId: order.id, token }))).toBe('NOT_FOUND');
    expect(codeOf(await app.gql(PAY, { orderId: order.id, card: CARD, token }))).toBe('NOT_FOUND');
    expect(codeOf(await app.gql(CANCEL, { id: order.id, token }))).toBe('NOT_FOUND');
  }
  // An id that does not exist answers the same.
  expect(codeOf(await app.gql(ORDER, { id: '00000000-0000-4000-8000-000000000000', token: order.guestToken }))).toBe('NOT_FOUND');
  expect(codeOf(await app.gql(ORDER, { id: order.id }))).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql(CANCEL, { id: order.id }))).toBe('UNAUTHENTICATED');
  // A signed-in stranger without the token is refused as before; an account's order is never reached by a token.
  const stranger = await app.customer('stranger');
  expect(codeOf(await app.gql(ORDER, { id: order.id }, stranger))).toBe('FORBIDDEN');
  const own = await app.placeOrder(stranger, product.id);
  expect(codeOf(await app.gql(ORDER, { id: own.id, token: order.guestToken }))).toBe('NOT_FOUND');
  expect((await app.db.getRepository(Order).findOneByOrFail({ id: order.id })).state).toBe(OrderState.AwaitingPayment);

  // placeOrder signed out needs guest; signed in refuses it.
  const { guest: _guest, ...anonymous } = guestInput(product.id, guestEmail());
  expect(codeOf(await app.gql(PLACE, { input: anonymous }))).toBe('UNAUTHENTICATED');
  expect(messageOf(await app.gql(PLACE, { input: guestInput(product.id, guestEmail()) }, stranger))).toBe(
    'guest is only for an order placed signed out',
  );
  expect(messageOf(await app.gql(PLACE, { input: guestInput(product.id, 'not-an-address') }))).toBe('A valid e-mail address is required');
});

test("a guest downloads the invoice and credit notes by the order's link; a wrong token is a 404, none a 401", async () => {
  const product = await app.product({ price: 40, quantity: 10 });
  const order = await placeAsGuest(product.id);
  expect((await app.gql(PAY, { orderId: order.id, card: CARD, token: order.guestToken })).errors).toBeUndefined();
  const admin = await app.adminUser();
  const refunded = await app.gql(
    'mutation($orderId: ID!) { refundOrder(orderId: $orderId, input: { amount: 500, reason: "Late" }) { id } }',
    { orderId: order.id },
    admin,
  );
  expect(refunded.errors).toBeUndefined();

  const DOCUMENTS = `query($id: ID!, $token: String) { order(id: $id, token: $token) { invoiceNumber invoiceUrl refunds { creditNoteNumber creditNoteUrl } } }`;
  const { data } = await app.gql(DOCUMENTS, { id: order.id, token: order.guestToken });
  const documents = data!.order;
  const byLink = `?token=${encodeURIComponent(order.guestToken)}`;
  expect(documents.invoiceUrl).toBe(`/api/orders/${order.id}/invoice.pdf${byLink}`);
  expect(documents.refunds[0].creditNoteUrl).toMatch(new RegExp(`^/api/orders/${order.id}/credit-notes/[0-9a-f-]+\\.pdf\\?token=`));
  for (const url of [documents.invoiceUrl, documents.refunds[0].creditNoteUrl]) {
    const signedOut = await fetch(`${app.url}${url}`);
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get('content-type')).toBe('application/pdf');
  }
  // Signed in as staff, the links carry no token.
  const staff = (await app.gql(DOCUMENTS, { id: order.id }, admin)).data!.order;
  expect(staff.invoiceUrl).toBe(`/api/orders/${order.id}/invoice.pdf`);

  const other = await placeAsGuest(product.id);
  for (const token of ['x', other.guestToken, `${order.guestToken}x`]) {
    const wrong = await fetch(`${app.url}/api/orders/${order.id}/invoice.pdf?token=${encodeURIComponent(token)}`);
    expect(wrong.status).toBe(404);
    const note = await fetch(`${app.url}${documents.refunds[0].creditNoteUrl.replace(byLink, `?token=${encodeURIComponent(token)}`)}`);
    expect(note.status).toBe(404);
  }
  expect((await fetch(`${app.url}/api/orders/${order.id}/invoice.pdf`)).status).toBe(401);
  // An account's order is never reached by a token.
  const customer = await app.customer();
  const own = await app.payOrder(customer, (await app.placeOrder(customer, product.id)).id);
  expect((await fetch(`${app.url}/api/orders/${own.id}/invoice.pdf${byLink}`)).status).toBe(404);
});

test('a guest cancels their unpaid order by its link: its units go back, and no mail goes', async () => {
  const product = await app.product({ quantity: 5 });
  const email = guestEmail('canceller');
  const order = await placeAsGuest(product.id, email);
  const cancelled = await app.gql(CANCEL, { id: order.id, token: order.guestToken });
  expect(cancelled.data!.cancelOrder.state).toBe('Cancelled');
  expect((await app.gql('query($id: ID!) { product(id: $id) { quantity } }', { id: product.id })).data!.product.quantity).toBe(5);
  await app.settled();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(smtp.mails.filter((mail) => mail.to.includes(email.toLowerCase()))).toEqual([]);
});

test('unpaid guest orders are limited per e-mail and per client address with a 429 and Retry-After; a guest order holds its units for less time', async () => {
  const product = await app.product({ quantity: 50 });
  const email = guestEmail('limited');
  await placeAsGuest(product.id, email);
  await placeAsGuest(product.id, email.toUpperCase());
  // RATE_LIMITED is GraphQL's 429: its retryAfter is when the oldest hold ends (10 minutes from now).
  const limited = await app.gql(PLACE, { input: guestInput(product.id, email) });
  expect(codeOf(limited)).toBe('RATE_LIMITED');
  const retryAfter = Number((limited.errors![0].extensions as { retryAfter?: number }).retryAfter);
  expect(retryAfter).toBeGreaterThan(500);
  expect(retryAfter).toBeLessThanOrEqual(600);
  expect(messageOf(limited)).toBe('2 unpaid orders from this e-mail address already hold stock: pay for one, or try again in 10 minutes');

  // A third e-mail address from the same client address fills its allowance of 3; the next is refused.
  await placeAsGuest(product.id);
  const refused = await app.gql(PLACE, { input: guestInput(product.id, guestEmail()) });
  expect(codeOf(refused)).toBe('RATE_LIMITED');
  expect(messageOf(refused)).toContain('from your connection');

  // The expiry job: a guest order older than UNPAID_GUEST_ORDER_HOLD_MINUTES (10) expires; an account's of the same age waits for its 30.
  const shopper = await app.customer('holder');
  const account = await app.placeOrder(shopper, product.id);
  const guest = await app.db.getRepository(Order).findOneByOrFail({ guestEmail: email.toLowerCase(), state: OrderState.AwaitingPayment });
  await app.db.query(`UPDATE "order" SET "createdAt" = now() - interval '11 minutes' WHERE "id" = ANY($1)`, [[account.id, guest.id]]);
  const expired = await app.services.orders.expireOverdue();
  expect(expired).toContain(guest.id);
  expect(expired).not.toContain(account.id);
});

test('idempotency keys work for guests: a retry answers the same order, with its token', async () => {
  const product = await app.product({ quantity: 10 });
  const email = guestEmail('retry');
  const input = guestInput(product.id, email, { idempotencyKey: `guest-${Date.now()}` });
  const first = await app.gql(PLACE, { input });
  const again = await app.gql(PLACE, { input });
  expect(again.data!.placeOrder.id).toBe(first.data!.placeOrder.id);
  expect(again.data!.placeOrder.guestToken).toBe(first.data!.placeOrder.guestToken);
  expect(await app.db.getRepository(Order).countBy({ guestEmail: email.toLowerCase() })).toBe(1);
});

test('a guest whose check asks for a document sends it signed out with the e-mail of the check; another e-mail has none waiting', async () => {
  const VERIFY =
    'mutation($input: VerifyAgeInput!, $guestEmail: String) { verifyAge(input: $input, guestEmail: $guestEmail) { id status } }';
  const DOCUMENT =
    'mutation($input: AgeDocumentInput!, $guestEmail: String) { submitAgeDocument(input: $input, guestEmail: $guestEmail) { id status ageBracket } }';
  const email = guestEmail('documented');
  const asked = await app.gql(VERIFY, { input: { fullName: TEST_NEEDS_DOCUMENT_NAME, dateOfBirth: dateOfBirth(35) }, guestEmail: email });
  expect(asked.data!.verifyAge.status).toBe('NEEDS_DOCUMENT');
  const document = { document: TEST_AGE_DOCUMENTS.adult };
  expect(codeOf(await app.gql(DOCUMENT, { input: document }))).toBe('UNAUTHENTICATED');
  expect(messageOf(await app.gql(DOCUMENT, { input: document, guestEmail: guestEmail('stranger') }))).toBe(
    'No age check of yours is waiting for a document',
  );
  const passed = await app.gql(DOCUMENT, { input: document, guestEmail: email });
  expect(passed.errors).toBeUndefined();
  expect(passed.data!.submitAgeDocument).toMatchObject({ status: 'PASSED', ageBracket: '18+' });
  // Answered: nothing is waiting any more.
  expect(messageOf(await app.gql(DOCUMENT, { input: document, guestEmail: email }))).toBe(
    'No age check of yours is waiting for a document',
  );
});

test('a guest age check: bound to the order that names it, with the same lock-out (per e-mail and client address) and evidence', async () => {
  const knife = await app.product({ name: `Gift Santoku ${Date.now()}`, ageRestricted: true, quantity: 20 });
  const VERIFY =
    'mutation($input: VerifyAgeInput!, $guestEmail: String) { verifyAge(input: $input, guestEmail: $guestEmail) { id status ageBracket } }';
  const email = guestEmail('adult');
  const withoutCheck = await app.gql(PLACE, { input: guestInput(knife.id, email) });
  expect(codeOf(withoutCheck)).toBe('AGE_CHECK_REQUIRED');
  expect(codeOf(await app.gql(VERIFY, { input: { fullName: 'Gift Buyer', dateOfBirth: dateOfBirth(30) } }))).toBe('UNAUTHENTICATED');

  const check = (await app.gql(VERIFY, { input: { fullName: 'Gift Buyer', dateOfBirth: dateOfBirth(30) }, guestEmail: email })).data!
    .verifyAge;
  expect(check).toMatchObject({ status: 'PASSED', ageBracket: '18+' });
  // Another address cannot use this pass.
  const borrowed = await app.gql(PLACE, {
    input: guestInput(knife.id, guestEmail(), { guest: { email: guestEmail(), name: 'X', ageCheckId: check.id } }),
  });
  expect(codeOf(borrowed)).toBe('AGE_CHECK_REQUIRED');
  const placed = await app.gql(PLACE, {
    input: { ...guestInput(knife.id, email), guest: { email, name: 'Gift Buyer', ageCheckId: check.id } },
  });
  expect(placed.errors).toBeUndefined();
  const order = placed.data!.placeOrder;
  // The pass counts for that order only.
  const second = await app.gql(PLACE, {
    input: { ...guestInput(knife.id, email), guest: { email, name: 'Gift Buyer', ageCheckId: check.id } },
  });
  expect(codeOf(second)).toBe('AGE_CHECK_REQUIRED');

  await app.settled();
  const evidence = await app.db
    .getRepository(AgeEvidence)
    .find({ where: [{ id: check.id }, { orderId: order.id }], order: { createdAt: 'ASC' } });
  expect(evidence.map((row) => [row.kind, row.customerId, row.customerEmail, row.note])).toEqual([
    [AgeEvidenceKind.CHECK, null, email.toLowerCase(), 'Guest checkout: the e-mail address was given, not verified'],
    [AgeEvidenceKind.ORDER_PLACED, null, email.toLowerCase(), 'Guest checkout: the e-mail address was given, not verified'],
  ]);
  expect(evidence[1].checkId).toBe(check.id);

  // A failed check locks out its e-mail address and the client address it came from, whatever address is typed next.
  const minor = guestEmail('minor');
  expect(
    (await app.gql(VERIFY, { input: { fullName: 'Young One', dateOfBirth: dateOfBirth(15) }, guestEmail: minor })).data!.verifyAge.status,
  ).toBe('FAILED');
  expect(
    codeOf(await app.gql(VERIFY, { input: { fullName: 'Young One', dateOfBirth: dateOfBirth(40) }, guestEmail: guestEmail('other') })),
  ).toBe('AGE_CHECK_FAILED');
  await app.db.query(`UPDATE "age_evidence" SET "clientAddress" = 'elsewhere' WHERE "clientAddress" IS NOT NULL`);
  expect(codeOf(await app.gql(VERIFY, { input: { fullName: 'Young One', dateOfBirth: dateOfBirth(40) }, guestEmail: minor }))).toBe(
    'AGE_CHECK_FAILED',
  );
});

test('a verified account of the same e-mail claims its guest orders once, an unverified one claims nothing; the links keep working', async () => {
  const product = await app.product({ quantity: 10 });
  const email = `claimer-${Date.now()}@keen.test`;
  const first = await placeAsGuest(product.id, email.toUpperCase());
  const CLAIM = 'mutation { claimGuestOrders }';
  const MINE = 'query { myOrders(options: { take: 50 }) { items { id guest claimedAt } } }';

  const unverified = await app.signUp('claimer', undefined, email);
  expect((await app.gql('{ me { id } }', {}, unverified)).errors).toBeUndefined();
  expect((await app.gql(CLAIM, {}, unverified)).data!.claimGuestOrders).toBe(0);
  expect((await app.gql(MINE, {}, unverified)).data!.myOrders.items).toEqual([]);
  expect((await app.db.getRepository(Order).findOneByOrFail({ id: first.id })).customerId).toBeNull();

  const verified = await app.verifyEmail(unverified);
  expect((await app.gql(CLAIM, {}, verified)).data!.claimGuestOrders).toBe(1);
  expect((await app.gql(CLAIM, {}, verified)).data!.claimGuestOrders).toBe(0);
  const mine = (await app.gql(MINE, {}, verified)).data!.myOrders.items;
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ id: first.id, guest: true });
  expect(mine[0].claimedAt).not.toBeNull();
  expect((await app.gql(ORDER, { id: first.id, token: first.guestToken })).data!.order.id).toBe(first.id);
  // Claimed, it is theirs: they pay it signed in.
  expect((await app.gql(PAY, { orderId: first.id, card: CARD }, verified)).data!.confirmTestCardPayment.state).toBe('Paid');
});

test('the access log never keeps a link token', () => {
  expect(withoutTokens('/orders/abc?token=secret-value&x=1')).toBe('/orders/abc?token=[redacted]&x=1');
  expect(withoutTokens('/orders/abc?x=1&token=secret')).toBe('/orders/abc?x=1&token=[redacted]');
  expect(withoutTokens('/products/knife')).toBe('/products/knife');
});
