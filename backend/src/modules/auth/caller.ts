import { forbidden, unauthenticated } from '../../common/errors';
import { Role, type User } from '../users/user.entity';

/** Who is asking: a verified identity and its profile row, or nobody. Every service method takes one. */
export interface Caller {
  user: User | null;
  /** The token proves the e-mail address; admin rights are refused without it. */
  emailVerified?: boolean;
}

export const UNVERIFIED_ADMIN = 'Verify your e-mail address before using admin rights';

export function requireUser(caller: Caller): User {
  if (!caller.user) throw unauthenticated();
  return caller.user;
}

export function requireAdmin(caller: Caller): User {
  const user = requireUser(caller);
  if (user.role !== Role.admin) throw forbidden('Only an admin may do this');
  if (caller.emailVerified !== true) throw forbidden(UNVERIFIED_ADMIN);
  return user;
}

/** An admin whose token proves their e-mail address. */
export function isAdmin(caller: Caller): boolean {
  return caller.user?.role === Role.admin && caller.emailVerified === true;
}
