import { User } from '../../src/modules/users/user.entity';
import { US } from '../support/addresses';
import { dateOfBirth, verifyAdult } from '../support/blades';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * A customer's own data: the export's contents, and an erasure (by the customer, or by an admin on
 * their request) leaving the orders as financial records and the age evidence, and nothing else
 * personal anywhere in the database; every role refused what is not theirs.
 */

let app: TestApp;
let admin: TestSession & { user: User };

const MY_DATA = '{ myData }';
const DELETE = `mutation($input: DeleteMyAccountInput!) { deleteMyAccount(input: $input) {
  erasedAt cancelledOrders reviews reviewsChoice kept { what count why } } }`;
const CUSTOMER_DATA = 'query($userId: ID!, $reason: String!) { customerData(userId: $userId, reason: $reason) }';
const ERASE = `mutation($userId: ID!, $input: EraseCustomerInput!) { eraseCustomer(userId: $userId, input: $input) {
  cancelledOrders reviews reviewsChoice kept { what count } } }`;
const REQUESTS = 'query($userId: ID!) { privacyRequests(userId: $userId) { kind adminEmail reason } }';

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminUser();
});
afterAll(() => app.close());

interface Person {
  session: TestSession & { user: User };
  name: string;
  phone: string;
  street: string;
  stamp: string;
  paidOrderId: string;
  unpaidOrderId: string;
}

/** A customer with everything the shop can hold of them: profile, address, a paid and an unpaid order, a review, a message, an age check. */
async function personWithData(prefix: string): Promise<Person> {
  await webhookEndpoint();
  const session = await app.verifyEmail(await app.customer(prefix));
  const stamp = Math.random().toString(36).slice(2, 8);
  const name = `Priya Private ${stamp}`;
  // Unique to this person: the test looks for it in every table after the erasure.
  const phone = `+1 415 ${Math.floor(Math.random() * 800 + 200)} ${Math.floor(Math.random() * 9000 + 1000)}`;
  const street = `${stamp} Secret Lane`;
  const ok = async (query: string, variables: Record<string, unknown>) => {
    const answer = await app.gql(query, variables, session);
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!;
  };
  await ok('mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }', {
    input: { name, phone, address: `${street}, Springfield`, img: '/uploads/0123456789abcdef0123456789abcdef.png' },
  });
  await ok('mutation($input: AddressInput!) { saveAddress(input: $input) { id } }', { input: { ...US, name, line1: street, phone } });
  await verifyAdult(app, session);
  const knife = await app.product({ price: 80, ageRestricted: true });
  const place = (productId: string) =>
    ok('mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }', {
      input: {
        lines: [{ productId, quantity: 1 }],
        phone,
        address: `${street}, San Francisco, United States`,
        giftMessage: `For ${name}`,
        workshopNote: `Call ${phone}`,
      },
    });
  const paid = (await place(knife.id)).placeOrder.id as string;
  await app.payOrder(session, paid);
  const unpaid = (await place((await app.product({ price: 20 })).id)).placeOrder.id as string;
  await ok('mutation($input: AddReviewInput!) { addReview(input: $input) { id } }', {
    input: { star: 5, description: `Sharp from the box ${stamp}` },
  });
  await ok('mutation($input: SendMessageInput!) { sendMessage(input: $input) }', {
    input: { name, email: session.email, message: `Please call me on ${phone}`, kind: 'QUESTION' },
  });
  return {
    session: { ...session, user: await app.db.getRepository(User).findOneByOrFail({ email: session.email }) },
    name,
    phone,
    street,
    stamp,
    paidOrderId: paid,
    unpaidOrderId: unpaid,
  };
}

let endpointMade = false;

/** A webhook endpoint for order events: its delivery log keeps each body, which names the customer. */
async function webhookEndpoint() {
  if (endpointMade) return;
  endpointMade = true;
  const created = await app.gql(
    'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }',
    { input: { url: 'http://127.0.0.1:9/hooks', events: ['order.placed', 'order.paid'] } },
    admin,
  );
  if (created.errors) throw new Error(JSON.stringify(created.errors));
}

