import { Arg, Ctx, FieldResolver, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { type GraphQLContextOf, Allow } from '../auth';
import { STAFF_ROLES_BY_PEOPLE, type UsersService } from './users.service';
import type { UsersLoaders } from './users.loaders';
import { ListResult } from '../../common/list';
import { User } from './user.entity';
import { RegisterInput, UpdateProfileInput, UserListOptions } from './user.inputs';

type GraphQLContext = GraphQLContextOf<{ users: UsersService }, UsersLoaders, User>;

@ObjectType({ simpleResolvers: true, description: 'A page of users' })
export class UserList extends ListResult(User) {}

@Resolver(() => User)
export class UsersResolver {
  @Allow({ allow: 'public' })
  @Query(() => User, { nullable: true, description: 'The signed-in user, or null when signed out' })
  me(@Ctx() { caller, services }: GraphQLContext): User | null {
    return services.users.me(caller);
  }

  @Allow({ allow: 'signed in' })
  @Query(() => Boolean, { description: 'Signed in: about yourself; admin: about anyone' })
  isAdmin(
    @Arg('email', () => String, { description: 'The e-mail to ask about' }) email: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<boolean> {
    return services.users.isAdmin(caller, email);
  }

  @Allow({ allow: 'admin', key: 'users:read' })
  @Query(() => UserList, { description: 'Admin only' })
  users(
    @Arg('options', () => UserListOptions, { nullable: true, description: 'Default: the first 20, oldest first' })
    options: UserListOptions | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<UserList> {
    return services.users.list(caller, options);
  }

  @Allow({ allow: 'signed in' })
  @Mutation(() => User, { description: "Completes the signed-in user's profile after sign-up" })
  register(
    @Arg('input', () => RegisterInput, { description: 'Name, address and phone' }) input: RegisterInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<User> {
    return services.users.register(caller, input);
  }

  @Allow({ allow: 'signed in' })
  @Mutation(() => User, { description: "Signed in: replaces the caller's name, phone, address and photo" })
  updateProfile(
    @Arg('input', () => UpdateProfileInput, { description: 'The whole profile' }) input: UpdateProfileInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<User> {
    return services.users.updateProfile(caller, input);
  }

  @Allow({ allow: 'signed in' })
  @Mutation(() => Boolean, { description: "Signed in: ends every one of the caller's sessions, on every device" })
  signOutEverywhere(@Ctx() { caller, services }: GraphQLContext): Promise<boolean> {
    return services.users.signOutEverywhere(caller);
  }

  @Allow({ allow: 'signed in' })
  @Mutation(() => User, { description: 'Signed in: order e-mails on or off for yourself; receipts are always sent' })
  setOrderEmails(
    @Arg('on', () => Boolean, { description: 'true: send them; false: stop them' }) on: boolean,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<User> {
    return services.users.setOrderEmails(caller, on);
  }

  @Allow({ allow: 'admin person', key: { notForKeys: STAFF_ROLES_BY_PEOPLE } })
  @Mutation(() => User, { description: 'An admin signed in as themselves (never an API key)' })
  makeAdmin(
    @Arg('email', () => String, { description: 'The e-mail of the user to make an admin' }) email: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<User> {
    return services.users.makeAdmin(caller, email);
  }

  @Allow({ allow: 'admin person', key: { notForKeys: STAFF_ROLES_BY_PEOPLE } })
  @Mutation(() => User, {
    description: 'An admin signed in as themselves (never an API key); the last admin keeps their right. Revokes the API keys they created',
  })
  removeAdmin(
    @Arg('email', () => String, { description: 'The admin to make a customer again' }) email: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<User> {
    return services.users.removeAdmin(caller, email);
  }

  @FieldResolver(() => String, { description: 'Visible to the user and to admins; "" for everyone else (e.g. through Review.author)' })
  email(@Root() user: User, @Ctx() { caller, services }: GraphQLContext): string {
    return services.users.canSeePrivateDetails(caller, user) ? user.email : '';
  }

  @FieldResolver(() => String, { nullable: true, description: 'Visible to the user and to admins' })
  phone(@Root() user: User, @Ctx() { caller, services }: GraphQLContext): string | null {
    return services.users.canSeePrivateDetails(caller, user) ? user.phone : null;
  }

  @FieldResolver(() => Int, {
    nullable: true,
    description: 'Admin only (null for others): the API keys they created that are not revoked; removing their admin right revokes them',
  })
  activeApiKeyCount(@Root() user: User, @Ctx() { caller, services, loaders }: GraphQLContext): Promise<number> | null {
    return services.users.canSeeApiKeyCounts(caller) ? loaders.activeApiKeyCount.load(user.email) : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Visible to the user and to admins' })
  address(@Root() user: User, @Ctx() { caller, services }: GraphQLContext): string | null {
    return services.users.canSeePrivateDetails(caller, user) ? user.address : null;
  }
}
