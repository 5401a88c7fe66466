import { Role } from '../../src/modules/auth/role';
import { User } from '../../src/modules/users/user.entity';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';

let app: TestApp;
let api: ReturnType<typeof restClient>;
let admin: TestSession & { user: User };
let shopper: TestSession & { user: User };
let other: TestSession & { user: User };

beforeAll(async () => {
  app = await startTestApp();
  api = restClient(app);
  [admin, shopper, other] = await Promise.all([app.adminUser(), app.customer(), app.customer('other')]);
});
afterAll(() => app.close());

const userKeys = ['_id', 'address', 'email', 'img', 'name', 'phone', 'role'];

describe('PUT /users/{email}: the token exchange', () => {
  it('a verified ID token for that e-mail earns an access token that every route accepts', async () => {
    const session = await app.signUp('exchange', 'Exchange Person');
    const { status, body } = await api('PUT', `/users/${encodeURIComponent(session.email.toUpperCase())}`, {
      as: session,
      body: { email: session.email },
    });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['token']);
    const me = await api('GET', `/users?email=${encodeURIComponent(session.email)}`, { as: body.token });
    expect(me.status).toBe(200);
    expect(me.body[0]).toMatchObject({ email: session.email, name: 'Exchange Person', role: 'user' });
  });

  it('refuses another e-mail (403), no token (401), an access token instead of an ID token (401) and a forged token (401)', async () => {
    expect(await api('PUT', `/users/${encodeURIComponent(other.email)}`, { as: shopper })).toEqual({
      status: 403,
      body: { message: 'The token belongs to another e-mail address' },
    });
    expect((await api('PUT', `/users/${encodeURIComponent(shopper.email)}`, { body: { email: shopper.email } })).status).toBe(401);
    const { body } = await api('PUT', `/users/${encodeURIComponent(shopper.email)}`, { as: shopper });
    expect((await api('PUT', `/users/${encodeURIComponent(shopper.email)}`, { as: body.token })).status).toBe(401);
    expect((await api('PUT', `/users/${encodeURIComponent(shopper.email)}`, { as: 'not.a.token' })).status).toBe(401);
  });

  it('a header that is not "Bearer <token>" is 401 with a JSON message, on a public route too', async () => {
    for (const path of ['/products', `/admin/${encodeURIComponent(shopper.email)}`]) {
      const response = await fetch(`${app.url}/api${path}`, { headers: { authorization: `Basic ${shopper.token}` } });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Send the token as Authorization: Bearer <token>' });
    }
  });

  it('a malformed e-mail is 400', async () => {
    expect((await api('PUT', '/users/not-an-email', { as: shopper })).status).toBe(400);
  });
});

describe('POST /users', () => {
  it('completes the caller\'s profile: { success: true }; again is { success: false, "User already exist" }; the password is never stored or returned', async () => {
    const session = await app.signUp('signup', 'Sign Up');
    const body = { name: 'Ada Blade', email: session.email, address: '1 Forge Lane', phone: '+1 555 0199', password: 'hunter2-secret' };
    const first = await api('POST', '/users', { as: session, body });
    expect(first).toEqual({ status: 200, body: { success: true, message: 'Ada Blade you have been registered' } });
    expect(await api('POST', '/users', { as: session, body })).toEqual({
      status: 200,
      body: { success: false, message: 'User already exist' },
    });
    const rows = await app.db.query(`SELECT * FROM "user" WHERE email = $1`, [session.email]);
    expect(rows[0]).toMatchObject({ name: 'Ada Blade', address: '1 Forge Lane', phone: '+1 555 0199' });
    expect(JSON.stringify(rows)).not.toContain('hunter2-secret');
    const fetched = await api('GET', `/users?email=${encodeURIComponent(session.email)}`, { as: session });
    expect(Object.keys(fetched.body[0]).sort()).toEqual(userKeys);
    expect(JSON.stringify(fetched.body)).not.toContain('password');
  });

  it("refuses anonymous sign-ups (401), another person's e-mail (403) and missing fields (400)", async () => {
    const body = { name: 'X', email: other.email, address: 'Somewhere', phone: '5550100' };
    expect((await api('POST', '/users', { body })).status).toBe(401);
    expect((await api('POST', '/users', { as: shopper, body })).status).toBe(403);
    expect(await api('POST', '/users', { as: shopper, body: { ...body, email: shopper.email, phone: '' } })).toEqual({
      status: 400,
      body: { message: 'Phone is Required' },
    });
    expect((await app.db.getRepository(User).findOneByOrFail({ id: other.user.id })).address).toBeNull();
  });

  it('a field of the wrong type is 400 naming the field (anonymous callers still get 401), and registers nothing', async () => {
    const session = await app.signUp('typed', 'Typed Person');
    const body = { name: 'Typed', email: session.email, address: '1 Forge Lane', phone: '5550100' };
    for (const [wrong, message] of [
      [{ name: ['Typed'] }, 'name must be text'],
      [{ phone: 5550100 }, 'phone must be text'],
      [{ address: true }, 'address must be text'],
      [{ email: { address: session.email } }, 'email must be text'],
    ] as const) {
      expect(await api('POST', '/users', { as: session, body: { ...body, ...wrong } })).toEqual({ status: 400, body: { message } });
    }
    expect((await api('POST', '/users', { body: { ...body, phone: 5550100 } })).status).toBe(401);
    expect(await app.db.getRepository(User).findOneBy({ email: session.email })).toMatchObject({ address: null, phone: null });
  });
});

