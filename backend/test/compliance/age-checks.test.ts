import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { AgeEvidence, AgeEvidenceKind } from '../../src/modules/compliance/age-evidence.entity';
import { complianceWork } from '../../src/modules/compliance/compliance.work';
import { ComplianceService } from '../../src/modules/compliance/compliance.service';
import { DeclaredAgeVerifier } from '../../src/modules/compliance/declared-age-verifier';
import { Order, OrderState } from '../../src/modules/orders/order.entity';
import { Product } from '../../src/modules/catalog/product.entity';
import { User } from '../../src/modules/users/user.entity';
import { restClient } from '../support/rest-client';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { startSmtpCatcher } from '../support/smtp-catcher';
import { UK, US } from '../support/addresses';
import { apiKey, dateOfBirth, DOCUMENT, orderTo, PLACE, SET_RULE, setUpZones, until, VERIFY } from '../support/blades';

const ME = '{ me { ageVerification { id status method checkedAt ageBracket validUntil } } }';
const HISTORY = 'query($id: ID!) { orderHistory(id: $id) { fromState toState note } }';
const SHIP =
  'mutation($id: ID!, $tracking: ShipmentTrackingInput) { markShipped(id: $id, tracking: $tracking) { state ageVerifiedDelivery } }';
const EVIDENCE = `query($orderId: ID!) { ageChecks(orderId: $orderId) {
  id kind orderId checkId customerEmail fullName method status ageBracket providerReference country minimumAge handover ageVerifiedDelivery note createdAt } }`;
const DAY_MS = 24 * 60 * 60 * 1000;

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let admin: TestSession;
/** Every webhook body the shop sent. */
const hooks: string[] = [];
let hookServer: http.Server;
let knife: Product;
let dagger: Product;
let stone: Product;

/** A customer whose e-mail is verified (their order mails are sent). */
async function customer(prefix: string): Promise<TestSession & { user: User }> {
  const { user, ...signedUp } = await app.customer(prefix);
  const session = await app.verifyEmail(signedUp);
  expect((await app.gql('{ me { id } }', {}, session)).errors).toBeUndefined();
  return { ...session, user: await app.db.getRepository(User).findOneByOrFail({ id: user.id }) };
}

const verify = (session: TestSession, dateOfBirth: string, fullName = 'Ada Steel') =>
  app.gql(VERIFY, { input: { fullName, dateOfBirth } }, session);
const place = (session: TestSession, input: object) => app.gql(PLACE, { input }, session);
const checksOf = (email: string) =>
  app.db.getRepository(AgeEvidence).find({ where: { customerEmail: email, kind: AgeEvidenceKind.CHECK } });

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  hookServer = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      hooks.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Keen <shop@keen.test>',
    JOB_POLL_SECONDS: '0.5',
    WEBHOOK_RETRY_DELAY_SECONDS: '1',
    MAX_UNPAID_ORDERS: '50',
  });
  admin = await app.adminUser();
  await setUpZones(app, admin);
  // The UK by default (18, age-verified handover); the US at 21, handed over as any parcel.
  for (const input of [
    { country: 'GB', allowed: true },
    { country: 'US', allowed: true, minimumAge: 21, handover: 'standard' },
  ]) {
    const { errors } = await app.gql(SET_RULE, { input }, admin);
    if (errors) throw new Error(JSON.stringify(errors));
  }
  const { port } = hookServer.address() as AddressInfo;
  const hook = await app.gql(
    'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret } }',
    { input: { url: `http://127.0.0.1:${port}/hooks`, events: ['order.age_check_passed', 'order.age_check_failed'] } },
    admin,
  );
  if (hook.errors) throw new Error(JSON.stringify(hook.errors));
  knife = await app.product({ name: `Engraved Santoku ${Date.now()}`, ageRestricted: true, quantity: 50 });
  dagger = await app.product({ name: `Boot Dagger ${Date.now()}`, ageRestricted: true, minimumAge: 21, quantity: 50 });
  stone = await app.product({ name: `Whetstone ${Date.now()}`, quantity: 50 });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  hookServer.closeAllConnections();
  await new Promise((resolve) => hookServer.close(resolve));
});

