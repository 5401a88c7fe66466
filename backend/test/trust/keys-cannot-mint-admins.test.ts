import { randomUUID } from 'node:crypto';
import { API_KEY_SCOPES } from '@keen/rules';
import { runAdminCommand } from '../../src/admin-command';
import type { Caller } from '../../src/modules/auth/caller';
import { Role } from '../../src/modules/auth/role';
import { ApiKey } from '../../src/modules/integrations/api-key.entity';
import { WebhookEndpoint } from '../../src/modules/integrations/webhook.entity';
import { User } from '../../src/modules/users/user.entity';
import { restClient } from '../support/rest-client';
import { codeOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

const STAFF_ROLES_BY_PEOPLE = 'Staff roles change only by an admin signed in as themselves, not by an API key';
const MAKE_ADMIN = 'mutation($email: String!) { makeAdmin(email: $email) { role } }';
const REMOVE_ADMIN = 'mutation($email: String!) { removeAdmin(email: $email) { role activeApiKeyCount } }';
const CREATE_KEY = 'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id } } }';
const PRODUCTS = '{ products { totalItems } }';

let app: TestApp;
let admin: TestSession;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminUser();
});
afterAll(() => app.close());

async function keyOf(session: TestSession, scopes: readonly string[] = ['catalog:read']) {
  const { data, errors } = await app.gql(CREATE_KEY, { input: { name: `Key of ${session.email}`, scopes } }, session);
  if (errors) throw new Error(JSON.stringify(errors));
  return data!.createApiKey as { secret: string; apiKey: { id: string } };
}

const roleOf = async (email: string) => (await app.db.getRepository(User).findOneByOrFail({ email })).role;
const revokedAt = async (id: string) => (await app.db.getRepository(ApiKey).findOneByOrFail({ id })).revokedAt;

