import { Field, ObjectType } from 'type-graphql';

@ObjectType({ simpleResolvers: true, description: 'Who the shop is and how it charges' })
export class ShopInfo {
  @Field(() => String, { description: 'The shop’s name' })
  name!: string;

  @Field(() => String, { description: 'ISO 4217: every amount is in it' })
  currency!: string;

  @Field(() => String, { description: 'ISO 3166-1 alpha-2: where the shop is' })
  country!: string;

  @Field(() => String, { description: 'BCP 47: how amounts are written' })
  locale!: string;

  @Field(() => Boolean, { description: 'Whether prices already hold the tax (as in the UK and EU)' })
  pricesIncludeTax!: boolean;
}