test('who may check ages and read the evidence: anonymous first, then customers and keys without compliance:read', async () => {
  const shopper = await app.customer('age-roles');
  expect(codeOf(await app.gql(VERIFY, { input: { fullName: '', dateOfBirth: 'soon' } }))).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql(DOCUMENT, { input: { document: '' } }))).toBe('UNAUTHENTICATED');
  // The evidence names the address that signed it: a customer whose address is not verified checks nothing.
  for (const unverified of [
    await app.gql(VERIFY, { input: { fullName: 'Ada Steel', dateOfBirth: dateOfBirth(30) } }, shopper),
    await app.gql(DOCUMENT, { input: { document: 'test_document_adult' } }, shopper),
  ])
    expect([codeOf(unverified), messageOf(unverified)]).toEqual(['BAD_USER_INPUT', 'Verify your e-mail address before checking your age']);
  expect(await checksOf(shopper.email)).toEqual([]);
  const orders = await apiKey(app, admin, ['orders:read', 'orders:write', 'users:read']);
  const compliance = await apiKey(app, admin, ['compliance:read']);
  expect(messageOf(await app.gql(VERIFY, { input: { fullName: 'A', dateOfBirth: dateOfBirth(30) } }, compliance))).toBe(
    'API keys cannot do this: it needs a signed-in person',
  );
  const orderId = '00000000-0000-4000-8000-000000000000';
  expect(codeOf(await app.gql(EVIDENCE, { orderId: 'not an id' }))).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql(EVIDENCE, { orderId }, shopper))).toBe('FORBIDDEN');
  const keyed = await app.gql(EVIDENCE, { orderId }, orders);
  expect([codeOf(keyed), messageOf(keyed)]).toEqual(['FORBIDDEN', 'This API key lacks the scope compliance:read']);
  expect((await app.gql(EVIDENCE, { orderId }, compliance)).data!.ageChecks).toEqual([]);
  expect(codeOf(await app.gql(EVIDENCE, { orderId: 'not an id' }, admin))).toBe('NOT_FOUND');

  const csv = (token?: string) =>
    fetch(`${app.url}/api/admin/export/age-checks.csv?from=2026-01-01&to=2026-01-31`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }).then((response) => response.status);
  expect(await csv()).toBe(401);
  expect(await csv(shopper.token)).toBe(403);
  expect(await csv(orders)).toBe(403);
  expect(await csv(compliance)).toBe(200);
  expect(await csv(admin.token)).toBe(200);
});

test('without a passed check an age-restricted order is refused, on GraphQL and REST alike, and takes nothing; other products sell', async () => {
  const shopper = await customer('no-check');
  const refused = await place(shopper, orderTo(UK, [{ productId: knife.id, quantity: 1 }]));
  expect(codeOf(refused)).toBe('AGE_CHECK_REQUIRED');
  expect(messageOf(refused)).toBe(`Confirm your age to buy ${knife.name}`);
  // Old clients cannot get round it: the REST layer places orders through the same service.
  const rest = await restClient(app)('POST', '/orders', {
    as: shopper,
    body: { productCode: knife.id, quantity: 1, phone: '+1 555 0100', address: '1 Old Street, Springfield, United Kingdom' },
  });
  expect(rest).toEqual({ status: 403, body: { message: `Confirm your age to buy ${knife.name}` } });
  expect(await app.db.getRepository(Order).countBy({ email: shopper.email })).toBe(0);
  expect((await app.db.getRepository(Product).findOneByOrFail({ id: knife.id })).quantity).toBe(50);

  const plain = await place(shopper, orderTo(UK, [{ productId: stone.id, quantity: 1 }]));
  expect(plain.data!.placeOrder).toMatchObject({ ageRestricted: false, minimumAge: null, deliveryHandover: null, parcelNotice: null });
});

test('bad input is refused in the form’s words and records nothing', async () => {
  const shopper = await customer('bad-age');
  const refusal = async (fullName: string, dateOfBirth: string) => {
    const answer = await verify(shopper, dateOfBirth, fullName);
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    return messageOf(answer);
  };
  expect(await refusal('Ada Steel', dateOfBirth(-1))).toBe('Your date of birth cannot be in the future');
  expect(await refusal('Ada Steel', '17/05/1990')).toBe('Enter your date of birth as YYYY-MM-DD');
  expect(await refusal('Ada Steel', '1990-02-30')).toBe('Enter your date of birth as YYYY-MM-DD');
  expect(await refusal(' ', '1990-05-17')).toBe('Full name is Required');
  expect(await checksOf(shopper.email)).toEqual([]);
});

