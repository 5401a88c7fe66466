import { ReadsColumns } from '../../common/asked-fields';
import { Arg, Ctx, Field, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../auth';
import { Order, OrderState, statesNeverAfter } from '../orders';
import { OrderGiftCardPayment } from '../pricing';
import { Money, type ShopMoney } from '../shop';
import { GiftCard, GiftCardLedgerEntry } from './gift-card.entity';
import { GiftCardAdjustmentInput, IssueGiftCardInput } from './gift-cards.inputs';
import type { GiftCardsLoaders } from './gift-cards.loaders';
import type { GiftCardsService, GiftCardWithBalance } from './gift-cards.service';

type GraphQLContext = GraphQLContextOf<{ giftCards: GiftCardsService; shop: ShopMoney }, GiftCardsLoaders>;

@ObjectType({ simpleResolvers: true, description: "A gift card's balance, as anyone holding its code may read it" })
export class GiftCardBalance {
  @Field(() => String, { description: 'The last four characters of its code' })
  lastFour!: string;

  @Field(() => Money, { description: 'What is left on it' })
  balance!: Money;

  @Field(() => Date, { nullable: true, description: 'After this (ISO 8601) it pays nothing; null: never' })
  expiresAt!: Date | null;
}

@ObjectType({ simpleResolvers: true, description: 'A gift card an order bought, as its receipt shows it: never its whole code' })
export class IssuedGiftCard {
  @Field(() => String, { description: 'The last four characters of its code' })
  lastFour!: string;

  @Field(() => Money, { description: 'What it was bought for' })
  amount!: Money;

  @Field(() => String, { nullable: true, description: 'Who its code was mailed to; null: the buyer' })
  recipientEmail!: string | null;

  @Field(() => Date, { nullable: true, description: 'When its mail is due; null: on payment' })
  sendAt!: Date | null;

  @Field(() => Boolean, { description: 'Its mail has gone' })
  sent!: boolean;
}

/** Gift cards for staff, and the balance look-up for anyone; shoppers spend them through placeOrder (giftCards). */
@Resolver(() => GiftCard)
export class GiftCardsResolver {
  @Allow({ allow: 'admin', key: 'giftcards:write' })
  @Query(() => [GiftCard], { description: 'Admin (or a giftcards:write key): every gift card, newest first, with its balance' })
  giftCards(@Ctx() { caller, services }: GraphQLContext): Promise<GiftCard[]> {
    return services.giftCards.list(caller);
  }

  @Allow({ allow: 'admin', key: 'giftcards:write' })
  @Query(() => GiftCard, { description: 'Admin (or a giftcards:write key): one gift card, with its ledger' })
  giftCard(@Arg('id', () => ID, { description: 'The card' }) id: string, @Ctx() { caller, services }: GraphQLContext): Promise<GiftCard> {
    return services.giftCards.get(caller, id);
  }

  @Allow({ allow: 'public', key: 'giftcards:write' })
  @Query(() => GiftCardBalance, {
    description:
      "Anyone: a code's balance and expiry. An unknown and a disabled code get the same 400; at most RATE_LIMIT_GIFT_CARD_CODES look-ups a minute per client address",
  })
  async giftCardBalance(
    @Arg('code', () => String, { description: 'The code as printed (any case; dashes or spaces between groups allowed)' }) code: string,
    @Ctx() { services, clientAddress }: GraphQLContext,
  ): Promise<GiftCardBalance> {
    const answer = await services.giftCards.balance(clientAddress(), code);
    return { lastFour: answer.lastFour, balance: services.shop.money(answer.balanceAmount, answer.currency), expiresAt: answer.expiresAt };
  }

  @Allow({ allow: 'admin', key: 'giftcards:write' })
  @Mutation(() => GiftCard, {
    description: 'Admin (or a giftcards:write key): issues a card by hand, with a reason (mailed to its recipient, if any)',
  })
  issueGiftCard(
    @Arg('input', () => IssueGiftCardInput, { description: 'Its amount, reason and recipient' }) input: IssueGiftCardInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<GiftCard> {
    return services.giftCards.issue(caller, input);
  }

  @Allow({ allow: 'admin', key: 'giftcards:write' })
  @Mutation(() => GiftCard, { description: 'Admin (or a giftcards:write key): the card pays nothing more and looks unknown to shoppers' })
  disableGiftCard(
    @Arg('id', () => ID, { description: 'The card' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<GiftCard> {
    return services.giftCards.disable(caller, id);
  }

  @Allow({ allow: 'admin', key: 'giftcards:write' })
  @Mutation(() => GiftCard, { description: "Admin (or a giftcards:write key): changes a card's balance, with a reason (never below zero)" })
  adjustGiftCard(
    @Arg('id', () => ID, { description: 'The card' }) id: string,
    @Arg('input', () => GiftCardAdjustmentInput, { description: 'The amount and the reason' }) input: GiftCardAdjustmentInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<GiftCard> {
    return services.giftCards.adjust(caller, id, input);
  }

  @FieldResolver(() => Money, { description: 'What it was issued for' })
  initialAmount(@Root() card: GiftCard, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(card.initialAmount, card.currency);
  }

  @FieldResolver(() => Money, { description: "What is left on it: its ledger's sum" })
  balance(@Root() card: GiftCardWithBalance, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(card.balanceAmount, card.currency);
  }

  @FieldResolver(() => [GiftCardLedgerEntry], { description: 'Every change of its balance, oldest first' })
  async ledger(@Root() card: GiftCard, @Ctx() { services }: GraphQLContext): Promise<GiftCardLedgerEntry[]> {
    return services.giftCards.ledger(card.id);
  }
}

@Resolver(() => GiftCardLedgerEntry)
export class GiftCardLedgerResolver {
  @FieldResolver(() => Money, { description: 'Positive adds to the balance, negative takes from it' })
  amount(@Root() entry: GiftCardLedgerEntry, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(entry.amount);
  }
}

/** States an order never issued gift cards in: it was never paid (most of a customer's unpaid and closed orders). */
const NEVER_PAID = statesNeverAfter(OrderState.Paid);

/** What gift cards paid of an order, and the cards it bought (last four characters only). */
@Resolver(() => Order)
export class OrderGiftCardsResolver {
  @ReadsColumns('id', 'currency', 'giftCardAmount')
  @FieldResolver(() => [OrderGiftCardPayment], { description: 'The gift cards that paid part of it, and how much each' })
  async giftCardPayments(@Root() order: Order, @Ctx() { loaders, services }: GraphQLContext): Promise<OrderGiftCardPayment[]> {
    if (!order.giftCardAmount) return [];
    const payments = await loaders.orderGiftCardPayments.load(order.id);
    return payments.map((payment) => ({ lastFour: payment.lastFour, amount: services.shop.money(payment.amount, order.currency) }));
  }

  @ReadsColumns('id', 'state')
  @FieldResolver(() => [IssuedGiftCard], { description: 'The gift cards it bought, issued once it is paid' })
  async giftCardsIssued(@Root() order: Order, @Ctx() { loaders, services }: GraphQLContext): Promise<IssuedGiftCard[]> {
    if (NEVER_PAID.includes(order.state)) return [];
    const cards = await loaders.orderIssuedGiftCards.load(order.id);
    return cards.map((card) => ({
      lastFour: card.lastFour,
      amount: services.shop.money(card.initialAmount, card.currency),
      recipientEmail: card.recipientEmail,
      sendAt: card.sendAt,
      sent: card.sentAt !== null,
    }));
  }
}
