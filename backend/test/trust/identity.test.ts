import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { loadConfig } from '../../src/config';
import { checksRevocation } from '../../src/modules/auth/identity';
import { Role } from '../../src/modules/auth/role';
import { User } from '../../src/modules/users/user.entity';
import { restClient } from '../support/rest-client';
import { codeOf, messageOf, startTestApp, type TestApp } from '../support/harness';
import { productionEnv } from '../support/production-env';

let app: TestApp;
let api: ReturnType<typeof restClient>;
let bossEmail: string;

beforeAll(async () => {
  bossEmail = `boss-${randomBytes(4).toString('hex')}@keen.test`;
  app = await startTestApp({ ADMIN_EMAILS: bossEmail });
  api = restClient(app);
});
afterAll(() => app.close());

const ME = '{ me { role } }';
const USERS = '{ users { totalItems } }';
const MAKE_ADMIN = 'mutation($email: String!) { makeAdmin(email: $email) { role } }';
const REMOVE_ADMIN = 'mutation($email: String!) { removeAdmin(email: $email) { role } }';

async function exchange(session: { email: string; token: string }): Promise<string> {
  const { status, body } = await api('PUT', `/users/${session.email}`, { as: session });
  expect(status).toBe(200);
  return body.token;
}

describe('admin rights need a verified e-mail', () => {
  test('an ADMIN_EMAILS address is a customer until verified, is promoted on its first verified sight, and a later removal stands', async () => {
    const unverified = await app.signUp('boss', 'Boss', bossEmail);
    expect((await app.gql(ME, {}, unverified)).data!.me.role).toBe('user');
    expect(await app.db.getRepository(User).findOneByOrFail({ email: bossEmail })).toMatchObject({ role: Role.user, emailVerified: false });

    const verified = await app.verifyEmail(unverified);
    expect((await app.gql(ME, {}, verified)).data!.me.role).toBe('admin');
    expect((await app.gql(USERS, {}, verified)).errors).toBeUndefined();

    // Another admin removes the right: signing in again does not bring it back.
    const other = await app.adminUser();
    expect((await app.gql(REMOVE_ADMIN, { email: bossEmail }, other)).data!.removeAdmin.role).toBe('user');
    const again = await app.signIn(bossEmail);
    expect((await app.gql(ME, {}, again)).data!.me.role).toBe('user');
  });

  test('an admin whose token does not prove the e-mail is refused admin operations (GraphQL and REST), but may still shop', async () => {
    const customer = await app.customer('unverified-admin');
    await app.db.getRepository(User).update({ id: customer.user.id }, { role: Role.admin });
    const users = await app.gql(USERS, {}, customer);
    expect(codeOf(users)).toBe('FORBIDDEN');
    expect(messageOf(users)).toBe('Verify your e-mail address before using admin rights');
    expect(await api('GET', '/users', { as: customer })).toEqual({
      status: 403,
      body: { message: 'Verify your e-mail address before using admin rights' },
    });
    const accessToken = await exchange(customer);
    expect((await api('GET', '/users', { as: accessToken })).status).toBe(403);
    expect(codeOf(await app.gql(MAKE_ADMIN, { email: customer.email }, customer))).toBe('FORBIDDEN');

    const product = await app.product();
    expect((await app.placeOrder(customer, product.id)).customerId).toBe(customer.user.id);

    // Verified, the same person may use the right, with either kind of token.
    const verified = await app.verifyEmail(customer);
    expect((await app.gql(USERS, {}, verified)).errors).toBeUndefined();
    expect((await api('GET', '/users', { as: await exchange(verified) })).status).toBe(200);
  });
});