test('an adult passes; the pass is reused for later orders until AGE_CHECK_VALID_DAYS, each order carrying its destination’s rule', async () => {
  const shopper = await customer('adult');
  const passed = (await verify(shopper, dateOfBirth(30))).data!.verifyAge;
  // The shop's minimum ages are 18 (its default, the UK) and 21 (the US, the dagger): 30 proves the higher.
  expect(passed).toMatchObject({ status: 'PASSED', method: 'test', ageBracket: '21+' });
  expect(new Date(passed.validUntil).getTime() - new Date(passed.checkedAt).getTime()).toBe(365 * DAY_MS);
  expect((await app.gql(ME, {}, shopper)).data!.me.ageVerification).toEqual(passed);

  const uk = (await place(shopper, orderTo(UK, [{ productId: knife.id, quantity: 1 }]))).data!.placeOrder;
  expect(uk).toMatchObject({
    ageRestricted: true,
    minimumAge: 18,
    deliveryHandover: 'ageVerified',
    parcelNotice: 'Contains a bladed article. Deliver only into the hands of a person aged 18 or over.',
  });
  const us = (await place(shopper, orderTo(US, [{ productId: knife.id, quantity: 1 }]))).data!.placeOrder;
  expect(us).toMatchObject({ minimumAge: 21, deliveryHandover: 'standard' });
  expect(await checksOf(shopper.email)).toHaveLength(1);
  const [placed] = (await app.gql(HISTORY, { id: uk.id }, admin)).data!.orderHistory;
  expect(placed.note).toMatch(
    /^Age check passed \(test, 21\+, .* UTC, test_age_[0-9a-f-]+\); United Kingdom: 18 or over, age-verified handover$/,
  );

  // Past its validity the pass is not reused.
  await app.db.query(`UPDATE "age_evidence" SET "createdAt" = now() - interval '366 days' WHERE "id" = $1`, [passed.id]);
  const stale = await place(shopper, orderTo(UK, [{ productId: knife.id, quantity: 1 }]));
  expect([codeOf(stale), messageOf(stale)]).toEqual(['AGE_CHECK_REQUIRED', `Confirm your age to buy ${knife.name}`]);
});

test("each destination's minimum age applies, and a product's own when higher", async () => {
  const shopper = await customer('nineteen');
  expect((await verify(shopper, dateOfBirth(19))).data!.verifyAge).toMatchObject({ status: 'PASSED', ageBracket: '18+' });
  expect((await place(shopper, orderTo(UK, [{ productId: knife.id, quantity: 1 }]))).errors).toBeUndefined();
  // 18 to 20 falls short of the 21 the US and the dagger need: for them the check failed.
  const us = await place(shopper, orderTo(US, [{ productId: knife.id, quantity: 1 }]));
  expect([codeOf(us), messageOf(us)]).toEqual(['AGE_CHECK_FAILED', "We couldn't confirm your age"]);
  const cart = await place(
    shopper,
    orderTo(UK, [
      { productId: knife.id, quantity: 1 },
      { productId: dagger.id, quantity: 1 },
    ]),
  );
  expect(codeOf(cart)).toBe('AGE_CHECK_FAILED');
  // Once the hold is over, an order the pass does not meet asks for a check again.
  await app.db.query(`UPDATE "age_evidence" SET "createdAt" = "createdAt" - interval '25 hours' WHERE "customerEmail" = $1`, [
    shopper.email,
  ]);
  expect(messageOf(await place(shopper, orderTo(UK, [{ productId: dagger.id, quantity: 1 }])))).toBe(
    `Confirm your age to buy ${dagger.name}`,
  );
});