/** What the service threw, as code and message (or 'resolved' when it did not refuse). */
async function refusal(call: () => Promise<unknown>): Promise<{ code?: string; message: string } | 'resolved'> {
  try {
    await call();
    return 'resolved';
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
}

describe('a key with every scope cannot change staff roles', () => {
  test('GraphQL makeAdmin and removeAdmin: FORBIDDEN, naming the rule; no role changes', async () => {
    const { secret } = await keyOf(admin, API_KEY_SCOPES);
    const customer = await app.customer('would-be-admin');
    const other = await app.adminUser();

    const made = await app.gql(MAKE_ADMIN, { email: customer.email }, secret);
    expect(made.errors?.[0]).toMatchObject({ message: STAFF_ROLES_BY_PEOPLE, extensions: { code: 'FORBIDDEN' } });
    expect(made.data).toBeNull();
    const removed = await app.gql(REMOVE_ADMIN, { email: other.email }, secret);
    expect(removed.errors?.[0]).toMatchObject({ message: STAFF_ROLES_BY_PEOPLE, extensions: { code: 'FORBIDDEN' } });

    expect(await roleOf(customer.email)).toBe(Role.user);
    expect(await roleOf(other.email)).toBe(Role.admin);
  });

  test('REST PUT /users/admin/{email} and PUT /user/removeAdmin/{email}: 403 { message } naming the rule; no role changes', async () => {
    const { secret } = await keyOf(admin, API_KEY_SCOPES);
    const customer = await app.customer('rest-would-be-admin');
    const other = await app.adminUser();
    const api = restClient(app);

    expect(await api('PUT', `/users/admin/${encodeURIComponent(customer.email)}`, { as: secret })).toEqual({
      status: 403,
      body: { message: STAFF_ROLES_BY_PEOPLE },
    });
    expect(await api('PUT', `/user/removeAdmin/${encodeURIComponent(other.email)}`, { as: secret })).toEqual({
      status: 403,
      body: { message: STAFF_ROLES_BY_PEOPLE },
    });
    expect(await roleOf(customer.email)).toBe(Role.user);
    expect(await roleOf(other.email)).toBe(Role.admin);
  });

  test('UsersService.changeRole refuses a key caller itself, whatever the resolver declares', async () => {
    const customer = await app.customer('service-would-be-admin');
    const caller: Caller = { user: null, apiKey: { id: randomUUID(), name: 'Everything', scopes: [...API_KEY_SCOPES] } };
    expect(await refusal(() => app.services.users.makeAdmin(caller, customer.email))).toEqual({
      code: 'FORBIDDEN',
      message: STAFF_ROLES_BY_PEOPLE,
    });
    expect(await roleOf(customer.email)).toBe(Role.user);
  });
});

test('the services that manage keys, webhooks and background jobs refuse a key caller themselves', async () => {
  const { apiKey } = await keyOf(admin);
  const created = await app.gql(
    'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }',
    { input: { url: 'http://127.0.0.1:9/hooks', events: ['order.paid'] } },
    admin,
  );
  expect(created.errors).toBeUndefined();
  const endpointId: string = created.data!.createWebhookEndpoint.endpoint.id;
  const keysBefore = await app.db.getRepository(ApiKey).count();
  const endpointsBefore = await app.db.getRepository(WebhookEndpoint).find({ order: { id: 'ASC' } });

  const key: Caller = { user: null, apiKey: { id: apiKey.id, name: 'Everything', scopes: [...API_KEY_SCOPES] } };
  const { apiKeys, webhooks, backgroundJobs } = app.services;
  const calls: Record<string, () => Promise<unknown>> = {
    'apiKeys.create': () => apiKeys.create(key, { name: 'Minted', scopes: [...API_KEY_SCOPES] }),
    'apiKeys.list': () => apiKeys.list(key),
    'apiKeys.revoke': () => apiKeys.revoke(key, apiKey.id),
    'webhooks.create': () => webhooks.create(key, { url: 'http://127.0.0.1:9/other', events: ['order.paid'] }),
    'webhooks.list': () => webhooks.list(key),
    'webhooks.update': () => webhooks.update(key, endpointId, { enabled: false }),
    'webhooks.deliveries': () => webhooks.deliveries(key, endpointId),
    'webhooks.resend': () => webhooks.resend(key, randomUUID()),
    'webhooks.delete': () => webhooks.delete(key, endpointId),
    'webhooks.resume': () => webhooks.resume(key, endpointId),
    'webhooks.sendTest': () => webhooks.sendTest(key, endpointId),
    'backgroundJobs.failed': () => backgroundJobs.failed(key),
    'backgroundJobs.scheduled': () => backgroundJobs.scheduled(key),
    'backgroundJobs.retry': () => backgroundJobs.retry(key, randomUUID()),
  };
  const answers: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(calls)) answers[name] = await refusal(call);
  const expected = { code: 'FORBIDDEN', message: 'API keys cannot do this: it needs an admin signed in as themselves' };
  expect(answers).toEqual(Object.fromEntries(Object.keys(calls).map((name) => [name, expected])));

  expect(await app.db.getRepository(ApiKey).count()).toBe(keysBefore);
  expect(await revokedAt(apiKey.id)).toBeNull();
  expect(await app.db.getRepository(WebhookEndpoint).find({ order: { id: 'ASC' } })).toEqual(endpointsBefore);
});

