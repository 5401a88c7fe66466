import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { Product } from '../../src/modules/catalog/product.entity';
import { Refund } from '../../src/modules/invoicing/refund.entity';
import { OrderEvent } from '../../src/modules/orders/order-event.entity';
import { OrderLine } from '../../src/modules/orders/order-line.entity';
import { Order, OrderState } from '../../src/modules/orders/order.entity';
import { ReturnPhoto, ReturnRequest, ReturnState } from '../../src/modules/returns/return.entity';
import { RETURN_TRANSITIONS } from '../../src/modules/returns/return-state-machine';
import { startSmtpCatcher } from '../support/smtp-catcher';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * Delivered, then returned: an order becomes Delivered (an admin, or DELIVERED_AFTER_DAYS after
 * shipping); its customer asks to return units within RETURN_DAYS; an admin approves or declines,
 * marks what came back (and what goes to stock) and refunds it through the order's refunds.
 */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let app: TestApp;
let admin: TestSession;
const hooks: { type: string; data: Record<string, unknown> }[] = [];
let receiver: http.Server;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      hooks.push(JSON.parse(body));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Keen <shop@keen.test>',
    JOB_POLL_SECONDS: '0.5',
    RETURN_POLICY: 'Send it to 1 Forge Lane, Sheffield.\\nEngraved knives only when faulty.',
  });
  admin = await app.adminUser();
  const { port } = receiver.address() as AddressInfo;
  const created = await app.gql(
    'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }',
    {
      input: {
        url: `http://127.0.0.1:${port}/hooks`,
        events: ['order.delivered', 'return.requested', 'return.approved', 'return.received'],
      },
    },
    admin,
  );
  expect(created.errors).toBeUndefined();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const SHIP = 'mutation($id: ID!) { markShipped(id: $id) { id state } }';
const DELIVER = 'mutation($id: ID!) { markDelivered(id: $id) { id state deliveredAt } }';
const RETURN_FIELDS =
  'id rmaNumber state reason details declineReason refundId photos lines { orderLineId name quantity receivedQuantity restock }';
const REQUEST = `mutation($input: RequestReturnInput!) { requestReturn(input: $input) { ${RETURN_FIELDS} } }`;
const APPROVE = `mutation($id: ID!) { approveReturn(id: $id) { ${RETURN_FIELDS} } }`;
const DECLINE = `mutation($id: ID!, $reason: String!) { declineReturn(id: $id, reason: $reason) { ${RETURN_FIELDS} } }`;
const RECEIVE = `mutation($id: ID!, $lines: [ReceivedLineInput!]!) { receiveReturn(id: $id, lines: $lines) { ${RETURN_FIELDS} } }`;
const REFUND = `mutation($id: ID!, $delivery: Boolean) { refundReturn(id: $id, delivery: $delivery) { ${RETURN_FIELDS} } }`;
const PLACE = 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }';

const stockOf = async (id: string) => (await app.db.getRepository(Product).findOneByOrFail({ id })).quantity;
const historyOf = async (orderId: string) =>
  (await app.db.getRepository(OrderEvent).find({ where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } })).map((event) => event.note);

