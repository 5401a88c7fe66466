import type { GraphQLField } from 'graphql';
import { Extensions } from 'type-graphql';
import { type Caller, requireAdmin, requireAdminPerson, requireUser } from './caller';
import { authorizeKey, type KeyAccess, NEEDS_A_PERSON } from './scopes';

/**
 * Who may call an operation, declared beside it: anyone, a signed-in person, an admin (or an API
 * key with the declared scope), or an admin signed in as themselves (never a key). Checked before
 * the operation reads its input, so an anonymous caller meets 401 before any 400. Services still
 * check their caller themselves.
 */
export type Allow = 'public' | 'signed in' | 'admin' | 'admin person';

/** A REST route's caller rule: who may call it, and what an API key needs (a scope, or the rule that refuses keys). */
export interface Access {
  allow: Allow;
  /** The scope a key needs; without one, keys are refused with `NEEDS_A_PERSON`. */
  key?: KeyAccess;
}

/**
 * A REST route's rule, which may ask more of a request that lacks a query parameter: GET /orders
 * is `{ allow: 'signed in', without: { query: 'email', allow: 'admin' } }` (your own orders, or
 * everyone's for an admin). Checked before any input is parsed, as the rest of the rule is.
 */
export interface RestAccess extends Access {
  without?: { query: string; allow: Allow };
}

/** The rule a REST request meets: its route's, or the stricter one for a request without the named query parameter. */
export function restRule({ without, ...access }: RestAccess, query: Record<string, unknown>): Access {
  return without && query[without.query] === undefined ? { ...access, allow: without.allow } : access;
}

const ACCESS = 'access';

/**
 * Declares, beside a query or mutation, who may call it (the same rule a REST route declares), in
 * its schema field's extensions: the schema checks it before the arguments are read, and refuses
 * to build with an operation that declares none (`authorizeOperations`, app/graphql-schema.ts).
 */
export const Allow = (access: Access) => Extensions({ [ACCESS]: access });

/** The rule a query or mutation declares with `@Allow`. */
export function declaredAccess(field: GraphQLField<unknown, unknown>): Access | undefined {
  return field.extensions[ACCESS] as Access | undefined;
}

/** Throws the refusal when `caller` may not call an operation declared with `access`. */
export function authorize(caller: Caller, { allow, key = { notForKeys: NEEDS_A_PERSON } }: Access): void {
  if (caller.apiKey) {
    // An admin person's operation refuses every key, whatever scope it was declared with.
    authorizeKey(caller, allow === 'admin person' && typeof key === 'string' ? { notForKeys: NEEDS_A_PERSON } : key);
    return;
  }
  if (allow === 'signed in') requireUser(caller);
  else if (allow === 'admin') requireAdmin(caller);
  else if (allow === 'admin person') requireAdminPerson(caller);
}