describe("Keen's access tokens carry the user's token-valid-since time", () => {
  test('a role change ends the access tokens issued before it', async () => {
    const admin = await app.adminUser();
    const customer = await app.customer('promoted');
    const before = await exchange(customer);
    expect((await api('GET', `/users?email=${customer.email}`, { as: before })).status).toBe(200);
    expect((await app.gql(MAKE_ADMIN, { email: customer.email }, admin)).errors).toBeUndefined();
    expect(await api('GET', `/users?email=${customer.email}`, { as: before })).toEqual({
      status: 401,
      body: { message: 'The access token is no longer valid (a role change or a sign-out); please sign in again' },
    });
    const after = await exchange(customer);
    expect((await api('GET', `/users?email=${customer.email}`, { as: after })).status).toBe(200);
  });

  test('signOutEverywhere ends access tokens and Firebase sessions; anonymous callers must sign in', async () => {
    expect(codeOf(await app.gql('mutation { signOutEverywhere }'))).toBe('UNAUTHENTICATED');
    const customer = await app.customer('leaving');
    const accessToken = await exchange(customer);
    expect((await app.gql('{ me { id } }', {}, accessToken)).errors).toBeUndefined();
    // Firebase's revocation stamp is in whole seconds: sign-out must come after the token's second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await app.gql('mutation { signOutEverywhere }', {}, customer)).data).toEqual({ signOutEverywhere: true });
    expect(codeOf(await app.gql('{ me { id } }', {}, accessToken))).toBe('UNAUTHENTICATED');
    // The Auth Emulator checks revocation like production does.
    expect(codeOf(await app.gql('{ me { id } }', {}, customer))).toBe('UNAUTHENTICATED');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresh = await app.signIn(customer.email);
    expect((await app.gql('{ me { id } }', {}, fresh)).errors).toBeUndefined();
  });

  test('production checks every ID token for revocation and disabled accounts', () => {
    expect(checksRevocation(loadConfig(productionEnv))).toBe(true);
    expect(checksRevocation(app.config)).toBe(false);
  });
});

describe("a token's header says which check it gets: Keen's own (HS256) or Firebase's", () => {
  const unsigned = (payload: object) =>
    `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
  const refusal = async (token: string) => {
    const answer = await app.gql(ME, {}, token);
    return { code: codeOf(answer), message: messageOf(answer), rest: await api('GET', '/users?email=a@keen.test', { as: token }) };
  };

  test('a token without a readable header is malformed (401)', async () => {
    for (const token of ['not-a-token', `${Buffer.from('{"typ":"JWT"}').toString('base64url')}.e30.`, '%%%.e30.']) {
      expect(await refusal(token)).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'The sign-in token is malformed',
        rest: { status: 401, body: { message: 'The sign-in token is malformed' } },
      });
    }
  });

  test('an HS256 token not signed with the access token secret is refused as an access token', async () => {
    const customer = await app.customer('forger');
    const forged = jwt.sign({ email: customer.email, name: null, ev: true, vs: Date.now() }, 'not-the-secret', {
      issuer: 'keen',
      subject: customer.email,
      expiresIn: '1h',
      algorithm: 'HS256',
    });
    expect(await refusal(forged)).toMatchObject({ code: 'UNAUTHENTICATED', message: 'The access token is invalid or has expired' });
  });

  test("an unsigned token claiming Keen's issuer goes to Firebase's check and is refused there", async () => {
    const boss = await app.adminUser();
    const claim = unsigned({ iss: 'keen', sub: boss.email, email: boss.email, ev: true, vs: Date.now() });
    expect(await refusal(claim)).toMatchObject({ code: 'UNAUTHENTICATED', message: 'The sign-in token is invalid or has expired' });
  });
});

describe('saves write only what the request changes', () => {
  test('a profile save does not write back a role an admin changed during the request', async () => {
    const customer = await app.customer('racing');
    const staleCaller = { user: await app.db.getRepository(User).findOneByOrFail({ id: customer.user.id }), emailVerified: true };
    // An admin promotes the customer after the profile request loaded its row.
    await app.db.getRepository(User).update({ id: customer.user.id }, { role: Role.admin });
    const saved = await app.services.users.updateProfile(staleCaller, {
      name: 'Racing Person',
      phone: '+1 555 0100',
      address: '1 Race Road',
      img: '/uploads/racer.png',
    });
    expect(saved).toMatchObject({ name: 'Racing Person', role: Role.admin });
    expect((await app.db.getRepository(User).findOneByOrFail({ id: customer.user.id })).role).toBe(Role.admin);

    await app.db.getRepository(User).update({ id: customer.user.id }, { role: Role.user, address: null, phone: null });
    staleCaller.user = { ...staleCaller.user, role: Role.admin, address: null, phone: null };
    await app.services.users.register(staleCaller, { name: 'Racing Person', phone: '+1 555 0100', address: '1 Race Road' });
    expect((await app.db.getRepository(User).findOneByOrFail({ id: customer.user.id })).role).toBe(Role.user);
  });
});
