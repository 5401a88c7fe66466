import { Field, ObjectType } from 'type-graphql';
import { Money } from './money';

@ObjectType({ simpleResolvers: true, description: "An order's amounts, in its currency" })
export class OrderTotals {
  @Field(() => Money, { description: "The lines' amounts together" })
  subtotal!: Money;

  @Field(() => Money, { description: 'Delivery' })
  shipping!: Money;

  @Field(() => Money, { description: 'The tax in the order: part of the subtotal when prices include tax, added to it otherwise' })
  tax!: Money;

  @Field(() => Money, { description: 'What the customer pays: the payment is for exactly this' })
  total!: Money;
}
