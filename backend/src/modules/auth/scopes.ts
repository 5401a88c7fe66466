import { forbidden } from '../../common/errors';
import { type ApiKeyScope } from '@keen/rules';
import type { Caller } from './caller';

export { API_KEY_SCOPES, type ApiKeyScope } from '@keen/rules';

/** Why a key is refused an operation that acts as a person (a customer's own orders, profile, reviews) or manages keys and webhooks. */
export const NEEDS_A_PERSON = 'API keys cannot do this: it needs a signed-in person';

/** What an operation declares for API keys: the scope a key needs, or that no key may call it and the rule that says why. */
export type KeyAccess = ApiKeyScope | { notForKeys: string };

/** Refuses a key caller outside the declared access; anyone else passes (their service checks them). */
export function authorizeKey(caller: Caller, access: KeyAccess): void {
  const key = caller.apiKey;
  if (!key) return;
  if (typeof access !== 'string') throw forbidden(access.notForKeys);
  if (!key.scopes.includes(access)) throw forbidden(`This API key lacks the scope ${access}`);
}
