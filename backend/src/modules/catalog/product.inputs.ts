import { Field, InputType, Int, registerEnumType } from 'type-graphql';
import { PageOptions } from '../../common/list';

export enum ProductSortField {
  name = 'name',
  price = 'price',
  quantity = 'quantity',
  createdAt = 'createdAt',
  relevance = 'relevance',
}
registerEnumType(ProductSortField, {
  name: 'ProductSortField',
  valuesConfig: { relevance: { description: 'Best match for the search first (the default when searching); needs search text' } },
});

@InputType()
export class ProductListOptions extends PageOptions {
  @Field(() => ProductSortField, { nullable: true })
  sortBy?: ProductSortField;

  @Field(() => Boolean, { nullable: true, description: 'Only products at or below their minimum quantity' })
  lowStock?: boolean;

  @Field(() => Boolean, { nullable: true, description: 'Only products with at least their minimum order quantity in stock' })
  inStock?: boolean;
}

/**
 * What creating and updating a product both take. Numbers are nullable so that a missing one gets
 * the shop's own message, not a type error.
 */
@InputType()
export class ProductFieldsInput {
  @Field(() => Int, { nullable: true })
  price?: number | null;

  @Field(() => Int, { nullable: true })
  quantity?: number | null;

  @Field(() => Int, { nullable: true })
  minimumQuantity?: number | null;

  @Field(() => String, { description: 'Photo URL, for example from POST /api/uploads' })
  img!: string;

  @Field(() => Boolean, { nullable: true, description: 'Default false on a new product; unchanged when absent on an update' })
  engravable?: boolean | null;

  @Field(() => Int, { nullable: true, description: 'Most characters an engraving may have, 1 to 40 (default 24)' })
  engravingMaxLength?: number | null;

  @Field(() => Int, { nullable: true, description: 'Engraving surcharge per unit in whole dollars (default 0)' })
  engravingPrice?: number | null;
}

@InputType()
export class ProductInput extends ProductFieldsInput {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;
}

@InputType({ description: 'Price, stock, minimum quantity and photo; name and description may change too' })
export class UpdateProductInput extends ProductFieldsInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;
}
