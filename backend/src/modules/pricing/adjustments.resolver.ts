import { ReadsColumns } from '../../common/asked-fields';
import { Arg, Ctx, Field, FieldResolver, ID, InputType, Int, Mutation, Resolver, Root } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../auth';
import { Order, OrderLine, amountDue } from '../orders';
import { Money, type ShopMoney } from '../shop';
import type { AdjustmentsService } from './adjustments.service';
import { OrderAdjustment } from './order-adjustment.entity';
import { OrderTotals } from './order-totals';
import type { PricingLoaders } from './pricing.loaders';

type GraphQLContext = GraphQLContextOf<{ adjustments: AdjustmentsService; shop: ShopMoney }, PricingLoaders>;

@InputType({ description: "A change to an unpaid order's price by staff" })
export class PriceAdjustmentInput {
  @Field(() => Int, { description: "Minor units of the order's currency (-1000 is $10.00 off; positive adds to the price), not 0" })
  amount!: number;

  @Field(() => String, { description: "Why (at most 500 characters): kept in the order's history, for staff" })
  reason!: string;

  @Field(() => String, {
    nullable: true,
    description: 'What the customer reads on the order (at most 120 characters); "Price adjustment" without one',
  })
  label?: string | null;
}

@Resolver(() => Order)
/** An order's price as the pricing module keeps it: its totals, its adjustments, and staff's Adjust price. */
export class OrderPricingResolver {
  @Allow({ allow: 'admin', key: 'orders:write' })
  @Mutation(() => Order, {
    description:
      "Admin (or an orders:write key): adjusts an unpaid order's price. The adjustment is allocated over its lines, tax is worked out again on the adjusted amounts, the payment intent's amount follows, and the history says who, by how much and why",
  })
  adjustOrderPrice(
    @Arg('orderId', () => ID, { description: 'The unpaid order' }) orderId: string,
    @Arg('input', () => PriceAdjustmentInput, { description: 'The amount and the reason' }) input: PriceAdjustmentInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.adjustments.adjust(caller, orderId, input);
  }

  @ReadsColumns(
    'currency',
    'subtotalAmount',
    'adjustmentAmount',
    'discountAmount',
    'shippingAmount',
    'taxAmount',
    'totalAmount',
    'giftCardAmount',
    'refundedAmount',
  )
  @FieldResolver(() => OrderTotals, { description: 'Subtotal, adjustments, shipping, tax and total, in the order’s currency' })
  totals(@Root() order: Order, @Ctx() { services }: GraphQLContext): OrderTotals {
    const money = (amount: number) => services.shop.money(amount, order.currency);
    return {
      subtotal: money(order.subtotalAmount),
      adjustments: money(order.adjustmentAmount),
      discount: money(order.discountAmount),
      shipping: money(order.shippingAmount),
      tax: money(order.taxAmount),
      total: money(order.totalAmount),
      giftCards: money(order.giftCardAmount ?? 0),
      amountDue: money(amountDue(order)),
      refunded: money(order.refundedAmount ?? 0),
    };
  }

  @ReadsColumns('id', 'currency', 'adjustmentAmount')
  @FieldResolver(() => [OrderAdjustment], { description: 'Adjustments of its price, oldest first (none for most orders)' })
  async adjustments(@Root() order: Order, @Ctx() { loaders, services }: GraphQLContext): Promise<OrderAdjustment[]> {
    // Most orders have none: their total says so without a read.
    if (!order.adjustmentAmount) return [];
    const rows = await loaders.orderAdjustments.load(order.id);
    return rows.map((row) => Object.assign(row, { money: services.shop.money(row.amount, order.currency) }));
  }
}

@Resolver(() => OrderLine)
export class OrderLineAdjustmentResolver {
  @ReadsColumns('currency', 'adjustmentAmount')
  @FieldResolver(() => Money, {
    description: "Its share of the order's adjustments (negative lowers it); its tax is on lineAmount plus this",
  })
  adjustment(@Root() line: OrderLine, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(line.adjustmentAmount ?? 0, line.currency);
  }

  @ReadsColumns('currency', 'discountAmount')
  @FieldResolver(() => Money, {
    description: "Its share of the discount code's reduction (negative; zero without one), part of adjustment",
  })
  discount(@Root() line: OrderLine, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(line.discountAmount ?? 0, line.currency);
  }
}
