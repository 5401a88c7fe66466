import { Arg, Ctx, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { ListResult } from '../../common/list';
import { Allow, type GraphQLContextOf } from '../auth';
import { Money, type ShopMoney } from '../shop';
import type { User } from '../users';
import { Message, MessageReply } from './message.entity';
import { MessageListOptions, QuoteFromMessageInput, SendMessageInput } from './message.inputs';
import type { MessagesLoaders } from './messages.loaders';
import type { MessagesService } from './messages.service';

type GraphQLContext = GraphQLContextOf<{ messages: MessagesService; shop: ShopMoney }, MessagesLoaders, User>;

@ObjectType({ simpleResolvers: true, description: 'A page of contact messages' })
export class MessageList extends ListResult(Message) {}

@Resolver(() => Message)
export class MessagesResolver {
  @Allow({ allow: 'public' })
  @Mutation(() => Boolean, {
    description:
      'Anyone: sends a question or a commission request to the shop (5 an hour per client address by default). Staff are told by e-mail; nothing is sent to the sender',
  })
  sendMessage(
    @Arg('input', () => SendMessageInput, { description: 'The message, and who to answer' }) input: SendMessageInput,
    @Ctx() { caller, services, clientAddress }: GraphQLContext,
  ): Promise<boolean> {
    return services.messages.send(caller, clientAddress(), input);
  }

  @Allow({ allow: 'admin', key: 'messages:read' })
  @Query(() => MessageList, { description: 'Admin: contact messages, newest first' })
  messages(
    @Arg('options', () => MessageListOptions, { nullable: true, description: 'Default: the newest 20 of every state' })
    options: MessageListOptions | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<MessageList> {
    return services.messages.list(caller, options);
  }

  @Allow({ allow: 'admin', key: 'messages:read' })
  @Query(() => Message, { description: 'Admin: one contact message, with its photos and replies' })
  message(@Arg('id', () => ID, { description: 'The message' }) id: string, @Ctx() { caller, services }: GraphQLContext): Promise<Message> {
    return services.messages.get(caller, id);
  }

  @Allow({ allow: 'admin', key: 'messages:write' })
  @Mutation(() => Message, {
    description: "Admin: e-mails a reply to the message's sender and keeps it with the message, which is then ANSWERED",
  })
  replyToMessage(
    @Arg('id', () => ID, { description: 'The message' }) id: string,
    @Arg('text', () => String, { description: 'The reply, 1 to 5,000 characters; the mail carries it alone' }) text: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Message> {
    return services.messages.reply(caller, id, text);
  }

  @Allow({ allow: 'admin' })
  @Mutation(() => Message, {
    description:
      'Admin: makes a private quote from a message: an unpaid order for its sender (the account with that verified e-mail, else a guest order), ' +
      'priced at priceAmount by a manual price adjustment and held QUOTE_HOLD_DAYS; the message keeps its order (quoteOrderId) ' +
      'and a reply with the payment link is mailed to the sender. A variant short of stock refuses it',
  })
  quoteFromMessage(
    @Arg('messageId', () => ID, { description: 'The message (a commission request or a question)' }) messageId: string,
    @Arg('input', () => QuoteFromMessageInput, { description: 'What is quoted, for how much, and where it ships' })
    input: QuoteFromMessageInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Message> {
    return services.messages.quote(caller, messageId, input);
  }

  @Allow({ allow: 'admin', key: 'messages:write' })
  @Mutation(() => Message, { description: 'Admin: archives a message, or (archived: false) brings it back as NEW or ANSWERED' })
  archiveMessage(
    @Arg('id', () => ID, { description: 'The message' }) id: string,
    @Arg('archived', () => Boolean, { defaultValue: true, description: 'false brings it back' }) archived: boolean,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Message> {
    return services.messages.archive(caller, id, archived);
  }

  @FieldResolver(() => [String], { description: "The reference photos' URLs, in the order they were sent" })
  photos(@Root() message: Message, @Ctx() { loaders }: GraphQLContext): Promise<string[]> {
    return loaders.messagePhotos.load(message.id);
  }

  @FieldResolver(() => [MessageReply], { description: "Staff's replies, oldest first" })
  replies(@Root() message: Message, @Ctx() { loaders }: GraphQLContext): Promise<MessageReply[]> {
    return loaders.messageReplies.load(message.id);
  }

  @FieldResolver(() => Money, { nullable: true, description: 'What the sender means to spend; null for no budget' })
  budget(@Root() message: Message, @Ctx() { services }: GraphQLContext): Money | null {
    return message.budgetAmount === null ? null : services.shop.money(message.budgetAmount, message.budgetCurrency ?? undefined);
  }
}
