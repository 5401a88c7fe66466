import type { Router } from 'express';
import { forbidden, unauthenticated } from '../../common/errors';
import type { RateLimits } from '../../common/rate-limits';
import { normalizeEmail } from '../../common/validate';
import { JsonBody } from '../../http-kit/body';
import { clientAddress, type Handlers, successUnlessConflict } from '../../http-kit/handle';
import { queryValue, requireQuery, restList } from '../../http-kit/query';
import { requireAdmin, requireUser } from '../auth/caller';
import { limitFailedSignIns } from '../auth/failed-sign-ins';
import { bearerToken, type IdentityService } from '../auth/identity';
import type { RestContextOf } from '../auth/request-context';
import { Role } from '../auth/role';
import { notForKeys } from '../auth/scopes';
import type { User } from './user.entity';
import { STAFF_ROLES_BY_PEOPLE, type UsersService } from './users.service';
import type { RegisterInput, UpdateProfileInput } from './user.inputs';

type RestContext = RestContextOf<{ users: UsersService; identity: IdentityService; limits: RateLimits }, User>;

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

/** The sign-up body: the e-mail it names, and the profile. */
const registration = (body: JsonBody): { email: string; input: RegisterInput } => ({
  email: body.text('email'),
  input: { name: body.text('name'), address: body.text('address'), phone: body.text('phone') },
});

const updateProfileInput = (body: JsonBody): UpdateProfileInput => ({
  name: body.text('name'),
  phone: body.text('phone'),
  address: body.text('address'),
  img: body.text('img'),
});

/** SPEC §7 user, token and role calls. Passwords in a body are ignored: they live with the identity provider. */
export function registerUsersRoutes(router: Router, { handle }: Handlers<RestContext>): void {
  router.get(
    '/users',
    handle(async (req, res, { caller, services }) => {
      // The caller first: anonymous is 401 (and a customer listing everyone 403) before a bad page's 400.
      requireUser(caller);
      const email = queryValue(req, 'email');
      if (email === undefined) requireAdmin(caller);
      if (email !== undefined) return [restUser(await services.users.findByEmail(caller, email))];
      return (await restList(req, res, (page) => services.users.list(caller, Object.assign({}, page)))).map(restUser);
    }),
  );

  router.post(
    '/users',
    handle(async (req, _res, { caller, services }) => {
      const { email: own } = requireUser(caller);
      const { email, input } = registration(JsonBody.of(req.body));
      // The body names the account: only the caller's own.
      if (normalizeEmail(email) !== own) throw forbidden('You may register only your own e-mail address');
      return successUnlessConflict(async () => {
        const user = await services.users.register(caller, input);
        return { success: true as const, message: `${user.name} you have been registered` };
      });
    }),
  );

  router.put(
    '/users',
    handle(async (req, _res, { caller, services }) => {
      const { id: own } = requireUser(caller);
      // The query names the profile: only the caller's own.
      if (requireQuery(req, 'id') !== own) throw forbidden('You may update only your own profile');
      const user = await services.users.updateProfile(caller, updateProfileInput(JsonBody.of(req.body)));
      return { ...restUser(user), message: `${user.name} profile has been updated` };
    }),
  );

  // The token exchange: only a verified Firebase ID token for this same e-mail earns an access token.
  router.put(
    '/users/:email',
    handle(async (req, _res, { services }) => {
      const idToken = bearerToken(req.headers.authorization);
      if (!idToken) throw unauthenticated('Send your Firebase ID token as Authorization: Bearer <token>');
      return limitFailedSignIns(services.limits, clientAddress(req), async () => {
        const identity = await services.identity.verifyIdToken(idToken);
        if (identity.email !== normalizeEmail(req.params.email)) throw forbidden('The token belongs to another e-mail address');
        const user = await services.users.signedIn(identity);
        return { token: services.identity.issueAccessToken(identity, user.tokensValidSince) };
      });
    }),
  );

  router.post(
    '/users/signOutEverywhere',
    handle(async (_req, _res, { caller, services }) => ({ success: await services.users.signOutEverywhere(caller) })),
  );

  router.get(
    '/admin/:email',
    handle(async (req, _res, { caller, services }) => ({ admin: await services.users.isAdmin(caller, String(req.params.email)) })),
  );

  router.put(
    '/users/admin/:email',
    notForKeys(STAFF_ROLES_BY_PEOPLE),
    handle(async (req, _res, { caller, services }) => {
      const { changed } = await services.users.changeRole(caller, String(req.params.email), Role.admin);
      return { modifiedCount: changed ? 1 : 0 };
    }),
  );

  router.put(
    '/user/removeAdmin/:email',
    notForKeys(STAFF_ROLES_BY_PEOPLE),
    handle(async (req, _res, { caller, services }) => {
      const { changed } = await services.users.changeRole(caller, String(req.params.email), Role.user);
      return { modifiedCount: changed ? 1 : 0 };
    }),
  );
}
