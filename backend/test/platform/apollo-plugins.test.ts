import type { ApolloServerPlugin } from '@apollo/server';
import type { AppGraphQLContext } from '../../src/app/services';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * An Apollo Server plugin registered once sees every GraphQL request, whichever way it is answered:
 * by Apollo's request pipeline, by the GraphQL endpoint itself (a text Apollo accepted before), or
 * from the read cache (app/graphql-handler.ts). It sees each once, with its operation and its errors,
 * through the hooks Apollo calls for a document it has parsed and validated before.
 */
interface SeenRequest {
  /** The operation's name as the request gave it. */
  requested: string | null;
  /** The operation's name as resolved (`didResolveOperation`). */
  operationName?: string | null;
  /** The hooks called, in order. */
  hooks: string[];
  /** The codes of the errors `didEncounterErrors` was given, and of the answer's errors. */
  encountered: string[];
  answered: string[];
}

let app: TestApp;
let admin: TestSession;
/** Every request the plugin saw start, in order. */
const seen: SeenRequest[] = [];
const seenBy = new WeakMap<object, SeenRequest>();

const counting: ApolloServerPlugin<AppGraphQLContext> = {
  async requestDidStart(requestContext) {
    const entry: SeenRequest = { requested: requestContext.request.operationName ?? null, hooks: [], encountered: [], answered: [] };
    seen.push(entry);
    seenBy.set(requestContext, entry);
    return {
      async didResolveSource() {
        entry.hooks.push('didResolveSource');
      },
      async parsingDidStart() {
        entry.hooks.push('parsingDidStart');
      },
      async validationDidStart() {
        entry.hooks.push('validationDidStart');
      },
      async didResolveOperation({ operationName }) {
        entry.hooks.push('didResolveOperation');
        entry.operationName = operationName;
      },
      async executionDidStart() {
        entry.hooks.push('executionDidStart');
        return {
          async executionDidEnd() {
            entry.hooks.push('executionDidEnd');
          },
        };
      },
      async didEncounterErrors({ errors }) {
        entry.hooks.push('didEncounterErrors');
        entry.encountered.push(...errors.map((error) => String(error.extensions?.code ?? '(none)')));
      },
      async willSendResponse({ response }) {
        entry.hooks.push('willSendResponse');
        if (response.body.kind === 'single')
          entry.answered = (response.body.singleResult.errors ?? []).map((error) => String(error.extensions?.code));
      },
    };
  },
  async unexpectedErrorProcessingRequest({ requestContext, error }) {
    const entry = seenBy.get(requestContext)!;
    entry.hooks.push('unexpectedErrorProcessingRequest');
    entry.encountered.push(error.message.split('\n')[0]);
  },
};

beforeAll(async () => {
  app = await startTestApp({}, { plugins: [counting] });
  admin = await app.adminUser();
  await app.product({ name: 'Plugin Knife', price: 12 });
});
afterAll(() => app?.close());