/** Every table's rows whose text holds `needle`, by table (case-insensitive). */
async function tablesHolding(needle: string): Promise<Record<string, number>> {
  const tables: { table_name: string }[] = await app.db.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const found: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const [{ count }] = await app.db.query(`SELECT count(*)::int AS count FROM "${table}" t WHERE row_to_json(t)::text ILIKE $1`, [
      `%${needle}%`,
    ]);
    if (count) found[table] = count;
  }
  return found;
}

/**
 * Where an erasure leaves personal data on purpose: the age evidence (for its retention) and the
 * committed events' log (deleted after EVENT_RETENTION_DAYS). docs/security.md lists both.
 */
const KEPT_ON_PURPOSE = ['age_evidence', 'outbox_event'];

test('anonymous callers are refused every operation (401)', async () => {
  const someone = await app.customer('anon-target');
  for (const [query, variables] of [
    [MY_DATA, {}],
    [DELETE, { input: { confirmEmail: someone.email, reviews: 'REMOVE' } }],
    [CUSTOMER_DATA, { userId: someone.user.id, reason: 'asked' }],
    [ERASE, { userId: someone.user.id, input: { reason: 'asked', reviews: 'REMOVE' } }],
  ] as const) {
    expect(codeOf(await app.gql(query, variables))).toBe('UNAUTHENTICATED');
  }
  expect(await app.db.getRepository(User).findOneByOrFail({ id: someone.user.id })).toMatchObject({ erasedAt: null });
});

test("a customer is refused the admin's operations and sees only their own data", async () => {
  const nosy = await app.verifyEmail(await app.customer('nosy'));
  const target = await personWithData('target');
  expect(codeOf(await app.gql(CUSTOMER_DATA, { userId: target.session.user.id, reason: 'curious' }, nosy))).toBe('FORBIDDEN');
  expect(codeOf(await app.gql(ERASE, { userId: target.session.user.id, input: { reason: 'x', reviews: 'REMOVE' } }, nosy))).toBe(
    'FORBIDDEN',
  );
  expect(codeOf(await app.gql(REQUESTS, { userId: target.session.user.id }, nosy))).toBe('FORBIDDEN');
  // Their own export names nothing of the other customer; typing the other's e-mail deletes nothing.
  const mine = await app.gql(MY_DATA, {}, nosy);
  expect(mine.data!.myData).not.toContain(target.session.email);
  const refused = await app.gql(DELETE, { input: { confirmEmail: target.session.email, reviews: 'REMOVE' } }, nosy);
  expect([codeOf(refused), messageOf(refused)]).toEqual(['BAD_USER_INPUT', 'Type the e-mail address of your account to confirm']);
  expect(await app.db.getRepository(User).findOneByOrFail({ id: target.session.user.id })).toMatchObject({ erasedAt: null });
  expect(await app.db.getRepository(User).findOneByOrFail({ email: nosy.email })).toMatchObject({ erasedAt: null });
});

