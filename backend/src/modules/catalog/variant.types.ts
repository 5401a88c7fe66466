import { type MadeToOrder, VARIANT_LEAD_TIME_MODES, type VariantLeadTimeMode } from '@keen/rules';
import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

/** The GraphQL enum of a variant's lead time mode (its values are the strings stored). */
export const VariantLeadTimeModeEnum = Object.fromEntries(VARIANT_LEAD_TIME_MODES.map((mode) => [mode, mode])) as {
  [Mode in VariantLeadTimeMode]: Mode;
};
registerEnumType(VariantLeadTimeModeEnum, {
  name: 'VariantLeadTimeMode',
  description: "A variant's lead time: INHERIT its product's, MADE_TO_ORDER in its own days, or IN_STOCK (shipped from stock only)",
  valuesConfig: {
    INHERIT: { description: "Its product's lead time: made to order in its product's days, or from stock" },
    MADE_TO_ORDER: { description: "Made to order in its own days, beyond its stock up to its product's cap" },
    IN_STOCK: { description: 'Shipped from stock only, never ordered beyond it, even when its product is made to order' },
  },
});

/** The made-to-measure value of an option group: the buyer types a number between the bounds. */
@ObjectType({ simpleResolvers: true, description: 'A value the buyer measures themselves, for example a blade length from 12 to 30 cm' })
export class CustomOptionValue {
  @Field(() => String, { description: 'How the value reads among the others, for example "Made to measure"' })
  label!: string;

  @Field(() => Float, { description: 'The smallest value a buyer may ask for' })
  min!: number;

  @Field(() => Float, { description: 'The largest value a buyer may ask for' })
  max!: number;

  @Field(() => String, { description: 'The unit the value is in, for example "cm"' })
  unit!: string;

  /** Added to the variant price of every unit made to measure, in minor units; GraphQL: surchargeAmount, a Money, and the whole surcharge (variants.resolver.ts). */
  surchargeAmount!: number;
}

@ObjectType({ simpleResolvers: true, description: 'One value of an option group, for example "18 cm"' })
export class ProductOptionValue {
  @Field(() => ID, { description: 'A UUID' })
  id!: string;

  @Field(() => ID, { description: 'The group it belongs to' })
  groupId!: string;

  @Field(() => String, { description: 'As shoppers read it, for example "18 cm" or "Walnut"' })
  name!: string;

  @Field(() => Boolean, { description: "The group's made-to-measure value: an order of it names the measure" })
  custom!: boolean;
}

@ObjectType({ simpleResolvers: true, description: 'One way a product varies, for example "Blade length", with its values' })
export class ProductOptionGroup {
  @Field(() => ID, { description: 'A UUID' })
  id!: string;

  @Field(() => String, { description: 'For example "Blade length" or "Handle"' })
  name!: string;

  @Field(() => [ProductOptionValue], { description: 'In the order shoppers see them' })
  values!: ProductOptionValue[];

  @Field(() => CustomOptionValue, { nullable: true, description: 'The made-to-measure value, when the maker offers one' })
  custom!: CustomOptionValue | null;
}

@ObjectType({
  simpleResolvers: true,
  description: 'One combination of option values the shop sells, with its own SKU, price, stock and photo',
})
export class ProductVariant {
  @Field(() => ID, { description: 'A UUID' })
  id!: string;

  @Field(() => ID, { description: 'The product it is a variant of' })
  productId!: string;

  @Field(() => String, { description: 'Stock keeping unit, unique in the shop whatever the case' })
  sku!: string;

  @Field(() => String, { description: 'Its values in group order, "18 cm / Walnut"; "" for the one variant of a product without options' })
  name!: string;

  @Field(() => [ProductOptionValue], { description: 'One value per option group, in group order' })
  options!: ProductOptionValue[];

  /** Unit price in minor units; GraphQL: unitPrice, a Money, and the whole price (variants.resolver.ts). */
  priceAmount!: number;

  @Field(() => Int, { description: 'Units in stock' })
  quantity!: number;

  @Field(() => String, { description: "Its photo: its own, or else the product's" })
  img!: string;

  @Field(() => String, { nullable: true, description: "Its own photo; null when it shows the product's" })
  ownImg!: string | null;

  @Field(() => Boolean, { description: 'Disabled variants cannot be ordered; a variant with orders can only be disabled' })
  enabled!: boolean;

  @Field(() => Int, { description: "In grams, what delivery priced by weight counts: its own, or else its product's" })
  weightGrams!: number;

  @Field(() => Int, { nullable: true, description: 'Its own weight in grams; null when it weighs as its product' })
  ownWeightGrams!: number | null;

  @Field(() => VariantLeadTimeModeEnum, {
    description:
      "INHERIT: its product's lead time; MADE_TO_ORDER: made in its own days (madeToOrder), beyond its stock up to its product's cap; IN_STOCK: shipped from stock only, even when its product is made to order",
  })
  leadTimeMode!: VariantLeadTimeMode;

  /** Its lead time in effect: its own made-to-order days, or its product's (INHERIT), or null from stock; GraphQL: madeToOrder and leadTime (workshop). */
  effectiveMadeToOrder!: MadeToOrder | null;

  /** Its product's minimum order quantity: whether its stock serves an order (the leadTime field). */
  minimumQuantity!: number;
}
