import { randomBytes } from 'node:crypto';
import { getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { Role } from '../../src/modules/auth/role';
import { User } from '../../src/modules/users/user.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ME = '{ me { id name email role phone address img } }';
const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) { id name phone address } }';
const UPDATE_PROFILE = 'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id name phone address img email role } }';
const IS_ADMIN = 'query($email: String!) { isAdmin(email: $email) }';
const USERS =
  'query($options: UserListOptions) { users(options: $options) { totalItems items { id name email role createdAt phone address } } }';
const MAKE_ADMIN = 'mutation($email: String!) { makeAdmin(email: $email) { email role } }';
const REMOVE_ADMIN = 'mutation($email: String!) { removeAdmin(email: $email) { email role } }';
const roleOf = async (email: string) => (await app.db.getRepository(User).findOneByOrFail({ email })).role;
const profile = (overrides: Record<string, unknown> = {}) => ({
  name: 'Pat Carver',
  phone: '+1 555 0123',
  address: '9 Forge Road',
  img: '/uploads/pat.png',
  ...overrides,
});

describe('me', () => {
  test('is null when signed out', async () => {
    const res = await app.gql(ME);
    expect(res.errors).toBeUndefined();
    expect(res.data!.me).toBeNull();
  });

  test('creates the profile on first sight of a token, named from the token', async () => {
    const session = await app.signUp('newcomer', 'Nova Tang');
    expect(await app.db.getRepository(User).findOneBy({ email: session.email })).toBeNull();
    const res = await app.gql(ME, {}, session);
    expect(res.errors).toBeUndefined();
    expect(res.data!.me).toMatchObject({ name: 'Nova Tang', email: session.email, role: 'user', phone: null, address: null });
    expect(await app.db.getRepository(User).countBy({ email: session.email })).toBe(1);
    await app.gql(ME, {}, session);
    expect(await app.db.getRepository(User).countBy({ email: session.email })).toBe(1);
  });

  test('a very long display name in the token is shortened to fit, not an error', async () => {
    const session = await app.signUp('verbose', `Sir ${'Reginald '.repeat(30)}the Sharp`);
    const res = await app.gql(ME, {}, session);
    expect(res.errors).toBeUndefined();
    expect(res.data!.me.name).toMatch(/^Sir Reginald Reginald/);
    expect(res.data!.me.name.length).toBeLessThanOrEqual(120);
  });
});

describe('register', () => {
  test("completes the caller's profile once; then 'User already exist'", async () => {
    const session = await app.customer('joiner');
    const res = await app.gql(REGISTER, { input: { name: 'Jo Iner', phone: '+44 20 7946 0000', address: '1 Join Street' } }, session);
    expect(res.errors).toBeUndefined();
    expect(res.data!.register).toMatchObject({ id: session.user.id, name: 'Jo Iner', phone: '+44 20 7946 0000', address: '1 Join Street' });
    const again = await app.gql(REGISTER, { input: { name: 'Someone Else', phone: '+1 555 0000', address: 'Elsewhere' } }, session);
    expect(codeOf(again)).toBe('CONFLICT');
    expect(messageOf(again)).toBe('User already exist');
    expect((await app.db.getRepository(User).findOneByOrFail({ id: session.user.id })).name).toBe('Jo Iner');
  });

  test.each([
    ['name', 'Name is Required'],
    ['phone', 'Phone is Required'],
    ['address', 'Address is Required'],
  ])('an empty %s is %s', async (field, message) => {
    const session = await app.customer();
    const res = await app.gql(REGISTER, { input: { name: 'A Name', phone: '+1 555 0199', address: 'An Address', [field]: ' ' } }, session);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(messageOf(res)).toBe(message);
    expect((await app.db.getRepository(User).findOneByOrFail({ id: session.user.id })).address).toBeNull();
  });

  test('needs a signed-in caller', async () => {
    expect(codeOf(await app.gql(REGISTER, { input: { name: 'A', phone: '+1 555 0199', address: 'B' } }))).toBe('UNAUTHENTICATED');
  });
});