test('the export holds the profile, consents, addresses, orders with lines, reviews, messages and age checks, never a date of birth', async () => {
  const person = await personWithData('exporter');
  const answer = await app.gql(MY_DATA, {}, person.session);
  expect(answer.errors).toBeUndefined();
  const text = answer.data!.myData as string;
  const data = JSON.parse(text);
  expect(data.profile).toMatchObject({ id: person.session.user.id, name: person.name, email: person.session.email, phone: person.phone });
  expect(data.consents).toEqual({ orderEmails: true });
  expect(data.addresses).toEqual([expect.objectContaining({ line1: person.street, country: 'US' })]);
  expect(data.orders.map((order: { id: string }) => order.id).sort()).toEqual([person.paidOrderId, person.unpaidOrderId].sort());
  const paid = data.orders.find((order: { id: string }) => order.id === person.paidOrderId);
  expect(paid).toMatchObject({ state: 'Paid', giftMessage: `For ${person.name}`, totals: { total: 8000 } });
  expect(paid.lines).toEqual([expect.objectContaining({ quantity: 1, lineAmount: 8000 })]);
  expect(data.reviews).toEqual([expect.objectContaining({ stars: 5, text: `Sharp from the box ${person.stamp}` })]);
  expect(data.messages).toEqual([
    expect.objectContaining({ kind: 'QUESTION', message: `Please call me on ${person.phone}`, quoteOrderId: null }),
  ]);
  expect(data.ageChecks.length).toBeGreaterThan(0);
  expect(data.ageChecks[0]).toMatchObject({ status: 'PASSED', ageBracket: expect.any(String) });
  expect(text).not.toContain(dateOfBirth(30));
  expect(text).not.toMatch(/dateOfBirth/i);
  // Their own export is logged, without an admin or a reason.
  expect((await app.gql(REQUESTS, { userId: person.session.user.id }, admin)).data!.privacyRequests).toEqual([
    { kind: 'export', adminEmail: null, reason: null },
  ]);
});

test('deleting your account keeps the orders and age evidence, anonymised, and nothing else personal; the sign-in is gone', async () => {
  const person = await personWithData('leaver');
  const { user } = person.session;
  // The webhook log names them before the erasure.
  await app.settled();
  expect(await tablesHolding(user.email)).toHaveProperty('webhook_delivery');
  // Keen's own access token, taken before (it lasts an hour).
  const exchanged = await fetch(`${app.url}/api/users/${encodeURIComponent(user.email)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${person.session.token}` },
  });
  const { token: accessToken } = (await exchanged.json()) as { token: string };
  expect(
    (await fetch(`${app.url}/api/orders?email=${encodeURIComponent(user.email)}`, { headers: { authorization: `Bearer ${accessToken}` } }))
      .status,
  ).toBe(200);
  const evidenceBefore: { count: number }[] = await app.db.query(
    `SELECT count(*)::int AS count FROM "age_evidence" WHERE "customerId" = $1`,
    [user.id],
  );
  const deleted = await app.gql(
    DELETE,
    { input: { confirmEmail: ` ${user.email.toUpperCase()} `, reviews: 'KEEP_AS_A_CUSTOMER' } },
    person.session,
  );
  expect(deleted.errors).toBeUndefined();
  const receipt = deleted.data!.deleteMyAccount;
  expect(receipt).toMatchObject({ cancelledOrders: 1, reviews: 1, reviewsChoice: 'KEEP_AS_A_CUSTOMER' });
  expect(receipt.kept).toEqual([
    expect.objectContaining({ what: '2 orders', count: 2 }),
    expect.objectContaining({ what: `${evidenceBefore[0].count} age check records`, count: evidenceBefore[0].count }),
  ]);

  // The orders stay as financial records: totals, payment reference and destination country, nobody's name.
  const orders: Record<string, unknown>[] = await app.db.query(
    `SELECT "id", "state", "userName", "email", "phone", "address", "shippingAddress", "giftMessage", "workshopNote", "totalAmount", "transactionId"
       FROM "order" WHERE "customerId" = $1 ORDER BY "totalAmount" DESC`,
    [user.id],
  );
  expect(orders).toEqual([
    expect.objectContaining({ id: person.paidOrderId, state: 'Paid', totalAmount: 8000, transactionId: expect.any(String) }),
    expect.objectContaining({ id: person.unpaidOrderId, state: 'Cancelled', totalAmount: 2000 }),
  ]);
  for (const order of orders) {
    expect(order).toMatchObject({ userName: 'A customer', email: `erased-${user.id}@erased.invalid`, phone: '', address: 'US' });
    expect(order).toMatchObject({ shippingAddress: null, giftMessage: null, workshopNote: null });
  }
  // The review stays, by "A customer".
  const [review] = await app.db.query(`SELECT "name", "userName", "email", "authorId", "img" FROM "review" WHERE "description" = $1`, [
    `Sharp from the box ${person.stamp}`,
  ]);
  expect(review).toEqual({
    name: 'A customer',
    userName: 'A customer',
    email: `erased-${user.id}@erased.invalid`,
    authorId: null,
    img: null,
  });

  // Nothing personal anywhere else: the e-mail, name, phone and street only where kept on purpose.
  for (const needle of [user.email, person.name, person.phone, person.street]) {
    const holding = Object.keys(await tablesHolding(needle)).filter((table) => !KEPT_ON_PURPOSE.includes(table));
    expect({ needle, holding }).toEqual({ needle, holding: [] });
  }
  const evidenceAfter: { count: number }[] = await app.db.query(
    `SELECT count(*)::int AS count FROM "age_evidence" WHERE "customerId" = $1`,
    [user.id],
  );
  expect(evidenceAfter).toEqual(evidenceBefore);

  await expect(app.services.identity.auth.getUserByEmail(user.email)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  // The old tokens no longer sign anyone in, and make no profile of the address again.
  expect(codeOf(await app.gql(MY_DATA, {}, person.session))).toBe('UNAUTHENTICATED');
  expect(
    (await fetch(`${app.url}/api/orders?email=${encodeURIComponent(user.email)}`, { headers: { authorization: `Bearer ${accessToken}` } }))
      .status,
  ).toBe(401);
  expect(codeOf(await app.gql(MY_DATA, {}, accessToken))).toBe('UNAUTHENTICATED');
  expect(await app.db.getRepository(User).countBy({ email: user.email })).toBe(0);
});

