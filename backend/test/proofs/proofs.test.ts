import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { OrderEvent } from '../../src/modules/orders/order-event.entity';
import { OrderLine } from '../../src/modules/orders/order-line.entity';
import { Order, OrderState } from '../../src/modules/orders/order.entity';
import { OrderProof, ProofStatus } from '../../src/modules/proofs/order-proof.entity';
import { ProofsService } from '../../src/modules/proofs/proofs.service';
import { startSmtpCatcher } from '../support/smtp-catcher';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';

/**
 * Engraving proofs (issue 52): a paid order with an engraved line whose product needs a proof waits
 * in AwaitingProof; staff send proofs, the customer approves or asks for changes (and may correct
 * the text), and once every such line is approved the order is InProduction and may ship.
 */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let app: TestApp;
let admin: TestSession;
let api: ReturnType<typeof restClient>;
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
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Keen <shop@keen.test>', JOB_POLL_SECONDS: '0.5', PROOF_MAX_ROUNDS: '2' });
  api = restClient(app);
  admin = await app.adminUser();
  const { port } = receiver.address() as AddressInfo;
  const created = await app.gql(
    'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }',
    {
      input: {
        url: `http://127.0.0.1:${port}/hooks`,
        events: [
          'order.awaiting_proof',
          'order.in_production',
          'order.proof_requested',
          'order.proof_approved',
          'order.proof_changes_requested',
        ],
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

const ORDER_FIELDS =
  'id state proofRoundsLeft proofs { id lineId version imageUrls note engravingText engravingFont status comment sentAt answeredAt answeredBy } lines { id proofRequired proofApproved engraving { text font } lineAmount { amount } }';
const SEND = `mutation($input: SendOrderProofInput!) { sendOrderProof(input: $input) { ${ORDER_FIELDS} } }`;
const APPROVE = `mutation($orderId: ID!, $proofId: ID!, $token: String) { approveOrderProof(orderId: $orderId, proofId: $proofId, token: $token) { ${ORDER_FIELDS} } }`;
const CHANGES = `mutation($orderId: ID!, $proofId: ID!, $comment: String!, $token: String) { requestOrderProofChanges(orderId: $orderId, proofId: $proofId, comment: $comment, token: $token) { ${ORDER_FIELDS} } }`;
const CORRECT = `mutation($orderId: ID!, $lineId: ID!, $text: String!, $token: String) { correctOrderEngraving(orderId: $orderId, lineId: $lineId, text: $text, token: $token) { ${ORDER_FIELDS} } }`;
const SHIP = 'mutation($id: ID!) { markShipped(id: $id) { id state } }';
const READ = `query($id: ID!, $token: String) { order(id: $id, token: $token) { ${ORDER_FIELDS} } }`;
const PLACE = 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id guestToken } }';
const PAY = `mutation($orderId: ID!, $card: TestCardInput!, $token: String) {
  confirmTestCardPayment(orderId: $orderId, card: $card, token: $token) { id state } }`;
const CARD = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };

interface ProofRow {
  id: string;
  lineId: string;
  version: number;
  status: string;
  answeredBy: string | null;
  engravingText: string;
  comment: string | null;
  imageUrls: string[];
}
interface OrderAnswer {
  id: string;
  state: string;
  proofRoundsLeft: number;
  proofs: ProofRow[];
  lines: {
    id: string;
    proofRequired: boolean;
    proofApproved: boolean;
    engraving: { text: string } | null;
    lineAmount: { amount: number };
  }[];
}

const historyOf = async (orderId: string) =>
  (await app.db.getRepository(OrderEvent).find({ where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } })).map((event) => event.note);

