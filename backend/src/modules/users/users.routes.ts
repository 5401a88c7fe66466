import { profileInput, registerInput } from '@keen/rules/schemas';
import { z } from 'zod';
import { forbidden, unauthenticated } from '../../common/errors';
import type { RateLimits } from '../../common/rate-limits';
import { normalizeEmail } from '../../common/validate';
import { field, jsonBody } from '../../http-kit/body';
import { successUnlessConflict } from '../../http-kit/conflict-answer';
import { named } from '../../http-kit/openapi';
import { LIST_PAGE_QUERY_SCHEMA, param, REST_LIST_CAP, restList, totalCount } from '../../http-kit/query';
import { requireUser, limitFailedSignIns, bearerToken, type IdentityService, restRoute, type RestRoutes, Role } from '../auth';
import type { User } from './user.entity';
import { STAFF_ROLES_BY_PEOPLE, type UsersService } from './users.service';
import type { RegisterInput, UpdateProfileInput } from './user.inputs';

/** A user as the old client reads it (SPEC §3): `_id` instead of `id`, and never a password. */
const restUser = (u: User) => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  address: u.address,
  phone: u.phone,
  img: u.img,
  role: u.role,
});

const userAnswer = named(
  'User',
  z.object({
    _id: z.string().describe('The user id'),
    name: z.string(),
    email: z.string().describe('The e-mail address they sign in with'),
    address: z.string().nullable().describe('Delivery address, or null before the profile is completed'),
    phone: z.string().nullable().describe('Phone, or null before the profile is completed'),
    img: z.string().nullable().describe("Their photo (one of Keen's own uploads), or null"),
    role: z.enum(Role),
  }),
);

/** A field's description from the shared schema the service parses with, and that it is required. */
const required = (schema: z.ZodType) => `${schema.description ?? ''}${schema.description ? '; ' : ''}required`;

type Services = { users: UsersService; identity: IdentityService; limits: RateLimits };
const route = restRoute<Services, User>();

const emailParam = z.object({ email: z.string().describe('An e-mail address') });
const modifiedCount = z.object({ modifiedCount: z.int().min(0).max(1) });

