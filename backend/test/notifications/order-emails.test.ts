import { raise } from '../../src/events/outbox';
import type { DomainEvent } from '../../src/events/domain-events';
import { type OrderMailJob } from '../../src/modules/notifications/notifications.service';
import { orderPayload } from '../../src/modules/orders/order-events';
import { Order, OrderState } from '../../src/modules/orders/order.entity';
import { OrderEvent } from '../../src/modules/orders/order-event.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { startSmtpCatcher } from '../support/smtp-catcher';

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let app: TestApp;
let admin: TestSession & { user: { email: string } };

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Keen <shop@keen.test>', JOB_POLL_SECONDS: '0.5' });
  admin = await app.adminUser();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const short = (order: { id: string }) => order.id.slice(0, 8);
const subjectIs = (subject: string) => (mail: { subject: string }) => mail.subject === subject;
const SHIP =
  'mutation($id: ID!, $tracking: ShipmentTrackingInput) { markShipped(id: $id, tracking: $tracking) { id trackingCarrier trackingNumber } }';

/**
 * Runs `action`, waits for the mails `expected` names (from the action's result), and checks that
 * exactly those arrived meanwhile, each once.
 */
async function mailsOf<T>(action: () => Promise<T>, expected: (result: T) => string[]) {
  const before = smtp.mails.length;
  const subjects = expected(await action());
  for (const subject of subjects) await smtp.waitFor(subjectIs(subject));
  // Anything queued by the same event is sent by then or soon after: give strays a moment to show.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const arrived = smtp.mails.slice(before);
  expect(arrived.map((mail) => mail.subject).sort()).toEqual([...subjects].sort());
  return arrived;
}

/** A customer Keen has seen signed in with a verified address: their order mails go at once. */
async function verifiedCustomer(prefix: string): Promise<TestSession> {
  const session = await app.verifyEmail(await app.customer(prefix));
  expect((await app.gql('{ me { id } }', {}, session)).errors).toBeUndefined();
  return session;
}

/** Places an order and waits for its "received" mail, so that later checks see only what follows. */
async function placed(customer: TestSession, productId: string): Promise<Order> {
  const order = await app.placeOrder(customer, productId);
  await smtp.waitFor(subjectIs(`Keen order received: #${short(order)}`));
  return order;
}

test('placing, paying and shipping an order send the customer and the staff one mail each, with the lines', async () => {
  const customer = await verifiedCustomer('mailed');
  const product = await app.product({ price: 100, quantity: 20, engravable: true, engravingMaxLength: 12, engravingPrice: 15 });
  const { data, errors } = await app.gql<{ placeOrder: { id: string } }>(
    'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
    {
      input: {
        productId: product.id,
        quantity: 2,
        phone: '+1 555 0100',
        address: '1 Test Street',
        engraving: { text: 'For Sam', font: 'script' },
      },
    },
    customer,
  );
  expect(errors).toBeUndefined();
  const order = await app.db.getRepository(Order).findOneByOrFail({ id: data!.placeOrder.id });
  const placed = await smtp.waitFor(subjectIs(`Keen order received: #${short(order)}`));
  expect(placed).toHaveLength(1);
  expect(placed[0].to).toEqual([customer.email]);
  expect(placed[0].body).toContain(product.name);
  expect(placed[0].body).toContain(`/dashboard/payment/${order.id}`);
  expect(placed[0].body).toMatch(/until .* UTC/);

  const paidMails = await mailsOf(
    () => app.payOrder(customer, order.id),
    () => [`Keen payment received: #${short(order)}`, `New paid order #${short(order)}: $230.00`],
  );
  const receipt = paidMails.find((mail) => mail.subject.startsWith('Keen payment'))!;
  expect(receipt.to).toEqual([customer.email]);
  const paid = await app.db.getRepository(Order).findOneByOrFail({ id: order.id });
  for (const text of [product.name, '“For Sam”', 'Script (Great Vibes)', '$115.00', '$230.00', paid.transactionId!])
    expect(receipt.body).toContain(text);
  expect(receipt.body).toMatch(/Content-Type: text\/plain/);
  expect(receipt.body).toMatch(/Content-Type: text\/html/);
  expect(receipt.body).not.toMatch(/<img/);
  const staff = paidMails.find((mail) => mail.subject.startsWith('New paid order'))!;
  expect(staff.to).toEqual([admin.email]);
  expect(staff.body).toContain('/dashboard/allOrders');

  const shippedMails = await mailsOf(
    async () => {
      const res = await app.gql(SHIP, { id: order.id, tracking: { carrier: ' DHL ', number: 'JD0146 0000 1234' } }, admin);
      expect(res.errors).toBeUndefined();
      expect(res.data!.markShipped).toMatchObject({ trackingCarrier: 'DHL', trackingNumber: 'JD0146 0000 1234' });
    },
    () => [`Your Keen order has shipped: #${short(order)}`],
  );
  expect(shippedMails[0].to).toEqual([customer.email]);
  expect(shippedMails[0].body).toContain('Tracking number: JD0146 0000 1234');
  expect(shippedMails[0].body).toContain('Carrier: DHL');
  const history = await app.db.getRepository(OrderEvent).findOneByOrFail({ orderId: order.id, toState: OrderState.Shipped });
  expect(history.note).toBe('Carrier: DHL, Tracking number: JD0146 0000 1234');
  const mine = await app.gql<{ myOrders: { items: { trackingNumber: string | null }[] } }>(
    '{ myOrders { items { id trackingNumber } } }',
    {},
    customer,
  );
  expect(mine.data!.myOrders.items).toEqual([{ id: order.id, trackingNumber: 'JD0146 0000 1234' }]);
});

