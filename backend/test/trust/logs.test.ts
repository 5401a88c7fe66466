import { restClient } from '../support/rest-client';
import { capturedLogs } from '../support/shared-app';
import { startTestApp, type TestApp } from '../support/harness';

/** Everything the app logs, at the level `npm start` uses. */
const { lines, logger } = capturedLogs();

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { logger });
});
afterAll(() => app.close());

test('no bearer token, cookie, Stripe signature or password reaches a log line', async () => {
  const api = restClient(app);
  const shopper = await app.customer();
  const exchanged = await api('PUT', `/users/${shopper.email}`, { as: shopper });
  expect(exchanged.status).toBe(200);
  const accessToken: string = exchanged.body.token;
  const secrets = [shopper.token, accessToken, 'keen-session-cookie-value', 't=1,v1=stripe-signature-value', 'hunter2-password'];

  expect((await api('GET', `/orders?email=${shopper.email}`, { as: accessToken })).status).toBe(200);
  expect((await app.gql('{ me { id } }', {}, shopper)).errors).toBeUndefined();
  await fetch(`${app.url}/api/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shopper.token}`, cookie: `session=${secrets[2]}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: shopper.email,
      name: 'Logged Person',
      address: '1 Log Lane',
      phone: '+1 555 0100',
      password: secrets[4],
    }),
  });
  await fetch(`${app.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'stripe-signature': secrets[3], 'content-type': 'application/json' },
    body: '{}',
  });
  // A refused token is logged as a failed request too.
  await api('GET', '/orders', { as: `${accessToken}x` });

  const log = lines.join('');
  // Every request above has its line, with its request id; none names a header that could carry a credential.
  for (const url of ['/api/users', '/api/payments/stripe/webhook', '/graphql', `/api/orders?email=${shopper.email}`]) {
    expect(log).toContain(`"url":"${url}"`);
  }
  expect(log).toMatch(/"reqId":"[0-9a-f-]{36}"/);
  for (const header of ['authorization', 'cookie', 'stripe-signature']) expect(log).not.toContain(`"${header}"`);
  for (const secret of [...secrets, `${accessToken}x`]) expect(log).not.toContain(secret);
  // Each JWT's signature part alone must not leak either.
  for (const token of [shopper.token, accessToken]) expect(log).not.toContain(token.split('.')[2] || token);
});

test('anything else logged with credentials in it has them redacted', () => {
  const { lines: logged, logger } = capturedLogs();
  logger.info(
    { headers: { authorization: 'Bearer abc.def.ghi', cookie: 'session=s3cret', 'stripe-signature': 't=1,v1=sig' }, token: 'tok-123' },
    'x',
  );
  const line = logged.join('');
  for (const secret of ['abc.def.ghi', 's3cret', 'v1=sig', 'tok-123']) expect(line).not.toContain(secret);
  expect(line).toContain('"authorization":"[redacted]"');
  expect(line).toContain('"stripe-signature":"[redacted]"');
});
