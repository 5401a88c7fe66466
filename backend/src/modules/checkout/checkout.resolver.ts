import { Arg, Ctx, Field, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../auth';
import type { CardPayment } from '../gift-cards';
import { keyOfRequest } from '../idempotency';
import { Order, PlaceOrderInput, ShippingOptionsInput } from '../orders';
import { OrderGiftCardPayment, type OrderPricing, OrderTotals } from '../pricing';
import { ShippingOption } from '../shipping';
import type { ShopMoney } from '../shop';
import type { User } from '../users';
import type { CheckoutQuote, CheckoutService } from './checkout.service';

type GraphQLContext = GraphQLContextOf<{ checkout: CheckoutService; shop: ShopMoney }, object, User>;

@ObjectType({
  simpleResolvers: true,
  description: 'What an order of these lines to this address would come to: by each delivery method, or without delivery when none applies',
})
export class OrderQuote {
  @Field(() => [ShippingOption], {
    description: 'The delivery methods that serve the address, each with its totals (as shippingOptions answers)',
  })
  options!: ShippingOption[];

  @Field(() => [String], {
    description:
      'Why the other enabled methods of the zone are not offered, for example "Too heavy for Standard: at most 2 kg" (the lines weigh more than its heaviest band)',
  })
  notOffered!: string[];

  @Field(() => OrderTotals, {
    nullable: true,
    description:
      "The order's totals when no delivery method applies (the shop has no zones, or the lines are gift cards alone); null when there are options",
  })
  totals!: OrderTotals | null;

  @Field(() => [OrderGiftCardPayment], {
    description: 'What each gift card would pay of `totals`, in the order given; [] with options (each option has its own)',
  })
  giftCardPayments!: OrderGiftCardPayment[];
}

/** Quoting and placing an order: the checkout's steps (checkout.service.ts). */
@Resolver()
export class CheckoutResolver {
  @Allow({ allow: 'public', key: 'catalog:read' })
  @Query(() => [ShippingOption], {
    description:
      "Anyone: the delivery methods that serve an address, priced for these lines (free over a method's threshold), with what the input's gift cards would pay of each total; [] when the shop has not set delivery up or the lines need none (orderQuote then answers the totals). A country no zone covers is refused",
  })
  async shippingOptions(
    @Arg('input', () => ShippingOptionsInput, { description: 'The lines and the address' }) input: ShippingOptionsInput,
    @Ctx() { caller, services, clientAddress }: GraphQLContext,
  ): Promise<ShippingOption[]> {
    return optionsOf(await services.checkout.quote(caller, input, clientAddress()), services.shop);
  }

  @Allow({ allow: 'public', key: 'catalog:read' })
  @Query(() => OrderQuote, {
    description:
      "Anyone: shippingOptions, and the order's totals and gift card shares when no delivery method applies: the figures placeOrder would charge, nothing taken or spent",
  })
  async orderQuote(
    @Arg('input', () => ShippingOptionsInput, { description: 'The lines, the address, and any discount code and gift cards' })
    input: ShippingOptionsInput,
    @Ctx() { caller, services, clientAddress }: GraphQLContext,
  ): Promise<OrderQuote> {
    const quote = await services.checkout.quote(caller, input, clientAddress());
    const { shop } = services;
    const undelivered = quote.undelivered;
    return {
      options: optionsOf(quote, shop),
      notOffered: quote.notOffered,
      totals: undelivered && totalsOf(undelivered.pricing, undelivered.payments, shop),
      giftCardPayments: undelivered ? paymentsOf(undelivered.payments, shop) : [],
    };
  }

  @Allow({ allow: 'public' })
  @Mutation(() => Order, {
    description:
      "A signed-in customer, or a guest signed out with input.guest, places an order: prices and totals are the shop's, its units are taken from stock and held until it is paid or the hold runs out " +
      '(a guest: UNPAID_GUEST_ORDER_HOLD_MINUTES; unpaid guest orders are limited per e-mail and client address, 429 with Retry-After). ' +
      'Signed out without input.guest: 401. An Idempotency-Key header works as input.idempotencyKey',
  })
  placeOrder(
    @Arg('input', () => PlaceOrderInput, { description: 'The lines, phone and address' }) input: PlaceOrderInput,
    @Ctx() { caller, services, idempotencyKey, clientAddress }: GraphQLContext,
  ): Promise<Order> {
    return services.checkout.place(
      caller,
      { ...input, idempotencyKey: keyOfRequest(input.idempotencyKey, idempotencyKey) },
      clientAddress(),
    );
  }
}

const paid = (payments: CardPayment[]) => payments.reduce((sum, payment) => sum + payment.amount, 0);
const paymentsOf = (payments: CardPayment[], shop: ShopMoney): OrderGiftCardPayment[] =>
  payments.map((payment) => ({ lastFour: payment.lastFour, amount: shop.money(payment.amount) }));

/** Each option with what the cards would pay of its total and what is left. */
function optionsOf(quote: CheckoutQuote, shop: ShopMoney): ShippingOption[] {
  return quote.options.map(({ option, payments }) => ({
    ...option,
    totals: { ...option.totals, giftCards: shop.money(paid(payments)), amountDue: shop.money(option.totals.total.amount - paid(payments)) },
    giftCardPayments: paymentsOf(payments, shop),
  }));
}

function totalsOf(pricing: OrderPricing, payments: CardPayment[], shop: ShopMoney): OrderTotals {
  return {
    subtotal: shop.money(pricing.subtotalAmount),
    adjustments: shop.money(pricing.adjustmentAmount),
    discount: shop.money(pricing.discountAmount),
    shipping: shop.money(pricing.shippingAmount),
    tax: shop.money(pricing.taxAmount),
    total: shop.money(pricing.totalAmount),
    giftCards: shop.money(paid(payments)),
    amountDue: shop.money(pricing.totalAmount - paid(payments)),
    // A quote: nothing paid, so nothing refunded.
    refunded: shop.money(0),
  };
}