async function until<T>(check: () => T | null | undefined | false, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A paid order of 2 plain knives ($25 each) and 1 engraved one, by a new customer; shipped and delivered unless told otherwise. */
async function order({ upTo = OrderState.Delivered }: { upTo?: OrderState } = {}) {
  const customer = await app.customer('returner');
  const plain = await app.product({ price: 25, quantity: 10 });
  const engraved = await app.product({ price: 30, quantity: 5, engravable: true, engravingPrice: 7, engravingMaxLength: 20 });
  const placed = await app.gql(
    PLACE,
    {
      input: {
        phone: '+1 555 0100',
        address: '1 Return Street',
        lines: [
          { productId: plain.id, quantity: 2 },
          { productId: engraved.id, quantity: 1, engraving: { text: 'Ada', font: 'serif' } },
        ],
      },
    },
    customer,
  );
  expect(placed.errors).toBeUndefined();
  const paid = await app.payOrder(customer, placed.data!.placeOrder.id);
  if (upTo !== OrderState.Paid) expect((await app.gql(SHIP, { id: paid.id }, admin)).errors).toBeUndefined();
  if (upTo === OrderState.Delivered) expect((await app.gql(DELIVER, { id: paid.id }, admin)).errors).toBeUndefined();
  const lines = await app.db.getRepository(OrderLine).find({ where: { orderId: paid.id }, order: { position: 'ASC' } });
  return { customer, plain, engraved, orderId: paid.id, plainLine: lines[0], engravedLine: lines[1] };
}

const returnOf = (orderId: string, lines: { lineId: string; quantity: number }[], reason = 'CHANGED_MIND', extra: object = {}) => ({
  input: { orderId, lines, reason, ...extra },
});

async function photo(session: TestSession): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a63' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'scratch.png');
  const response = await fetch(`${app.url}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

describe('Delivered', () => {
  test('an admin marks a shipped order delivered; anonymous callers, customers and unshipped orders are refused', async () => {
    const { customer, orderId } = await order({ upTo: OrderState.Shipped });
    expect(codeOf(await app.gql(DELIVER, { id: orderId }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(DELIVER, { id: orderId }, customer))).toBe('FORBIDDEN');
    const paid = await order({ upTo: OrderState.Paid });
    expect(messageOf(await app.gql(DELIVER, { id: paid.orderId }, admin))).toBe('Only a shipped order can be marked delivered');

    const delivered = await app.gql(DELIVER, { id: orderId }, admin);
    expect(delivered.errors).toBeUndefined();
    expect(delivered.data!.markDelivered).toMatchObject({ state: 'Delivered', deliveredAt: expect.any(String) });
    expect(messageOf(await app.gql(DELIVER, { id: orderId }, admin))).toBe('This order is already delivered');
    const events = await app.db.getRepository(OrderEvent).find({ where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } });
    expect(events.at(-1)).toMatchObject({ fromState: 'Shipped', toState: 'Delivered', actor: 'admin' });
    await until(() => hooks.some((hook) => hook.type === 'order.delivered' && hook.data.orderId === orderId));
  });

  test("a carrier's tracking marks it delivered through an orders:write key; a key without it is refused", async () => {
    const { orderId } = await order({ upTo: OrderState.Shipped });
    const keyWith = async (scopes: string[]) =>
      (
        await app.gql<{ createApiKey: { secret: string } }>(
          'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }',
          { input: { name: `Carrier ${scopes.join(' ')}`, scopes } },
          admin,
        )
      ).data!.createApiKey.secret;
    expect(codeOf(await app.gql(DELIVER, { id: orderId }, await keyWith(['orders:read'])))).toBe('FORBIDDEN');
    const delivered = await app.gql(DELIVER, { id: orderId }, await keyWith(['orders:write']));
    expect(delivered.data!.markDelivered.state).toBe('Delivered');
    expect((await historyOf(orderId)).at(-1)).toBe('API key "Carrier orders:write"');
  });

  test('the hourly job takes orders shipped more than DELIVERED_AFTER_DAYS (14) ago as delivered, and no others', async () => {
    const old = await order({ upTo: OrderState.Shipped });
    const recent = await order({ upTo: OrderState.Shipped });
    // The clock: one order shipped 15 days ago, the other 13.
    await app.db.query(`UPDATE "order" SET "shippedAt" = now() - interval '15 days' WHERE "id" = $1`, [old.orderId]);
    await app.db.query(`UPDATE "order" SET "shippedAt" = now() - interval '13 days' WHERE "id" = $1`, [recent.orderId]);

    const moved = await app.services.orders.deliverOverdue();
    expect(moved).toContain(old.orderId);
    expect(moved).not.toContain(recent.orderId);
    const [oldRow, recentRow] = await Promise.all(
      [old, recent].map(({ orderId }) => app.db.getRepository(Order).findOneByOrFail({ id: orderId })),
    );
    expect(oldRow).toMatchObject({ state: OrderState.Delivered, deliveredAt: expect.any(Date) });
    expect(recentRow).toMatchObject({ state: OrderState.Shipped, deliveredAt: null });
    expect((await historyOf(old.orderId)).at(-1)).toBe('Taken as delivered 14 days after shipping');
    // Once: a second sweep finds nothing of it.
    expect(await app.services.orders.deliverOverdue()).not.toContain(old.orderId);
  });

  test('a shipped order refunded in part before it arrives is still delivered, by an admin or the job; an unshipped one is not', async () => {
    const REFUND_PART = 'mutation($orderId: ID!, $input: RefundInput!) { refundOrder(orderId: $orderId, input: $input) { state } }';
    const refundPart = async (orderId: string) =>
      (await app.gql(REFUND_PART, { orderId, input: { amount: 500, reason: 'Overcharged delivery' } }, admin)).data!.refundOrder.state;
    const byAdmin = await order({ upTo: OrderState.Shipped });
    const byJob = await order({ upTo: OrderState.Shipped });
    const unshipped = await order({ upTo: OrderState.Paid });
    for (const { orderId } of [byAdmin, byJob, unshipped]) expect(await refundPart(orderId)).toBe('PartiallyRefunded');

    expect(messageOf(await app.gql(DELIVER, { id: unshipped.orderId }, admin))).toBe('Only a shipped order can be marked delivered');
    expect((await app.gql(DELIVER, { id: byAdmin.orderId }, admin)).data!.markDelivered.state).toBe('Delivered');
    await app.db.query(`UPDATE "order" SET "shippedAt" = now() - interval '15 days' WHERE "id" = $1`, [byJob.orderId]);
    const moved = await app.services.orders.deliverOverdue();
    expect(moved).toContain(byJob.orderId);
    expect(moved).not.toContain(unshipped.orderId);
    // Delivered, its return window is open: a unit of it can be asked back.
    const asked = await app.gql(REQUEST, returnOf(byJob.orderId, [{ lineId: byJob.plainLine.id, quantity: 1 }]), byJob.customer);
    expect(asked.errors).toBeUndefined();
  });
});

describe('a guest', () => {
  test("asks for a return by the order's link: none is a 401, a wrong one a 404, a signed-in stranger is refused", async () => {
    const product = await app.product({ price: 25, quantity: 10 });
    const placed = await app.gql<{ placeOrder: { id: string; guestToken: string } }>(
      'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id guestToken } }',
      {
        input: {
          lines: [{ productId: product.id, quantity: 2 }],
          phone: '+1 555 0100',
          address: '1 Return Street',
          guest: { email: `guest-returner-${Date.now()}@keen.test`, name: 'Guest Returner' },
        },
      },
    );
    expect(placed.errors).toBeUndefined();
    const { id: orderId, guestToken: token } = placed.data!.placeOrder;
    const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };
    const paid = await app.gql(
      'mutation($orderId: ID!, $card: TestCardInput!, $token: String) { confirmTestCardPayment(orderId: $orderId, card: $card, token: $token) { state } }',
      { orderId, card, token },
    );
    expect(paid.errors).toBeUndefined();
    expect((await app.gql(SHIP, { id: orderId }, admin)).errors).toBeUndefined();
    expect((await app.gql(DELIVER, { id: orderId }, admin)).errors).toBeUndefined();
    const [line] = await app.db.getRepository(OrderLine).find({ where: { orderId } });
    const GUEST_REQUEST = `mutation($input: RequestReturnInput!, $token: String) { requestReturn(input: $input, token: $token) { ${RETURN_FIELDS} } }`;
    const ask = returnOf(orderId, [{ lineId: line.id, quantity: 1 }]);

    expect(codeOf(await app.gql(GUEST_REQUEST, ask))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(GUEST_REQUEST, { ...ask, token: `${token.slice(0, -2)}xx` }))).toBe('NOT_FOUND');
    expect(messageOf(await app.gql(GUEST_REQUEST, ask, await app.customer('stranger')))).toBe('This is not your order');
    const asked = await app.gql(GUEST_REQUEST, { ...ask, token });
    expect(asked.errors).toBeUndefined();
    expect(asked.data!.requestReturn).toMatchObject({ state: 'Requested', rmaNumber: expect.stringMatching(/^RMA-\d{4}-\d{6}$/) });
    expect((await historyOf(orderId)).at(-1)).toMatch(/^Return RMA-\d{4}-\d{6} requested \(CHANGED_MIND\): 1 × /);
  });
});

describe('asking for a return', () => {
  test('refused for anonymous callers (401), another customer, an undelivered order and after the window', async () => {
    const { orderId, plainLine } = await order();
    const ask = returnOf(orderId, [{ lineId: plainLine.id, quantity: 1 }]);
    expect(codeOf(await app.gql(REQUEST, ask))).toBe('UNAUTHENTICATED');
    const other = await app.customer('other');
    const theirs = await app.gql(REQUEST, ask, other);
    expect([codeOf(theirs), messageOf(theirs)]).toEqual(['FORBIDDEN', 'This is not your order']);

    const shipped = await order({ upTo: OrderState.Shipped });
    const early = await app.gql(REQUEST, returnOf(shipped.orderId, [{ lineId: shipped.plainLine.id, quantity: 1 }]), shipped.customer);
    expect(messageOf(early)).toBe('Only a delivered order can be returned');

    const late = await order();
    await app.db.query(`UPDATE "order" SET "deliveredAt" = now() - interval '31 days' WHERE "id" = $1`, [late.orderId]);
    const tooLate = await app.gql(REQUEST, returnOf(late.orderId, [{ lineId: late.plainLine.id, quantity: 1 }]), late.customer);
    expect(codeOf(tooLate)).toBe('FORBIDDEN');
    expect(messageOf(tooLate)).toMatch(/^Returns are taken within 30 days of delivery; this order was delivered on \d{4}-\d{2}-\d{2}$/);
    // On the window's last day it is still taken.
    await app.db.query(`UPDATE "order" SET "deliveredAt" = now() - interval '29 days' WHERE "id" = $1`, [late.orderId]);
    expect(
      (await app.gql(REQUEST, returnOf(late.orderId, [{ lineId: late.plainLine.id, quantity: 1 }]), late.customer)).errors,
    ).toBeUndefined();
    expect(await app.db.getRepository(ReturnRequest).countBy({ orderId: orderId })).toBe(0);
  });

  test('bad requests are refused naming the problem, and nothing is recorded', async () => {
    const { customer, orderId, plainLine, engravedLine } = await order();
    const refused = async (variables: Record<string, unknown>) => {
      const answer = await app.gql(REQUEST, variables, customer);
      expect(codeOf(answer)).toBe('BAD_USER_INPUT');
      return messageOf(answer);
    };
    // Made for them: only as faulty.
    expect(await refused(returnOf(orderId, [{ lineId: engravedLine.id, quantity: 1 }], 'CHANGED_MIND'))).toMatch(
      /was made for you \(engraved or made to measure\): it can be returned only when faulty/,
    );
    expect(await refused(returnOf(orderId, [{ lineId: plainLine.id, quantity: 3 }]))).toMatch(/^At most 2 of .* can be returned$/);
    expect(await refused(returnOf(orderId, [{ lineId: plainLine.id, quantity: 0 }]))).toMatch(/at least 1$/);
    expect(await refused(returnOf(orderId, []))).toBe('Choose at least one line to return');
    expect(await refused(returnOf(orderId, [{ lineId: plainLine.id, quantity: 1 }], 'OTHER'))).toBe('Say why in your own words');
    expect(
      await refused(returnOf(orderId, [{ lineId: plainLine.id, quantity: 1 }], 'FAULTY', { photos: ['https://example.com/x.jpg'] })),
    ).toBe('Photos must be uploaded first (POST /api/uploads)');
    const four = await Promise.all([1, 2, 3, 4].map(() => photo(customer)));
    expect(await refused(returnOf(orderId, [{ lineId: plainLine.id, quantity: 1 }], 'FAULTY', { photos: four }))).toBe(
      'At most 3 photos can be sent with a return',
    );
    // Made to measure (a measure given when ordered): the same rule.
    const measured = await order();
    await app.db.query(`UPDATE "order_line" SET "customValue" = 21 WHERE "id" = $1`, [measured.plainLine.id]);
    const measuredAnswer = await app.gql(
      REQUEST,
      returnOf(measured.orderId, [{ lineId: measured.plainLine.id, quantity: 1 }], 'NOT_AS_DESCRIBED'),
      measured.customer,
    );
    expect(messageOf(measuredAnswer)).toMatch(/was made for you \(engraved or made to measure\)/);
    const badReason = await app.gql(REQUEST, returnOf(orderId, [{ lineId: plainLine.id, quantity: 1 }], 'BORED'), customer);
    expect(badReason.errors).toBeDefined();
    expect(await app.db.getRepository(ReturnRequest).countBy({ orderId })).toBe(0);

    // Units in an open return count: the rest is what can be asked for.
    const first = await app.gql(REQUEST, returnOf(orderId, [{ lineId: plainLine.id, quantity: 1 }]), customer);
    expect(first.errors).toBeUndefined();
    expect(await refused(returnOf(orderId, [{ lineId: plainLine.id, quantity: 2 }]))).toMatch(/^At most 1 of .* can be returned$/);
    // An engraved line as faulty, with photos: taken.
    const faulty = await app.gql(
      REQUEST,
      returnOf(orderId, [{ lineId: engravedLine.id, quantity: 1 }], 'FAULTY', {
        details: 'The engraving is crooked',
        photos: four.slice(0, 2),
      }),
      customer,
    );
    expect(faulty.errors).toBeUndefined();
    expect(faulty.data!.requestReturn).toMatchObject({
      state: 'Requested',
      reason: 'FAULTY',
      details: 'The engraving is crooked',
      photos: four.slice(0, 2),
    });
  });
});

describe('a return, end to end', () => {
  test('requested with an RMA number, approved (mail, webhooks), received with one unit to stock, refunded without the delivery price', async () => {
    const { customer, orderId, plain, plainLine } = await order();
    const requested = await app.gql(REQUEST, returnOf(orderId, [{ lineId: plainLine.id, quantity: 2 }], 'NOT_AS_DESCRIBED'), customer);
    expect(requested.errors).toBeUndefined();
    const asked = requested.data!.requestReturn;
    expect(asked).toMatchObject({
      state: 'Requested',
      rmaNumber: expect.stringMatching(/^RMA-\d{4}-\d{6}$/),
      lines: [{ orderLineId: plainLine.id, quantity: 2, receivedQuantity: null, restock: false }],
    });
    // The next RMA number follows with no gap, even after refused requests.
    const next = await order();
    await app.gql(REQUEST, returnOf(next.orderId, [{ lineId: next.plainLine.id, quantity: 9 }]), next.customer);
    const following = await app.gql(REQUEST, returnOf(next.orderId, [{ lineId: next.plainLine.id, quantity: 1 }]), next.customer);
    const counter = (rma: string) => Number(rma.split('-').at(-1));
    expect(counter(following.data!.requestReturn.rmaNumber)).toBe(counter(asked.rmaNumber) + 1);

    // Staff hear of it (every admin, without STAFF_NOTIFY_EMAILS).
    const [staffMail] = await smtp.waitFor((m) => m.subject === `Return ${asked.rmaNumber} requested`);
    expect(staffMail.to).toContain(admin.email);
    expect(staffMail.body).toContain('Why: not as described');

    // Staff operations: 401 signed out, 403 for the customer.
    for (const [query, variables] of [
      [APPROVE, { id: asked.id }],
      [DECLINE, { id: asked.id, reason: 'No' }],
      [RECEIVE, { id: asked.id, lines: [{ lineId: plainLine.id, received: 2 }] }],
      [REFUND, { id: asked.id }],
    ] as const) {
      expect(codeOf(await app.gql(query, variables))).toBe('UNAUTHENTICATED');
      expect(codeOf(await app.gql(query, variables, customer))).toBe('FORBIDDEN');
    }
    // Out of turn: receiving or refunding a return not approved.
    expect(messageOf(await app.gql(RECEIVE, { id: asked.id, lines: [{ lineId: plainLine.id, received: 2 }] }, admin))).toBe(
      'Only an approved return can be received',
    );
    expect(messageOf(await app.gql(REFUND, { id: asked.id }, admin))).toBe('Only a received return can be refunded');

    const approved = await app.gql(APPROVE, { id: asked.id }, admin);
    expect(approved.data!.approveReturn.state).toBe('Approved');
    expect(messageOf(await app.gql(APPROVE, { id: asked.id }, admin))).toBe('This return is already approved');
    const [mail] = await smtp.waitFor((m) => m.subject === `Your return ${asked.rmaNumber} was approved`);
    expect(mail.to).toEqual([customer.email]);
    expect(mail.body).toContain('Send it to 1 Forge Lane, Sheffield.');
    expect(mail.body).toContain(`Write ${asked.rmaNumber} on the parcel`);

    // Every line is named once, within what the return holds.
    expect(messageOf(await app.gql(RECEIVE, { id: asked.id, lines: [{ lineId: plainLine.id, received: 3 }] }, admin))).toMatch(
      /^Between 0 and 2 of .* can have come back$/,
    );
    const stock = await stockOf(plain.id);
    const received = await app.gql(RECEIVE, { id: asked.id, lines: [{ lineId: plainLine.id, received: 1, restock: true }] }, admin);
    expect(received.errors).toBeUndefined();
    expect(received.data!.receiveReturn).toMatchObject({ state: 'Received', lines: [{ receivedQuantity: 1, restock: true }] });
    // Stock comes back with the refund, not before.
    expect(await stockOf(plain.id)).toBe(stock);

    const refunded = await app.gql(REFUND, { id: asked.id }, admin);
    expect(refunded.errors).toBeUndefined();
    expect(refunded.data!.refundReturn).toMatchObject({ state: 'Refunded', refundId: expect.any(String) });
    expect(await stockOf(plain.id)).toBe(stock + 1);
    const refund = await app.db.getRepository(Refund).findOneByOrFail({ id: refunded.data!.refundReturn.refundId });
    expect(refund).toMatchObject({ amount: 2500, shippingAmount: 0, reason: `Return ${asked.rmaNumber}` });
    const after = await app.db.getRepository(Order).findOneByOrFail({ id: orderId });
    expect(after).toMatchObject({ state: OrderState.PartiallyRefunded, refundedAmount: 2500 });
    expect(messageOf(await app.gql(REFUND, { id: asked.id }, admin))).toBe('This return is already refunded');

    // The unit that did not come back may be asked for again; the refunded one may not.
    const again = await app.gql(REQUEST, returnOf(orderId, [{ lineId: plainLine.id, quantity: 2 }]), customer);
    expect(messageOf(again)).toMatch(/^At most 1 of .* can be returned$/);

    const notes = await historyOf(orderId);
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^Return ${asked.rmaNumber} requested \\(NOT_AS_DESCRIBED\\): 2 × `)),
        `Return ${asked.rmaNumber} approved`,
        expect.stringMatching(new RegExp(`^Return ${asked.rmaNumber} received: 1 of 2 × .* \\(to stock\\)$`)),
        expect.stringMatching(new RegExp(`^Return ${asked.rmaNumber} refunded: credit note `)),
      ]),
    );
    const mine = await app.gql(`query($id: ID!) { order(id: $id) { returns { rmaNumber state } } }`, { id: orderId }, customer);
    expect(mine.data?.order.returns ?? mine.errors).toEqual([{ rmaNumber: asked.rmaNumber, state: 'Refunded' }]);

    for (const type of ['return.requested', 'return.approved', 'return.received'])
      await until(() => hooks.find((hook) => hook.type === type && hook.data.returnId === asked.id));
    const receivedHook = hooks.find((hook) => hook.type === 'return.received' && hook.data.returnId === asked.id)!;
    expect(receivedHook.data).toMatchObject({
      rmaNumber: asked.rmaNumber,
      orderId,
      lines: [{ quantity: 2, receivedQuantity: 1, restock: true }],
    });
  });

  test('declining needs a reason, which the customer is mailed; a declined return goes no further', async () => {
    const { customer, orderId, plainLine } = await order();
    const asked = (await app.gql(REQUEST, returnOf(orderId, [{ lineId: plainLine.id, quantity: 1 }]), customer)).data!.requestReturn;
    expect(messageOf(await app.gql(DECLINE, { id: asked.id, reason: '  ' }, admin))).toBe('Say why the return is declined');
    const declined = await app.gql(DECLINE, { id: asked.id, reason: 'Used for a year' }, admin);
    expect(declined.data!.declineReturn).toMatchObject({ state: 'Declined', declineReason: 'Used for a year' });
    expect(messageOf(await app.gql(APPROVE, { id: asked.id }, admin))).toBe('This return was declined');
    const [mail] = await smtp.waitFor((m) => m.subject === `Your return ${asked.rmaNumber} was declined`);
    expect(mail.body).toContain('Used for a year');
    // Its units are free to ask for again.
    expect((await app.gql(REQUEST, returnOf(orderId, [{ lineId: plainLine.id, quantity: 2 }]), customer)).errors).toBeUndefined();
  });

  test('the transition table is Requested -> Approved | Declined, Approved -> Received, Received -> Refunded', () => {
    expect(RETURN_TRANSITIONS.map((t) => `${t.from}->${t.to}`)).toEqual([
      `${ReturnState.Requested}->${ReturnState.Approved}`,
      `${ReturnState.Requested}->${ReturnState.Declined}`,
      `${ReturnState.Approved}->${ReturnState.Received}`,
      `${ReturnState.Received}->${ReturnState.Refunded}`,
    ]);
  });

  test('staff list returns by state', async () => {
    const { customer, orderId, plainLine } = await order();
    const asked = (await app.gql(REQUEST, returnOf(orderId, [{ lineId: plainLine.id, quantity: 1 }]), customer)).data!.requestReturn;
    const LIST = 'query($options: ReturnListOptions) { returns(options: $options) { id state } }';
    expect(codeOf(await app.gql(LIST, {}, customer))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(LIST, {}))).toBe('UNAUTHENTICATED');
    const listed = await app.gql(LIST, { options: { state: 'Requested' } }, admin);
    expect(listed.data!.returns).toContainEqual({ id: asked.id, state: 'Requested' });
    expect(listed.data!.returns.every((row: { state: string }) => row.state === 'Requested')).toBe(true);
  });
});

