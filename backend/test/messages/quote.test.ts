import { Message, MessageReply } from '../../src/modules/messages';
import { GuestLinks } from '../../src/modules/orders/guest-links';
import { Order } from '../../src/modules/orders/order.entity';
import { OrderEvent } from '../../src/modules/orders/order-event.entity';
import { US } from '../support/addresses';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { startSmtpCatcher } from '../support/smtp-catcher';

/**
 * Private quotes (quoteFromMessage): from a contact message, an admin places an unpaid order for its
 * sender at a manual price, held QUOTE_HOLD_DAYS, and the payment link is mailed as a staff reply.
 */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let app: TestApp;
let admin: TestSession;

const HOLD_DAYS = 3;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Keen <shop@keen.test>',
    STAFF_NOTIFY_EMAILS: 'workshop@keen.test',
    JOB_POLL_SECONDS: '0.5',
    QUOTE_HOLD_DAYS: String(HOLD_DAYS),
  });
  admin = await app.adminUser();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const QUOTE = `mutation($messageId: ID!, $input: QuoteFromMessageInput!) {
  quoteFromMessage(messageId: $messageId, input: $input) { id status quoteOrderId replies { text repliedBy } } }`;
const ORDER = `query($id: ID!, $token: String) { order(id: $id, token: $token) { id state guest holdEndsAt totals { total { amount } } } }`;
const PAY = `mutation($orderId: ID!, $card: TestCardInput!, $token: String) {
  confirmTestCardPayment(orderId: $orderId, card: $card, token: $token) { id state } }`;
const CARD = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };

let sent = 0;
async function commission(email: string, name = 'Quinn Sender'): Promise<Message> {
  const text = `A hunting knife with a walnut handle, please (${++sent})`;
  const answer = await app.gql('mutation($input: SendMessageInput!) { sendMessage(input: $input) }', {
    input: { name, email, message: text, kind: 'COMMISSION' },
  });
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return app.db.getRepository(Message).findOneByOrFail({ message: text });
}

const quoteInput = (productId: string, overrides: Record<string, unknown> = {}) => ({
  productId,
  quantity: 1,
  priceAmount: 31_500,
  shippingAddress: US,
  note: 'As we discussed: walnut, 20 cm.',
  ...overrides,
});

test('a quote for a guest sender: an unpaid guest order at the manual price, held for days, its link mailed, paid through its token', async () => {
  const product = await app.product({ price: 250, quantity: 2 });
  const email = `quote-guest-${Date.now()}@example.com`;
  const message = await commission(email);
  const before = Date.now();
  const answer = await app.gql(QUOTE, { messageId: message.id, input: quoteInput(product.id) }, admin);
  expect(answer.errors).toBeUndefined();
  const quoted = answer.data!.quoteFromMessage;
  expect(quoted).toMatchObject({ id: message.id, status: 'ANSWERED' });
  const order = await app.db.getRepository(Order).findOneByOrFail({ id: quoted.quoteOrderId });
  expect(order).toMatchObject({
    state: 'AwaitingPayment',
    customerId: null,
    guestEmail: email,
    userName: 'Quinn Sender',
    totalAmount: 31_500,
  });
  // Held QUOTE_HOLD_DAYS, not the guest's minutes.
  const days = (order.holdEndsAt!.getTime() - before) / 86_400_000;
  expect(days).toBeGreaterThan(HOLD_DAYS - 0.01);
  expect(days).toBeLessThan(HOLD_DAYS + 0.01);
  // The price is the pricing module's adjustment, and the history says where the order came from.
  const [adjustment] = await app.db.query(`SELECT "source", "label", "amount" FROM "order_adjustment" WHERE "orderId" = $1`, [order.id]);
  expect(adjustment).toMatchObject({ source: 'manual', label: 'Quoted price' });
  expect(order.subtotalAmount).toBe(25_000);
  expect(order.subtotalAmount + order.shippingAmount + adjustment.amount + order.taxAmount).toBe(31_500);
  const history = await app.db.getRepository(OrderEvent).findBy({ orderId: order.id });
  expect(history.map((event) => event.note).join(' ')).toContain(`A private quote from contact message ${message.id.slice(0, 8)}`);
  // Its units are held: the product has one left.
  expect((await app.db.query(`SELECT "quantity" FROM "product" WHERE "id" = $1`, [product.id]))[0].quantity).toBe(1);

  const [mail] = await smtp.waitFor((caught) => caught.subject === 'Re: your commission request to Keen' && caught.to.includes(email));
  const link = /\/orders\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)/.exec(mail.body);
  expect(link?.[1]).toBe(order.id);
  expect(mail.body).toContain('As we discussed: walnut, 20 cm.');
  expect(mail.body).toContain('$315.00');
  const guestToken = link![2];
  expect(GuestLinks.hash(guestToken)).toBe(order.guestTokenHash);
  expect(quoted.replies.at(-1).text).toContain(`/orders/${order.id}?token=`);

  const read = await app.gql(ORDER, { id: order.id, token: guestToken });
  expect(read.data!.order).toMatchObject({ id: order.id, state: 'AwaitingPayment', guest: true, totals: { total: { amount: 31_500 } } });
  const paid = await app.gql(PAY, { orderId: order.id, card: CARD, token: guestToken });
  expect(paid.data!.confirmTestCardPayment.state).toBe('Paid');
});

