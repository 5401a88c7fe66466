/** Who is calling and what they may do: people, roles, API keys. Other modules import this module through this file only. */

export { Allow } from './access';
export { isAdmin, isAdminPerson, maySeePersonalDetails, requireAdmin, requireAdminPerson, requireUser } from './caller';
export type { ApiKeyCaller, Caller, CallerPerson } from './caller';
export { limitFailedSignIns } from './failed-sign-ins';
export { bearerToken } from './identity';
export type { Identity, IdentityService } from './identity';
export { PublicRead } from './public-read';
export { restRoute } from './request-context';
export type { GraphQLContextOf, RestRoutes } from './request-context';
export { Role } from './role';
export { API_KEY_SCOPES, authorizeKey } from './scopes';
export type { ApiKeyScope } from './scopes';
