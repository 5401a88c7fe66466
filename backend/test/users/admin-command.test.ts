import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { runAdminCommand } from '../../src/admin-command';
import { StaffGrant, StaffRoleAction, StaffRoleEvent } from '../../src/modules/users/staff-grant.entity';
import { Role } from '../../src/modules/auth/role';
import { User } from '../../src/modules/users/user.entity';
import { codeOf, startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
let env: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  // The command runs against this file's own database, as `docker compose exec` would against the shop's.
  env = { NODE_ENV: 'production', DATABASE_URL: (app.db.options as { url: string }).url };
});
afterAll(() => app.close());

const ME = '{ me { role } }';
const USERS = '{ users { totalItems } }';
const freshEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@keen.test`;
const admin = (...args: string[]) => runAdminCommand(args, env);

async function history(email: string) {
  const rows = await app.db.getRepository(StaffRoleEvent).find({ where: { email }, order: { createdAt: 'ASC' } });
  return rows.map(({ action, actor, note }) => ({ action, actor, note }));
}

test('a grant before the first sign-in waits for a verified e-mail, then makes the admin once', async () => {
  const email = freshEmail('first-admin');
  const granted = await admin('grant', email.toUpperCase());
  expect(granted).toEqual({
    code: 0,
    output: `${email} becomes an admin at their first sign-in with a verified e-mail address (never signed in yet).`,
  });
  expect(await admin('grant', email)).toEqual({
    code: 0,
    output: `${email} already has a grant waiting for their first verified sign-in; nothing changed.`,
  });

  // Whoever signs up with the address first is a customer until the address is proven theirs.
  const unverified = await app.signUp('first-admin', 'First Admin', email);
  expect((await app.gql(ME, {}, unverified)).data!.me.role).toBe('user');
  expect(codeOf(await app.gql(USERS, {}, unverified))).toBe('FORBIDDEN');

  const verified = await app.verifyEmail(unverified);
  expect((await app.gql(ME, {}, verified)).data!.me.role).toBe('admin');
  expect((await app.gql(USERS, {}, verified)).errors).toBeUndefined();
  expect(await app.db.getRepository(StaffGrant).countBy({ email })).toBe(0);

  const lines = await history(email);
  expect(lines).toEqual([
    {
      action: StaffRoleAction.grant,
      actor: expect.stringMatching(/^command line \(.+@.+\)$/),
      note: 'waits for the first verified sign-in',
    },
    { action: StaffRoleAction.apply, actor: 'first verified sign-in', note: 'waiting grant applied' },
  ]);
});

test('a grant to someone already verified is at once; a revoke takes it back and ends their admin access', async () => {
  const customer = await app.verifyEmail(await app.customer('staff'));
  await app.gql(ME, {}, customer);
  expect(codeOf(await app.gql(USERS, {}, customer))).toBe('FORBIDDEN');

  expect(await admin('grant', customer.email)).toEqual({ code: 0, output: `${customer.email} is now an admin.` });
  expect((await app.gql(USERS, {}, customer)).errors).toBeUndefined();
  expect(await admin('grant', customer.email)).toEqual({ code: 0, output: `${customer.email} is already an admin; nothing changed.` });

  expect(await admin('revoke', customer.email)).toEqual({ code: 0, output: `${customer.email} is no longer an admin.` });
  expect(codeOf(await app.gql(USERS, {}, customer))).toBe('FORBIDDEN');
  expect(await app.db.getRepository(User).findOneByOrFail({ email: customer.email })).toMatchObject({ role: Role.user });
  expect(await admin('revoke', customer.email)).toEqual({
    code: 0,
    output: `${customer.email} is not an admin and has no waiting grant; nothing changed.`,
  });
  expect((await history(customer.email)).map((line) => [line.action, line.note])).toEqual([
    [StaffRoleAction.grant, 'admin right given'],
    [StaffRoleAction.revoke, 'admin right removed'],
  ]);
});

test('a waiting grant that is revoked never makes an admin', async () => {
  const email = freshEmail('withdrawn');
  await admin('grant', email);
  expect(await admin('revoke', email)).toEqual({
    code: 0,
    output: `The grant waiting for ${email}'s first verified sign-in is withdrawn.`,
  });
  const verified = await app.verifyEmail(await app.signUp('withdrawn', 'Withdrawn', email));
  expect((await app.gql(ME, {}, verified)).data!.me.role).toBe('user');
  expect((await history(email)).map((line) => line.action)).toEqual([StaffRoleAction.grant, StaffRoleAction.revoke]);
});

