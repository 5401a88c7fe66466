import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/harness';
import { restClient } from '../support/rest-client';

/** The server's e-mail rule is the forms' (`isEmailAddress` in @keen/rules), seen through a real route. */
let app: TestApp;
let api: ReturnType<typeof restClient>;

beforeAll(async () => {
  app = await startTestApp();
  api = restClient(app);
});
afterAll(() => app.close());

const unique = () => randomBytes(4).toString('hex');

describe("PUT /users/{email} (the token exchange) takes the forms' e-mail rule", () => {
  it('accepts an address with Unicode letters in both parts: ünï@exämple.de', async () => {
    const session = await app.signUp('unicode', 'Ünï', `ünï-${unique()}@exämple.de`);
    const { status, body } = await api('PUT', `/users/${encodeURIComponent(session.email)}`, { as: session });
    expect(status).toBe(200);
    const me = await api('GET', `/users?email=${encodeURIComponent(session.email)}`, { as: body.token });
    expect(me.body[0]).toMatchObject({ email: session.email, name: 'Ünï' });
  });

  it('refuses a domain without a dot (a@b) with 400 and issues no token, though the identity provider took it', async () => {
    const session = await app.signUp('dotless', 'Dotless', `a-${unique()}@b`);
    expect(await api('PUT', `/users/${encodeURIComponent(session.email)}`, { as: session })).toEqual({
      status: 400,
      body: { message: 'A valid e-mail address is required' },
    });
  });

  it("refuses a domain with an empty label (a@exämple..de) as malformed (400), not as someone else's address (403)", async () => {
    const session = await app.signUp('labels');
    expect(await api('PUT', `/users/${encodeURIComponent('a@exämple..de')}`, { as: session })).toEqual({
      status: 400,
      body: { message: 'A valid e-mail address is required' },
    });
  });
});