test('a pass short of the highest age the shop sells at holds the ages above for 24 hours: another date of birth a minute later is refused and recorded nowhere', async () => {
  const shopper = await customer('re-roll');
  const first = (await verify(shopper, dateOfBirth(19))).data!.verifyAge;
  expect(first).toMatchObject({ status: 'PASSED', ageBracket: '18+' });
  const [row] = await checksOf(shopper.email);
  expect(row).toMatchObject({ ageAtLeast: 18, ageBelow: 21 });

  const dagger21 = await place(shopper, orderTo(UK, [{ productId: dagger.id, quantity: 1 }]));
  expect([codeOf(dagger21), messageOf(dagger21)]).toEqual(['AGE_CHECK_FAILED', "We couldn't confirm your age"]);
  for (const reroll of [
    await verify(shopper, dateOfBirth(30)),
    await app.gql(DOCUMENT, { input: { document: 'test_document_adult' } }, shopper),
  ])
    expect([codeOf(reroll), messageOf(reroll)]).toEqual(['AGE_CHECK_FAILED', "We couldn't confirm your age"]);
  expect(await checksOf(shopper.email)).toHaveLength(1);
  expect((await app.gql(ME, {}, shopper)).data!.me.ageVerification).toMatchObject({ id: first.id, status: 'PASSED' });
  // What the pass covers still sells.
  expect((await place(shopper, orderTo(UK, [{ productId: knife.id, quantity: 1 }]))).errors).toBeUndefined();
  expect(await app.db.getRepository(Order).countBy({ email: shopper.email })).toBe(1);
  const [{ events }] = await app.db.query(
    `SELECT count(*)::int AS "events" FROM "outbox_event" WHERE "name" LIKE 'order.age_check_%' AND "aggregateId" = $1`,
    [shopper.user.id],
  );
  expect(events).toBe(1);
});

test('a check that contradicts an earlier one is refused with a 400, recorded against it, and holds checkout as a failure does', async () => {
  const shopper = await customer('contradiction');
  const adult = (await verify(shopper, dateOfBirth(30))).data!.verifyAge;
  const minor = await verify(shopper, dateOfBirth(17));
  expect([codeOf(minor), messageOf(minor)]).toEqual(['BAD_USER_INPUT', 'This age check contradicts an earlier one; contact the shop']);
  const refused = (await checksOf(shopper.email)).find((check) => check.id !== adult.id)!;
  expect(refused).toMatchObject({ status: 'FAILED', checkId: adult.id, ageBracket: null, ageAtLeast: null, ageBelow: null });
  expect(refused.note).toMatch(new RegExp(`^Contradicts check ${adult.id} \\(21\\+, .+Z\\): this one answered under 18$`));
  expect((await app.gql(ME, {}, shopper)).data!.me.ageVerification).toMatchObject({ id: refused.id, status: 'FAILED' });
  expect(codeOf(await place(shopper, orderTo(UK, [{ productId: knife.id, quantity: 1 }])))).toBe('AGE_CHECK_FAILED');
  // A day on, the pass before it no longer counts; a check that agrees with the first is taken.
  await app.db.query(`UPDATE "age_evidence" SET "createdAt" = "createdAt" - interval '25 hours' WHERE "customerEmail" = $1`, [
    shopper.email,
  ]);
  expect(codeOf(await place(shopper, orderTo(UK, [{ productId: knife.id, quantity: 1 }])))).toBe('AGE_CHECK_REQUIRED');
  expect((await verify(shopper, dateOfBirth(31))).data!.verifyAge).toMatchObject({ status: 'PASSED', ageBracket: '21+' });

  // "Under 18" yesterday and "21+" today: refused. "Under 18" yesterday and "18+" today: a birthday.
  const young = await customer('contradiction-young');
  await verify(young, dateOfBirth(18, 1));
  const older = async (days: number) =>
    app.db.query(`UPDATE "age_evidence" SET "createdAt" = "createdAt" - make_interval(days => $2) WHERE "customerEmail" = $1`, [
      young.email,
      days,
    ]);
  await older(1);
  expect(messageOf(await verify(young, dateOfBirth(30)))).toBe('This age check contradicts an earlier one; contact the shop');
  await older(1);
  expect((await verify(young, dateOfBirth(18))).data!.verifyAge).toMatchObject({ status: 'PASSED', ageBracket: '18+' });
  // "18 to 20" last month and "under 18" now: refused.
  await older(30);
  expect(messageOf(await verify(young, dateOfBirth(17)))).toBe('This age check contradicts an earlier one; contact the shop');
  expect((await checksOf(young.email)).map((check) => check.status).sort()).toEqual(['FAILED', 'FAILED', 'FAILED', 'PASSED']);
});