describe("a demoted admin's API keys are revoked with the role", () => {
  test('GraphQL removeAdmin: the count is shown to admins beforehand; their keys are refused at once, other keys and webhooks stay', async () => {
    const leaving = await app.adminUser();
    const [first, second] = [await keyOf(leaving), await keyOf(leaving)];
    const alreadyRevoked = await keyOf(leaving);
    await app.gql('mutation($id: ID!) { revokeApiKey(id: $id) { id } }', { id: alreadyRevoked.apiKey.id }, admin);
    const kept = await keyOf(admin);
    const webhook = await app.gql(
      'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }',
      { input: { url: 'http://127.0.0.1:9/leaving', events: ['order.paid'] } },
      leaving,
    );
    expect(webhook.errors).toBeUndefined();
    const alreadyRevokedAt = await revokedAt(alreadyRevoked.apiKey.id);
    expect((await app.gql(PRODUCTS, {}, first.secret)).errors).toBeUndefined();

    // Only an admin signed in as themselves sees the count: null for a customer and for a users:read key.
    const COUNT = '{ users(options: { search: $search }) { items { email activeApiKeyCount } } }'.replace('$search', `"${leaving.email}"`);
    expect((await app.gql(COUNT, {}, admin)).data!.users.items).toEqual([{ email: leaving.email, activeApiKeyCount: 2 }]);
    const reader = await keyOf(admin, ['users:read']);
    expect((await app.gql(COUNT, {}, reader.secret)).data!.users.items).toEqual([{ email: leaving.email, activeApiKeyCount: null }]);
    const customer = await app.customer('curious');
    expect((await app.gql('{ me { activeApiKeyCount } }', {}, customer)).data!.me).toEqual({ activeApiKeyCount: null });

    const removed = await app.gql(REMOVE_ADMIN, { email: leaving.email }, admin);
    expect(removed.errors).toBeUndefined();
    expect(removed.data!.removeAdmin).toEqual({ role: 'user', activeApiKeyCount: 0 });

    for (const { secret, apiKey } of [first, second]) {
      expect(await revokedAt(apiKey.id)).not.toBeNull();
      expect(codeOf(await app.gql(PRODUCTS, {}, secret))).toBe('UNAUTHENTICATED');
      expect((await restClient(app)('GET', '/products', { as: secret })).status).toBe(401);
    }
    expect(await revokedAt(alreadyRevoked.apiKey.id)).toEqual(alreadyRevokedAt);
    expect(await revokedAt(kept.apiKey.id)).toBeNull();
    expect((await app.gql(PRODUCTS, {}, kept.secret)).errors).toBeUndefined();
    expect(await app.db.getRepository(WebhookEndpoint).existsBy({ id: webhook.data!.createWebhookEndpoint.endpoint.id })).toBe(true);
  });

  test('npm run admin -- revoke: their keys are revoked in the same step and the command says so; other keys stay', async () => {
    const leaving = await app.adminUser();
    const keys = [await keyOf(leaving), await keyOf(leaving)];
    const kept = await keyOf(admin);
    const env = { NODE_ENV: 'production', DATABASE_URL: app.databaseUrl };

    expect(await runAdminCommand(['revoke', leaving.email], env)).toEqual({
      code: 0,
      output: `${leaving.email} is no longer an admin; 2 API keys they created are revoked.`,
    });
    for (const { secret, apiKey } of keys) {
      expect(await revokedAt(apiKey.id)).not.toBeNull();
      expect(codeOf(await app.gql(PRODUCTS, {}, secret))).toBe('UNAUTHENTICATED');
    }
    expect(await revokedAt(kept.apiKey.id)).toBeNull();
    expect((await app.gql(PRODUCTS, {}, kept.secret)).errors).toBeUndefined();
  });

  test('an admin demoted after their request began makes no key that outlives the demotion', async () => {
    const leaving = await app.adminUser();
    // The caller as their request loaded it, before the demotion committed.
    const caller: Caller<User> = { user: leaving.user, emailVerified: true };
    expect((await runAdminCommand(['revoke', leaving.email], { NODE_ENV: 'production', DATABASE_URL: app.databaseUrl })).code).toBe(0);
    const before = await app.db.getRepository(ApiKey).countBy({ createdBy: leaving.email });
    expect(await refusal(() => app.services.apiKeys.create(caller, { name: 'Late', scopes: ['catalog:read'] }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Only an admin may do this',
    });
    expect(await app.db.getRepository(ApiKey).countBy({ createdBy: leaving.email })).toBe(before);
  });
});