describe('GET /users', () => {
  it('?email= answers an array with the caller; an admin may ask about anyone', async () => {
    const own = await api('GET', `/users?email=${encodeURIComponent(shopper.email)}`, { as: shopper });
    expect(own.status).toBe(200);
    expect(own.body).toEqual([expect.objectContaining({ _id: shopper.user.id, email: shopper.email, role: 'user' })]);
    const asAdmin = await api('GET', `/users?email=${encodeURIComponent(shopper.email)}`, { as: admin });
    expect(asAdmin.body[0]._id).toBe(shopper.user.id);
  });

  it("refuses another customer's e-mail (403) and anonymous callers (401); an unknown e-mail is 404 for an admin; a bad one is 400", async () => {
    expect((await api('GET', `/users?email=${encodeURIComponent(other.email)}`, { as: shopper })).status).toBe(403);
    expect((await api('GET', `/users?email=${encodeURIComponent(shopper.email)}`)).status).toBe(401);
    expect((await api('GET', '/users?email=ghost%40keen.test', { as: admin })).status).toBe(404);
    expect((await api('GET', '/users?email=nope', { as: admin })).status).toBe(400);
  });

  it('without an e-mail: every user for an admin, refused to a customer', async () => {
    const all = await api('GET', '/users', { as: admin });
    expect(all.status).toBe(200);
    expect(all.body.map((u: { email: string }) => u.email)).toEqual(expect.arrayContaining([admin.email, shopper.email, other.email]));
    expect(Object.keys(all.body[0]).sort()).toEqual(userKeys);
    expect((await api('GET', '/users', { as: shopper })).status).toBe(403);
    expect((await api('GET', '/users')).status).toBe(401);
  });

  it('checks the caller before the paging: a bad ?skip is 401 anonymously and 403 for a customer listing everyone', async () => {
    expect(await api('GET', '/users?skip=x')).toEqual({ status: 401, body: { message: 'Please sign in first' } });
    expect(await api('GET', '/users?skip=x', { as: shopper })).toEqual({ status: 403, body: { message: 'Only an admin may do this' } });
    expect((await api('GET', '/users?skip=x', { as: admin })).status).toBe(400);
  });
});

