import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum ReviewsChoice {
  KEEP_AS_A_CUSTOMER = 'KEEP_AS_A_CUSTOMER',
  REMOVE = 'REMOVE',
}
registerEnumType(ReviewsChoice, {
  name: 'ReviewsChoice',
  description: "What becomes of a deleted account's reviews",
  valuesConfig: {
    KEEP_AS_A_CUSTOMER: { description: 'They stay, with the author shown as "A customer"' },
    REMOVE: { description: 'They are removed' },
  },
});

@InputType({ description: 'Deleting your own account: your e-mail typed again, and what becomes of your reviews' })
export class DeleteMyAccountInput {
  @Field(() => String, { description: "Your account's e-mail, typed again to confirm" })
  confirmEmail!: string;

  @Field(() => ReviewsChoice, { description: 'Keep your reviews as "A customer", or remove them' })
  reviews!: ReviewsChoice;
}

@InputType({ description: "An admin erasing a customer's account on their request" })
export class EraseCustomerInput {
  @Field(() => String, { description: 'The request it answers (1 to 500 characters), kept in the log' })
  reason!: string;

  @Field(() => ReviewsChoice, { description: "The customer's choice for their reviews" })
  reviews!: ReviewsChoice;
}

@ObjectType({ simpleResolvers: true, description: 'Records an erasure leaves, because the law asks the shop to keep them' })
export class KeptRecords {
  @Field(() => String, { description: 'What is kept, e.g. "3 orders"' })
  what!: string;

  @Field(() => Int, { description: 'How many records' })
  count!: number;

  @Field(() => String, { description: 'Why, and for how long' })
  why!: string;
}

@ObjectType({ simpleResolvers: true, description: 'What an erasure did: the confirmation shown to the person' })
export class ErasureReceipt {
  @Field(() => Date, { description: 'When (ISO 8601)' })
  erasedAt!: Date;

  @Field(() => Int, { description: 'Unpaid orders cancelled first' })
  cancelledOrders!: number;

  @Field(() => Int, { description: 'Reviews kept as "A customer", or removed (reviewsChoice)' })
  reviews!: number;

  @Field(() => ReviewsChoice, { description: 'What became of the reviews' })
  reviewsChoice!: ReviewsChoice;

  @Field(() => [KeptRecords], { description: 'What stays, in the records it belongs to, with the person anonymised' })
  kept!: KeptRecords[];
}