describe('updateProfile', () => {
  test("changes the caller's own profile, never their e-mail or role", async () => {
    const session = await app.customer();
    const other = await app.customer('bystander');
    const res = await app.gql(UPDATE_PROFILE, { input: profile() }, session);
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateProfile).toMatchObject({ ...profile(), id: session.user.id, email: session.email, role: 'user' });
    expect(await app.db.getRepository(User).findOneByOrFail({ id: other.user.id })).toMatchObject({ name: other.user.name, phone: null });
    for (const extra of [{ role: 'admin' }, { email: 'other@keen.test' }, { id: other.user.id }, { password: 'x' }]) {
      expect(codeOf(await app.gql(UPDATE_PROFILE, { input: { ...profile(), ...extra } }, session))).toBe('BAD_USER_INPUT');
    }
    expect(await roleOf(session.email)).toBe(Role.user);
  });

  test.each([
    ['name', 'Name is Required'],
    ['phone', 'Phone is Required'],
    ['address', 'Address is Required'],
    ['img', 'Photo is Required'],
  ])('an empty %s is %s', async (field, message) => {
    const session = await app.customer();
    const res = await app.gql(UPDATE_PROFILE, { input: profile({ [field]: '' }) }, session);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(messageOf(res)).toBe(message);
    expect((await app.db.getRepository(User).findOneByOrFail({ id: session.user.id })).name).toBe(session.user.name);
  });

  test('a phone must look like a phone number', async () => {
    const session = await app.customer();
    expect(codeOf(await app.gql(UPDATE_PROFILE, { input: profile({ phone: 'call me maybe' }) }, session))).toBe('BAD_USER_INPUT');
  });

  test('needs a signed-in caller', async () => {
    expect(codeOf(await app.gql(UPDATE_PROFILE, { input: profile() }))).toBe('UNAUTHENTICATED');
  });
});

describe('isAdmin', () => {
  test('anyone signed in asks about themselves', async () => {
    const customer = await app.customer();
    const admin = await app.adminUser();
    expect((await app.gql(IS_ADMIN, { email: customer.email }, customer)).data!.isAdmin).toBe(false);
    expect((await app.gql(IS_ADMIN, { email: admin.email.toUpperCase() }, admin)).data!.isAdmin).toBe(true);
  });

  test('only an admin asks about someone else; anonymous must sign in', async () => {
    const customer = await app.customer();
    const admin = await app.adminUser();
    expect(codeOf(await app.gql(IS_ADMIN, { email: admin.email }, customer))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(IS_ADMIN, { email: admin.email }))).toBe('UNAUTHENTICATED');
    expect((await app.gql(IS_ADMIN, { email: customer.email }, admin)).data!.isAdmin).toBe(false);
    const otherAdmin = await app.adminUser();
    expect((await app.gql(IS_ADMIN, { email: otherAdmin.email }, admin)).data!.isAdmin).toBe(true);
  });
});

