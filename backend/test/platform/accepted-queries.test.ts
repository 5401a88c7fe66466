import type { IncomingMessage } from 'node:http';
import { pino } from 'pino';
import { createApolloServer, type KeenApolloServer } from '../../src/app/apollo';
import { GraphQLEndpoint, type GraphQLAnswer } from '../../src/app/graphql-handler';
import { buildKeenSchema } from '../../src/app/graphql-schema';
import { CompiledOperations } from '../../src/app/jit-executor';
import { loadConfig } from '../../src/config';
import type { Product } from '../../src/modules/catalog/product.entity';
import { databaseUnavailable } from '../../src/common/errors';
import { startTestApp, type TestApp } from '../support/harness';

/**
 * A query Apollo Server has accepted once is run again without Apollo's request pipeline
 * (app/graphql-handler.ts, app/jit-executor.ts). These tests run Keen's own endpoint, schema,
 * services and database behind an Apollo Server that counts the requests its pipeline answers, and
 * check that the answers are the same bytes either way, queries and mutations alike, errors
 * included (formatted as Apollo formats them), and that nothing runs twice.
 */
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const PRODUCTS = '{ products(options: { take: 2 }) { totalItems items { id name price } } }';
const PRODUCT = 'query($id: ID!) { product(id: $id) { id name } }';

let app: TestApp;
let apollo: KeenApolloServer;
let endpoint: GraphQLEndpoint;
let knife: Product;
/** Requests Apollo's pipeline saw. */
let throughApollo = 0;

beforeAll(async () => {
  // The read cache off: the anonymous queries here would otherwise be answered from it.
  app = await startTestApp({ METRICS_TOKEN, RATE_LIMIT_FAILED_SIGN_INS: '3', READ_CACHE: 'false' });
  const operations = new CompiledOperations(await buildKeenSchema());
  apollo = createApolloServer(operations, { graphql: app.config.graphql, logger: pino({ level: 'silent' }) });
  const pipeline = apollo.executeHTTPGraphQLRequest.bind(apollo);
  apollo.executeHTTPGraphQLRequest = (request) => {
    throughApollo += 1;
    return pipeline(request);
  };
  await apollo.start();
  endpoint = new GraphQLEndpoint(apollo, operations, app.services, app.db);
  knife = await app.product({ name: 'Accepted Queries Knife', price: 12 });
  await app.product({ name: 'Accepted Queries Dagger', price: 14 });
});
afterAll(async () => {
  await apollo?.stop();
  await app?.close();
});

/** A POST as the front door hands it over: the body parsed, the headers as sent. */
function post(body: object, headers: Record<string, string> = {}): Promise<GraphQLAnswer> {
  const req = {
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...headers },
  } as unknown as IncomingMessage;
  return endpoint.answer(req, body, () => '203.0.113.7');
}

/** An answer as its client sees it: status, headers and body. */
interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function seen(answer: Promise<GraphQLAnswer>): Promise<Seen> {
  const { status, headers, body } = await answer;
  if (typeof body !== 'string') throw new Error('expected a whole answer');
  return { status, headers: Object.fromEntries(headers), body };
}

/** How many requests Apollo's pipeline saw while `work` ran. */
async function apolloRequestsDuring(work: () => Promise<unknown>): Promise<number> {
  const before = throughApollo;
  await work();
  return throughApollo - before;
}

test('a query answered once is answered again without Apollo, with the same status, headers and bytes', async () => {
  const body = { query: PRODUCTS };
  let first!: Seen;
  expect(await apolloRequestsDuring(async () => (first = await seen(post(body))))).toBe(1);
  expect(first.status).toBe(200);
  expect(JSON.parse(first.body).data.products.items).toHaveLength(2);
  expect(first.body.endsWith('}\n')).toBe(true);
  for (let i = 0; i < 3; i += 1) {
    let again!: Seen;
    expect(await apolloRequestsDuring(async () => (again = await seen(post(body))))).toBe(0);
    expect(again).toEqual(first);
  }
});