describe('PUT /users?id=', () => {
  it('updates your own profile; role and e-mail in the body are ignored', async () => {
    const body = {
      name: 'New Name',
      email: 'hijack@keen.test',
      address: '2 Anvil Road',
      phone: '555-0101',
      img: '/uploads/me.png',
      role: 'admin',
      password: 'x',
    };
    const { status, body: answer } = await api('PUT', `/users?id=${shopper.user.id}`, { as: shopper, body });
    expect(status).toBe(200);
    expect(answer).toEqual({
      _id: shopper.user.id,
      name: 'New Name',
      email: shopper.email,
      address: '2 Anvil Road',
      phone: '555-0101',
      img: '/uploads/me.png',
      role: 'user',
      message: 'New Name profile has been updated',
    });
  });

  it("refuses another user's profile (403, even for an admin), anonymous callers (401) and a missing photo (400)", async () => {
    const body = { name: 'Evil', address: 'x', phone: '5550100', img: '/x.png' };
    expect((await api('PUT', `/users?id=${other.user.id}`, { as: shopper, body })).status).toBe(403);
    expect((await api('PUT', `/users?id=${other.user.id}`, { as: admin, body })).status).toBe(403);
    expect((await api('PUT', `/users?id=${other.user.id}`, { body })).status).toBe(401);
    expect(await api('PUT', `/users?id=${other.user.id}`, { as: other, body: { ...body, img: '' } })).toEqual({
      status: 400,
      body: { message: 'Photo is Required' },
    });
    expect((await app.db.getRepository(User).findOneByOrFail({ id: other.user.id })).name).not.toBe('Evil');
  });

  it('a field of the wrong type is 400 naming the field (anonymous callers still get 401), and changes nothing', async () => {
    const body = { name: 'Typed', address: 'x', phone: '5550100', img: '/x.png' };
    for (const [wrong, message] of [
      [{ img: 5 }, 'img must be text'],
      [{ name: { first: 'Typed' } }, 'name must be text'],
    ] as const) {
      expect(await api('PUT', `/users?id=${other.user.id}`, { as: other, body: { ...body, ...wrong } })).toEqual({
        status: 400,
        body: { message },
      });
    }
    expect((await api('PUT', `/users?id=${other.user.id}`, { body: { ...body, img: 5 } })).status).toBe(401);
    expect((await app.db.getRepository(User).findOneByOrFail({ id: other.user.id })).name).not.toBe('Typed');
  });
});

describe('admin status and role changes', () => {
  it('GET /admin/{email}: { admin } about yourself, or anyone for an admin; refused about others to a customer', async () => {
    expect(await api('GET', `/admin/${encodeURIComponent(admin.email)}`, { as: admin })).toEqual({ status: 200, body: { admin: true } });
    expect(await api('GET', `/admin/${encodeURIComponent(shopper.email)}`, { as: shopper })).toEqual({
      status: 200,
      body: { admin: false },
    });
    expect(await api('GET', `/admin/${encodeURIComponent(shopper.email)}`, { as: admin })).toEqual({ status: 200, body: { admin: false } });
    expect((await api('GET', `/admin/${encodeURIComponent(admin.email)}`, { as: shopper })).status).toBe(403);
    expect((await api('GET', `/admin/${encodeURIComponent(admin.email)}`)).status).toBe(401);
  });

  it('PUT /users/admin/{email} and PUT /user/removeAdmin/{email}: { modifiedCount } 1, then 0 when nothing changes', async () => {
    const target = await app.customer('promoted');
    const path = `/users/admin/${encodeURIComponent(target.email)}`;
    expect(await api('PUT', path, { as: admin })).toEqual({ status: 200, body: { modifiedCount: 1 } });
    expect(await api('PUT', path, { as: admin })).toEqual({ status: 200, body: { modifiedCount: 0 } });
    expect((await app.db.getRepository(User).findOneByOrFail({ id: target.user.id })).role).toBe(Role.admin);
    const remove = `/user/removeAdmin/${encodeURIComponent(target.email)}`;
    expect(await api('PUT', remove, { as: admin })).toEqual({ status: 200, body: { modifiedCount: 1 } });
    expect(await api('PUT', remove, { as: admin })).toEqual({ status: 200, body: { modifiedCount: 0 } });
  });

  it('answers 403 when the caller may not change roles, 401 anonymously, 404 for an unknown e-mail', async () => {
    expect(await api('PUT', `/users/admin/${encodeURIComponent(shopper.email)}`, { as: shopper })).toEqual({
      status: 403,
      body: { message: 'Only an admin may do this' },
    });
    expect((await api('PUT', `/user/removeAdmin/${encodeURIComponent(admin.email)}`, { as: shopper })).status).toBe(403);
    expect((await api('PUT', `/users/admin/${encodeURIComponent(shopper.email)}`)).status).toBe(401);
    expect((await api('PUT', '/users/admin/ghost%40keen.test', { as: admin })).status).toBe(404);
    expect((await app.db.getRepository(User).findOneByOrFail({ id: shopper.user.id })).role).toBe(Role.user);
    expect((await app.db.getRepository(User).findOneByOrFail({ id: admin.user.id })).role).toBe(Role.admin);
  });
});