test('bad input gets a specific message and a failing exit code, and changes nothing', async () => {
  const before = await app.db.getRepository(StaffRoleEvent).count();
  expect(await admin('grant', 'not-an-email')).toEqual({ code: 2, output: 'A valid e-mail address is required' });
  expect(await admin('promote', 'someone@keen.test')).toMatchObject({
    code: 2,
    output: expect.stringMatching(/^Unknown arguments: promote someone@keen.test\nUsage: npm run admin -- grant <email>/),
  });
  expect(await admin('grant')).toMatchObject({ code: 2, output: expect.stringMatching(/^Unknown arguments: grant\nUsage:/) });
  expect(await admin()).toMatchObject({ code: 2, output: expect.stringMatching(/^Usage:/) });
  expect(await runAdminCommand(['grant', 'someone@keen.test'], { NODE_ENV: 'production' })).toEqual({
    code: 2,
    output: 'Setting DATABASE_URL: is required in production: it names the database to change',
  });
  const unreachable = await runAdminCommand(['grant', 'someone@keen.test'], { DATABASE_URL: 'postgres://keen@127.0.0.1:1/keen' });
  expect(unreachable.code).toBe(1);
  expect(unreachable.output).toMatch(/^Could not reach PostgreSQL at 127\.0\.0\.1:1 .*: start Keen or set DATABASE_URL$/);
  expect(await app.db.getRepository(StaffRoleEvent).count()).toBe(before);
});

/** Backends of this file's database that wait for a lock another one holds. */
async function waitingForLocks(): Promise<number> {
  const [{ waiting }] = await app.db.query(
    `SELECT count(DISTINCT l.pid)::int AS waiting FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE NOT l.granted AND a.datname = current_database()`,
  );
  return waiting;
}

