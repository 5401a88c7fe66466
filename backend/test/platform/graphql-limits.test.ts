import type { ApolloServer } from '@apollo/server';
import { pino } from 'pino';
import { loadConfig } from '../../src/config';
import { buildKeenSchema } from '../../src/app/graphql-schema';
import { createApolloServer } from '../../src/app/apollo';
import { CompiledOperations } from '../../src/app/jit-executor';
import type { AppGraphQLContext } from '../../src/app/services';
import { startTestApp, type TestApp } from '../support/harness';
import { productionEnv } from '../support/production-env';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const messages = (res: { errors?: { message: string }[] }) => (res.errors ?? []).map((e) => e.message).join('\n');

test('query depth is limited', async () => {
  const nest = (levels: number): string => (levels === 0 ? 'name' : `ofType { ${nest(levels - 1)} }`);
  const shallow = await app.gql(`{ __type(name: "Query") { fields { type { ${nest(4)} } } } }`);
  expect(shallow.errors).toBeUndefined();
  const deep = await app.gql(`{ __type(name: "Query") { fields { type { ${nest(9)} } } } }`);
  expect(deep.data ?? null).toBeNull();
  expect(messages(deep)).toMatch(/depth limit/i);
});

test('fragments add no depth: fields nested through fragments count as the fields they are', async () => {
  const nest = (levels: number): string => (levels === 0 ? 'name' : `ofType { ${nest(levels - 1)} }`);
  // Three fragment spreads around a selection 8 fields deep: within the limit of 10 (11 if each spread counted).
  const spread = await app.gql(
    `{ __type(name: "Query") { ...A } } fragment A on __Type { fields { ...B } } fragment B on __Field { type { ...C } }
     fragment C on __Type { ${nest(4)} }`,
  );
  expect(spread.errors).toBeUndefined();
  const deep = await app.gql(
    `{ __type(name: "Query") { ...A } } fragment A on __Type { fields { ...B } } fragment B on __Field { type { ${nest(9)} } }`,
  );
  expect(messages(deep)).toMatch(/depth limit/i);
});

test('aliases are limited', async () => {
  const aliased = (n: number) =>
    `{ ${Array.from({ length: n }, (_, i) => `a${i}: products(options: { take: 1 }) { totalItems }`).join(' ')} }`;
  expect((await app.gql(aliased(15))).errors).toBeUndefined();
  const abusive = await app.gql(aliased(16));
  expect(abusive.data ?? null).toBeNull();
  expect(messages(abusive)).toMatch(/aliases limit/i);
});

test('query cost is limited', async () => {
  const fragments = [
    'fragment F0 on Product { id name description price quantity minimumQuantity img createdAt updatedAt }',
    'fragment F1 on Product { ...F0 ...F0 ...F0 }',
    'fragment F2 on Product { ...F1 ...F1 ...F1 }',
    'fragment F3 on Product { ...F2 ...F2 ...F2 }',
  ].join('\n');
  expect((await app.gql(`{ products { items { ...F2 } } } ${fragments.replace(/fragment F3.*$/, '')}`)).errors).toBeUndefined();
  const costly = await app.gql(`{ products { items { ...F3 } } } ${fragments}`);
  expect(costly.data ?? null).toBeNull();
  expect(messages(costly)).toMatch(/cost limit/i);
});

test('directives are limited', async () => {
  const directed = (n: number) => `{ products { ${'totalItems @include(if: true) '.repeat(n)} } }`;
  expect((await app.gql(directed(20))).errors).toBeUndefined();
  const abusive = await app.gql(directed(21));
  expect(abusive.data ?? null).toBeNull();
  expect(messages(abusive)).toMatch(/directives limit/i);
});

test('the number of tokens is limited', async () => {
  const huge = await app.gql(`{ products { items { ${'id '.repeat(2100)} } } }`);
  expect(huge.data ?? null).toBeNull();
  expect(messages(huge)).toMatch(/token limit/i);
});

describe('field suggestions', () => {
  const servers: ApolloServer<AppGraphQLContext>[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.stop())));

  async function unknownFieldMessage(env: Record<string, string>): Promise<string> {
    const config = loadConfig(env);
    const server = createApolloServer(new CompiledOperations(await buildKeenSchema()), {
      graphql: config.graphql,
      logger: pino({ level: 'silent' }),
    });
    servers.push(server);
    await server.start();
    const response = await server.executeOperation({ query: '{ produts { totalItems } }' });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    const { errors } = response.body.singleResult;
    expect(errors).toHaveLength(1);
    return errors![0].message;
  }

  test('are shown in development', async () => {
    expect(await unknownFieldMessage({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', GRAPHQL_FIELD_SUGGESTIONS: 'false' })).toMatch(
      /Did you mean "products"/,
    );
  });

  test('are hidden in production unless GRAPHQL_FIELD_SUGGESTIONS is on', async () => {
    const message = await unknownFieldMessage(productionEnv);
    expect(message).toMatch(/Cannot query field "produts"/);
    expect(message).not.toMatch(/Did you mean|"products"/);
    expect(await unknownFieldMessage({ ...productionEnv, GRAPHQL_FIELD_SUGGESTIONS: 'true' })).toMatch(/Did you mean "products"/);
  });
});
