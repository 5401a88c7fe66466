import { randomBytes } from 'node:crypto';
import { runAdminCommand } from '../../src/admin-command';
import { StaffGrant, StaffRoleAction, StaffRoleEvent } from '../../src/modules/users/staff-grant.entity';
import { Role, User } from '../../src/modules/users/user.entity';
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