async function until<T>(check: () => T | null | undefined | false | Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function photo(session: TestSession = admin): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a63' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
  const response = await fetch(`${app.url}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

/** A paid order of an engraved knife whose product needs a proof, and a plain one; by a new customer, or a guest. */
async function proofOrder({ guest = false, proofRequired = true } = {}) {
  const customer = await app.customer('engraver');
  const plain = await app.product({ price: 25, quantity: 10 });
  const engraved = await app.product({
    price: 30,
    quantity: 5,
    engravable: true,
    engravingPrice: 7,
    engravingMaxLength: 12,
    proofRequired,
  });
  const input = {
    phone: '+1 555 0100',
    address: '1 Proof Street, United States',
    lines: [
      { productId: plain.id, quantity: 1 },
      { productId: engraved.id, quantity: 1, engraving: { text: 'Ada', font: 'serif' } },
    ],
    ...(guest ? { guest: { email: `proof-guest-${Date.now()}-${Math.random()}@keen.test`, name: 'Guest Engraver' } } : {}),
  };
  const placed = await app.gql<{ placeOrder: { id: string; guestToken: string | null } }>(PLACE, { input }, guest ? undefined : customer);
  expect(placed.errors).toBeUndefined();
  const { id: orderId, guestToken } = placed.data!.placeOrder;
  const paid = await app.gql(PAY, { orderId, card: CARD, token: guestToken }, guest ? undefined : customer);
  expect(paid.errors).toBeUndefined();
  const lines = await app.db.getRepository(OrderLine).find({ where: { orderId }, order: { position: 'ASC' } });
  return { customer, orderId, token: guestToken, plainLine: lines[0], engravedLine: lines[1], engraved };
}

async function send(orderId: string, lineId: string, note: string | null = 'Test engraving on the left face') {
  const sent = await app.gql<{ sendOrderProof: OrderAnswer }>(
    SEND,
    { input: { orderId, lineId, imageUrls: [await photo()], note } },
    admin,
  );
  expect(sent.errors).toBeUndefined();
  return sent.data!.sendOrderProof;
}

describe('after payment', () => {
  test('an order with an engraved line whose product needs a proof is AwaitingProof; without the setting it stays Paid', async () => {
    const { orderId, engravedLine, plainLine } = await proofOrder();
    expect((await app.db.getRepository(Order).findOneByOrFail({ id: orderId })).state).toBe(OrderState.AwaitingProof);
    expect(engravedLine.proofRequired).toBe(true);
    expect(plainLine.proofRequired).toBe(false);
    const events = await app.db.getRepository(OrderEvent).find({ where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } });
    // In the payment's own transaction (so at the same time as it): paid, then waiting for the proof.
    expect(events.map(({ fromState, toState, actor }) => ({ fromState, toState, actor }))).toEqual(
      expect.arrayContaining([
        { fromState: 'AwaitingPayment', toState: 'Paid', actor: 'customer' },
        { fromState: 'Paid', toState: 'AwaitingProof', actor: 'system' },
      ]),
    );
    expect(events.find((event) => event.toState === 'AwaitingProof')!.createdAt).toEqual(
      events.find((event) => event.toState === 'Paid')!.createdAt,
    );

    const without = await proofOrder({ proofRequired: false });
    expect((await app.db.getRepository(Order).findOneByOrFail({ id: without.orderId })).state).toBe(OrderState.Paid);
  });

  test('it cannot ship before every proof is approved, with that message', async () => {
    const { orderId } = await proofOrder();
    expect(messageOf(await app.gql(SHIP, { id: orderId }, admin))).toBe('This order cannot ship before every engraving proof is approved');
  });

  test('a new engravable product created by an admin needs a proof by default; a plain one does not', async () => {
    const CREATE = 'mutation($input: ProductInput!) { createProduct(input: $input) { proofRequired engravable } }';
    const base = { description: 'A knife', price: 50, quantity: 3, minimumQuantity: 1, img: '/images/santoku.svg' };
    const engravable = await app.gql(CREATE, { input: { ...base, name: `Proofed ${Date.now()}`, engravable: true } }, admin);
    expect(engravable.data).toEqual({ createProduct: { proofRequired: true, engravable: true } });
    const plain = await app.gql(CREATE, { input: { ...base, name: `Plain ${Date.now()}` } }, admin);
    expect(plain.data).toEqual({ createProduct: { proofRequired: false, engravable: false } });
    const optedOut = await app.gql(
      CREATE,
      { input: { ...base, name: `No proof ${Date.now()}`, engravable: true, proofRequired: false } },
      admin,
    );
    expect(optedOut.data).toEqual({ createProduct: { proofRequired: false, engravable: true } });
  });
});

describe('sendOrderProof', () => {
  test('staff send a proof: the round keeps the text and font, the customer is mailed a link, a webhook goes after commit', async () => {
    const { orderId, engravedLine, customer } = await proofOrder();
    const order = await send(orderId, engravedLine.id);
    expect(order.state).toBe('AwaitingProof');
    expect(order.proofs).toEqual([
      expect.objectContaining({ lineId: engravedLine.id, version: 1, status: 'Open', engravingText: 'Ada', answeredBy: null }),
    ]);
    expect(order.proofs[0].imageUrls).toHaveLength(1);
    expect(order.proofRoundsLeft).toBe(1);
    expect(order.lines.find((line) => line.id === engravedLine.id)).toMatchObject({ proofRequired: true, proofApproved: false });
    const [mail] = await smtp.waitFor((m) => m.subject.includes('your engraving proof is ready') && m.to.includes(customer.email));
    expect(mail.body).toContain(`/orders/${orderId}/proof`);
    await until(() => hooks.some((hook) => hook.type === 'order.proof_requested' && hook.data.orderId === orderId));
    expect((await historyOf(orderId)).at(-1)).toBe(`Proof 1 of ${engravedLine.name} sent ("Ada")`);
  });

  test("a page of orders counts the rounds left from its lines' own columns, whatever else is asked of the lines", async () => {
    const { orderId, engravedLine, customer } = await proofOrder();
    await send(orderId, engravedLine.id);
    for (const lines of ['', 'lines { name }', 'lines { id proofRequired }']) {
      const fields = `items { id proofRoundsLeft ${lines} }`;
      const mine = await app.gql<{ myOrders: { items: { id: string; proofRoundsLeft: number }[] } }>(
        `{ myOrders(options: { take: 100 }) { ${fields} } }`,
        {},
        customer,
      );
      const all = await app.gql<{ orders: { items: { id: string; proofRoundsLeft: number }[] } }>(
        `query($search: String) { orders(options: { take: 100, search: $search }) { ${fields} } }`,
        { search: customer.email },
        admin,
      );
      expect(mine.data!.myOrders.items.find((order) => order.id === orderId)?.proofRoundsLeft).toBe(1);
      expect(all.data!.orders.items.find((order) => order.id === orderId)?.proofRoundsLeft).toBe(1);
    }
  });

  test('refused: anonymous 401, a customer 403, an open round, a line without a proof, photos not uploaded, too many rounds', async () => {
    const { orderId, engravedLine, plainLine, customer } = await proofOrder();
    const input = { orderId, lineId: engravedLine.id, imageUrls: [await photo()] };
    expect(codeOf(await app.gql(SEND, { input }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(SEND, { input }, customer))).toBe('FORBIDDEN');
    expect(messageOf(await app.gql(SEND, { input: { ...input, imageUrls: ['https://elsewhere.test/a.png'] } }, admin))).toBe(
      'Photos must be uploaded first (POST /api/uploads)',
    );
    expect(messageOf(await app.gql(SEND, { input: { ...input, imageUrls: [] } }, admin))).toBe('A proof needs 1 to 6 photos');
    expect(messageOf(await app.gql(SEND, { input: { ...input, lineId: plainLine.id } }, admin))).toBe('This line needs no engraving proof');

    const first = await send(orderId, engravedLine.id);
    expect(messageOf(await app.gql(SEND, { input }, admin))).toBe('Proof 1 of this line is still waiting for the customer');
    expect((await app.gql(CHANGES, { orderId, proofId: first.proofs[0].id, comment: 'Bigger letters' }, customer)).errors).toBeUndefined();
    const second = await send(orderId, engravedLine.id);
    expect(second.proofRoundsLeft).toBe(0);
    expect((await app.gql(CHANGES, { orderId, proofId: second.proofs[1].id, comment: 'Smaller again' }, customer)).errors).toBeUndefined();
    // PROOF_MAX_ROUNDS is 2 in this file.
    expect(messageOf(await app.gql(SEND, { input: { ...input, imageUrls: [await photo()] } }, admin))).toBe(
      'This line has had its 2 proof rounds; contact the customer',
    );
    // Webhooks go for committed sends only: two, whatever was refused (the refused ones rolled back with their events).
    await until(() => hooks.filter((hook) => hook.type === 'order.proof_requested' && hook.data.orderId === orderId).length === 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(hooks.filter((hook) => hook.type === 'order.proof_requested' && hook.data.orderId === orderId)).toHaveLength(2);
    expect(await app.db.getRepository(OrderProof).countBy({ orderId })).toBe(2);
  });

  test('an orders:write key sends a proof (the history names it); an orders:read key is refused', async () => {
    const { orderId, engravedLine } = await proofOrder();
    const keyWith = async (scopes: string[]) =>
      (
        await app.gql<{ createApiKey: { secret: string } }>(
          'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }',
          { input: { name: `Proofs ${scopes.join(' ')}`, scopes } },
          admin,
        )
      ).data!.createApiKey.secret;
    const input = { orderId, lineId: engravedLine.id, imageUrls: [await photo()] };
    expect(codeOf(await app.gql(SEND, { input }, await keyWith(['orders:read'])))).toBe('FORBIDDEN');
    const sent = await app.gql<{ sendOrderProof: OrderAnswer }>(SEND, { input }, await keyWith(['orders:write']));
    expect(sent.errors).toBeUndefined();
    expect(sent.data!.sendOrderProof.proofs).toHaveLength(1);
    expect((await historyOf(orderId)).at(-1)).toBe(`API key "Proofs orders:write": Proof 1 of ${engravedLine.name} sent ("Ada")`);
  });

  test('refused on an order that does not wait for proofs', async () => {
    const { orderId, engravedLine } = await proofOrder({ proofRequired: false });
    const sent = await app.gql(SEND, { input: { orderId, lineId: engravedLine.id, imageUrls: [await photo()] } }, admin);
    expect(messageOf(sent)).toBe('A proof can be sent only while the order is waiting for its engraving proofs');
  });
});

describe('the customer answers', () => {
  test('changes asked for, the text corrected within the rules at the same price, then the second version approved: InProduction, then shipped', async () => {
    const { orderId, engravedLine, customer } = await proofOrder();
    const first = await send(orderId, engravedLine.id);
    const amountBefore = first.lines.find((line) => line.id === engravedLine.id)!.lineAmount.amount;

    expect(messageOf(await app.gql(CHANGES, { orderId, proofId: first.proofs[0].id, comment: '   ' }, customer))).toBe(
      'Say what should change in the proof',
    );
    expect(messageOf(await app.gql(CHANGES, { orderId, proofId: first.proofs[0].id, comment: 'x'.repeat(1001) }, customer))).toBe(
      'The comment must be at most 1000 characters',
    );
    const asked = await app.gql<{ requestOrderProofChanges: OrderAnswer }>(
      CHANGES,
      { orderId, proofId: first.proofs[0].id, comment: 'Please use capitals' },
      customer,
    );
    expect(asked.errors).toBeUndefined();
    expect(asked.data!.requestOrderProofChanges.proofs[0]).toMatchObject({
      status: 'ChangesRequested',
      comment: 'Please use capitals',
      answeredBy: customer.email,
    });
    await smtp.waitFor((m) => m.subject === 'Changes asked for: engraving proof 1 of ' + engravedLine.name);
    await until(() => hooks.some((hook) => hook.type === 'order.proof_changes_requested' && hook.data.orderId === orderId));

    // Outside the product's rules (12 characters at most; no such characters), as at checkout.
    expect(messageOf(await app.gql(CORRECT, { orderId, lineId: engravedLine.id, text: 'A much too long text' }, customer))).toMatch(/12/);
    expect(codeOf(await app.gql(CORRECT, { orderId, lineId: engravedLine.id, text: 'Ada <3' }, customer))).toBe('BAD_USER_INPUT');
    const corrected = await app.gql<{ correctOrderEngraving: OrderAnswer }>(
      CORRECT,
      { orderId, lineId: engravedLine.id, text: 'ADA' },
      customer,
    );
    expect(corrected.errors).toBeUndefined();
    const line = corrected.data!.correctOrderEngraving.lines.find((l) => l.id === engravedLine.id)!;
    expect(line.engraving!.text).toBe('ADA');
    expect(line.lineAmount.amount).toBe(amountBefore);
    expect(await historyOf(orderId)).toContain(`Engraving of ${engravedLine.name} corrected from "Ada" to "ADA"`);

    const second = await send(orderId, engravedLine.id);
    expect(second.proofs[1]).toMatchObject({ version: 2, engravingText: 'ADA', status: 'Open' });
    // Only the latest round is answered.
    expect(messageOf(await app.gql(APPROVE, { orderId, proofId: second.proofs[0].id }, customer))).toBe(
      'Proof 1 was replaced by a newer one',
    );
    const approved = await app.gql<{ approveOrderProof: OrderAnswer }>(APPROVE, { orderId, proofId: second.proofs[1].id }, customer);
    expect(approved.errors).toBeUndefined();
    const after = approved.data!.approveOrderProof;
    expect(after.state).toBe('InProduction');
    expect(after.proofs[1]).toMatchObject({ status: 'Approved', answeredBy: customer.email, answeredAt: expect.any(String) });
    expect(after.lines.find((l) => l.id === engravedLine.id)!.proofApproved).toBe(true);
    // The evidence: who approved which version when, in the history.
    const history = await historyOf(orderId);
    expect(history.some((note) => note?.startsWith(`Proof 2 of ${engravedLine.name} ("ADA") approved by ${customer.email} at `))).toBe(
      true,
    );
    expect(messageOf(await app.gql(APPROVE, { orderId, proofId: second.proofs[1].id }, customer))).toBe(
      'The engraving proofs of this order can be answered only while it waits for them',
    );
    expect(messageOf(await app.gql(CORRECT, { orderId, lineId: engravedLine.id, text: 'Bob' }, customer))).toBe(
      'The engraving proofs of this order can be answered only while it waits for them',
    );
    await smtp.waitFor((m) => m.subject.includes('engraving proof 2 approved') && m.to.includes(customer.email));
    await until(() => hooks.some((hook) => hook.type === 'order.proof_approved' && hook.data.orderId === orderId));
    await until(() => hooks.some((hook) => hook.type === 'order.in_production' && hook.data.orderId === orderId));

    // REST shows the state and each line's proof status.
    const rest = await api('GET', `/orders/${orderId}`, { as: customer });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ state: 'InProduction', proofs: { required: true, approved: true } });
    expect(rest.body.lines[1]).toMatchObject({ proofRequired: true, proofStatus: 'Approved' });
    expect(rest.body.lines[0]).toMatchObject({ proofRequired: false, proofStatus: null });

    expect((await app.gql<{ markShipped: { state: string } }>(SHIP, { id: orderId }, admin)).data!.markShipped.state).toBe('Shipped');
  });

  test('correcting the text of an open proof turns it into changes asked for', async () => {
    const { orderId, engravedLine, customer } = await proofOrder();
    await send(orderId, engravedLine.id);
    const corrected = await app.gql<{ correctOrderEngraving: OrderAnswer }>(
      CORRECT,
      { orderId, lineId: engravedLine.id, text: 'Eve' },
      customer,
    );
    expect(corrected.errors).toBeUndefined();
    expect(corrected.data!.correctOrderEngraving.proofs[0]).toMatchObject({ status: 'ChangesRequested' });
  });

  test('refused: before any proof, anonymous 401, another customer 403, an admin who is not its owner, a wrong token 404', async () => {
    const { orderId, engravedLine, customer } = await proofOrder();
    expect(messageOf(await app.gql(CORRECT, { orderId, lineId: engravedLine.id, text: 'Eve' }, customer))).toBe(
      'The engraving can be corrected only while its proof is open, before it is approved',
    );
    const sent = await send(orderId, engravedLine.id);
    const proofId = sent.proofs[0].id;
    const other = await app.customer('other');
    for (const [query, vars] of [
      [APPROVE, { orderId, proofId }],
      [CHANGES, { orderId, proofId, comment: 'No' }],
      [CORRECT, { orderId, lineId: engravedLine.id, text: 'Eve' }],
    ] as const) {
      expect(codeOf(await app.gql(query, vars))).toBe('UNAUTHENTICATED');
      expect(messageOf(await app.gql(query, vars, other))).toBe('This is not your order');
      expect(codeOf(await app.gql(query, vars, admin))).toBe('FORBIDDEN');
      expect(codeOf(await app.gql(query, { ...vars, token: 'not-the-token' }))).toBe('NOT_FOUND');
    }
    expect((await app.db.getRepository(OrderProof).findOneByOrFail({ id: proofId })).status).toBe(ProofStatus.Open);
  });

  test('a guest approves by the order link token', async () => {
    const { orderId, engravedLine, token } = await proofOrder({ guest: true });
    const sent = await send(orderId, engravedLine.id);
    const [mail] = await smtp.waitFor(
      (m) => m.subject.includes('your engraving proof is ready') && m.body.includes(`/orders/${orderId}/proof?token=`),
    );
    expect(mail.body).toContain(token!);
    const approved = await app.gql<{ approveOrderProof: OrderAnswer }>(APPROVE, { orderId, proofId: sent.proofs[0].id, token });
    expect(approved.errors).toBeUndefined();
    expect(approved.data!.approveOrderProof.state).toBe('InProduction');
    const read = await app.gql<{ order: OrderAnswer }>(READ, { id: orderId, token });
    expect(read.data!.order.proofs[0].answeredBy).toMatch(/^proof-guest-/);
  });
});

describe('refunds', () => {
  test('an admin refunds an order waiting for its proof, as a paid one', async () => {
    const { orderId } = await proofOrder();
    const cancelled = await app.gql<{ cancelOrder: { state: string } }>(
      'mutation($id: ID!) { cancelOrder(id: $id) { state } }',
      { id: orderId },
      admin,
    );
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data!.cancelOrder.state).toBe('Refunded');
  });
});

describe('the hourly job', () => {
  // The sweep is asked as of days ahead: the app's own hourly run (as of now) never finds these proofs due meanwhile.
  const daysAhead = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000 + 60_000);

  test('an open proof unanswered 5 days gets one reminder; after 10 days PROOF_POLICY=wait says once that the shop waits', async () => {
    const { orderId, engravedLine, customer } = await proofOrder();
    const sent = await send(orderId, engravedLine.id);
    const proofId = sent.proofs[0].id;
    expect((await app.services.proofs.sweep(daysAhead(4))).reminded).not.toContain(proofId);
    expect((await app.services.proofs.sweep(daysAhead(5))).reminded).toContain(proofId);
    expect((await app.services.proofs.sweep(daysAhead(6))).reminded).not.toContain(proofId);
    await smtp.waitFor((m) => m.subject.includes('still waiting for your answer') && m.to.includes(customer.email));

    expect((await app.services.proofs.sweep(daysAhead(9))).waiting).not.toContain(proofId);
    expect((await app.services.proofs.sweep(daysAhead(10))).waiting).toContain(proofId);
    expect((await app.services.proofs.sweep(daysAhead(11))).waiting).not.toContain(proofId);
    const waits = (await historyOf(orderId)).filter((note) => note?.includes('the shop waits for the customer (PROOF_POLICY=wait)'));
    expect(waits).toHaveLength(1);
    expect((await app.db.getRepository(Order).findOneByOrFail({ id: orderId })).state).toBe(OrderState.AwaitingProof);
  });

  test('PROOF_POLICY=proceed approves it as the shop after 10 days, answeredBy "policy", and the order goes into production', async () => {
    // The same service as the app's, with the shop's policy set to proceed.
    const proceeding = new ProofsService(app.db, { ...app.services.proofs.policy, policy: 'proceed' }, { isOwnUpload: () => true });
    const { orderId, engravedLine } = await proofOrder();
    const sent = await send(orderId, engravedLine.id);
    const proofId = sent.proofs[0].id;
    expect((await proceeding.sweep(daysAhead(9))).approved).not.toContain(proofId);
    expect((await proceeding.sweep(daysAhead(10))).approved).toContain(proofId);
    const proof = await app.db.getRepository(OrderProof).findOneByOrFail({ id: proofId });
    expect(proof).toMatchObject({ status: ProofStatus.Approved, answeredBy: 'policy' });
    expect((await app.db.getRepository(Order).findOneByOrFail({ id: orderId })).state).toBe(OrderState.InProduction);
    expect((await historyOf(orderId)).some((note) => note?.includes("approved by the shop's policy (PROOF_POLICY=proceed)"))).toBe(true);
  });
});

describe('privacy', () => {
  test("a customer's data export lists their proofs; erasing them keeps the proofs without their words or e-mail", async () => {
    const { orderId, engravedLine, customer } = await proofOrder();
    const sent = await send(orderId, engravedLine.id);
    expect(
      (await app.gql(CHANGES, { orderId, proofId: sent.proofs[0].id, comment: 'My initials please' }, customer)).errors,
    ).toBeUndefined();
    const exported = await app.gql<{ myData: string }>('{ myData }', {}, customer);
    expect(exported.errors).toBeUndefined();
    const data = JSON.parse(exported.data!.myData) as { proofs: { orderId: string; comment: string; answeredBy: string }[] };
    expect(data.proofs).toEqual([expect.objectContaining({ orderId, comment: 'My initials please', answeredBy: customer.email })]);

    const deleted = await app.gql(
      'mutation($input: DeleteMyAccountInput!) { deleteMyAccount(input: $input) { erasedAt } }',
      { input: { confirmEmail: customer.email, reviews: 'KEEP_AS_A_CUSTOMER' } },
      customer,
    );
    expect(deleted.errors).toBeUndefined();
    const proof = await app.db.getRepository(OrderProof).findOneByOrFail({ id: sent.proofs[0].id });
    expect(proof.comment).toBeNull();
    expect(proof.answeredBy).not.toBe(customer.email);
    expect(proof.status).toBe(ProofStatus.ChangesRequested);
  });
});

describe('partial refunds', () => {
  const REFUND = `mutation($orderId: ID!, $input: RefundInput!) { refundOrder(orderId: $orderId, input: $input) { id state } }`;

  test('refunding part of an order awaiting its proof keeps it waiting: the proof is still sent and answered, and it cannot ship before', async () => {
    const { orderId, plainLine, engravedLine, customer } = await proofOrder();
    const refunded = await app.gql<{ refundOrder: { state: string } }>(
      REFUND,
      { orderId, input: { lines: [{ lineId: plainLine.id, quantity: 1 }] } },
      admin,
    );
    expect(refunded.errors).toBeUndefined();
    expect(refunded.data!.refundOrder.state).toBe('AwaitingProof');
    expect(messageOf(await app.gql(SHIP, { id: orderId }, admin))).toBe('This order cannot ship before every engraving proof is approved');
    // Only an admin refunds, whatever the state.
    expect(messageOf(await app.gql(REFUND, { orderId, input: { amount: 100, reason: 'Sorry' } }, customer))).toBe(
      'Only an admin may do this',
    );

    const sent = await send(orderId, engravedLine.id);
    const approved = await app.gql<{ approveOrderProof: OrderAnswer }>(APPROVE, { orderId, proofId: sent.proofs[0].id }, customer);
    expect(approved.data!.approveOrderProof.state).toBe('InProduction');
    // In production, a refund of an amount leaves it there, and it ships.
    const again = await app.gql<{ refundOrder: { state: string } }>(REFUND, { orderId, input: { amount: 100, reason: 'Late' } }, admin);
    expect(again.data!.refundOrder.state).toBe('InProduction');
    expect((await app.gql<{ markShipped: { state: string } }>(SHIP, { id: orderId }, admin)).data!.markShipped.state).toBe('Shipped');
  });

  test('when the line still waiting for its proof is refunded, the order goes into production by itself', async () => {
    const { orderId, engravedLine } = await proofOrder();
    const refunded = await app.gql<{ refundOrder: { state: string } }>(
      REFUND,
      { orderId, input: { lines: [{ lineId: engravedLine.id, quantity: 1 }] } },
      admin,
    );
    expect(refunded.errors).toBeUndefined();
    await until(async () => (await app.db.getRepository(Order).findOneByOrFail({ id: orderId })).state === OrderState.InProduction);
    expect(await historyOf(orderId)).toContain('Every engraving proof left is approved (the lines still waiting were refunded)');
  });
});
