import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../../auth';
import type { TaxService } from './tax.service';

type GraphQLContext = GraphQLContextOf<{ tax: TaxService }>;

@ObjectType({ simpleResolvers: true, description: "Who computes orders' tax, and how the last calculation went" })
export class TaxProviderStatus {
  @Field(() => String, { description: "keen (the zones' rates) or stripe (Stripe Tax): the TAX_PROVIDER setting" })
  provider!: string;

  @Field(() => Date, {
    nullable: true,
    description: "Stripe Tax: when this process last asked for a calculation; null before (and for Keen's rates)",
  })
  lastCalculationAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'Stripe Tax: why the last calculation failed; null when it succeeded' })
  lastError!: string | null;
}

@Resolver()
export class TaxResolver {
  @Allow({ allow: 'admin' })
  @Query(() => TaxProviderStatus, { description: 'Admin only: which tax provider is active and whether its last calculation succeeded' })
  taxProviderStatus(@Ctx() { caller, services }: GraphQLContext): TaxProviderStatus {
    return services.tax.status(caller);
  }
}