test('shipping with tracking is for admins, checks its input and changes nothing when refused', async () => {
  const customer = await verifiedCustomer('refused');
  const order = await app.payOrder(customer, (await app.placeOrder(customer, (await app.product()).id)).id);
  const tracking = { carrier: 'DHL', number: '1' };
  expect(codeOf(await app.gql(SHIP, { id: order.id, tracking }))).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql(SHIP, { id: order.id, tracking }, customer))).toBe('FORBIDDEN');
  const tooLong = await app.gql(SHIP, { id: order.id, tracking: { carrier: 'x'.repeat(61), number: '1' } }, admin);
  expect(messageOf(tooLong)).toBe('Carrier must be at most 60 characters');
  const numberTooLong = await app.gql(SHIP, { id: order.id, tracking: { number: '9'.repeat(101) } }, admin);
  expect(messageOf(numberTooLong)).toBe('Tracking number must be at most 100 characters');
  expect(await app.db.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({
    state: OrderState.Paid,
    trackingCarrier: null,
    trackingNumber: null,
  });
  // An unpaid order cannot ship: its tracking is rolled back with the refused move.
  const unpaid = await app.placeOrder(customer, (await app.product()).id);
  expect(codeOf(await app.gql(SHIP, { id: unpaid.id, tracking }, admin))).toBe('FORBIDDEN');
  expect(await app.db.getRepository(Order).findOneByOrFail({ id: unpaid.id })).toMatchObject({ trackingNumber: null });
  // REST's ship route keeps working without tracking.
  const { status } = await fetch(`${app.url}/api/orders?id=${order.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ status: 'Shipped' }),
  });
  expect(status).toBe(200);
  const shipped = await smtp.waitFor(subjectIs(`Your Keen order has shipped: #${short(order)}`));
  expect(shipped[0].body).not.toContain('Tracking number');
});

test('cancelled, refunded and expired orders each send their mail', async () => {
  const customer = await verifiedCustomer('closed');
  const product = await app.product({ quantity: 50 });
  const toCancel = await placed(customer, product.id);
  await mailsOf(
    () => app.gql('mutation($id: ID!) { cancelOrder(id: $id) { id } }', { id: toCancel.id }, customer),
    () => [`Keen order cancelled: #${short(toCancel)}`],
  );

  const toRefund = await app.payOrder(customer, (await placed(customer, product.id)).id);
  await smtp.waitFor(subjectIs(`Keen payment received: #${short(toRefund)}`));
  await smtp.waitFor(subjectIs(`New paid order #${short(toRefund)}: $25.00`));
  await mailsOf(
    () => app.gql('mutation($id: ID!) { cancelOrder(id: $id) { id } }', { id: toRefund.id }, admin),
    () => [`Keen refund issued: #${short(toRefund)}`],
  );

  const toExpire = await placed(customer, product.id);
  await app.db.query(`UPDATE "order" SET "createdAt" = now() - interval '1 day' WHERE "id" = $1`, [toExpire.id]);
  const [expired] = await mailsOf(
    () => app.services.orders.expireOverdue(),
    () => [`Keen order expired: #${short(toExpire)}`],
  );
  expect(expired.to).toEqual([customer.email]);
  expect(expired.body).toContain(product.name);
});

