import { Field, ID, InputType, Int } from 'type-graphql';

@InputType({ description: "Units of one of the order's lines to refund" })
export class RefundLineInput {
  @Field(() => ID, { description: 'The order line' })
  lineId!: string;

  @Field(() => Int, { description: 'Units to refund: at least 1, at most those not refunded yet' })
  quantity!: number;

  @Field(() => Boolean, { nullable: true, description: 'Return the units to stock (not for gift cards); default false' })
  restock?: boolean | null;
}

@InputType({ description: 'What to refund of a paid order: any mix of lines, the delivery price and an amount with a reason' })
export class RefundInput {
  @Field(() => [RefundLineInput], { nullable: true, description: "Lines' units to refund, each with its share of what the line cost" })
  lines?: RefundLineInput[] | null;

  @Field(() => Boolean, { nullable: true, description: 'Refund what delivery cost (once); default false: delivery is kept' })
  delivery?: boolean | null;

  @Field(() => Int, { nullable: true, description: "An amount beyond lines and delivery, minor units of the order's currency; default 0" })
  amount?: number | null;

  @Field(() => String, { nullable: true, description: 'Why (at most 500 characters): required with an amount' })
  reason?: string | null;
}
