import { Field, InputType, Int } from 'type-graphql';

@InputType({ description: 'A gift card staff issue by hand' })
export class IssueGiftCardInput {
  @Field(() => Int, { description: 'Its value, minor units of the shop currency (2500 is $25.00), from 1' })
  amount!: number;

  @Field(() => String, { description: 'Why it is issued (at most 500 characters): kept in its ledger' })
  reason!: string;

  @Field(() => String, { nullable: true, description: 'Who gets its code by e-mail; without one, nobody: staff hand it over' })
  recipientEmail?: string | null;

  @Field(() => String, { nullable: true, description: 'A message in the mail, at most 500 characters' })
  message?: string | null;

  @Field(() => Date, { nullable: true, description: 'After this (ISO 8601, in the future) it pays nothing; without one, never' })
  expiresAt?: Date | null;
}

@InputType({ description: "A change of a gift card's balance by staff" })
export class GiftCardAdjustmentInput {
  @Field(() => Int, { description: 'Minor units: positive adds, negative takes off (never below zero); not 0' })
  amount!: number;

  @Field(() => String, { description: 'Why (at most 500 characters): kept in its ledger' })
  reason!: string;
}
