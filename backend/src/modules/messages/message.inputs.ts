import { Field, ID, InputType, Int } from 'type-graphql';
import { PageOptions } from '../../common/list';
import { ShippingAddressInput } from '../addresses';
import { MessageKind, MessageStatus } from './message.entity';

@InputType({ description: 'A contact message: anyone may send one (5 an hour per client address by default)' })
export class SendMessageInput {
  @Field(() => String, { description: 'Who is writing, 1 to 120 characters' })
  name!: string;

  @Field(() => String, { description: 'Where the shop may answer; not verified, and never written to on its own' })
  email!: string;

  @Field(() => String, { description: 'What they want, 1 to 2,000 characters' })
  message!: string;

  @Field(() => MessageKind, { defaultValue: MessageKind.QUESTION, description: 'A question (the default) or a commission request' })
  kind: MessageKind = MessageKind.QUESTION;

  @Field(() => ID, { nullable: true, description: 'The knife it is about, if any' })
  productId?: string | null;

  @Field(() => Int, { nullable: true, description: "What they mean to spend, in minor units of the shop's currency (30000 is $300.00)" })
  budget?: number | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Up to 3 reference photos, each a URL answered by POST /api/messages/photos (or /api/uploads)',
  })
  photos?: string[] | null;

  @Field(() => String, {
    nullable: true,
    description: 'Leave it out: the forms hide this field from people, and a message that fills it is dropped (answered as if sent)',
  })
  honeypot?: string | null;
}

@InputType({ description: 'Paging, search and filters of the messages list (newest first)' })
export class MessageListOptions extends PageOptions {
  @Field(() => MessageStatus, { nullable: true, description: 'Only messages in this state' })
  status?: MessageStatus | null;

  @Field(() => MessageKind, { nullable: true, description: 'Only questions, or only commission requests' })
  kind?: MessageKind | null;
}

@InputType({ description: 'A private quote made from a contact message: one line, the total the customer pays, and where it ships' })
export class QuoteFromMessageInput {
  @Field(() => ID, { description: 'The product quoted (the custom product made from the message, or any other)' })
  productId!: string;

  @Field(() => ID, { nullable: true, description: "Its variant; the product's default variant without one" })
  variantId?: string | null;

  @Field(() => Int, { defaultValue: 1, description: 'How many units, from 1 (default 1); the variant must have them in stock' })
  quantity: number = 1;

  @Field(() => Int, {
    description:
      "The total the customer pays, in minor units of the shop's currency (at least 1): the order's computed total is adjusted to it by a manual price adjustment",
  })
  priceAmount!: number;

  @Field(() => ShippingAddressInput, { description: 'Where it ships, with a phone number (a placed order needs both)' })
  shippingAddress!: ShippingAddressInput;

  @Field(() => String, {
    nullable: true,
    description: 'A note to the customer, at the top of the mail with the payment link (at most 2,000 characters)',
  })
  note?: string | null;
}
