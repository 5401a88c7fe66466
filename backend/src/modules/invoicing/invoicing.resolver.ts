import { ReadsColumns } from '../../common/asked-fields';
import { Arg, Ctx, FieldResolver, Float, ID, Mutation, Resolver, Root } from 'type-graphql';
import { percentOfMilliPercent } from '@keen/rules';
import { badInput } from '../../common/errors';
import { Allow, type GraphQLContextOf } from '../auth';
import { Order } from '../orders';
import { Money, type ShopMoney } from '../shop';
import { RefundInput } from './invoicing.inputs';
import type { InvoicingLoaders } from './invoicing.loaders';
import type { InvoicingService } from './invoicing.service';
import type { RefundRequest } from './refund-plan';
import { Refund, RefundLine } from './refund.entity';

type GraphQLContext = GraphQLContextOf<{ invoicing: InvoicingService; shop: ShopMoney }, InvoicingLoaders>;

/** The query that downloads a document by a guest order's link token (none for everyone else). */
const byLink = (token: string | null | undefined) => (token ? `?token=${encodeURIComponent(token)}` : '');

/** The request as the service takes it; GraphQL checked the types, the service the rules. */
function refundRequest(input: RefundInput): RefundRequest {
  if (!input || typeof input !== 'object') throw badInput('Say what to refund');
  return {
    lines: (input.lines ?? []).map((line) => ({ lineId: line.lineId, quantity: line.quantity, restock: line.restock === true })),
    delivery: input.delivery === true,
    amount: input.amount ?? 0,
    reason: input.reason ?? null,
  };
}

/** An order's refunds and invoice, and staff's Refund. */
@Resolver(() => Order)
export class OrderRefundsResolver {
  @Allow({ allow: 'admin', key: 'orders:write' })
  @Mutation(() => Order, {
    description:
      'Admin (or an orders:write key): refunds part or all of a paid order (lines and units, some back to stock; the delivery price; an amount with a reason), never more than was paid less earlier refunds. Gift cards get theirs back first, the card payment the rest; a credit note is numbered and the customer mailed. A refund the provider refuses changes nothing and says why',
  })
  refundOrder(
    @Arg('orderId', () => ID, { description: 'The paid order' }) orderId: string,
    @Arg('input', () => RefundInput, { description: 'What to refund' }) input: RefundInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.invoicing.refund(caller, orderId, refundRequest(input));
  }

  @ReadsColumns('id', 'refundedAmount')
  @FieldResolver(() => [Refund], { description: 'Its refunds, oldest first, each with its credit note (none for most orders)' })
  async refunds(@Root() order: Order, @Ctx() { loaders }: GraphQLContext): Promise<Refund[]> {
    // An order nothing was refunded of has none: its total says so without a read.
    if (!order.refundedAmount) return [];
    const refunds = await loaders.orderRefunds.load(order.id);
    // Read by a guest order's link: its credit notes are downloaded by the same token.
    return order.guestToken ? refunds.map((refund) => Object.assign(new Refund(), refund, { guestToken: order.guestToken })) : refunds;
  }

  @ReadsColumns('id', 'invoiceNumber')
  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Where its invoice PDF is downloaded (REST, the caller's token or an invoices:read key; read by a guest order's link, the link's token is in it); null before it is paid",
  })
  invoiceUrl(@Root() order: Order): string | null {
    return order.invoiceNumber ? `/api/orders/${order.id}/invoice.pdf${byLink(order.guestToken)}` : null;
  }
}

@Resolver(() => Refund)
export class RefundResolver {
  @FieldResolver(() => Money, { description: 'Everything refunded: the lines, delivery and the amount' })
  amount(@Root() refund: Refund, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(refund.amount, refund.currency);
  }

  @FieldResolver(() => Money, { description: 'What delivery cost, refunded; zero when delivery was kept' })
  shipping(@Root() refund: Refund, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(refund.shippingAmount, refund.currency);
  }

  @FieldResolver(() => Money, { description: 'The amount refunded beyond lines and delivery (see reason); zero without one' })
  extra(@Root() refund: Refund, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(refund.extraAmount, refund.currency);
  }

  @FieldResolver(() => Money, { description: 'The tax in amount' })
  tax(@Root() refund: Refund, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(refund.taxAmount, refund.currency);
  }

  @FieldResolver(() => Money, { description: 'What went back to the gift cards that paid the order' })
  giftCards(@Root() refund: Refund, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(refund.giftCardAmount, refund.currency);
  }

  @FieldResolver(() => Money, { description: 'What went back to the card payment' })
  card(@Root() refund: Refund, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(refund.cardAmount, refund.currency);
  }

  @FieldResolver(() => String, {
    description:
      "Where its credit note PDF is downloaded (REST, the caller's token or an invoices:read key; read by a guest order's link, the link's token is in it)",
  })
  creditNoteUrl(@Root() refund: Refund): string {
    return `/api/orders/${refund.orderId}/credit-notes/${refund.id}.pdf${byLink(refund.guestToken)}`;
  }
}

@Resolver(() => RefundLine)
export class RefundLineResolver {
  @FieldResolver(() => Money, { description: 'What the units cost: their share of the line, adjustments and tax as paid' })
  amount(@Root() line: RefundLine, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(line.amount, line.currency);
  }

  @FieldResolver(() => Money, { description: 'The tax in amount' })
  tax(@Root() line: RefundLine, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(line.taxAmount, line.currency);
  }

  @FieldResolver(() => Float, { description: "The line's tax rate, in percent" })
  taxRatePercent(@Root() line: RefundLine): number {
    return percentOfMilliPercent(line.taxRateMilliPercent);
  }
}
