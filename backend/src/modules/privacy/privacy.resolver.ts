import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../auth';
import type { User } from '../users';
import { PrivacyRequest } from './privacy-request.entity';
import type { PrivacyService } from './privacy.service';
import { DeleteMyAccountInput, EraseCustomerInput, ErasureReceipt } from './privacy.types';

type GraphQLContext = GraphQLContextOf<{ privacy: PrivacyService }, object, User>;

/** A person's own data: its export and the account's erasure, by the person or by an admin on their request. */
@Resolver()
export class PrivacyResolver {
  @Allow({ allow: 'signed in' })
  @Query(() => String, {
    description:
      'Signed in: everything the shop holds of you, as a JSON document (profile, consents, addresses, orders with lines, reviews, messages, age checks without any date of birth)',
  })
  myData(@Ctx() { caller, services }: GraphQLContext): Promise<string> {
    return services.privacy.exportMine(caller);
  }

  @Allow({ allow: 'admin' })
  @Query(() => String, {
    description: "Admin (signed in, not an API key): a customer's data as myData answers it, on their request; logged with the reason",
  })
  customerData(
    @Arg('userId', () => ID, { description: "The customer's id" }) userId: string,
    @Arg('reason', () => String, { description: 'The request it answers, at most 500 characters' }) reason: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<string> {
    return services.privacy.exportCustomer(caller, userId, reason);
  }

  @Allow({ allow: 'admin' })
  @Query(() => [PrivacyRequest], { description: "Admin (signed in): the requests done about a person's data, newest first" })
  privacyRequests(
    @Arg('userId', () => ID, { description: "The person's id" }) userId: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<PrivacyRequest[]> {
    return services.privacy.requestsOf(caller, userId);
  }

  @Allow({ allow: 'signed in' })
  @Mutation(() => ErasureReceipt, {
    description:
      'Signed in: deletes your account. Unpaid orders are cancelled; orders stay as financial records and age checks as evidence, without your name or contact details; the rest is erased, and your sign-in account deleted',
  })
  deleteMyAccount(
    @Arg('input', () => DeleteMyAccountInput, { description: 'Your e-mail typed again, and your reviews' }) input: DeleteMyAccountInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ErasureReceipt> {
    return services.privacy.deleteMine(caller, input);
  }

  @Allow({ allow: 'admin' })
  @Mutation(() => ErasureReceipt, {
    description:
      "Admin (signed in, not an API key): deletes a customer's account on their request, as deleteMyAccount does; logged with the reason",
  })
  eraseCustomer(
    @Arg('userId', () => ID, { description: "The customer's id" }) userId: string,
    @Arg('input', () => EraseCustomerInput, { description: 'The reason and their reviews' }) input: EraseCustomerInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ErasureReceipt> {
    return services.privacy.eraseCustomer(caller, userId, input);
  }
}
