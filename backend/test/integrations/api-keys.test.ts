import { createHash } from 'node:crypto';
import { declaredAccess } from '../../src/modules/auth/access';
import { buildKeenSchema } from '../../src/app/graphql-schema';
import { restApiDocument as openApiDocument } from '../../src/app/rest-router';
import { ApiKey } from '../../src/modules/integrations/api-key.entity';
import { OrderEvent } from '../../src/modules/orders/order-event.entity';
import { restClient } from '../support/rest-client';
import { capturedLogs } from '../support/shared-app';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

/** Everything the app logs, at the level `npm start` uses. */
const { lines, logger } = capturedLogs();

let app: TestApp;
let admin: TestSession;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_API_KEY: '8' }, { logger });
  admin = await app.adminUser();
});
afterAll(() => app.close());

const CREATE = `mutation($input: CreateApiKeyInput!) {
  createApiKey(input: $input) { secret apiKey { id name prefix scopes createdAt lastUsedAt revokedAt createdBy } }
}`;

async function createKey(scopes: string[], name = 'Warehouse sync') {
  const { data, errors } = await app.gql(CREATE, { input: { name, scopes } }, admin);
  if (errors) throw new Error(JSON.stringify(errors));
  return data!.createApiKey as { secret: string; apiKey: { id: string; prefix: string; createdBy: string } };
}

test('every query and mutation declares the scope an API key needs, or that keys may not call it', async () => {
  const schema = await buildKeenSchema();
  const operations = [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) => Object.values(type.getFields()));
  expect(operations.length).toBeGreaterThan(30);
  expect(operations.filter((field) => !declaredAccess(field)).map((field) => field.name)).toEqual([]);
  expect(declaredAccess(schema.getQueryType()!.getFields().orders)).toEqual({ allow: 'admin', key: 'orders:read' });
});

test('a catalog:read key reads products on GraphQL and REST, and is refused orders:read naming the scope', async () => {
  await app.product({ name: 'Keyed Knife' });
  const { secret, apiKey } = await createKey(['catalog:read']);
  expect(secret).toMatch(/^keen_sk_[A-Za-z0-9_-]{43}$/);
  expect(secret.startsWith(apiKey.prefix)).toBe(true);
  expect(apiKey.createdBy).toBe(admin.email);

  const products = await app.gql('{ products { items { name } } }', {}, secret);
  expect(products.errors).toBeUndefined();
  expect(products.data!.products.items.map((p: { name: string }) => p.name)).toContain('Keyed Knife');

  const orders = await app.gql('{ orders { totalItems } }', {}, secret);
  expect(orders.errors?.[0]).toMatchObject({ message: 'This API key lacks the scope orders:read', extensions: { code: 'FORBIDDEN' } });

  const api = restClient(app);
  const rest = await api('GET', '/products', { as: secret });
  expect(rest.status).toBe(200);
  expect(rest.body.map((p: { name: string }) => p.name)).toContain('Keyed Knife');
  const refused = await api('GET', '/admin/export/orders.csv', { as: secret });
  expect(refused).toEqual({ status: 403, body: { message: 'This API key lacks the scope orders:read' } });
});

