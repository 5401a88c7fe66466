import { startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';
import { BALANCE, DISABLE, issueCard } from './support';

/**
 * REST's balance look-up (POST /api/gift-cards/balance): the code in the body, the same answer for
 * an unknown and a disabled code, and the client address's allowance shared with GraphQL's
 * giftCardBalance; described in the OpenAPI document.
 */

let app: TestApp;
let admin: TestSession;
let api: ReturnType<typeof restClient>;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_GIFT_CARD_CODES: '5' });
  api = restClient(app);
  admin = await app.adminUser();
});
afterAll(() => app.close());

test('a code answers its balance in major units; unknown and disabled alike; the allowance is shared with GraphQL', async () => {
  const live = await issueCard(app, admin, 1250);
  const disabled = await issueCard(app, admin, 900);
  await app.gql(DISABLE, { id: disabled.id }, admin);

  const known = await api('POST', '/gift-cards/balance', { body: { code: live.code.toLowerCase() } });
  expect(known).toEqual({
    status: 200,
    body: { lastFour: live.code.slice(-4), balance: 12.5, currency: 'USD', expiresAt: null },
  });
  const unknown = await api('POST', '/gift-cards/balance', { body: { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZ2' } });
  const off = await api('POST', '/gift-cards/balance', { body: { code: disabled.code } });
  expect(unknown).toMatchObject({ status: 400, body: { message: 'There is no gift card •••• ZZZ2' } });
  expect(off).toMatchObject({ status: 400, body: { message: `There is no gift card •••• ${disabled.code.slice(-4)}` } });
  expect((await api('POST', '/gift-cards/balance', { body: { code: 42 } })).status).toBe(400);

  // Five a minute in this app: three used above (a body of the wrong type is refused before counting), two by GraphQL, then 429 on both.
  for (let index = 0; index < 2; index++) expect((await app.gql(BALANCE, { code: live.code })).errors).toBeUndefined();
  expect((await api('POST', '/gift-cards/balance', { body: { code: live.code } })).status).toBe(429);
  expect((await app.gql(BALANCE, { code: live.code })).errors?.[0].extensions?.code).toBe('RATE_LIMITED');
});

test('the OpenAPI document describes the route, its body and its refusals', async () => {
  const { body } = await api('GET', '/openapi.json');
  const operation = body.paths['/gift-cards/balance'].post;
  expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
  expect(JSON.stringify(operation.requestBody)).toContain('code');
});
