import type { NextFunction, Request, Response } from 'express';
import { Authorized } from 'type-graphql';
import { forbidden } from '../../common/errors';
import { type ApiKeyScope } from '@keen/rules';
import type { Caller } from './caller';

export { API_KEY_SCOPES, type ApiKeyScope } from '@keen/rules';

/** Declared on operations that act as a person (a customer's own orders, profile, reviews) or manage keys and webhooks. */
export const NOT_FOR_KEYS = 'not-for-keys';

export type KeyAccess = ApiKeyScope | typeof NOT_FOR_KEYS;

/**
 * Declares, beside a query or mutation, the scope an API key needs to call it (people are checked by
 * the service as before). Every query and mutation declares one: test/integrations/api-keys.test.ts
 * ("every query and mutation declares the scope...") walks the schema's resolvers.
 */
export const KeyScope = (scope: ApiKeyScope) => Authorized<KeyAccess>(scope);

/** Declares a query or mutation that no API key may call, whatever its scopes. */
export const NotForKeys = () => Authorized<KeyAccess>(NOT_FOR_KEYS);

/** Refuses a key caller outside the declared access; anyone else passes (their service checks them). */
export function authorizeKey(caller: Caller, access: KeyAccess): void {
  const key = caller.apiKey;
  if (!key) return;
  if (access === NOT_FOR_KEYS) throw forbidden('API keys cannot do this: it needs a signed-in person');
  if (!key.scopes.includes(access)) throw forbidden(`This API key lacks the scope ${access}`);
}

const declaredAccess = new WeakMap<Request, KeyAccess>();

/** REST: declares, beside a route, the scope an API key needs to call it. Routes without one refuse keys. */
export function keyScope(scope: ApiKeyScope) {
  return (req: Request, _res: Response, next: NextFunction) => {
    declaredAccess.set(req, scope);
    next();
  };
}

/** The access a REST route declared with `keyScope` (none: keys are refused). */
export function routeKeyAccess(req: Request): KeyAccess {
  return declaredAccess.get(req) ?? NOT_FOR_KEYS;
}