async function post(body: object, session?: TestSession): Promise<{ status: number; body: Record<string, any> }> {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session.token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** What the plugin saw of one request (exactly one), with its answer and the SQL statements it sent. */
async function seenOf(body: object, session?: TestSession) {
  await app.settled();
  const before = seen.length;
  app.queries.count = 0;
  app.queries.counting = true;
  const answer = await post(body, session).finally(() => (app.queries.counting = false));
  expect(seen.length - before).toBe(1);
  return { ...answer, statements: app.queries.count, request: seen[before] };
}

/** The hooks Apollo calls for a document it has parsed and validated before. */
const ANSWERED = ['didResolveSource', 'didResolveOperation', 'executionDidStart', 'executionDidEnd', 'willSendResponse'];
const REFUSED = [
  'didResolveSource',
  'didResolveOperation',
  'executionDidStart',
  'didEncounterErrors',
  'executionDidEnd',
  'willSendResponse',
];

test('an anonymous public query is seen when Apollo answers it, when the read cache does, and on the fast path', async () => {
  const body = { query: 'query Catalogue { products(options: { take: 1 }) { totalItems items { name } } }', operationName: 'Catalogue' };
  const first = await seenOf(body);
  expect(first.statements).toBeGreaterThan(0);
  expect(first.request).toEqual({
    requested: 'Catalogue',
    operationName: 'Catalogue',
    hooks: ['didResolveSource', 'parsingDidStart', 'validationDidStart', ...ANSWERED.slice(1)],
    encountered: [],
    answered: [],
  });

  const cached = await seenOf(body);
  expect(cached.statements).toBe(0);
  expect(cached.body).toEqual(first.body);
  // The read cache answers as a plugin's `responseForOperation` would: nothing is executed.
  expect(cached.request).toEqual({
    requested: 'Catalogue',
    operationName: 'Catalogue',
    hooks: ['didResolveSource', 'didResolveOperation', 'willSendResponse'],
    encountered: [],
    answered: [],
  });

  // Signed in, the same query is never cached: run again on the fast path.
  const uncached = await seenOf(body, admin);
  expect(uncached.statements).toBeGreaterThan(0);
  expect(uncached.body).toEqual(first.body);
  expect(uncached.request).toEqual({ requested: 'Catalogue', operationName: 'Catalogue', hooks: ANSWERED, encountered: [], answered: [] });
});

test('an accepted query and an accepted mutation are seen on the fast path, as Apollo shows them', async () => {
  const me = { query: 'query Me { me { email } }' };
  for (let i = 0; i < 2; i += 1) {
    const { body, request } = await seenOf(me, admin);
    expect(body).toEqual({ data: { me: { email: admin.email } } });
    expect(request.operationName).toBe('Me');
    expect(request.hooks.slice(-4)).toEqual(ANSWERED.slice(1));
  }

  const query = 'mutation CreateKnife($input: ProductInput!) { createProduct(input: $input) { name } }';
  for (const name of ['Plugin Knife One', 'Plugin Knife Two']) {
    const input = { name, description: 'Sharp', img: '/images/santoku.svg', price: 9, quantity: 1, minimumQuantity: 1 };
    const { body, request } = await seenOf({ query, variables: { input } }, admin);
    expect(body).toEqual({ data: { createProduct: { name } } });
    expect(request).toEqual(expect.objectContaining({ requested: null, operationName: 'CreateKnife', encountered: [], answered: [] }));
  }
  expect(seen.at(-1)!.hooks).toEqual(ANSWERED);
});

test("a mutation refused with the caller's error is seen with its error, on the fast path as through Apollo", async () => {
  const query = 'mutation Refused($input: ProductInput!) { createProduct(input: $input) { id } }';
  const input = {
    name: 'Plugin Knife Three',
    description: 'Sharp',
    img: '/images/santoku.svg',
    price: -1,
    quantity: 1,
    minimumQuantity: 1,
  };
  const answers = [];
  for (let i = 0; i < 2; i += 1) answers.push(await seenOf({ query, variables: { input } }, admin));
  expect(answers[1].body).toEqual(answers[0].body);
  expect(answers[0].body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  for (const { request } of answers) {
    expect(request).toEqual(
      expect.objectContaining({ operationName: 'Refused', encountered: ['BAD_USER_INPUT'], answered: ['BAD_USER_INPUT'] }),
    );
  }
  expect(answers[1].request.hooks).toEqual(REFUSED);
});

test('a request Apollo refuses is seen once, with its error', async () => {
  const invalid = await seenOf({ query: 'query Invalid { nothingHere }', operationName: 'Invalid' });
  expect(invalid.status).toBe(400);
  expect(invalid.request).toEqual({
    requested: 'Invalid',
    hooks: ['didResolveSource', 'parsingDidStart', 'validationDidStart', 'didEncounterErrors', 'willSendResponse'],
    encountered: ['GRAPHQL_VALIDATION_FAILED'],
    answered: ['GRAPHQL_VALIDATION_FAILED'],
  });

  // graphql-armor's token limit parses the text in `parsingDidStart` and throws its syntax error, so
  // Apollo ends the request as an unexpected error (a 500) instead of sending a response.
  const broken = await seenOf({ query: 'query Broken { products(', operationName: 'Broken' });
  expect(broken.status).toBe(500);
  expect(broken.request).toEqual({
    requested: 'Broken',
    hooks: ['didResolveSource', 'parsingDidStart', 'unexpectedErrorProcessingRequest'],
    encountered: ['Syntax Error: Expected Name, found <EOF>.'],
    answered: [],
  });
});