test('age checks are limited per customer (RATE_LIMIT_AGE_CHECKS, 5 an hour): the 6th asks no provider and records nothing', async () => {
  expect(app.config.rateLimits.allowances.ageCheck).toEqual({ points: 5, seconds: 3600 });
  const shopper = await customer('busy-checker');
  for (let i = 0; i < 4; i += 1) expect((await verify(shopper, dateOfBirth(30 + i))).errors).toBeUndefined();
  expect((await verify(shopper, dateOfBirth(30), 'Needs Document')).data!.verifyAge.status).toBe('NEEDS_DOCUMENT');
  // The document and another check would each be a 6th call to the provider.
  for (const limited of [
    await app.gql(DOCUMENT, { input: { document: 'test_document_adult' } }, shopper),
    await verify(shopper, dateOfBirth(40)),
  ]) {
    expect(codeOf(limited)).toBe('RATE_LIMITED');
    expect(messageOf(limited)).toMatch(/^Too many requests; please try again in \d+ seconds$/);
  }
  expect(await checksOf(shopper.email)).toHaveLength(5);
  const [{ events }] = await app.db.query(
    `SELECT count(*)::int AS "events" FROM "outbox_event" WHERE "name" LIKE 'order.age_check_%' AND "aggregateId" = $1`,
    [shopper.user.id],
  );
  expect(events).toBe(4);
});

test('a failed check holds age-restricted checkout for 24 hours, unexplained', async () => {
  const shopper = await customer('minor');
  // Eighteen tomorrow: not yet.
  const failed = (await verify(shopper, dateOfBirth(18, 1))).data!.verifyAge;
  expect(failed).toMatchObject({ status: 'FAILED', ageBracket: 'under 18' });
  expect(new Date(failed.validUntil).getTime() - new Date(failed.checkedAt).getTime()).toBe(DAY_MS);
  expect((await app.gql(ME, {}, shopper)).data!.me.ageVerification).toMatchObject({ id: failed.id, status: 'FAILED' });

  for (const refused of [
    await place(shopper, orderTo(UK, [{ productId: knife.id, quantity: 1 }])),
    await verify(shopper, dateOfBirth(40)),
    await app.gql(DOCUMENT, { input: { document: 'test_document_adult' } }, shopper),
  ])
    expect([codeOf(refused), messageOf(refused)]).toEqual(['AGE_CHECK_FAILED', "We couldn't confirm your age"]);
  expect(await checksOf(shopper.email)).toHaveLength(1);
  expect((await place(shopper, orderTo(UK, [{ productId: stone.id, quantity: 1 }]))).errors).toBeUndefined();

  // A day on (and a birthday later), checks are taken again.
  await app.db.query(`UPDATE "age_evidence" SET "createdAt" = "createdAt" - interval '25 hours' WHERE "customerEmail" = $1`, [
    shopper.email,
  ]);
  expect(codeOf(await place(shopper, orderTo(UK, [{ productId: knife.id, quantity: 1 }])))).toBe('AGE_CHECK_REQUIRED');
  expect((await verify(shopper, dateOfBirth(18))).data!.verifyAge.status).toBe('PASSED');
  expect((await place(shopper, orderTo(UK, [{ productId: knife.id, quantity: 1 }]))).errors).toBeUndefined();
});