test('a refund in parts sends one refund mail each; the last, which makes the order Refunded, sends no second mail', async () => {
  const customer = await verifiedCustomer('parts');
  const product = await app.product({ quantity: 10 });
  const order = await app.payOrder(customer, (await placed(customer, product.id)).id);
  await smtp.waitFor(subjectIs(`Keen payment received: #${short(order)}`));
  await smtp.waitFor(subjectIs(`New paid order #${short(order)}: $25.00`));
  const REFUND = 'mutation($orderId: ID!, $input: RefundInput!) { refundOrder(orderId: $orderId, input: $input) { state } }';
  const refund = (amount: number) => app.gql(REFUND, { orderId: order.id, input: { amount, reason: 'Price match' } }, admin);
  await mailsOf(
    () => refund(1000),
    () => [`Keen refund of $10.00: #${short(order)}`],
  );
  const [last] = await mailsOf(
    async () => expect((await refund(1500)).data).toEqual({ refundOrder: { state: 'Refunded' } }),
    () => [`Keen refund of $15.00: #${short(order)}`],
  );
  expect(last.body).toContain('$25.00');
});

test('staff hear once when a product runs low', async () => {
  const customer = await verifiedCustomer('low');
  const product = await app.product({ name: `Low Knife ${Date.now()}`, quantity: 4 });
  const mails = await mailsOf(
    () => app.placeOrder(customer, product.id, 2),
    (order) => [`Keen order received: #${short(order)}`, `Low stock: ${product.name} (2 left)`],
  );
  expect(mails.find((mail) => mail.subject.startsWith('Low stock'))!.to).toEqual([admin.email]);
  // Already low: the next order does not report it again.
  await mailsOf(
    () => app.placeOrder(customer, product.id, 1),
    (order) => [`Keen order received: #${short(order)}`],
  );
});

test('made-to-order units queued beyond the stock are no shortage: only the units taken from stock count', async () => {
  const customer = await verifiedCustomer('made-low');
  const made = { madeToOrderMinDays: 5, madeToOrderMaxDays: 10 };
  // No finished units: all five join the workshop's queue, and nothing ran low.
  const none = await app.product({ name: `Forged ${Date.now()}`, quantity: 0, ...made });
  await mailsOf(
    () => app.placeOrder(customer, none.id, 5),
    (order) => [`Keen order received: #${short(order)}`],
  );
  // Already low at 2: two come from stock, two are queued; it did not cross the threshold now.
  const low = await app.product({ name: `Hammered ${Date.now()}`, quantity: 2, ...made });
  await mailsOf(
    () => app.placeOrder(customer, low.id, 4),
    (order) => [`Keen order received: #${short(order)}`],
  );
  // Five on hand: all five taken from stock (none left), two queued: it ran low now, once.
  const plenty = await app.product({ name: `Folded ${Date.now()}`, quantity: 5, ...made });
  await mailsOf(
    () => app.placeOrder(customer, plenty.id, 7),
    (order) => [`Keen order received: #${short(order)}`, `Low stock: ${plenty.name} (0 left)`],
  );
});