describe('role changes', () => {
  test('an admin makes a customer admin and removes it again', async () => {
    const admin = await app.adminUser();
    const customer = await app.customer();
    expect((await app.gql(MAKE_ADMIN, { email: customer.email }, admin)).data!.makeAdmin).toEqual({ email: customer.email, role: 'admin' });
    expect(await roleOf(customer.email)).toBe(Role.admin);
    expect((await app.gql(REMOVE_ADMIN, { email: customer.email }, admin)).data!.removeAdmin).toEqual({
      email: customer.email,
      role: 'user',
    });
    expect(await roleOf(customer.email)).toBe(Role.user);
  });

  test("a customer cannot change anyone's role, their own included; anonymous must sign in", async () => {
    const admin = await app.adminUser();
    const customer = await app.customer();
    expect(codeOf(await app.gql(MAKE_ADMIN, { email: customer.email }, customer))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(REMOVE_ADMIN, { email: admin.email }, customer))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(MAKE_ADMIN, { email: customer.email }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(REMOVE_ADMIN, { email: admin.email }))).toBe('UNAUTHENTICATED');
    expect(await roleOf(customer.email)).toBe(Role.user);
    expect(await roleOf(admin.email)).toBe(Role.admin);
  });

  test('an unknown e-mail is NOT_FOUND', async () => {
    const admin = await app.adminUser();
    expect(codeOf(await app.gql(MAKE_ADMIN, { email: 'nobody-here@keen.test' }, admin))).toBe('NOT_FOUND');
  });

  test('the last admin cannot remove their own admin right; with two, one may step down', async () => {
    const admin = await app.adminUser();
    await app.db
      .getRepository(User)
      .createQueryBuilder()
      .update()
      .set({ role: Role.user })
      .where('id <> :id', { id: admin.user.id })
      .execute();
    const res = await app.gql(REMOVE_ADMIN, { email: admin.email }, admin);
    expect(codeOf(res)).toBe('FORBIDDEN');
    expect(await roleOf(admin.email)).toBe(Role.admin);
    const second = await app.customer('deputy');
    expect((await app.gql(MAKE_ADMIN, { email: second.email }, admin)).errors).toBeUndefined();
    expect((await app.gql(REMOVE_ADMIN, { email: admin.email }, admin)).errors).toBeUndefined();
    expect(await roleOf(admin.email)).toBe(Role.user);
    expect(codeOf(await app.gql(REMOVE_ADMIN, { email: second.email }, second))).toBe('FORBIDDEN');
    expect(await roleOf(second.email)).toBe(Role.admin);
  });
});

describe('users list', () => {
  let admin: Awaited<ReturnType<TestApp['adminUser']>>;
  let tag: string;
  beforeAll(async () => {
    admin = await app.adminUser();
    tag = `crew${randomBytes(3).toString('hex')}`;
    const users = app.db.getRepository(User);
    for (const [name, role] of [
      ['Charlie', Role.user],
      ['Alice', Role.admin],
      ['Bob', Role.user],
    ] as const) {
      await users.save(
        users.create({
          name: `${name} ${tag}`,
          email: `${name.toLowerCase()}-${tag}@keen.test`,
          role,
          phone: '+1 555 0000',
          address: 'Secret Street',
        }),
      );
    }
  });
  type Row = { name: string; email: string; role: string; createdAt: string; phone: string | null };
  const list = async (options: Record<string, unknown>) => {
    const res = await app.gql<{ users: { totalItems: number; items: Row[] } }>(USERS, { options: { search: tag, ...options } }, admin);
    expect(res.errors).toBeUndefined();
    return res.data!.users;
  };

  test('is admin only', async () => {
    const customer = await app.customer();
    expect(codeOf(await app.gql(USERS, {}, customer))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(USERS, {}))).toBe('UNAUTHENTICATED');
  });

  test('admins see every user, with contact details; filter by role; search case-insensitively', async () => {
    const all = await list({});
    expect(all.totalItems).toBe(3);
    expect(all.items.every((u) => u.phone === '+1 555 0000')).toBe(true);
    expect((await list({ role: 'admin' })).items.map((u) => u.name)).toEqual([`Alice ${tag}`]);
    expect((await list({ role: 'user' })).totalItems).toBe(2);
    expect((await list({ search: `BOB ${tag}`.toUpperCase() })).items.map((u) => u.name)).toEqual([`Bob ${tag}`]);
  });

  test.each(['name', 'email', 'role', 'createdAt'] as const)('sorts by %s in both directions', async (sortBy) => {
    for (const sortDirection of ['ASC', 'DESC'] as const) {
      const values = (await list({ sortBy, sortDirection })).items.map((u) => u[sortBy]);
      const expected = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      if (sortDirection === 'DESC') expected.reverse();
      expect(values).toEqual(expected);
      expect(new Set(values).size).toBeGreaterThan(1);
    }
  });

  test('skip and take page the list; bad paging is BAD_USER_INPUT', async () => {
    expect(await list({ sortBy: 'name', sortDirection: 'ASC', skip: 1, take: 1 })).toMatchObject({
      totalItems: 3,
      items: [{ name: `Bob ${tag}` }],
    });
    for (const options of [{ take: 101 }, { take: 0 }, { skip: -1 }])
      expect(codeOf(await app.gql(USERS, { options }, admin))).toBe('BAD_USER_INPUT');
  });
});

