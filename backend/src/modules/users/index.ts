/** People: profiles, roles and staff grants. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { USERS_EVENTS } from './users.events';
import { User } from './user.entity';
import { StaffGrant, StaffRoleEvent } from './staff-grant.entity';
import { UsersResolver } from './users.resolver';
import { usersRoutes } from './users.routes';
import { usersLoaders } from './users.loaders';

export const usersModule = keenModule({
  name: 'users',
  entities: [User, StaffGrant, StaffRoleEvent],
  resolvers: [UsersResolver],
  routes: usersRoutes,
  loaders: (db) => usersLoaders(db),
  events: USERS_EVENTS,
});

export { lockRoles } from './staff-grants';
export { User } from './user.entity';
export { UserSortField } from './user.inputs';
export type { UserListOptions } from './user.inputs';
export type { UsersLoaders } from './users.loaders';
export type { UsersService } from './users.service';
export type { UserPayload } from './users.events';
export { ERASED_NAME, erasedEmail, eraseProfile, profileOf } from './users.privacy';
