import type { Router } from 'express';
import { JsonBody } from '../../common/body';
import { forbidden, unauthenticated } from '../../common/errors';
import { normalizeEmail } from '../../common/validate';
import { clientAddress } from '../../context';
import { handle, successUnlessConflict } from '../../common/rest';
import { queryValue, requireQuery, restList, restUser } from '../../common/rest-shapes';
import type { Services } from '../../services';
import { requireUser } from '../auth/caller';
import { limitFailedSignIns } from '../auth/failed-sign-ins';
import { bearerToken } from '../auth/identity';
import { Role } from './user.entity';
import type { RegisterInput, UpdateProfileInput } from './user.inputs';

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
export function registerUsersRoutes(router: Router, services: Services): void {
  router.get(
    '/users',
    handle(services, async (req, res, { caller }) => {
      const email = queryValue(req, 'email');
      if (email !== undefined) return [restUser(await services.users.findByEmail(caller, email))];
      return (await restList(req, res, (page) => services.users.list(caller, Object.assign({}, page)))).map(restUser);
    }),
  );

  router.post(
    '/users',
    handle(services, async (req, _res, { caller }) => {
      requireUser(caller);
      const { email, input } = registration(JsonBody.of(req));
      return successUnlessConflict(async () => {
        const user = await services.users.registerAs(caller, email, input);
        return { success: true as const, message: `${user.name} you have been registered` };
      });
    }),
  );

  router.put(
    '/users',
    handle(services, async (req, _res, { caller }) => {
      requireUser(caller);
      const user = await services.users.updateProfileById(caller, requireQuery(req, 'id'), updateProfileInput(JsonBody.of(req)));
      return { ...restUser(user), message: `${user.name} profile has been updated` };
    }),
  );

  // The token exchange: only a verified Firebase ID token for this same e-mail earns an access token.
  router.put(
    '/users/:email',
    handle(services, async (req) => {
      const idToken = bearerToken(req.headers.authorization);
      if (!idToken) throw unauthenticated('Send your Firebase ID token as Authorization: Bearer <token>');
      return limitFailedSignIns(services.limits, clientAddress(req), async () => {
        const identity = await services.identity.verifyIdToken(idToken);
        if (identity.email !== normalizeEmail(req.params.email)) throw forbidden('The token belongs to another e-mail address');
        const user = await services.users.findOrCreate(identity);
        return { token: services.identity.issueAccessToken(identity, user.tokensValidSince) };
      });
    }),
  );

  router.get(
    '/admin/:email',
    handle(services, async (req, _res, { caller }) => ({ admin: await services.users.isAdmin(caller, String(req.params.email)) })),
  );

  router.put(
    '/users/admin/:email',
    handle(services, async (req, _res, { caller }) => {
      const { changed } = await services.users.changeRole(caller, String(req.params.email), Role.admin);
      return { modifiedCount: changed ? 1 : 0 };
    }),
  );

  router.put(
    '/user/removeAdmin/:email',
    handle(services, async (req, _res, { caller }) => {
      const { changed } = await services.users.changeRole(caller, String(req.params.email), Role.user);
      return { modifiedCount: changed ? 1 : 0 };
    }),
  );
}
