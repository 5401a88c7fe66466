import { Field, ID, InputType } from 'type-graphql';

@InputType({ description: 'A proof of one engraved line, sent by staff while the order is AwaitingProof' })
export class SendOrderProofInput {
  @Field(() => ID, { description: 'The order' })
  orderId!: string;

  @Field(() => ID, { description: 'Its engraved line that needs a proof' })
  lineId!: string;

  @Field(() => [String], { description: '1 to 6 photos, each uploaded first (POST /api/uploads)' })
  imageUrls!: string[];

  @Field(() => String, { nullable: true, description: 'A note to the customer (at most 1,000 characters)' })
  note?: string | null;
}