test('the same text with another operation name, or with extensions, goes through Apollo', async () => {
  const named = { query: 'query Named { products(options: { take: 1 }) { totalItems } }' };
  expect(await apolloRequestsDuring(() => post(named))).toBe(1);
  expect(await apolloRequestsDuring(() => post({ ...named, operationName: 'Named' }))).toBe(1);
  expect(await apolloRequestsDuring(() => post({ ...named, operationName: 'Named' }))).toBe(0);
  expect(await apolloRequestsDuring(() => post({ ...named, extensions: {} }))).toBe(1);
  expect(await apolloRequestsDuring(() => post({ ...named, extensions: {} }))).toBe(1);
});

test("the answer's content type follows the Accept header as Apollo chose it; an Accept Apollo refuses is always Apollo's", async () => {
  const body = { query: '{ engravingFonts { id } }' };
  const accept = 'application/graphql-response+json, application/json;q=0.9';
  const first = await seen(post(body, { accept }));
  expect(first.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
  let again!: Seen;
  expect(await apolloRequestsDuring(async () => (again = await seen(post(body, { accept }))))).toBe(0);
  expect(again).toEqual(first);
  expect((await seen(post(body))).headers['content-type']).toBe('application/json; charset=utf-8');
  for (let i = 0; i < 2; i += 1) {
    let refused!: Seen;
    expect(await apolloRequestsDuring(async () => (refused = await seen(post(body, { accept: 'text/html' }))))).toBe(1);
    expect(refused.status).toBe(406);
  }
});

test("an accepted query whose answer is the caller's error is answered as Apollo answered it, without Apollo; its resolvers run once", async () => {
  const body = { query: PRODUCT, variables: { id: '00000000-0000-4000-8000-000000000000' } };
  const answers: Seen[] = [];
  const requests: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    app.queries.counting = true;
    app.queries.texts = [];
    requests.push(await apolloRequestsDuring(async () => answers.push(await seen(post(body)))));
    app.queries.counting = false;
    expect(app.queries.texts).toHaveLength(1);
  }
  expect(requests).toEqual([1, 0, 0]);
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[2]).toEqual(answers[0]);
  expect(answers[0].status).toBe(200);
  expect(JSON.parse(answers[0].body)).toEqual({
    errors: [{ message: 'Product not found', locations: [{ line: 1, column: 19 }], path: ['product'], extensions: { code: 'NOT_FOUND' } }],
    data: null,
  });
});

test('an internal error or a passing outage on an accepted query is answered as Apollo answered it, without Apollo', async () => {
  const query = 'query Failing($id: ID!) { product(id: $id) { id } }';
  const body = { query, variables: { id: knife.id } };
  for (const [n, failure] of [new TypeError('a bug'), databaseUnavailable()].entries()) {
    const find = jest.spyOn(app.services.catalog, 'find').mockRejectedValue(failure);
    const answers: Seen[] = [];
    const requests: number[] = [];
    let runs: number;
    try {
      // A new text each time, so that Apollo answers the first.
      const asked = { ...body, query: `${query}${' '.repeat(n)}` };
      for (let i = 0; i < 2; i += 1) requests.push(await apolloRequestsDuring(async () => answers.push(await seen(post(asked)))));
      runs = find.mock.calls.length;
    } finally {
      find.mockRestore();
    }
    expect(requests).toEqual([1, 0]);
    expect(answers[1]).toEqual(answers[0]);
    expect(runs).toBe(2);
    expect(answers[0].status).toBe(n === 0 ? 200 : 503);
  }
});

test('a bad variable to an accepted query is refused as Apollo refused it, without Apollo', async () => {
  expect((await seen(post({ query: PRODUCT, variables: { id: knife.id } }))).status).toBe(200);
  const refusals: Seen[] = [];
  // A new text, so that Apollo refuses the first time.
  const query = `${PRODUCT}\n`;
  const requests: number[] = [];
  for (let i = 0; i < 2; i += 1)
    requests.push(await apolloRequestsDuring(async () => refusals.push(await seen(post({ query, variables: { id: 7.5 } })))));
  expect(requests).toEqual([1, 0]);
  expect(refusals[1]).toEqual(refusals[0]);
  expect(refusals[0].status).toBe(400);
  expect(JSON.parse(refusals[0].body).errors[0].extensions.code).toBe('BAD_USER_INPUT');
});

