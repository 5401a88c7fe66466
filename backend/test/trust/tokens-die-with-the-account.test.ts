import jwt from 'jsonwebtoken';
import { restClient } from '../support/rest-client';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

let app: TestApp;
let api: ReturnType<typeof restClient>;

// Production's ID-token checks (revocation and disabled accounts) at every exchange.
beforeAll(async () => {
  app = await startTestApp({}, { overrides: { env: 'production' } });
  api = restClient(app);
});
afterAll(() => app.close());

const emulator = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function emulatorAdmin(path: string, body: object): Promise<void> {
  const response = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/projects/${app.config.firebase.projectId}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

async function localId(session: TestSession): Promise<string> {
  const response = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: session.token }),
  });
  return ((await response.json()) as { users: { localId: string }[] }).users[0].localId;
}

async function exchange(session: TestSession) {
  return api<{ token?: string; message?: string }>('PUT', `/users/${session.email}`, { as: session });
}

test('access tokens live one hour', async () => {
  const { status, body } = await exchange(await app.customer('hourly'));
  expect(status).toBe(200);
  const { iat, exp } = jwt.decode(body.token!) as { iat: number; exp: number };
  expect(exp - iat).toBe(3600);
});

test('the exchange asks Firebase to check revocation and disabled accounts in production', async () => {
  const customer = await app.customer('checked');
  const verifyIdToken = jest.spyOn(app.services.identity.auth, 'verifyIdToken');
  try {
    expect((await exchange(customer)).status).toBe(200);
    expect(verifyIdToken).toHaveBeenCalledWith(customer.token, true);
  } finally {
    verifyIdToken.mockRestore();
  }
});

test('the exchange refuses a disabled account, a deleted account and a revoked token', async () => {
  const disabled = await app.customer('disabled');
  await emulatorAdmin('accounts:update', { localId: await localId(disabled), disableUser: true });
  expect(await exchange(disabled)).toEqual({ status: 401, body: { message: 'The sign-in token is invalid or has expired' } });

  const deleted = await app.customer('deleted');
  await emulatorAdmin('accounts:delete', { localId: await localId(deleted) });
  expect((await exchange(deleted)).status).toBe(401);

  const revoked = await app.customer('revoked');
  // Firebase's revocation stamp is in whole seconds: revoke after the token's second.
  await pause(1100);
  await app.services.identity.revokeSessions(revoked.email);
  expect((await exchange(revoked)).status).toBe(401);
});

test('POST /api/users/signOutEverywhere ends access tokens and ID tokens; anonymous callers get 401', async () => {
  expect(await api('POST', '/users/signOutEverywhere')).toEqual({ status: 401, body: { message: 'Please sign in first' } });
  const customer = await app.customer('leaving');
  const { token } = (await exchange(customer)).body;
  await pause(1100);
  expect(await api('POST', '/users/signOutEverywhere', { as: token })).toEqual({ status: 200, body: { success: true } });
  expect((await api('GET', `/users?email=${customer.email}`, { as: token })).status).toBe(401);
  expect((await api('GET', `/users?email=${customer.email}`, { as: customer })).status).toBe(401);
});

test("the first verified sight of an e-mail ends every token issued before it (the unverified account may have been someone else's)", async () => {
  const earlier = await app.customer('claimed');
  const { token: earlierAccess } = (await exchange(earlier)).body;
  expect((await api('GET', `/users?email=${earlier.email}`, { as: earlierAccess })).status).toBe(200);
  await pause(1100);

  const owner = await app.verifyEmail(earlier);
  expect((await api('GET', `/users?email=${owner.email}`, { as: owner })).status).toBe(200);
  expect(await api('GET', `/users?email=${owner.email}`, { as: earlier })).toEqual({
    status: 401,
    body: { message: 'This sign-in was made before the e-mail address was verified; please sign in again' },
  });
  expect(await exchange(earlier)).toEqual({
    status: 401,
    body: { message: 'This sign-in was made before the e-mail address was verified; please sign in again' },
  });
  expect((await api('GET', `/users?email=${owner.email}`, { as: earlierAccess })).status).toBe(401);
  const { token: ownerAccess } = (await exchange(owner)).body;
  expect((await api('GET', `/users?email=${owner.email}`, { as: ownerAccess })).status).toBe(200);
});