test('a key never has customer identity: me, myOrders, placeOrder and reviews are refused', async () => {
  const { secret } = await createKey(['catalog:read', 'catalog:write', 'orders:read', 'orders:write', 'users:read', 'users:write']);
  const product = await app.product();
  const attempts = [
    app.gql('{ me { id } }', {}, secret),
    app.gql('{ myOrders { totalItems } }', {}, secret),
    app.gql(
      'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
      { input: { productId: product.id, quantity: 1, phone: '+1 555 0100', address: '1 Key Street' } },
      secret,
    ),
    app.gql('mutation($input: AddReviewInput!) { addReview(input: $input) { id } }', { input: { description: 'Sharp', star: 5 } }, secret),
  ];
  for (const { data, errors } of await Promise.all(attempts)) {
    expect(Object.values(data ?? {}).filter((value) => value !== null)).toEqual([]);
    expect(errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(errors?.[0].message).toMatch(/API keys cannot do this/);
  }
  expect((await restClient(app)('POST', '/orders', { as: secret, body: { productCode: product.id, quantity: 1 } })).status).toBe(403);
});

test('an orders:write key ships a paid order as an admin would; its history names the key', async () => {
  const customer = await app.customer();
  const order = await app.placeOrder(customer, (await app.product()).id);
  await app.payOrder(customer, order.id);
  const { secret } = await createKey(['orders:write'], 'Fulfilment');
  const { data, errors } = await app.gql('mutation($id: ID!) { markShipped(id: $id) { state } }', { id: order.id }, secret);
  expect(errors).toBeUndefined();
  expect(data!.markShipped.state).toBe('Shipped');
  const last = await app.db.getRepository(OrderEvent).findOneOrFail({ where: { orderId: order.id, toState: 'Shipped' as never } });
  expect(last).toMatchObject({ actor: 'apiKey', note: 'API key "Fulfilment"' });
});

test('managing keys: anonymous is UNAUTHENTICATED, a customer and a key FORBIDDEN; bad input names the problem and saves nothing', async () => {
  const input = { name: 'x', scopes: ['catalog:read'] };
  expect((await app.gql(CREATE, { input })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  expect((await app.gql(CREATE, { input }, await app.customer())).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  const { secret } = await createKey(['users:write']);
  expect((await app.gql('{ apiKeys { id } }', {}, secret)).errors?.[0].extensions?.code).toBe('FORBIDDEN');

  const before = await app.db.getRepository(ApiKey).count();
  const unknown = await app.gql(CREATE, { input: { name: 'Bad', scopes: ['orders:delete'] } }, admin);
  expect(unknown.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  expect(unknown.errors?.[0].message).toMatch(/Unknown scope "orders:delete"/);
  expect((await app.gql(CREATE, { input: { name: ' ', scopes: ['catalog:read'] } }, admin)).errors?.[0].message).toBe('Name is Required');
  expect((await app.gql(CREATE, { input: { name: 'None', scopes: [] } }, admin)).errors?.[0].message).toBe('Choose at least one scope');
  expect(await app.db.getRepository(ApiKey).count()).toBe(before);
});

test('only a hash is stored; the secret is in no later answer and in no log line', async () => {
  const { secret, apiKey } = await createKey(['catalog:read', 'reports:read'], 'Secret keeper');
  const row = await app.db.getRepository(ApiKey).findOneByOrFail({ id: apiKey.id });
  expect(row.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
  const stored = JSON.stringify(await app.db.query(`SELECT * FROM "api_key"`));
  expect(stored).not.toContain(secret);
  expect(stored).not.toContain(secret.slice(12));

  expect((await app.gql('{ overview { paidOrders } }', {}, secret)).errors).toBeUndefined();
  await restClient(app)('GET', '/products', { as: secret });
  const listed = await app.gql('{ apiKeys { id name prefix scopes } }', {}, admin);
  expect(listed.errors).toBeUndefined();
  expect(JSON.stringify(listed.data)).not.toContain(secret);
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.join('\n')).not.toContain(secret.slice(12));
});

test('a revoked key is refused within a second on another process', async () => {
  const replica = await app.replica();
  try {
    const { secret, apiKey } = await createKey(['catalog:read']);
    const ask = () =>
      fetch(`${replica.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        body: JSON.stringify({ query: '{ products { totalItems } }' }),
      }).then((response) => response.json() as Promise<{ errors?: { extensions: { code: string } }[] }>);
    expect((await ask()).errors).toBeUndefined();
    const revoked = await app.gql('mutation($id: ID!) { revokeApiKey(id: $id) { revokedAt } }', { id: apiKey.id }, admin);
    expect(revoked.data!.revokeApiKey.revokedAt).not.toBeNull();
    const started = Date.now();
    const refused = await ask();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(refused.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  } finally {
    await replica.close();
  }
});

test('lastUsedAt is written at most once a minute, and each key has its own rate limit', async () => {
  const { secret, apiKey } = await createKey(['catalog:read']);
  const other = await createKey(['catalog:read']);
  const lastUsed = async () => (await app.db.getRepository(ApiKey).findOneByOrFail({ id: apiKey.id })).lastUsedAt;
  expect(await lastUsed()).toBeNull();
  const statuses: number[] = [];
  for (let i = 0; i < 9; i += 1) {
    statuses.push((await restClient(app)('GET', '/products', { as: secret })).status);
    if (i === 0) {
      const first = await lastUsed();
      expect(first).not.toBeNull();
      await app.db.query(`UPDATE "api_key" SET "lastUsedAt" = $2 WHERE "id" = $1`, [apiKey.id, new Date(first!.getTime() - 30_000)]);
    }
  }
  expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
  expect(statuses[8]).toBe(429);
  // A write within the minute would have moved it back to now.
  expect(Date.now() - (await lastUsed())!.getTime()).toBeGreaterThan(25_000);
  expect((await restClient(app)('GET', '/products', { as: other.secret })).status).toBe(200);
});

test('OpenAPI lists the REST routes that accept keys with the scope each checks; the others refuse keys', async () => {
  const api = restClient(app);
  const keyed: string[] = [];
  for (const [path, operations] of Object.entries(openApiDocument.paths)) {
    for (const [method, operation] of Object.entries(operations as Record<string, { security?: Record<string, string[]>[] }>)) {
      const scope = operation.security?.find((requirement) => requirement.apiKey)?.apiKey[0];
      const url = path.replace('{id}', '00000000-0000-4000-8000-000000000000').replace('{email}', 'someone@keen.test');
      // A fresh key each time: this app's per-key limit is low.
      const { secret } = await createKey(['reports:read']);
      const answer = await api(method.toUpperCase(), url, { as: secret });
      if (scope) {
        keyed.push(`${method} ${path}`);
        expect({ route: `${method} ${path}`, ...answer }).toEqual({
          route: `${method} ${path}`,
          status: 403,
          body: { message: `This API key lacks the scope ${scope}` },
        });
      } else if (path !== '/openapi.json' && !path.includes('stripe')) {
        expect({ route: `${method} ${path}`, status: answer.status }).toEqual({ route: `${method} ${path}`, status: 403 });
      }
    }
  }
  expect(keyed).toEqual(expect.arrayContaining(['get /products', 'post /products', 'get /admin/export/orders.csv']));
});

test("a key sees people's own details only with users:read: reviewers' e-mails stay hidden from a catalogue key", async () => {
  const reviewer = await app.customer('keyed-reviewer');
  const added = await app.gql(
    'mutation($input: AddReviewInput!) { addReview(input: $input) { id } }',
    { input: { star: 5, description: 'Sharp' } },
    reviewer,
  );
  expect(added.errors).toBeUndefined();
  const READ = '{ reviews(options: { take: 100 }) { items { id email author { email } } } }';
  const find = async (secret: string) => {
    const { data, errors } = await app.gql(READ, {}, secret);
    expect(errors).toBeUndefined();
    return data!.reviews.items.find((item: { id: string }) => item.id === added.data!.addReview.id);
  };
  const catalog = await createKey(['catalog:read']);
  expect(await find(catalog.secret)).toMatchObject({ email: '', author: { email: '' } });
  const people = await createKey(['catalog:read', 'users:read']);
  expect(await find(people.secret)).toMatchObject({ email: reviewer.email, author: { email: reviewer.email } });
});