describe('privacy', () => {
  test('no type in the schema has a password field', async () => {
    const res = await app.gql<IntrospectionQuery>(getIntrospectionQuery());
    expect(res.errors).toBeUndefined();
    const fields = res.data!.__schema.types.flatMap((type) =>
      [
        ...(type.kind === 'OBJECT' || type.kind === 'INTERFACE' ? type.fields : []),
        ...(type.kind === 'INPUT_OBJECT' ? type.inputFields : []),
      ].map((f) => `${type.name}.${f.name}`),
    );
    expect(fields).toContain('User.email');
    expect(fields.filter((name) => /password/i.test(name))).toEqual([]);
    expect(Object.keys(app.db.getMetadata(User).propertiesMap).filter((name) => /password/i.test(name))).toEqual([]);
  });

  test("another user's e-mail, phone and address are hidden from customers and anonymous callers, e.g. through review.author", async () => {
    const author = await app.customer('private');
    const reader = await app.customer('reader');
    const admin = await app.adminUser();
    expect(
      (await app.gql(UPDATE_PROFILE, { input: profile({ phone: '+1 555 0999', address: '7 Hidden Way' }) }, author)).errors,
    ).toBeUndefined();
    const review = await app.gql('mutation { addReview(input: { star: 5, description: "Private test" }) { id } }', {}, author);
    expect(review.errors).toBeUndefined();
    const query = '{ reviews(options: { search: "Private test" }) { items { author { name email } } } }';
    const authorOf = async (session?: TestSession) => (await app.gql(query, {}, session)).data!.reviews.items[0].author;
    expect(await authorOf()).toEqual({ name: 'Pat Carver', email: '' });
    expect(await authorOf(reader)).toEqual({ name: 'Pat Carver', email: '' });
    expect(await authorOf(author)).toEqual({ name: 'Pat Carver', email: author.email });
    expect(await authorOf(admin)).toEqual({ name: 'Pat Carver', email: author.email });
    // A review's author has no phone, address, role or id to ask for, whoever asks.
    for (const field of ['phone', 'address', 'role', 'id']) {
      const res = await app.gql(`{ reviews(options: { search: "Private test" }) { items { author { ${field} } } } }`, {}, admin);
      expect(messageOf(res)).toMatch(new RegExp(`^Cannot query field "${field}" on type "ReviewAuthor"`));
    }
  });
});

describe('ADMIN_EMAILS', () => {
  test('bootstraps the listed e-mails as admins on their first verified sight, and no one else', async () => {
    const email = `boss-${randomBytes(4).toString('hex')}@keen.test`;
    const bootstrapped = await startTestApp({ ADMIN_EMAILS: `someone@keen.test, ${email.toUpperCase()}` });
    try {
      // Whoever signs up with the address first, before proving it, is a customer.
      const unverified = await bootstrapped.signUp('boss', undefined, email);
      expect((await bootstrapped.gql(ME, {}, unverified)).data!.me.role).toBe('user');
      expect(codeOf(await bootstrapped.gql(USERS, {}, unverified))).toBe('FORBIDDEN');
      const { token: idToken } = await bootstrapped.verifyEmail(unverified);
      expect((await bootstrapped.gql(ME, {}, idToken)).data!.me.role).toBe('admin');
      expect((await bootstrapped.gql(USERS, {}, idToken)).errors).toBeUndefined();
      const customer = await bootstrapped.customer();
      expect((await bootstrapped.gql(ME, {}, customer)).data!.me.role).toBe('user');
    } finally {
      await bootstrapped.close();
    }
  });
});
