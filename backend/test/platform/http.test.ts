import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'keen-client-'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Keen shop</title>');
writeFileSync(path.join(clientDir, 'graphiql.html'), '<!doctype html><title>Keen GraphiQL</title>');

beforeAll(async () => {
  app = await startTestApp({ CLIENT_DIR: clientDir });
});
afterAll(() => app.close());

test('a browser opening /graphql gets the self-hosted GraphiQL page', async () => {
  const response = await fetch(`${app.url}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml' } });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('Keen GraphiQL');
});

test('a GraphQL client posting to /graphql gets JSON, not the page', async () => {
  const response = await app.gql('{ products(options: { take: 1 }) { totalItems } }');
  expect(response.data?.products.totalItems).toBe(0);
});

test('client routes fall back to the app, with history-friendly caching', async () => {
  const response = await fetch(`${app.url}/dashboard/myOrders`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(await response.text()).toContain('Keen shop');
});

test('unknown API paths answer JSON 404, not the app', async () => {
  const response = await fetch(`${app.url}/api/no-such-thing`);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ message: 'No such API route' });
});

test('demo product drawings are served', async () => {
  const response = await fetch(`${app.url}/images/santoku.svg`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('image/svg+xml');
});

test('an Authorization header that is not a bearer token is refused, not treated as anonymous', async () => {
  for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b']) {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(response.status).toBe(401);
    expect((await response.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  }
});

test('GraphQL bodies: UTF-8 JSON is answered before Express, another declared charset is decoded by express.json, junk is a 400', async () => {
  const post = (contentType: string, body: string | Uint8Array<ArrayBuffer>, authorization?: string) =>
    fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': contentType, ...(authorization ? { authorization } : {}) },
      body,
    }).then(async (response) => ({ status: response.status, body: await response.json() }));
  const query = JSON.stringify({ query: '{ __typename }' });
  const answered = { status: 200, body: { data: { __typename: 'Query' } } };
  expect(await post('application/json', query)).toEqual(answered);
  expect(await post('application/json; charset=utf-8', query)).toEqual(answered);
  expect(await post('application/json; charset=utf-16le', new Uint8Array(Buffer.from(query, 'utf16le')))).toEqual(answered);
  const unreadable = {
    status: 400,
    body: { errors: [{ message: 'The request body is not valid JSON', extensions: { code: 'BAD_REQUEST' } }] },
  };
  expect(await post('application/json', '{"query": ')).toEqual(unreadable);
  // A signed-in caller's body is read ahead too, and the token is checked.
  expect((await post('application/json', query, 'Bearer not-a-token')).status).toBe(401);
});