test('"Needs Document" waits for a document: the test document passes with the same provider reference', async () => {
  const shopper = await customer('document');
  expect(messageOf(await app.gql(DOCUMENT, { input: { document: 'test_document_adult' } }, shopper))).toBe(
    'No age check of yours is waiting for a document',
  );
  const waiting = (await verify(shopper, dateOfBirth(30), 'needs document')).data!.verifyAge;
  expect(waiting).toMatchObject({ status: 'NEEDS_DOCUMENT', ageBracket: null, validUntil: null });
  expect(codeOf(await place(shopper, orderTo(UK, [{ productId: knife.id, quantity: 1 }])))).toBe('AGE_CHECK_REQUIRED');
  expect(messageOf(await app.gql(DOCUMENT, { input: { document: 'passport.jpg' } }, shopper))).toBe(
    'Unknown test document: send test_document_adult (passes) or test_document_minor (fails)',
  );
  const passed = (await app.gql(DOCUMENT, { input: { document: 'test_document_adult' } }, shopper)).data!.submitAgeDocument;
  expect(passed).toMatchObject({ status: 'PASSED', method: 'test', ageBracket: '21+' });
  const [first, second] = (await checksOf(shopper.email)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  expect([first.status, second.status, second.providerReference]).toEqual(['NEEDS_DOCUMENT', 'PASSED', first.providerReference]);
  expect((await place(shopper, orderTo(UK, [{ productId: dagger.id, quantity: 1 }]))).errors).toBeUndefined();

  const minor = await customer('document-minor');
  await verify(minor, dateOfBirth(30), 'Needs Document');
  const failed = (await app.gql(DOCUMENT, { input: { document: 'test_document_minor' } }, minor)).data!.submitAgeDocument;
  expect(failed).toMatchObject({ status: 'FAILED', ageBracket: 'under 18' });
});

test('the declared method needs the signed declaration, keeps it with its time and signer, and forgets the date of birth', async () => {
  const shopper = await customer('declared');
  const declared = new ComplianceService(app.db, new DeclaredAgeVerifier(), app.config.ageChecks, app.services.limits);
  const caller = { user: shopper.user, emailVerified: true };
  const input = { fullName: 'Casey Blade', dateOfBirth: '1990-05-17' };
  await expect(declared.verifyAge(caller, input)).rejects.toThrow('Sign the declaration to confirm your age');
  const check = await declared.verifyAge(caller, { ...input, declaration: true });
  expect(check).toMatchObject({ status: 'PASSED', method: 'declared', ageBracket: '21+' });
  const [row] = await checksOf(shopper.email);
  expect(row.declaration).toBe(`I, Casey Blade, declare that the date of birth I gave is my own and true (signed by ${shopper.email})`);
  expect(row.providerReference).toMatch(/^declared_/);
  expect(JSON.stringify(row)).not.toMatch(/1990|05-17/);
});

test('checks raise order.age_check_passed and order.age_check_failed; no date of birth is kept or sent anywhere', async () => {
  const shopper = await customer('hooks');
  const born = dateOfBirth(33, 11);
  const failed = (await verify(shopper, dateOfBirth(12, 3), 'Hook Person')).data!.verifyAge;
  // Years on (the failure moved back), the same person passes.
  await app.db.query(`UPDATE "age_evidence" SET "createdAt" = "createdAt" - interval '22 years' WHERE "id" = $1`, [failed.id]);
  const passed = (await verify(shopper, born, 'Hook Person')).data!.verifyAge;
  const events = await until(async () => {
    const mine = hooks.map((body) => JSON.parse(body)).filter((event) => event.data.customer?.email === shopper.email);
    return mine.length >= 2 && mine;
  });
  // Deliveries to one endpoint may arrive in either order; each event is delivered once here.
  expect(events.map((event) => [event.type, event.data.checkId]).sort()).toEqual([
    ['order.age_check_failed', failed.id],
    ['order.age_check_passed', passed.id],
  ]);
  expect(events.find((event) => event.type === 'order.age_check_passed').data).toMatchObject({
    status: 'PASSED',
    method: 'test',
    ageBracket: '21+',
    providerReference: expect.stringMatching(/^test_age_/),
    customer: { email: shopper.email, name: expect.any(String) },
  });
  for (const date of [born, dateOfBirth(12, 3)]) {
    const [{ evidence, events: raised }] = await app.db.query(
      `SELECT (SELECT count(*) FROM "age_evidence" e WHERE row_to_json(e)::text LIKE $1)::int AS "evidence",
              (SELECT count(*) FROM "outbox_event" o WHERE o."payload"::text LIKE $1)::int AS "events"`,
      [`%${date}%`],
    );
    expect({ evidence, raised }).toEqual({ evidence: 0, raised: 0 });
    expect(hooks.some((body) => body.includes(date))).toBe(false);
  }
});

describe('shipping an age-restricted order', () => {
  let shopper: TestSession;
  let ukOrder: string;
  beforeAll(async () => {
    shopper = await customer('parcel');
    await verify(shopper, dateOfBirth(25));
    ukOrder = (await place(shopper, orderTo(UK, [{ productId: knife.id, quantity: 1 }]))).data!.placeOrder.id;
    await app.payOrder(shopper, ukOrder);
  });

  test('to the UK it ships only with an age-verified delivery service (GraphQL and REST); the history says how it went', async () => {
    const before = await app.db.getRepository(Order).findOneByOrFail({ id: ukOrder });
    const refused = await app.gql(SHIP, { id: ukOrder, tracking: { carrier: 'Royal Mail', number: 'RM1' } }, admin);
    expect([codeOf(refused), messageOf(refused)]).toEqual([
      'BAD_USER_INPUT',
      'Age-restricted orders to United Kingdom ship only with an age-verified delivery service',
    ]);
    const rest = await restClient(app)('PUT', `/orders?id=${ukOrder}`, { as: admin, body: { status: 'Shipped' } });
    expect(rest).toEqual({
      status: 400,
      body: { message: 'Age-restricted orders to United Kingdom ship only with an age-verified delivery service' },
    });
    expect(await app.db.getRepository(Order).findOneByOrFail({ id: ukOrder })).toMatchObject({
      state: OrderState.Paid,
      trackingCarrier: null,
      ageVerifiedDelivery: null,
    });
    // Each refusal is a line of the order's history, and changes nothing else about the order.
    expect(await app.db.getRepository(Order).findOneByOrFail({ id: ukOrder })).toEqual(before);
    const refusal = {
      fromState: 'Paid',
      toState: 'Paid',
      note: 'Shipping refused: Age-restricted orders to United Kingdom ship only with an age-verified delivery service',
    };
    expect((await app.gql(HISTORY, { id: ukOrder }, admin)).data!.orderHistory.slice(-2)).toEqual([refusal, refusal]);
    const [{ events }] = await app.db.query(
      `SELECT count(*)::int AS "events" FROM "outbox_event" WHERE "aggregateId" = $1 AND "name" = 'order.shipped'`,
      [ukOrder],
    );
    expect(events).toBe(0);

    const shipped = await app.gql(
      SHIP,
      { id: ukOrder, tracking: { carrier: 'Royal Mail', number: 'RM1', ageVerifiedDelivery: true } },
      admin,
    );
    expect(shipped.data!.markShipped).toEqual({ state: 'Shipped', ageVerifiedDelivery: true });
    const history = (await app.gql(HISTORY, { id: ukOrder }, admin)).data!.orderHistory;
    expect(history.at(-1)).toEqual({
      fromState: 'Paid',
      toState: 'Shipped',
      note: 'Carrier: Royal Mail, Tracking number: RM1, Age-verified delivery',
    });
  });

  test('the shipped e-mail tells the customer an adult must receive the parcel and may be asked for ID; other parcels say nothing of it', async () => {
    const [mail] = await smtp.waitFor((caught) => caught.subject === `Your Keen order has shipped: #${ukOrder.slice(0, 8)}`);
    expect(mail.body.replace(/\s+/g, ' ')).toContain(
      'This parcel contains a bladed article: an adult (aged 18 or over) must receive it, and may be asked for ID.',
    );
    const plain = (await place(shopper, orderTo(UK, [{ productId: stone.id, quantity: 1 }]))).data!.placeOrder.id;
    await app.payOrder(shopper, plain);
    expect((await app.gql(SHIP, { id: plain }, admin)).errors).toBeUndefined();
    const [other] = await smtp.waitFor((caught) => caught.subject === `Your Keen order has shipped: #${plain.slice(0, 8)}`);
    expect(other.body).not.toContain('bladed article');
  });

  test('a standard destination ships without one, unless its rule now asks for an age-verified handover', async () => {
    const standard = (await place(shopper, orderTo(US, [{ productId: knife.id, quantity: 1 }]))).data!.placeOrder.id;
    const tightened = (await place(shopper, orderTo(US, [{ productId: knife.id, quantity: 1 }]))).data!.placeOrder.id;
    for (const id of [standard, tightened]) await app.payOrder(shopper, id);
    const shipped = await app.gql(SHIP, { id: standard }, admin);
    expect(shipped.data!.markShipped).toEqual({ state: 'Shipped', ageVerifiedDelivery: false });
    const history = (await app.gql(HISTORY, { id: standard }, admin)).data!.orderHistory;
    expect(history.at(-1).note).toBe('Standard delivery (no age-verified handover required)');

    await app.gql(SET_RULE, { input: { country: 'US', allowed: true, minimumAge: 21, handover: 'ageVerified' } }, admin);
    try {
      expect(messageOf(await app.gql(SHIP, { id: tightened }, admin))).toBe(
        'Age-restricted orders to United States ship only with an age-verified delivery service',
      );
      expect((await app.gql(HISTORY, { id: tightened }, admin)).data!.orderHistory.at(-1)).toEqual({
        fromState: 'Paid',
        toState: 'Paid',
        note: 'Shipping refused: Age-restricted orders to United States ship only with an age-verified delivery service',
      });
    } finally {
      await app.gql(SET_RULE, { input: { country: 'US', allowed: true, minimumAge: 21, handover: 'standard' } }, admin);
    }
  });

  test('the evidence log holds the check, the placing and the shipping; keys with compliance:read read it; CSV by date range', async () => {
    const rows = await until(async () => {
      const answer = (await app.gql(EVIDENCE, { orderId: ukOrder }, admin)).data!.ageChecks;
      return answer.length === 5 && answer;
    });
    const [check, placed, refusedByGraphQL, refusedByRest, shipped] = rows;
    expect(check).toMatchObject({ kind: 'CHECK', orderId: null, status: 'PASSED', method: 'test', customerEmail: shopper.email });
    expect(placed).toMatchObject({
      kind: 'ORDER_PLACED',
      orderId: ukOrder,
      checkId: check.id,
      status: 'PASSED',
      method: 'test',
      ageBracket: check.ageBracket,
      providerReference: check.providerReference,
      country: 'GB',
      minimumAge: 18,
      handover: 'ageVerified',
      ageVerifiedDelivery: null,
    });
    // The refused attempts: who tried, and why.
    for (const refused of [refusedByGraphQL, refusedByRest])
      expect(refused).toMatchObject({
        kind: 'SHIPPING_REFUSED',
        orderId: ukOrder,
        customerEmail: shopper.email,
        country: 'GB',
        minimumAge: 18,
        handover: 'ageVerified',
        ageVerifiedDelivery: false,
        note: `Age-restricted orders to United Kingdom ship only with an age-verified delivery service (tried by ${admin.email})`,
      });
    expect(shipped).toMatchObject({
      kind: 'ORDER_SHIPPED',
      orderId: ukOrder,
      country: 'GB',
      handover: 'ageVerified',
      ageVerifiedDelivery: true,
      note: 'Carrier: Royal Mail, Tracking number: RM1, Age-verified delivery',
    });
    const key = await apiKey(app, admin, ['compliance:read']);
    expect((await app.gql(EVIDENCE, { orderId: ukOrder }, key)).data!.ageChecks).toEqual(rows);

    const csv = async (query: string) => {
      const response = await fetch(`${app.url}/api/admin/export/age-checks.csv?${query}`, { headers: { authorization: `Bearer ${key}` } });
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
    };
    const today = new Date().toISOString().slice(0, 10);
    const all = await csv(`from=${today}&to=${today}`);
    expect(all.status).toBe(200);
    expect(all.type).toMatch(/^text\/csv/);
    const lines = all.text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'at,kind,orderId,customerEmail,fullName,method,status,ageBracket,providerReference,declaration,country,minimumAge,handover,ageVerifiedDelivery,note,checkId,id,productId',
    );
    for (const row of rows) expect(lines.some((line) => line.endsWith(`,${row.id},`))).toBe(true);
    expect(lines.find((line) => line.endsWith(`,${shipped.id},`))).toContain(',ORDER_SHIPPED,');
    expect((await csv('from=2020-01-01&to=2020-01-31')).text.split('\r\n').filter(Boolean)).toHaveLength(1);
    expect(JSON.parse((await csv(`from=${today}&to=2020-01-01`)).text)).toEqual({ message: 'to must be on or after from' });
    expect(JSON.parse((await csv(`to=${today}`)).text)).toEqual({ message: 'from must be a date (YYYY-MM-DD)' });
  });
});

test('evidence past AGE_EVIDENCE_RETENTION_YEARS (6) is pruned by the recurring job; younger evidence stays', async () => {
  expect(app.config.ageChecks.retentionYears).toBe(6);
  const rows = app.db.getRepository(AgeEvidence);
  const aged = async (years: number) =>
    (
      await rows.save(
        rows.create({
          kind: AgeEvidenceKind.CHECK,
          customerEmail: `old-${years}@keen.test`,
          createdAt: new Date(Date.now() - years * 365.25 * DAY_MS),
        }),
      )
    ).id;
  const old = await aged(7);
  const young = await aged(5);
  const job = complianceWork(app.services, app.config, pino({ level: 'silent' })).recurring!.find(
    ({ name }) => name === 'compliance.prune-evidence',
  )!;
  expect(app.work.recurring).toContain(job.name);
  await job.run();
  expect(await rows.existsBy({ id: old })).toBe(false);
  expect(await rows.existsBy({ id: young })).toBe(true);
});