describe('privacy', () => {
  test("a customer's export holds their returns; erasure keeps the return without their words or photos", async () => {
    const { customer, orderId, plainLine } = await order();
    const photos = [await photo(customer)];
    const asked = await app.gql(
      REQUEST,
      returnOf(orderId, [{ lineId: plainLine.id, quantity: 1 }], 'FAULTY', { details: 'Chipped tip', photos }),
      customer,
    );
    expect(asked.errors).toBeUndefined();
    const exported = JSON.parse((await app.gql('{ myData }', {}, customer)).data!.myData);
    expect(exported.returns).toEqual([
      expect.objectContaining({ rmaNumber: asked.data!.requestReturn.rmaNumber, reason: 'FAULTY', details: 'Chipped tip', photos }),
    ]);

    const erased = await app.gql(
      'mutation($userId: ID!, $input: EraseCustomerInput!) { eraseCustomer(userId: $userId, input: $input) { cancelledOrders } }',
      { userId: customer.user.id, input: { reason: 'Asked by mail', reviews: 'REMOVE' } },
      admin,
    );
    expect(erased.errors).toBeUndefined();
    const row = await app.db.getRepository(ReturnRequest).findOneByOrFail({ id: asked.data!.requestReturn.id });
    expect(row).toMatchObject({ details: null, customerId: null, reason: 'FAULTY' });
    expect(await app.db.getRepository(ReturnPhoto).countBy({ returnId: row.id })).toBe(0);
  });
});