async function until(condition: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Runs `during` while a transaction of its own holds the rows `sql` locks (FOR UPDATE), and
 * releases them after it, also when it fails.
 */
async function whileHolding<T>(sql: string, params: unknown[], during: () => Promise<T>): Promise<T> {
  const holder = app.db.createQueryRunner();
  await holder.connect();
  await holder.startTransaction();
  try {
    expect(await holder.query(sql, params)).toHaveLength(1);
    return await during();
  } finally {
    await holder.commitTransaction();
    await holder.release();
  }
}

/** Someone granted while waiting, signed up but not yet verified (their row exists), and their first verified token. */
async function grantedNewcomer(prefix: string) {
  const email = freshEmail(prefix);
  expect((await admin('grant', email)).code).toBe(0);
  const unverified = await app.signUp(prefix, prefix, email);
  expect((await app.gql(ME, {}, unverified)).data!.me.role).toBe('user');
  return { email, verified: await app.verifyEmail(unverified) };
}

/** `promise`, and whether it has settled yet. */
function watched<T>(promise: Promise<T>) {
  const state = { settled: false, promise: promise.finally(() => (state.settled = true)) };
  return state;
}

test('a revoke that comes while the grant is being applied waits for it, then takes the right back', async () => {
  const { email, verified } = await grantedNewcomer('applying');
  // The profile row is held: the first verified sign-in stops just before it writes the row.
  const { signIn, revoke, revokeWaited } = await whileHolding(
    `SELECT "id" FROM "user" WHERE "email" = $1 FOR UPDATE`,
    [email],
    async () => {
      const signIn = watched(app.gql(ME, {}, verified));
      await until(async () => (await waitingForLocks()) === 1, 'the sign-in waits for the row');
      // Were the grant read outside the lock, this revoke would find an unverified customer, only
      // withdraw the grant and commit, and the sign-in would then promote them all the same.
      const revoke = watched(admin('revoke', email));
      await until(async () => revoke.settled || (await waitingForLocks()) === 2, 'the revoke has run or waits');
      return { signIn, revoke, revokeWaited: !revoke.settled };
    },
  );
  const [signedIn, revoked] = await Promise.all([signIn.promise, revoke.promise]);

  // Once the revoke has answered, nobody is an admin.
  expect(await app.db.getRepository(User).findOneByOrFail({ email })).toMatchObject({ role: Role.user, emailVerified: true });
  expect(codeOf(await app.gql(USERS, {}, verified))).toBe('FORBIDDEN');
  expect(revokeWaited).toBe(true);
  expect(signedIn.data!.me.role).toBe('admin');
  expect(revoked).toEqual({ code: 0, output: `${email} is no longer an admin.` });
  expect((await history(email)).map((line) => [line.action, line.note])).toEqual([
    [StaffRoleAction.grant, 'waits for the first verified sign-in'],
    [StaffRoleAction.apply, 'waiting grant applied'],
    [StaffRoleAction.revoke, 'admin right removed'],
  ]);
});

test('a revoke that comes first leaves no grant for the first verified sign-in to apply', async () => {
  const { email, verified } = await grantedNewcomer('revoked-first');
  // The waiting grant is held: the revoke stops as it withdraws it, with the roles lock taken.
  const { signIn, revoke, signInWaited } = await whileHolding(
    `SELECT "email" FROM "staff_grant" WHERE "email" = $1 FOR UPDATE`,
    [email],
    async () => {
      const revoke = watched(admin('revoke', email));
      await until(async () => (await waitingForLocks()) === 1, 'the revoke waits for the grant');
      const signIn = watched(app.gql(ME, {}, verified));
      await until(async () => signIn.settled || (await waitingForLocks()) === 2, 'the sign-in has run or waits');
      return { signIn, revoke, signInWaited: !signIn.settled };
    },
  );
  const [signedIn, revoked] = await Promise.all([signIn.promise, revoke.promise]);

  // The sign-in waited for the revoke and found nothing to apply: it was never an admin's.
  expect(signInWaited).toBe(true);
  expect(signedIn.data!.me.role).toBe('user');
  expect(revoked).toEqual({ code: 0, output: `The grant waiting for ${email}'s first verified sign-in is withdrawn.` });
  expect(await app.db.getRepository(User).findOneByOrFail({ email })).toMatchObject({ role: Role.user, emailVerified: true });
  expect(await app.db.getRepository(StaffGrant).countBy({ email })).toBe(0);
  expect((await history(email)).map((line) => [line.action, line.note])).toEqual([
    [StaffRoleAction.grant, 'waits for the first verified sign-in'],
    [StaffRoleAction.revoke, 'waiting grant withdrawn'],
  ]);
});

describe('the command line entry, run as a process', () => {
  // `npm run admin` runs the compiled backend/dist/admin-command.js, which a test run does not build:
  // the same entry runs here from its source.
  const backend = path.resolve(__dirname, '..', '..');
  const entry = path.join(backend, 'src', 'admin-command.ts');
  const hook = path.join(__dirname, '..', 'support', 'require-typescript.cjs');

  function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--require', hook, entry, ...args], {
        cwd: backend,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  test('grant: exit code 0 and its one line on stdout; bad input: a failing exit code and the usage on stderr', async () => {
    const email = freshEmail('from-the-shell');
    const [granted, unknown, missing] = await Promise.all([cli('grant', email), cli('promote', email), cli('grant')]);

    expect(granted).toEqual({
      code: 0,
      stdout: `${email} becomes an admin at their first sign-in with a verified e-mail address (never signed in yet).\n`,
      stderr: '',
    });
    expect(await app.db.getRepository(StaffGrant).countBy({ email })).toBe(1);
    expect((await history(email)).map((line) => line.action)).toEqual([StaffRoleAction.grant]);

    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toMatch(
      new RegExp(`^Unknown arguments: promote ${email.replace(/\./g, '\\.')}\\nUsage: npm run admin -- grant <email>`),
    );
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toMatch(/^Unknown arguments: grant\nUsage: npm run admin -- grant <email> .*\n.*revoke <email>/);
  }, 90_000);
});