test('an admin exports and erases a customer on request, with a reason, logged; reviews removed by choice; no admin can be erased', async () => {
  const person = await personWithData('requested');
  const { user } = person.session;
  const noReason = await app.gql(CUSTOMER_DATA, { userId: user.id, reason: ' ' }, admin);
  expect([codeOf(noReason), messageOf(noReason)]).toEqual(['BAD_USER_INPUT', 'Reason is Required']);
  const exported = await app.gql(CUSTOMER_DATA, { userId: user.id, reason: 'Letter of 3 December' }, admin);
  expect(JSON.parse(exported.data!.customerData).profile.email).toBe(user.email);

  const erased = await app.gql(ERASE, { userId: user.id, input: { reason: 'E-mail of 5 December', reviews: 'REMOVE' } }, admin);
  expect(erased.errors).toBeUndefined();
  expect(erased.data!.eraseCustomer).toMatchObject({ cancelledOrders: 1, reviews: 1, reviewsChoice: 'REMOVE' });
  expect(await app.db.query(`SELECT 1 FROM "review" WHERE "description" = $1`, [`Sharp from the box ${person.stamp}`])).toEqual([]);
  expect((await app.gql(REQUESTS, { userId: user.id }, admin)).data!.privacyRequests).toEqual([
    { kind: 'erasure', adminEmail: admin.email, reason: 'E-mail of 5 December' },
    { kind: 'export', adminEmail: admin.email, reason: 'Letter of 3 December' },
  ]);
  // Erased once: there is no such customer any more, in the Users list either.
  const listed = await app.gql(
    'query($options: UserListOptions) { users(options: $options) { totalItems } }',
    {
      options: { search: user.id },
    },
    admin,
  );
  expect(listed.data!.users.totalItems).toBe(0);
  const again = await app.gql(ERASE, { userId: user.id, input: { reason: 'again', reviews: 'REMOVE' } }, admin);
  expect(codeOf(again)).toBe('NOT_FOUND');

  const otherAdmin = await app.adminUser();
  const refused = await app.gql(ERASE, { userId: otherAdmin.user.id, input: { reason: 'asked', reviews: 'REMOVE' } }, admin);
  expect(messageOf(refused)).toBe("An admin's account cannot be deleted: remove the admin role first");
  expect(await app.db.getRepository(User).findOneByOrFail({ id: otherAdmin.user.id })).toMatchObject({ erasedAt: null });
});