test("a quote for a verified account's sender is their order, in their My Orders, its mail linking their order page", async () => {
  const product = await app.product({ price: 80, quantity: 5 });
  const customer = await app.verifyEmail(await app.customer('quoted'));
  await app.gql('{ me { id } }', {}, customer);
  const message = await commission(customer.email, 'Quoted Customer');
  const answer = await app.gql(QUOTE, { messageId: message.id, input: quoteInput(product.id, { quantity: 2, priceAmount: 9_999 }) }, admin);
  expect(answer.errors).toBeUndefined();
  const orderId = answer.data!.quoteFromMessage.quoteOrderId;
  const mine = await app.gql('query { myOrders(options: { take: 50 }) { items { id state totals { total { amount } } } } }', {}, customer);
  expect(mine.data!.myOrders.items).toContainEqual({ id: orderId, state: 'AwaitingPayment', totals: { total: { amount: 9_999 } } });
  const row = await app.db.getRepository(Order).findOneByOrFail({ id: orderId });
  expect(row.guestEmail).toBeNull();
  expect(row.quantity).toBe(2);
  const [mail] = await smtp.waitFor(
    (caught) => caught.subject === 'Re: your commission request to Keen' && caught.to.includes(customer.email),
  );
  expect(mail.body).toContain(`/dashboard/payment/${orderId}`);
  expect(mail.body).not.toContain('token=');
  // The price is set as the order is placed: its order mail carries it.
  const [received] = await smtp.waitFor((caught) => caught.subject === `Keen order received: #${orderId.slice(0, 8)}`);
  expect(received.body).toContain('Total: $99.99');
});

test('an unverified account with the same e-mail gets a guest order, not one on the account', async () => {
  const product = await app.product({ quantity: 5 });
  const customer = await app.customer('unverified');
  const message = await commission(customer.email);
  const answer = await app.gql(QUOTE, { messageId: message.id, input: quoteInput(product.id) }, admin);
  const row = await app.db.getRepository(Order).findOneByOrFail({ id: answer.data!.quoteFromMessage.quoteOrderId });
  expect(row.customerId).toBeNull();
  expect(row.guestEmail).toBe(customer.email);
});

test('refusals: anonymous 401, a customer 403, an unknown message 404, a price under 1, short stock; nothing is placed', async () => {
  const product = await app.product({ quantity: 1 });
  const message = await commission(`refused-${Date.now()}@example.com`);
  const customer = await app.customer('not-admin');
  const orders = () => app.db.getRepository(Order).count();
  const before = await orders();
  const input = quoteInput(product.id);
  expect(codeOf(await app.gql(QUOTE, { messageId: message.id, input }))).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql(QUOTE, { messageId: message.id, input }, customer))).toBe('FORBIDDEN');
  expect(codeOf(await app.gql(QUOTE, { messageId: '00000000-0000-4000-8000-000000000000', input }, admin))).toBe('NOT_FOUND');
  const cheap = await app.gql(QUOTE, { messageId: message.id, input: quoteInput(product.id, { priceAmount: 0 }) }, admin);
  expect(codeOf(cheap)).toBe('BAD_USER_INPUT');
  expect(messageOf(cheap)).toBe('The price must be at least 1 minor unit');
  const short = await app.gql(QUOTE, { messageId: message.id, input: quoteInput(product.id, { quantity: 2 }) }, admin);
  expect(codeOf(short)).toBe('BAD_USER_INPUT');
  expect(await orders()).toBe(before);
  const row = await app.db.getRepository(Message).findOneByOrFail({ id: message.id });
  expect(row.quoteOrderId).toBeNull();
  expect(await app.db.getRepository(MessageReply).countBy({ messageId: message.id })).toBe(0);
});

test('a quote outlives the placing holds and expires at its own deadline (QUOTE_HOLD_DAYS), its units back in stock', async () => {
  const product = await app.product({ quantity: 3 });
  const message = await commission(`hold-${Date.now()}@example.com`);
  const answer = await app.gql(QUOTE, { messageId: message.id, input: quoteInput(product.id) }, admin);
  const orderId = answer.data!.quoteFromMessage.quoteOrderId;
  // A day old: far past the guest's 10 minutes and an account's 30, within its days.
  await app.db.query(`UPDATE "order" SET "createdAt" = now() - interval '1 day' WHERE "id" = $1`, [orderId]);
  expect(await app.services.orders.expireOverdue()).not.toContain(orderId);
  await app.db.query(`UPDATE "order" SET "holdEndsAt" = now() - interval '1 second' WHERE "id" = $1`, [orderId]);
  expect(await app.services.orders.expireOverdue()).toContain(orderId);
  const row = await app.db.getRepository(Order).findOneByOrFail({ id: orderId });
  expect(row.state).toBe('Expired');
  expect((await app.db.query(`SELECT "quantity" FROM "product" WHERE "id" = $1`, [product.id]))[0].quantity).toBe(3);
  const history = await app.db.getRepository(OrderEvent).findBy({ orderId });
  expect(history.map((event) => event.note)).toContain('Not paid by the quote’s deadline');
});
