import { forbidden, unauthenticated } from '../../common/errors';
import { Role } from './role';

/** An integrator's API key: no person, only the scopes an admin gave it. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  scopes: readonly string[];
}

/** The signed-in person as the checks here see them; requests carry their whole profile row (`Caller<User>`). */
export interface CallerPerson {
  id: string;
  email: string;
  role: Role;
}

/**
 * Who is asking: a verified identity and its profile row, an API key, or nobody. Every service
 * method takes one. A key has no user, so nothing that acts as a person accepts it; it reaches an
 * operation only within the scope the operation declares (auth/scopes.ts), and there it passes
 * the admin checks, except those that need an admin person (`requireAdminPerson`).
 */
export interface Caller<Person extends CallerPerson = CallerPerson> {
  user: Person | null;
  /** The token proves the e-mail address; admin rights are refused without it. */
  emailVerified?: boolean;
  apiKey?: ApiKeyCaller;
}

export const UNVERIFIED_ADMIN = 'Verify your e-mail address before using admin rights';

export function requireUser<Person extends CallerPerson>(caller: Caller<Person>): Person {
  if (!caller.user) throw unauthenticated();
  return caller.user;
}

export const ADMIN_PERSON_ONLY = 'API keys cannot do this: it needs an admin signed in as themselves';

/** An admin whose token proves their e-mail address, or an API key (already held to the operation's declared scope). */
export function requireAdmin(caller: Caller): void {
  if (caller.apiKey) return;
  requireAdminPerson(caller);
}

/**
 * An admin signed in as themselves, whose token proves their e-mail address; never an API key,
 * whatever its scopes. For what gives or extends power (staff roles, keys, webhooks, jobs): a key
 * could otherwise widen its own reach. `refusalForKeys` names the rule a key is refused by.
 */
export function requireAdminPerson<Person extends CallerPerson>(caller: Caller<Person>, refusalForKeys = ADMIN_PERSON_ONLY): Person {
  if (caller.apiKey) throw forbidden(refusalForKeys);
  const user = requireUser(caller);
  if (user.role !== Role.admin) throw forbidden('Only an admin may do this');
  if (caller.emailVerified !== true) throw forbidden(UNVERIFIED_ADMIN);
  return user;
}

/** An admin whose token proves their e-mail address, or an API key within its scope. */
export function isAdmin(caller: Caller): boolean {
  return caller.apiKey !== undefined || isAdminPerson(caller);
}

/** An admin signed in as themselves whose token proves their e-mail address (never a key). */
export function isAdminPerson(caller: Caller): boolean {
  return !caller.apiKey && caller.user?.role === Role.admin && caller.emailVerified === true;
}

/**
 * Whether the caller may see people's own details (reviewers' e-mails, profiles' phone and
 * address): an admin, or a key allowed `users:read`. A catalogue or orders key reads what its
 * scope covers, not who wrote a review.
 */
export function maySeePersonalDetails(caller: Caller): boolean {
  return caller.apiKey ? caller.apiKey.scopes.includes('users:read') : isAdmin(caller);
}
