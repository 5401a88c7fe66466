import { startTestApp, type TestApp } from '../support/harness';
import { relayToTestServer } from '../support/relay';

const relay = relayToTestServer();
let app: TestApp;
let token: string;

beforeAll(async () => {
  await relay.open();
  app = await startTestApp({}, { databaseAddress: { host: '127.0.0.1', port: relay.port } });
  token = (await app.customer()).token;
});
afterAll(async () => {
  await app.close();
  await relay.cut().catch(() => undefined);
});

const MESSAGE = 'The shop is briefly unavailable; please try again shortly';

test('while PostgreSQL is unreachable, API answers are 503 with Retry-After and a plain message; afterwards all is well again', async () => {
  const cached = await fetch(`${app.url}/api/products`);
  expect(cached.status).toBe(200);
  await relay.cut();

  // An answer the read cache holds is still served; anything that needs the database is a 503.
  const replayed = await fetch(`${app.url}/api/products`);
  expect(replayed.status).toBe(200);
  expect(await replayed.json()).toEqual(await cached.json());

  const rest = await fetch(`${app.url}/api/products?sort=name`);
  expect(rest.status).toBe(503);
  expect(rest.headers.get('retry-after')).toBe('5');
  expect(await rest.json()).toEqual({ message: MESSAGE });

  const graphql = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ products { totalItems } }' }),
  });
  expect(graphql.status).toBe(503);
  expect(graphql.headers.get('retry-after')).toBe('5');
  const answer = (await graphql.json()) as { errors: { message: string; extensions: { code: string } }[] };
  expect(answer.errors[0]).toMatchObject({ message: MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } });

  // Signed in: the caller's row cannot be read either.
  const signedIn = await fetch(`${app.url}/api/orders`, { headers: { authorization: `Bearer ${token}` } });
  expect(signedIn.status).toBe(503);
  expect(await signedIn.json()).toEqual({ message: MESSAGE });
  const signedInGraphql = await app.gql('{ me { id } }', {}, token);
  expect(signedInGraphql.errors![0]).toMatchObject({ message: MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } });

  const ready = await fetch(`${app.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({ status: 'not ready', reason: 'database unreachable' });

  await relay.open();
  expect((await fetch(`${app.url}/api/products`)).status).toBe(200);
  expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
});
