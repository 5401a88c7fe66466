import { Field, ID, InputType, Int } from 'type-graphql';
import { ReturnReason, ReturnState } from './return.entity';

@InputType({ description: 'Units of one of the order’s lines to send back' })
export class ReturnLineInput {
  @Field(() => ID, { description: 'The order line' })
  lineId!: string;

  @Field(() => Int, { description: 'Units: at least 1, at most those neither refunded nor in another return' })
  quantity!: number;
}

@InputType({ description: 'A return asked for from My Orders, within RETURN_DAYS of delivery' })
export class RequestReturnInput {
  @Field(() => ID, { description: 'The delivered order' })
  orderId!: string;

  @Field(() => [ReturnLineInput], { description: 'The lines and units to send back' })
  lines!: ReturnLineInput[];

  @Field(() => ReturnReason, { description: 'Why; an engraved or made-to-measure line only as FAULTY, DAMAGED_IN_TRANSIT or WRONG_ITEM' })
  reason!: ReturnReason;

  @Field(() => String, { nullable: true, description: 'In the customer’s words (at most 1,000 characters); required with OTHER' })
  details?: string | null;

  @Field(() => [String], { nullable: true, description: 'At most 3 photos, each uploaded first (POST /api/uploads)' })
  photos?: string[] | null;
}

@InputType({ description: 'What came back of one line of a return' })
export class ReceivedLineInput {
  @Field(() => ID, { description: 'The order line' })
  lineId!: string;

  @Field(() => Int, { description: 'Units that came back: 0 to what the return named' })
  received!: number;

  @Field(() => Boolean, { nullable: true, description: 'Return them to stock when refunded (not gift cards); default false' })
  restock?: boolean | null;
}

@InputType({ description: 'Returns as staff list them' })
export class ReturnListOptions {
  @Field(() => ReturnState, { nullable: true, description: 'Only returns in this state' })
  state?: ReturnState | null;
}
