import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../auth';
import { User, type UsersService } from '../users';
import { Address } from './address.entity';
import { AddressInput } from './address.inputs';
import type { AddressesLoaders } from './addresses.loaders';
import type { AddressesService } from './addresses.service';

type GraphQLContext = GraphQLContextOf<{ addresses: AddressesService; users: UsersService }, AddressesLoaders, User>;

/** The address book: `User.addresses` and the signed-in customer's changes to their own (never an API key's). */
@Resolver(() => User)
export class AddressesResolver {
  @FieldResolver(() => [Address], {
    description: 'Their address book, the default first, then the newest. Visible to the user and to admins; empty for everyone else',
  })
  addresses(@Root() user: User, @Ctx() { caller, services, loaders }: GraphQLContext): Promise<Address[]> | Address[] {
    return services.users.canSeePrivateDetails(caller, user) ? loaders.addressBook.load(user.id) : [];
  }

  @Allow({ allow: 'signed in' })
  @Mutation(() => Address, {
    description: `Signed in: adds an address to your book (your first becomes the default), or with input.id changes one of yours`,
  })
  saveAddress(
    @Arg('input', () => AddressInput, { description: 'The whole address' }) input: AddressInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Address> {
    return services.addresses.save(caller, input);
  }

  @Allow({ allow: 'signed in' })
  @Mutation(() => Boolean, {
    description: 'Signed in: deletes one of your addresses; if it was the default, your newest other one becomes it',
  })
  deleteAddress(
    @Arg('id', () => ID, { description: 'The address to delete' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<boolean> {
    return services.addresses.delete(caller, id);
  }

  @Allow({ allow: 'signed in' })
  @Mutation(() => Address, { description: 'Signed in: makes one of your addresses the default (checkout offers it first)' })
  setDefaultAddress(
    @Arg('id', () => ID, { description: 'The address to make the default' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Address> {
    return services.addresses.setDefault(caller, id);
  }
}
