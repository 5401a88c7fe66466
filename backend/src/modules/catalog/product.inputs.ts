import { Field, InputType, Int, registerEnumType } from 'type-graphql';
import { PageOptions } from '../../common/list';
import { EngravingPlacement } from './engraving';
import { ProductKind, TaxCategory } from './product.entity';

export enum ProductSortField {
  name = 'name',
  price = 'price',
  quantity = 'quantity',
  createdAt = 'createdAt',
  relevance = 'relevance',
}
registerEnumType(ProductSortField, {
  name: 'ProductSortField',
  description: 'What a product list is sorted by (ties by id)',
  valuesConfig: {
    name: { description: 'Name' },
    price: { description: 'Unit price' },
    quantity: { description: 'Units in stock' },
    createdAt: { description: 'When added: the default without search text, oldest first' },
    relevance: { description: 'Best match for the search first (the default when searching); needs search text' },
  },
});

@InputType({ description: 'Paging, search, sort and stock filters of the product list' })
export class ProductListOptions extends PageOptions {
  @Field(() => ProductSortField, { nullable: true, description: 'Default: relevance with search text, otherwise createdAt' })
  sortBy?: ProductSortField;

  @Field(() => Boolean, { nullable: true, description: 'Only products at or below their minimum quantity' })
  lowStock?: boolean;

  @Field(() => Boolean, { nullable: true, description: 'Only products with at least their minimum order quantity in stock' })
  inStock?: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'Only the products of the collection with this slug (none for a slug no collection has)',
  })
  collection?: string | null;
}

/**
 * What creating and updating a product both take. Numbers are nullable so that a missing one gets
 * the shop's own message, not a type error.
 */
@InputType({ description: 'The fields creating and updating a product share' })
export class ProductFieldsInput {
  @Field(() => Int, { nullable: true, description: 'Unit price in whole units of the shop currency, at least 1; or give priceAmount' })
  price?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: "Unit price in the shop currency's minor units (12950 is $129.50); instead of price, as the dashboard sends it",
  })
  priceAmount?: number | null;

  @Field(() => Int, { nullable: true, description: 'Units in stock, 0 or more' })
  quantity?: number | null;

  @Field(() => Int, { nullable: true, description: 'Smallest quantity one order may take, at least 1' })
  minimumQuantity?: number | null;

  @Field(() => String, { description: 'Photo URL, for example from POST /api/uploads' })
  img!: string;

  @Field(() => Boolean, { nullable: true, description: 'Default false on a new product; unchanged when absent on an update' })
  engravable?: boolean | null;

  @Field(() => Int, { nullable: true, description: 'Most characters an engraving may have, 1 to 40 (default 24)' })
  engravingMaxLength?: number | null;

  @Field(() => Int, { nullable: true, description: 'Engraving surcharge per unit in whole units of the shop currency (default 0)' })
  engravingPrice?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: "Engraving surcharge per unit in the shop currency's minor units; instead of engravingPrice",
  })
  engravingAmount?: number | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'An engraved line waits for a proof the customer approves: default true on a new engravable product (false otherwise); unchanged when absent on an update',
  })
  proofRequired?: boolean | null;
  @Field(() => [EngravingPlacement], {
    nullable: true,
    description: 'Where an engraving may go, at least one: default [BladeLeft] on a new product; unchanged when absent on an update',
  })
  engravingPlacements?: EngravingPlacement[] | null;

  @Field(() => TaxCategory, { nullable: true, description: 'Default standard on a new product; unchanged when absent on an update' })
  taxCategory?: TaxCategory | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'A bladed article, sold only after an age check: default false on a new product; unchanged when absent on an update',
  })
  ageRestricted?: boolean | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "Its own minimum age (16 to 25) over the shop's default and the destination's; null on an update clears it, absent leaves it",
  })
  minimumAge?: number | null;

  @Field(() => ProductKind, {
    nullable: true,
    description:
      'KNIFE (the default on a new product) or GIFT_CARD: a gift card is never age-restricted nor engravable, and its stock is not counted. Unchanged when absent; a product that has been ordered keeps its kind',
  })
  kind?: ProductKind | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'A gift card only: the least amount its buyer may choose (minor units), with giftCardMaxAmount; null on an update stops custom amounts, absent leaves them',
  })
  giftCardMinAmount?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'A gift card only: the most its buyer may choose (minor units), with giftCardMinAmount',
  })
  giftCardMaxAmount?: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'Made to order: the fewest working days to make one, with madeToOrderMaxDays (units beyond its stock then join the workshop queue); null on an update makes it ship from stock again, absent leaves it',
  })
  madeToOrderMinDays?: number | null;

  @Field(() => Int, { nullable: true, description: 'Made to order: the most working days to make one (at least madeToOrderMinDays)' })
  madeToOrderMaxDays?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Made to order: the most units of each variant waiting in the workshop queue at once; null: no cap; absent leaves it',
  })
  madeToOrderCap?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'In grams, packed: what delivery priced by weight counts (a variant may weigh its own); 0 on a new product when absent',
  })
  weightGrams?: number | null;
}

@InputType({ description: 'A new product: every field but the engraving settings, tax category and age restriction is required' })
export class ProductInput extends ProductFieldsInput {
  @Field(() => String, { description: 'Unique in the shop, whatever the case; at most 120 characters' })
  name!: string;

  @Field(() => String, { description: 'At most 5,000 characters' })
  description!: string;
}

@InputType({ description: 'Price, stock, minimum quantity and photo; name and description may change too' })
export class UpdateProductInput extends ProductFieldsInput {
  @Field(() => String, { nullable: true, description: 'A new name, unique in the shop; unchanged when absent' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'A new description; unchanged when absent' })
  description?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'A new slug (its page is /products/{slug}): letters a-z, digits and single dashes, kept in lowercase, unique in the shop; the old slug still leads to the product. Unchanged when absent',
  })
  slug?: string | null;
}