test('a bad token on an accepted query is refused by Apollo and counted once as a failed sign-in', async () => {
  const body = { query: '{ me { email } }' };
  const shopper = await app.customer();
  expect((await seen(post(body, { authorization: `Bearer ${shopper.token}` }))).status).toBe(200);
  const statuses = [];
  for (let i = 0; i < 4; i += 1) statuses.push((await seen(post(body, { authorization: 'Bearer not-a-token' }))).status);
  // RATE_LIMIT_FAILED_SIGN_INS is 3: counted twice, the third would already be refused.
  expect(statuses).toEqual([401, 401, 401, 429]);
});

test('a mutation answered once is run again without Apollo, doing its work each time; its refusals answered as Apollo answered them', async () => {
  const admin = await app.adminUser();
  const query = 'mutation($input: ProductInput!) { createProduct(input: $input) { name } }';
  const create = (input: object) => seen(post({ query, variables: { input } }, { authorization: `Bearer ${admin.token}` }));
  const requests: number[] = [];
  for (const name of ['Mutation Knife One', 'Mutation Knife Two']) {
    const input = { name, description: 'Sharp', img: '/images/santoku.svg', price: 9, quantity: 1, minimumQuantity: 1 };
    let answer!: Seen;
    requests.push(await apolloRequestsDuring(async () => (answer = await create(input))));
    expect(JSON.parse(answer.body)).toEqual({ data: { createProduct: { name } } });
  }
  expect(requests).toEqual([1, 0]);
  const made = await app.db.query(`SELECT name FROM product WHERE name LIKE 'Mutation Knife %' ORDER BY name`);
  expect(made).toEqual([{ name: 'Mutation Knife One' }, { name: 'Mutation Knife Two' }]);

  const refusedQuery = 'mutation Refused($input: ProductInput!) { createProduct(input: $input) { id } }';
  const refuse = () =>
    seen(
      post(
        {
          query: refusedQuery,
          variables: {
            input: {
              name: 'Mutation Knife Three',
              description: 'Sharp',
              img: '/images/santoku.svg',
              price: -1,
              quantity: 1,
              minimumQuantity: 1,
            },
          },
        },
        { authorization: `Bearer ${admin.token}` },
      ),
    );
  let first!: Seen;
  let again!: Seen;
  expect(await apolloRequestsDuring(async () => (first = await refuse()))).toBe(1);
  expect(await apolloRequestsDuring(async () => (again = await refuse()))).toBe(0);
  expect(again).toEqual(first);
  expect(JSON.parse(first.body).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  expect(await app.db.query(`SELECT 1 FROM product WHERE name = 'Mutation Knife Three'`)).toEqual([]);
});

test('operations answered without Apollo are counted in the metrics as Apollo counts them, refusals as errors', async () => {
  const countOf = async (label: string) => {
    const text = await (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${label} `));
    return line ? Number(line.slice(label.length + 1)) : 0;
  };
  const ok = 'keen_graphql_operations_total{operation="query me",outcome="ok"}';
  const refused = 'keen_graphql_operations_total{operation="query product",outcome="error"}';
  const shopper = await app.customer();
  const before = [await countOf(ok), await countOf(refused)];
  for (let i = 0; i < 4; i += 1) expect((await app.gql('{ me { email } }', {}, shopper)).data).toEqual({ me: { email: shopper.email } });
  const missing = { id: '00000000-0000-4000-8000-000000000001' };
  for (let i = 0; i < 3; i += 1) expect((await app.gql(PRODUCT, missing)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  expect([(await countOf(ok)) - before[0], (await countOf(refused)) - before[1]]).toEqual([4, 3]);
});

test('once Apollo has stopped, no query is answered without it', async () => {
  const operations = new CompiledOperations(await buildKeenSchema());
  const config = loadConfig({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST! });
  const stopping = createApolloServer(operations, { graphql: config.graphql, logger: pino({ level: 'silent' }) });
  await stopping.start();
  const ownEndpoint = new GraphQLEndpoint(stopping, operations, app.services, app.db);
  const req = { method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' } } as unknown as IncomingMessage;
  expect((await ownEndpoint.answer(req, { query: PRODUCTS }, () => 'x')).status).toBe(200);
  expect(operations.acceptedQuery(PRODUCTS, null)).toBeDefined();
  await stopping.stop();
  expect(operations.acceptedQuery(PRODUCTS, null)).toBeUndefined();
  const answer = await ownEndpoint.answer(req, { query: PRODUCTS }, () => 'x');
  expect(answer.status).toBeGreaterThanOrEqual(500);
});
