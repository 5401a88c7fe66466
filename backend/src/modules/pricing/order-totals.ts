import { Field, ObjectType } from 'type-graphql';
import { Money } from '../shop/money';

/** An order's amounts as the pricing module worked them out (priceOrder), in its currency. */
@ObjectType({ simpleResolvers: true, description: "An order's amounts, in its currency" })
export class OrderTotals {
  @Field(() => Money, { description: "The lines' amounts together, before adjustments" })
  subtotal!: Money;

  @Field(() => Money, {
    description: 'Every adjustment of the price together (a change by staff, a discount): negative lowers it; zero when there is none',
  })
  adjustments!: Money;

  @Field(() => Money, { description: 'Delivery' })
  shipping!: Money;

  @Field(() => Money, { description: 'The tax in the order: part of the subtotal when prices include tax, added to it otherwise' })
  tax!: Money;

  @Field(() => Money, { description: 'What the customer pays: the payment is for exactly this' })
  total!: Money;
}