test('mails name the variant of each line, and low stock is heard of per variant', async () => {
  const customer = await verifiedCustomer('variant-mail');
  const product = await app.product({ name: `Mail Santoku ${Date.now()}`, price: 80, quantity: 0 });
  const set = await app.gql<{ setProductOptions: { variants: { id: string; name: string }[] } }>(
    'mutation($id: ID!) { setProductOptions(productId: $id, groups: [{ name: "Handle", values: ["Walnut", "Ebony"] }]) { variants { id name } } }',
    { id: product.id },
    admin,
  );
  const [walnut, ebony] = set.data!.setProductOptions.variants;
  await app.gql(
    'mutation($ids: [ID!]!) { updateProductVariants(ids: $ids, input: { quantity: 4 }) { id } }',
    { ids: [walnut.id, ebony.id] },
    admin,
  );
  const order = async (variantId: string, quantity: number) => {
    const res = await app.gql<{ placeOrder: { id: string } }>(
      'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
      { input: { lines: [{ productId: product.id, variantId, quantity }], phone: '+1 555 0100', address: '1 Test Street' } },
      customer,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.placeOrder;
  };
  // Walnut falls to 2 (below the threshold of 3) while the product still has 6 units: a low-stock mail for Walnut.
  const mails = await mailsOf(
    () => order(walnut.id, 2),
    (placedOrder) => [`Keen order received: #${short(placedOrder)}`, `Low stock: ${product.name}, Walnut (2 left)`],
  );
  expect(mails.find((mail) => mail.subject.startsWith('Keen order received'))!.body).toContain(
    `2 × ${product.name}, Walnut at $80.00 each`,
  );
  // Ebony runs low on its own later: heard of once too.
  await mailsOf(
    () => order(ebony.id, 3),
    (placedOrder) => [`Keen order received: #${short(placedOrder)}`, `Low stock: ${product.name}, Ebony (1 left)`],
  );
});

test('a customer who turns order e-mails off still gets the receipt', async () => {
  const customer = await verifiedCustomer('quiet');
  expect(codeOf(await app.gql('mutation { setOrderEmails(on: false) { id } }'))).toBe('UNAUTHENTICATED');
  const res = await app.gql<{ setOrderEmails: { orderEmails: boolean } }>(
    'mutation { setOrderEmails(on: false) { orderEmails } }',
    {},
    customer,
  );
  expect(res.data!.setOrderEmails.orderEmails).toBe(false);
  await mailsOf(
    async () => app.payOrder(customer, (await app.placeOrder(customer, (await app.product()).id)).id),
    (order) => [`Keen payment received: #${short(order)}`, `New paid order #${short(order)}: $25.00`],
  );
});

test('a retried job or a redelivered event sends nothing twice; a failed send is retried', async () => {
  const customer = await verifiedCustomer('retried');
  const order = await app.placeOrder(customer, (await app.product()).id);
  const subject = `Keen order received: #${short(order)}`;
  await smtp.waitFor(subjectIs(subject));
  const [event]: DomainEvent[] = await app.db.query(
    `SELECT "id", "name", "aggregateId", "payload", "createdAt" FROM "outbox_event" WHERE "aggregateId" = $1 AND "name" = 'order.placed'`,
    [order.id],
  );
  const notifications = app.services.notifications!;
  await notifications.queue(event);
  await notifications.send({
    key: `${event.id}:order-received`,
    template: 'order-received',
    order: event.payload as OrderMailJob['order'],
    at: '',
  });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(smtp.mails.filter(subjectIs(subject))).toHaveLength(1);

  // The mail server refuses: the job throws (the queue retries it) and the key is free for the retry.
  smtp.refuse(true);
  const job: OrderMailJob = {
    key: `${event.id}:retry-test`,
    template: 'order-cancelled',
    order: event.payload as OrderMailJob['order'],
    at: '',
  };
  await expect(notifications.send(job)).rejects.toThrow(/451/);
  smtp.refuse(false);
  await notifications.send(job);
  await notifications.send(job);
  expect(smtp.mails.filter(subjectIs(`Keen order cancelled: #${short(order)}`))).toHaveLength(1);
});

test('sent keys are kept for 90 days, then pruned', async () => {
  await app.db.query(
    `INSERT INTO "sent_mail" ("key", "recipients", "subject", "sentAt") VALUES ('old', 'a@keen.test', 's', now() - interval '91 days')`,
  );
  const kept = Number((await app.db.query(`SELECT count(*) FROM "sent_mail"`))[0].count) - 1;
  expect(await app.services.notifications!.prune()).toBe(1);
  expect(Number((await app.db.query(`SELECT count(*) FROM "sent_mail"`))[0].count)).toBe(kept);
});

test('a refused or rolled-back order sends nothing', async () => {
  const customer = await verifiedCustomer('nothing');
  const product = await app.product({ quantity: 1 });
  const before = smtp.mails.length;
  const refused = await app.gql(
    'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
    { input: { productId: product.id, quantity: 5, phone: '+1 555 0100', address: '1 Test Street' } },
    customer,
  );
  expect(refused.errors).toBeDefined();
  const [real] = await app.services.orders.withLines([await app.placeOrder(customer, (await app.product()).id)]);
  await expect(
    app.db.transaction(async (manager) => {
      await raise(manager, 'order.placed', real.id, { ...orderPayload(real), orderId: '00000000-0000-4000-8000-000000000000' });
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  await smtp.waitFor(subjectIs(`Keen order received: #${short(real)}`));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(smtp.mails.slice(before).map((mail) => mail.subject)).toEqual([`Keen order received: #${short(real)}`]);
});

interface HeldMailRow {
  key: string;
  customerId: string;
  orderId: string;
  job: OrderMailJob;
}

/** Waits until the customer's held mails number `count`, and answers them. */
async function heldFor(customerId: string, count: number): Promise<HeldMailRow[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows: HeldMailRow[] = await app.db.query(
      `SELECT "key", "customerId", "orderId", "job" FROM "held_mail" WHERE "customerId" = $1 ORDER BY "heldAt"`,
      [customerId],
    );
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('an unverified customer is sent no order mail and staff are; verifying sends the held mails once, as the orders are now', async () => {
  const customer = await app.customer('unverified');
  const ME = '{ me { emailVerified } }';
  expect((await app.gql(ME, {}, customer)).data!.me).toEqual({ emailVerified: false });
  const product = await app.product({ name: `Held Knife ${Date.now()}`, quantity: 4 });
  const cancelled = await app.placeOrder(customer, product.id, 2);
  await smtp.waitFor(subjectIs(`Low stock: ${product.name} (2 left)`));
  const cancel = await app.gql('mutation($id: ID!) { cancelOrder(id: $id) { id } }', { id: cancelled.id }, customer);
  expect(cancel.errors).toBeUndefined();
  const paid = await app.placeOrder(customer, product.id);
  await mailsOf(
    () => app.payOrder(customer, paid.id),
    () => [`New paid order #${short(paid)}: $25.00`],
  );
  // Received and cancelled, received and paid: four mails, each held rather than sent.
  const held = await heldFor(customer.user.id, 4);
  expect(held.map(({ job }) => `${job.template} ${short({ id: job.order.orderId })}`).sort()).toEqual(
    [
      `order-received ${short(cancelled)}`,
      `order-cancelled ${short(cancelled)}`,
      `order-received ${short(paid)}`,
      `payment-received ${short(paid)}`,
    ].sort(),
  );
  expect(smtp.mails.filter((mail) => mail.to.includes(customer.email))).toEqual([]);

  // The first sign-in whose token says the address is verified releases them: per order the
  // newest (the order as it is now) and the receipt; an "order received" is news no more.
  const verified = await app.verifyEmail(customer);
  const released = await mailsOf(
    async () => expect((await app.gql(ME, {}, verified)).data!.me).toEqual({ emailVerified: true }),
    () => [`Keen order cancelled: #${short(cancelled)}`, `Keen payment received: #${short(paid)}`],
  );
  for (const mail of released) expect(mail.to).toEqual([customer.email]);
  const receipt = released.find((mail) => mail.subject.startsWith('Keen payment'))!;
  expect(receipt.body).toContain((await app.db.getRepository(Order).findOneByOrFail({ id: paid.id })).transactionId!);
  expect(await heldFor(customer.user.id, 0)).toEqual([]);

  // Verification is recorded once; a release that is run again (its event redelivered, or a retry
  // after it stopped before forgetting the held mails) sends nothing twice.
  await mailsOf(
    async () => {
      expect((await app.gql(ME, {}, await app.signIn(customer.email))).data!.me).toEqual({ emailVerified: true });
      for (const row of held) {
        await app.db.query(`INSERT INTO "held_mail" ("key", "customerId", "orderId", "job") VALUES ($1, $2, $3, $4)`, [
          row.key,
          row.customerId,
          row.orderId,
          JSON.stringify(row.job),
        ]);
      }
      await app.services.notifications!.release(customer.user.id);
      await app.services.notifications!.release(customer.user.id);
    },
    () => [],
  );
  const events: { count: string }[] = await app.db.query(
    `SELECT count(*) FROM "outbox_event" WHERE "name" = 'user.emailVerified' AND "aggregateId" = $1`,
    [customer.user.id],
  );
  expect(Number(events[0].count)).toBe(1);

  // Verified now: the next order's mails go at once.
  await mailsOf(
    async () => app.placeOrder(verified, (await app.product()).id),
    (order) => [`Keen order received: #${short(order)}`],
  );
});
