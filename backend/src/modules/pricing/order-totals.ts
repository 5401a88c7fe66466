import { Field, ObjectType } from 'type-graphql';
import { Money } from '../shop';

@ObjectType({ simpleResolvers: true, description: 'What one gift card paid (or, in a quote, would pay) of an order' })
export class OrderGiftCardPayment {
  @Field(() => String, { description: 'The last four characters of its code' })
  lastFour!: string;

  @Field(() => Money, { description: 'What it paid of the order' })
  amount!: Money;
}

/** An order's amounts as the pricing module worked them out (priceOrder), in its currency. */
@ObjectType({ simpleResolvers: true, description: "An order's amounts, in its currency" })
export class OrderTotals {
  @Field(() => Money, { description: "The lines' amounts together, before adjustments" })
  subtotal!: Money;

  @Field(() => Money, {
    description: 'Every adjustment of the price together (a change by staff, a discount): negative lowers it; zero when there is none',
  })
  adjustments!: Money;

  @Field(() => Money, {
    description: "The discount code's part of adjustments, on the lines and on delivery: negative (what it takes off); zero without a code",
  })
  discount!: Money;

  @Field(() => Money, { description: "Delivery's price; a free-shipping code takes it off again in discount" })
  shipping!: Money;

  @Field(() => Money, { description: 'The tax in the order: part of the subtotal when prices include tax, added to it otherwise' })
  tax!: Money;

  @Field(() => Money, { description: 'What the customer pays, by gift cards and card together' })
  total!: Money;

  @Field(() => Money, {
    description: 'What gift cards paid of the total (a tender: tax is on the goods, not lowered by it); zero without one',
  })
  giftCards!: Money;

  @Field(() => Money, { description: 'What the card payment is for: the total less giftCards (zero when gift cards paid it all)' })
  amountDue!: Money;

  @Field(() => Money, {
    description: 'What refunds returned so far (to gift cards first, then the card): zero without one, total once Refunded',
  })
  refunded!: Money;
}
