import { startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

test('liveness and readiness answer once migrations are applied', async () => {
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  const ready = await fetch(`${app.url}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready' });
});

test('the committed migrations match the entities exactly', async () => {
  const pending = await app.db.driver.createSchemaBuilder().log();
  expect(pending.upQueries.map((query) => query.query)).toEqual([]);
});

test('every response carries a request id, echoing the one sent, behind Express and before it', async () => {
  const probe = await fetch(`${app.url}/healthz`, { headers: { 'x-request-id': 'trace-123' } });
  expect(probe.headers.get('x-request-id')).toBe('trace-123');
  const graphql = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': 'trace-456' },
    body: JSON.stringify({ query: '{ __typename }' }),
  });
  expect(graphql.headers.get('x-request-id')).toBe('trace-456');
});

test('runtime config for the browser names the emulator, the test payment provider and how the shop charges', async () => {
  const config = await (await fetch(`${app.url}/config.json`)).json();
  expect(config.authEmulatorUrl).toBe(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`);
  expect(config.paymentProvider).toBe('test');
  expect(config.ageVerification).toBe('test');
  expect(config.firebase.projectId).toBe('demo-keen');
  expect(config.shop).toEqual({ currency: 'USD', locale: 'en-US', country: 'US', pricesIncludeTax: false });
});
