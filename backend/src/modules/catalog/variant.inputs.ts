import type { VariantLeadTimeMode } from '@keen/rules';
import { Field, Float, InputType, Int } from 'type-graphql';
import { VariantLeadTimeModeEnum } from './variant.types';

@InputType({ description: 'A made-to-measure value of an option group' })
export class CustomOptionValueInput {
  @Field(() => String, { description: 'How it reads among the values, for example "Made to measure"' })
  label!: string;

  @Field(() => Float, { description: 'The smallest measure a buyer may ask for (more than 0)' })
  min!: number;

  @Field(() => Float, { description: 'The largest measure a buyer may ask for' })
  max!: number;

  @Field(() => String, { description: 'The unit, for example "cm"' })
  unit!: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Added to the variant price of each unit made to measure, whole units; or give surchargeAmount',
  })
  surcharge?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: "Added to the variant price of each unit made to measure, in the shop currency's minor units",
  })
  surchargeAmount?: number | null;
}

@InputType({ description: 'One option group and its values, in the order shoppers see them' })
export class ProductOptionGroupInput {
  @Field(() => String, { description: 'For example "Blade length"; unique in the product, whatever the case' })
  name!: string;

  @Field(() => [String], { description: 'For example ["16 cm", "18 cm", "21 cm"]' })
  values!: string[];

  @Field(() => CustomOptionValueInput, { nullable: true, description: 'A made-to-measure value; at most one group of a product has one' })
  custom?: CustomOptionValueInput | null;
}

@InputType({ description: 'What to change on a variant; absent fields stay as they are' })
export class ProductVariantInput {
  @Field(() => String, { nullable: true, description: 'Unique in the shop, whatever the case; letters, digits and . _ / -' })
  sku?: string;

  @Field(() => Int, { nullable: true, description: 'Unit price in whole units of the shop currency, at least 1; or give priceAmount' })
  price?: number;

  @Field(() => Int, { nullable: true, description: "Unit price in the shop currency's minor units (12950 is $129.50), at least 1" })
  priceAmount?: number;

  @Field(() => Int, { nullable: true, description: 'Units in stock' })
  quantity?: number;

  @Field(() => String, { nullable: true, description: 'Its own photo URL (from POST /api/uploads); "" shows the product\'s' })
  img?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Disabled variants cannot be ordered' })
  enabled?: boolean;

  @Field(() => Int, { nullable: true, description: "Its own weight in grams (a made-to-measure size weighs more); null: its product's" })
  weightGrams?: number | null;

  @Field(() => VariantLeadTimeModeEnum, {
    nullable: true,
    description:
      "INHERIT: its product's lead time; MADE_TO_ORDER: in its own days (give madeToOrderMinDays and madeToOrderMaxDays); IN_STOCK: shipped from stock only",
  })
  leadTimeMode?: VariantLeadTimeMode;

  @Field(() => Int, { nullable: true, description: 'With leadTimeMode MADE_TO_ORDER: the fewest working days to make one' })
  madeToOrderMinDays?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'With leadTimeMode MADE_TO_ORDER: the most working days to make one (at least the fewest)',
  })
  madeToOrderMaxDays?: number | null;
}
