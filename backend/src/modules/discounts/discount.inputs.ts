import { Field, ID, InputType, Int } from 'type-graphql';
import { DiscountKind, DiscountScope } from './discount.entity';

@InputType({ description: 'A new discount code, or the new version of one' })
export class DiscountInput {
  @Field(() => String, { description: '3 to 40 letters, digits, - or _; unique whatever the case' })
  code!: string;

  @Field(() => DiscountKind, { description: 'What it takes off' })
  kind!: DiscountKind;

  @Field(() => Int, { nullable: true, description: 'PERCENT: 1 to 100; AMOUNT: minor units (1000 is $10.00); FREE_SHIPPING: none' })
  value?: number | null;

  @Field(() => DiscountScope, { nullable: true, description: 'Default ORDER' })
  appliesTo?: DiscountScope | null;

  @Field(() => [ID], { nullable: true, description: 'PRODUCTS: at least one product' })
  productIds?: string[] | null;

  @Field(() => [ID], { nullable: true, description: 'COLLECTIONS: at least one collection' })
  collectionIds?: string[] | null;

  @Field(() => Int, { nullable: true, description: "Minor units: the order's subtotal it needs" })
  minimumSubtotal?: number | null;

  @Field(() => Date, { nullable: true, description: 'Valid from (ISO 8601)' })
  startsAt?: Date | null;

  @Field(() => Date, { nullable: true, description: 'Expires at (ISO 8601), after startsAt' })
  endsAt?: Date | null;

  @Field(() => Int, { nullable: true, description: 'How many orders may use it, at least 1; none: no limit' })
  usageLimit?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'One order per customer; default false' })
  oncePerCustomer?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Default true' })
  enabled?: boolean | null;
}