/** SPEC §7 user, token and role calls. Passwords in a body are ignored: they live with the identity provider. */
export const usersRoutes: RestRoutes<Services, User> = [
  route({
    method: 'GET',
    path: '/users',
    tag: 'Users',
    summary: 'All users (admin), or one by e-mail (yourself, or anyone for an admin)',
    // One user by e-mail (the service lets a customer see only themselves); everyone is for admins.
    access: { allow: 'signed in', without: { query: 'email', allow: 'admin' } },
    query: z.object({
      email: param.text().describe('An e-mail address: answers an array with that one user'),
      ...LIST_PAGE_QUERY_SCHEMA.shape,
    }),
    failures: [403, 404],
    answer: z.array(userAnswer).describe(`Users; never a password: at most ${REST_LIST_CAP}; page with ?skip and ?take`),
    answerHeaders: { 'X-Total-Count': totalCount('Rows that match, over every page') },
    work: async ({ query: { email, ...paging } }, res, { caller, services }) => {
      if (email !== undefined) return [restUser(await services.users.findByEmail(caller, email))];
      return (await restList(paging, res, (page) => services.users.list(caller, Object.assign({}, page)))).map(restUser);
    },
  }),
  route({
    method: 'POST',
    path: '/users',
    tag: 'Users',
    summary: "Complete the caller's profile after sign-up; email must be the caller's own; a password is ignored",
    access: { allow: 'signed in' },
    body: jsonBody({
      email: field.text().describe("The caller's own e-mail address; required"),
      name: field.text().describe(required(registerInput.shape.name)),
      address: field.text().describe(required(registerInput.shape.address)),
      phone: field.text().describe(required(registerInput.shape.phone)),
    }).describe('A password is ignored: never stored'),
    failures: [403],
    answer: z
      .object({ success: z.boolean(), message: z.string() })
      .describe("`success: true` with '{name} you have been registered', or `success: false` with 'User already exist'"),
    work: async ({ body }, _res, { caller, services }) => {
      const { email: own } = requireUser(caller);
      const input: RegisterInput = { name: body.name ?? '', address: body.address ?? '', phone: body.phone ?? '' };
      // The body names the account: only the caller's own.
      if (normalizeEmail(body.email ?? '') !== own) throw forbidden('You may register only your own e-mail address');
      return successUnlessConflict(async () => {
        const user = await services.users.register(caller, input);
        return { success: true as const, message: `${user.name} you have been registered` };
      });
    },
  }),
  route({
    method: 'PUT',
    path: '/users',
    tag: 'Users',
    summary: 'Update your own profile; email, password and role in the body are ignored',
    access: { allow: 'signed in' },
    query: z.object({ id: param.required().describe('Your own user _id') }),
    body: jsonBody({
      name: field.text().describe(required(profileInput.shape.name)),
      phone: field.text().describe(required(profileInput.shape.phone)),
      address: field.text().describe(required(profileInput.shape.address)),
      img: field.text().describe(required(profileInput.shape.img)),
    }).describe('email, password and role are ignored'),
    failures: [403],
    answer: userAnswer.extend({ message: z.string().describe("'{name} profile has been updated'") }),
    work: async ({ query, body }, _res, { caller, services }) => {
      const { id: own } = requireUser(caller);
      // The query names the profile: only the caller's own.
      if (query.id !== own) throw forbidden('You may update only your own profile');
      const input: UpdateProfileInput = {
        name: body.name ?? '',
        phone: body.phone ?? '',
        address: body.address ?? '',
        img: body.img ?? '',
      };
      const user = await services.users.updateProfile(caller, input);
      return { ...restUser(user), message: `${user.name} profile has been updated` };
    },
  }),
  route({
    method: 'PUT',
    path: '/users/:email',
    tag: 'Users',
    summary: 'Exchange a Firebase ID token whose e-mail is {email} for an access token valid for an hour',
    description:
      'The bearer must be a Firebase ID token (not an access token): without one, 401. A disabled or deleted account, or a revoked token, is refused (401). ' +
      'The access token stops working after an hour, when your role changes, when you sign out everywhere, and on the first sign-in that proves your e-mail address. ' +
      'Refused exchanges count as failed sign-ins: after 20 in a minute from one address, 429.',
    // The bearer is checked by the work: only a Firebase ID token earns a token, and its refusals count as failed sign-ins.
    access: { allow: 'public' },
    params: emailParam,
    headers: z.object({ Authorization: z.string().optional().describe('Bearer <Firebase ID token>') }),
    failures: [401, 403, 429],
    answer: z.object({ token: z.string().describe('The access token: send it as Authorization: Bearer <token>') }),
    work: async ({ params, headers, clientAddress }, _res, { services }) => {
      const idToken = bearerToken(headers.Authorization);
      if (!idToken) throw unauthenticated('Send your Firebase ID token as Authorization: Bearer <token>');
      return limitFailedSignIns(services.limits, clientAddress(), async () => {
        const identity = await services.identity.verifyIdToken(idToken);
        if (identity.email !== normalizeEmail(params.email)) throw forbidden('The token belongs to another e-mail address');
        const user = await services.users.signedIn(identity);
        return { token: services.identity.issueAccessToken(identity, user.tokensValidSince) };
      });
    },
  }),
  route({
    method: 'POST',
    path: '/users/signOutEverywhere',
    tag: 'Users',
    summary: "End every session of the caller: Firebase refresh tokens are revoked and Keen's access tokens stop working",
    access: { allow: 'signed in' },
    answer: z.object({ success: z.boolean() }),
    work: async (_req, _res, { caller, services }) => ({ success: await services.users.signOutEverywhere(caller) }),
  }),
  route({
    method: 'GET',
    path: '/admin/:email',
    tag: 'Users',
    summary: 'Whether {email} is an admin: about yourself, or anyone for an admin',
    access: { allow: 'signed in' },
    params: emailParam,
    failures: [403],
    answer: z.object({ admin: z.boolean() }),
    work: async ({ params }, _res, { caller, services }) => ({ admin: await services.users.isAdmin(caller, params.email) }),
  }),
  route({
    method: 'PUT',
    path: '/users/admin/:email',
    tag: 'Users',
    summary: 'Make {email} an admin (an admin signed in as themselves; API keys are refused, 403)',
    access: { allow: 'admin person', key: { notForKeys: STAFF_ROLES_BY_PEOPLE } },
    params: emailParam,
    failures: [404],
    answer: modifiedCount.describe('1, or 0 when already an admin'),
    work: async ({ params }, _res, { caller, services }) => {
      const { changed } = await services.users.changeRole(caller, params.email, Role.admin);
      return { modifiedCount: changed ? 1 : 0 };
    },
  }),
  route({
    method: 'PUT',
    path: '/user/removeAdmin/:email',
    tag: 'Users',
    summary:
      'Remove the admin right of {email} (an admin signed in as themselves; API keys are refused, 403); the last admin keeps it (403); the API keys they created are revoked',
    access: { allow: 'admin person', key: { notForKeys: STAFF_ROLES_BY_PEOPLE } },
    params: emailParam,
    failures: [404],
    answer: modifiedCount.describe('1, or 0 when not an admin'),
    work: async ({ params }, _res, { caller, services }) => {
      const { changed } = await services.users.changeRole(caller, params.email, Role.user);
      return { modifiedCount: changed ? 1 : 0 };
    },
  }),
];
