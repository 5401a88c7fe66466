import { ApolloServer } from '@apollo/server';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { CompiledOperations } from '../../src/app/jit-executor';

/**
 * Operations run through graphql-jit (app/jit-executor.ts) behind Apollo Server: what graphql-jit
 * does differently from graphql-js is made up for there. The whole API runs through it in every
 * GraphQL suite; this one pins the differences on a small schema.
 */
const received: unknown[] = [];
let server: ApolloServer;

beforeAll(async () => {
  const schema: GraphQLSchema = buildSchema(`
    enum Direction { UP DOWN }
    input Page { take: Int! = 20, skip: Int! = 0, direction: Direction! = UP }
    input Filter { page: Page, pages: [Page!] }
    type Query { items(filter: Filter): String!, broken: String!, plain: Int! }
  `);
  const fields = schema.getQueryType()!.getFields();
  fields.items.resolve = (_source, args: { filter: unknown }) => {
    received.push(args.filter);
    return 'ok';
  };
  fields.broken.resolve = () => null;
  fields.plain.resolve = () => 7;
  server = new ApolloServer({ gateway: new CompiledOperations(schema).gateway() });
  await server.start();
});
afterAll(() => server.stop());
beforeEach(() => {
  received.length = 0;
});

async function run(query: string, variables?: Record<string, unknown>) {
  const { body } = await server.executeOperation({ query, variables });
  if (body.kind !== 'single') throw new Error('expected a single result');
  return body.singleResult;
}

test('input fields a variable leaves out get their defaults, at any depth, as graphql-js gives them', async () => {
  const query = 'query($filter: Filter) { items(filter: $filter) }';
  const result = await run(query, { filter: { page: { take: 5 }, pages: [{}, { skip: 3, direction: 'DOWN' }] } });
  expect(result.errors).toBeUndefined();
  expect(received).toEqual([
    {
      page: { take: 5, skip: 0, direction: 'UP' },
      pages: [
        { take: 20, skip: 0, direction: 'UP' },
        { take: 20, skip: 3, direction: 'DOWN' },
      ],
    },
  ]);
});

test("a bad variable is refused with graphql-js's message and BAD_USER_INPUT, and nothing runs", async () => {
  const result = await run('query($filter: Filter) { items(filter: $filter) }', { filter: { page: { take: 'many' } } });
  expect(result.data).toBeUndefined();
  expect(result.errors).toEqual([
    expect.objectContaining({
      message: 'Variable "$filter" got invalid value "many" at "filter.page.take"; Int cannot represent non-integer value: "many"',
      extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
    }),
  ]);
  expect(received).toEqual([]);
});

test('a null in a non-null field is an error with its path and place in the query, not a failure to answer', async () => {
  const result = await run('{ plain broken }');
  expect(result.data).toBeNull();
  expect(result.errors).toEqual([
    {
      message: 'Cannot return null for non-nullable field Query.broken.',
      locations: [{ line: 1, column: 9 }],
      path: ['broken'],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    },
  ]);
});

test('a document of several operations runs the one named, run after run, and its literal arguments get their defaults too', async () => {
  const document = 'query A { plain } query B { items(filter: { page: { take: 2 } }) }';
  for (let i = 0; i < 3; i += 1) {
    expect((await server.executeOperation({ query: document, operationName: 'A' })).body).toEqual({
      kind: 'single',
      singleResult: { data: { plain: 7 } },
    });
    expect((await run(document.replace('query A', 'query A2'), undefined)).errors?.[0].extensions?.code).toBe(
      'OPERATION_RESOLUTION_FAILURE',
    );
  }
  const named = await server.executeOperation({ query: document, operationName: 'B' });
  expect(named.body).toEqual({ kind: 'single', singleResult: { data: { items: 'ok' } } });
  expect(received).toEqual([{ page: { take: 2, skip: 0, direction: 'UP' } }]);
});
