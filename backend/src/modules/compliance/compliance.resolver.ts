import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../auth';
import { User } from '../users';
import { AgeEvidence } from './age-evidence.entity';
import { BladeRule } from './blade-rule.entity';
import type { ComplianceService } from './compliance.service';
import { AgeDocumentInput, AgeVerification, BladeRuleInput, VerifyAgeInput } from './compliance.types';

type GraphQLContext = GraphQLContextOf<{ compliance: ComplianceService }, object, User>;

/** Selling blades: per-country rules (admins), customers' age checks, and the evidence log (admins and compliance:read keys). */
@Resolver(() => User)
export class ComplianceResolver {
  @Allow({ allow: 'admin', key: 'compliance:read' })
  @Query(() => [BladeRule], { description: 'Admin (or a compliance:read key): every country’s rule for bladed articles, by country' })
  bladeRules(@Ctx() { caller, services }: GraphQLContext): Promise<BladeRule[]> {
    return services.compliance.rules(caller);
  }

  @Allow({ allow: 'admin person' })
  @Mutation(() => BladeRule, { description: "Admin signed in as themselves: sets (replaces) a country's rule for bladed articles" })
  setBladeRule(
    @Arg('input', () => BladeRuleInput, { description: 'The country and its rule' }) input: BladeRuleInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<BladeRule> {
    return services.compliance.setRule(caller, input);
  }

  @Allow({ allow: 'admin person' })
  @Mutation(() => String, {
    description: "Admin signed in as themselves: removes a country's rule (the shop's defaults apply there again); answers the country",
  })
  deleteBladeRule(
    @Arg('country', () => String, { description: 'ISO 3166-1 alpha-2' }) country: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<string> {
    return services.compliance.deleteRule(caller, country);
  }

  @Allow({ allow: 'public' })
  @Mutation(() => AgeVerification, {
    description:
      'Signed in with a verified e-mail address: checks your age before you buy an age-restricted product (RATE_LIMIT_AGE_CHECKS an hour). FAILED, or a pass below the highest age the shop sells at, holds those ages for 24 hours (AGE_CHECK_FAILED meanwhile); a check that contradicts an earlier one is refused; the date of birth is never kept. ' +
      "Signed out, with guestEmail: a guest's check at the checkout, by the same rules, locked out per e-mail and client address; its pass counts for the one guest order that names it (placeOrder's guest.ageCheckId). Signed out without it: 401",
  })
  verifyAge(
    @Arg('input', () => VerifyAgeInput, { description: 'Full name and date of birth' }) input: VerifyAgeInput,
    @Arg('guestEmail', () => String, {
      nullable: true,
      description: "Signed out only: the e-mail address the guest's order will be placed with",
    })
    guestEmail: string | null | undefined,
    @Ctx() { caller, services, clientAddress }: GraphQLContext,
  ): Promise<AgeVerification> {
    if (guestEmail != null && !caller.user && !caller.apiKey) return services.compliance.verifyGuestAge(clientAddress(), guestEmail, input);
    return services.compliance.verifyAge(caller, input);
  }

  @Allow({ allow: 'public' })
  @Mutation(() => AgeVerification, {
    description:
      'Signed in with a verified e-mail address: the document your latest age check asked for (status NEEDS_DOCUMENT). ' +
      "Signed out, with guestEmail: a guest's document for the check they made at the checkout with that e-mail address, from the same client address. Signed out without it: 401",
  })
  submitAgeDocument(
    @Arg('input', () => AgeDocumentInput, { description: "The provider's document token" }) input: AgeDocumentInput,
    @Arg('guestEmail', () => String, { nullable: true, description: "Signed out only: the e-mail address the guest's check was made with" })
    guestEmail: string | null | undefined,
    @Ctx() { caller, services, clientAddress }: GraphQLContext,
  ): Promise<AgeVerification> {
    if (guestEmail != null && !caller.user && !caller.apiKey)
      return services.compliance.submitGuestDocument(clientAddress(), guestEmail, input);
    return services.compliance.submitDocument(caller, input);
  }

  @Allow({ allow: 'admin', key: 'compliance:read' })
  @Query(() => [AgeEvidence], {
    description:
      'Admin (or a compliance:read key): the evidence log of an order, oldest first: the age check it relied on, its placing and its shipping',
  })
  ageChecks(
    @Arg('orderId', () => ID, { description: 'The order' }) orderId: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<AgeEvidence[]> {
    return services.compliance.evidenceOfOrder(caller, orderId);
  }

  @FieldResolver(() => AgeVerification, {
    nullable: true,
    description: 'Your latest age check (null before your first, and for anyone else)',
  })
  ageVerification(@Root() user: User, @Ctx() { caller, services }: GraphQLContext): Promise<AgeVerification | null> {
    return services.compliance.latest(caller, user);
  }
}
