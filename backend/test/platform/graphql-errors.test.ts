import jwt from 'jsonwebtoken';
import { codeOf, startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function post(query: string, authorization?: string) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({ query }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] },
  };
}

describe('a bad bearer token is UNAUTHENTICATED, never anonymous', () => {
  const forged = () =>
    jwt.sign({ email: 'admin@keen.test' }, 'not-the-server-secret-not-the-server-secret', {
      issuer: 'keen',
      subject: 'admin@keen.test',
      expiresIn: '1h',
    });
  const badTokens: [string, () => string][] = [
    ['garbage', () => 'Bearer not-a-token'],
    ['a forged access token', () => `Bearer ${forged()}`],
    ['an expired access token', () => `Bearer ${jwt.sign({}, 'x', { issuer: 'keen', subject: 'a@keen.test', expiresIn: -10 })}`],
    [
      'an ID token for another project',
      () =>
        `Bearer ${jwt.sign({ email: 'a@keen.test' }, 'x', { issuer: 'https://securetoken.google.com/other', audience: 'other', subject: 'u1' })}`,
    ],
  ];

  test.each(badTokens)('%s, even on a public query', async (_name, header) => {
    for (const query of ['{ me { id } }', '{ products { totalItems } }']) {
      const { status, body } = await post(query, header());
      expect(status).toBe(401);
      expect(body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      expect(body.data ?? null).toBeNull();
    }
  });

  test('no header at all is anonymous', async () => {
    const { status, body } = await post('{ me { id } }');
    expect(status).toBe(200);
    expect(body).toEqual({ data: { me: null } });
  });
});

test('each kind of failure carries its code', async () => {
  const customer = await app.customer();
  expect(codeOf(await app.gql('{ product(id: "00000000-0000-4000-8000-000000000000") { id } }'))).toBe('NOT_FOUND');
  expect(codeOf(await app.gql('{ users { totalItems } }', {}, customer))).toBe('FORBIDDEN');
  expect(codeOf(await app.gql('{ myOrders { totalItems } }'))).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql('{ products(options: { take: 1000 }) { totalItems } }'))).toBe('BAD_USER_INPUT');
});

// Last in this file: it breaks the file's own database copy on purpose.
test('internal errors are masked: no SQL, no stack, a generic message', async () => {
  await app.db.query('ALTER TABLE "review" RENAME TO "review_gone"');
  const { body } = await post('{ reviews { totalItems } }');
  const [error] = body.errors!;
  expect(error.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
  expect(error.message).toBe('Something went wrong on our side; please try again');
  expect(JSON.stringify(body)).not.toMatch(/review_gone|relation|select|stacktrace|QueryFailedError/i);
});

describe('a body that cannot be read is a 400 (or 413) in GraphQL form, never a 500', () => {
  const raw = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  test.each([
    ['a small body (read ahead of Express)', '{"query": "{ products { totalItems } }"'],
    ['a large body (read by express.json)', `{"query": "{ products { totalItems } }", "variables": {"pad": "${'x'.repeat(100_000)}"`],
  ])('%s that is not JSON', async (_name, body) => {
    const response = await raw(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [{ message: 'The request body is not valid JSON', extensions: { code: 'BAD_REQUEST' } }],
    });
    // The security headers come with it.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('a body over 1 MB', async () => {
    const response = await raw(JSON.stringify({ query: '{ products { totalItems } }', variables: { pad: 'x'.repeat(1_100_000) } }));
    expect(response.status).toBe(413);
    expect((await response.json()).errors[0].message).toBe('The request body is larger than 1 MB');
  });
});
