import { phoneFormatMessage } from '@keen/rules';
import { profileInput, registerInput } from '@keen/rules/schemas';
import type { ZodType } from 'zod';
import { User } from '../../src/modules/users/user.entity';
import { codeOf, messageOf, startTestApp, type TestApp } from '../support/harness';
import { restClient } from '../support/rest-client';

/**
 * The profile forms validate with the same schemas (`@keen/rules/schemas`) the server parses
 * register and updateProfile with: what one refuses, the others refuse in the same words, over
 * GraphQL and REST alike, and nothing is written.
 */
let app: TestApp;
let api: ReturnType<typeof restClient>;
beforeAll(async () => {
  app = await startTestApp();
  api = restClient(app);
});
afterAll(() => app.close());

const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) { id } }';
const UPDATE_PROFILE = 'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }';

/** The message a form shows first: the first field, in the schema's order, that breaks a rule. */
const formMessage = (schema: ZodType, input: object) => schema.safeParse(input).error?.issues[0].message;

const registration = { name: 'Pat Carver', address: '9 Forge Road', phone: '+1 555 0123' };
const profile = { ...registration, img: '/uploads/pat.png' };

/** Refused by register and updateProfile alike. The long ones the form used to let through; the server refused them. */
const refusedByBoth: [string, Record<string, string>, string][] = [
  ['a blank name', { name: '   ' }, 'Name is Required'],
  ['a name longer than its column', { name: 'N'.repeat(121) }, 'Name must be at most 120 characters'],
  ['an address longer than its column', { address: 'A'.repeat(501) }, 'Address must be at most 500 characters'],
  ['a phone that is not one', { phone: 'call me maybe' }, phoneFormatMessage('Phone')],
  // The form used to answer this with the format's message, the server with its column's size.
  ['a phone longer than its column', { phone: '5'.repeat(41) }, 'Phone must be at most 40 characters'],
  ['a name and an address broken at once: the name first', { name: '', address: '' }, 'Name is Required'],
];

describe.each(refusedByBoth)('%s', (_case, change, message) => {
  test('is refused by the sign-up schema, register and POST /users in the same words; nothing is registered', async () => {
    const input = { ...registration, ...change };
    expect(formMessage(registerInput, input)).toBe(message);

    const graphql = await app.customer('schema');
    const res = await app.gql(REGISTER, { input }, graphql);
    expect({ code: codeOf(res), message: messageOf(res) }).toEqual({ code: 'BAD_USER_INPUT', message });

    const rest = await app.customer('schema');
    expect(await api('POST', '/users', { as: rest, body: { ...input, email: rest.email } })).toEqual({ status: 400, body: { message } });

    const rows = await app.db.getRepository(User).findBy([{ id: graphql.user.id }, { id: rest.user.id }]);
    expect(rows.map((row) => row.address)).toEqual([null, null]);
  });

  test('is refused by the profile schema, updateProfile and PUT /users in the same words; nothing changes', async () => {
    const input = { ...profile, ...change };
    expect(formMessage(profileInput, input)).toBe(message);

    const session = await app.customer('schema');
    const res = await app.gql(UPDATE_PROFILE, { input }, session);
    expect({ code: codeOf(res), message: messageOf(res) }).toEqual({ code: 'BAD_USER_INPUT', message });
    expect(await api('PUT', `/users?id=${session.user.id}`, { as: session, body: input })).toEqual({ status: 400, body: { message } });

    expect(await app.db.getRepository(User).findOneByOrFail({ id: session.user.id })).toMatchObject({
      name: session.user.name,
      phone: null,
    });
  });
});

test.each([
  ['a photo left out', { img: '' }, 'Photo is Required'],
  ['a photo URL longer than its column', { img: `/uploads/${'p'.repeat(1990)}.png` }, 'Photo must be at most 2000 characters'],
  [
    'a phone and an address broken at once: the phone first, as My Profile lists them',
    { phone: 'x', address: '' },
    phoneFormatMessage('Phone'),
  ],
])('a profile with %s is refused by the schema and both APIs in the same words', async (_case, change, message) => {
  const input = { ...profile, ...change };
  expect(formMessage(profileInput, input)).toBe(message);
  const session = await app.customer('schema');
  expect(messageOf(await app.gql(UPDATE_PROFILE, { input }, session))).toBe(message);
  expect(await api('PUT', `/users?id=${session.user.id}`, { as: session, body: input })).toEqual({ status: 400, body: { message } });
  expect((await app.db.getRepository(User).findOneByOrFail({ id: session.user.id })).img).toBe(session.user.img);
});

test('what the schema takes, the server takes and keeps as the schema reads it: trimmed, up to each column', async () => {
  const input = { name: `  ${'N'.repeat(120)} `, phone: ' +44 20 7946 0000 ', address: `${'A'.repeat(500)}  `, img: ' /uploads/me.png ' };
  const parsed = profileInput.parse(input);
  expect(parsed).toEqual({ name: 'N'.repeat(120), phone: '+44 20 7946 0000', address: 'A'.repeat(500), img: '/uploads/me.png' });

  const graphql = await app.customer('schema');
  expect((await app.gql(UPDATE_PROFILE, { input }, graphql)).errors).toBeUndefined();
  const rest = await app.customer('schema');
  expect((await api('PUT', `/users?id=${rest.user.id}`, { as: rest, body: input })).status).toBe(200);
  for (const session of [graphql, rest]) {
    expect(await app.db.getRepository(User).findOneByOrFail({ id: session.user.id })).toMatchObject(parsed);
  }
});
