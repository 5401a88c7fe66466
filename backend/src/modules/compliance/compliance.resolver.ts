import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Allow } from '../auth/access';
import type { GraphQLContextOf } from '../auth/request-context';
import { User } from '../users/user.entity';
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

  @Allow({ allow: 'signed in' })
  @Mutation(() => AgeVerification, {
    description:
      'Signed in with a verified e-mail address: checks your age before you buy an age-restricted product (RATE_LIMIT_AGE_CHECKS an hour). FAILED, or a pass below the highest age the shop sells at, holds those ages for 24 hours (AGE_CHECK_FAILED meanwhile); a check that contradicts an earlier one is refused; the date of birth is never kept',
  })
  verifyAge(
    @Arg('input', () => VerifyAgeInput, { description: 'Full name and date of birth' }) input: VerifyAgeInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<AgeVerification> {
    return services.compliance.verifyAge(caller, input);
  }

  @Allow({ allow: 'signed in' })
  @Mutation(() => AgeVerification, {
    description: 'Signed in with a verified e-mail address: the document your latest age check asked for (status NEEDS_DOCUMENT)',
  })
  submitAgeDocument(
    @Arg('input', () => AgeDocumentInput, { description: "The provider's document token" }) input: AgeDocumentInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<AgeVerification> {
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
