import { unauthenticated } from '../common/errors';
import type { RateLimits } from '../common/rate-limits';
import type { ApiKeysService } from '../modules/integrations/api-keys.service';
import type { User } from '../modules/users/user.entity';
import type { UsersService } from '../modules/users/users.service';
import type { Caller } from '../modules/auth/caller';
import { limitFailedSignIns } from '../modules/auth/failed-sign-ins';
import { bearerToken, type IdentityService } from '../modules/auth/identity';

/**
 * The caller behind a request's `Authorization` header (`authorization`): anonymous without one, an error for a bad
 * one. Bad tokens and keys count as failed sign-ins of the client's address; a valid key counts
 * against its own per-key rate limit.
 */
export async function callerFromRequest(
  services: { limits: RateLimits; identity: IdentityService; users: UsersService; apiKeys: ApiKeysService },
  authorization: string | undefined,
  /** The client's address key (http-kit/client-address.ts), asked only when a credential is sent. */
  clientAddress: () => string,
): Promise<Caller<User>> {
  if (!authorization?.trim()) return { user: null };
  const caller = await limitFailedSignIns(services.limits, clientAddress(), async (): Promise<Caller<User>> => {
    const token = bearerToken(authorization);
    if (!token) throw unauthenticated('Send the token as Authorization: Bearer <token>');
    if (services.apiKeys.isKeySecret(token)) return { user: null, apiKey: await services.apiKeys.verify(token) };
    const identity = await services.identity.verify(token);
    const user = await services.users.signedIn(identity);
    return { user, emailVerified: identity.emailVerified };
  });
  if (caller.apiKey) await services.limits.consume('apiKey', caller.apiKey.id);
  return caller;
}
