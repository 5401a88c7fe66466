import { ReadsColumns } from '../../common/asked-fields';
import { formatLeadTime, formatShipWindow } from '@keen/rules';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../auth';
import { Product, ProductVariant } from '../catalog';
import { Order } from '../orders';
import type { User } from '../users';
import { estimate, madeToOrderOf } from './lead-times';
import type { WorkshopLoaders } from './workshop.loaders';
import type { WorkshopService } from './workshop.service';
import { LeadTime, MadeToOrderDays, WorkshopQueueLine, WorkshopSettings, WorkshopSettingsInputType } from './workshop.types';

type GraphQLContext = GraphQLContextOf<{ workshop: WorkshopService }, WorkshopLoaders, User>;

/** A product's lead time: made to order or from stock, and when an order placed now would ship. */
@Resolver(() => Product)
export class ProductLeadTimeResolver {
  @ReadsColumns('madeToOrderMinDays', 'madeToOrderMaxDays')
  @FieldResolver(() => MadeToOrderDays, {
    nullable: true,
    description: 'Made to order: its working days to make; null when shipped from stock',
  })
  madeToOrder(@Root() product: Product): MadeToOrderDays | null {
    return madeToOrderOf(product);
  }

  @ReadsColumns('quantity', 'minimumQuantity', 'madeToOrderMinDays', 'madeToOrderMaxDays')
  @FieldResolver(() => LeadTime, {
    description:
      'The estimate a new order would get now: from stock (a made-to-order product too, while it has finished units for an order) in the handling days, or made to order in its own days plus the queue ahead over the weekly capacity; working days (weekends and closed dates skipped)',
  })
  async leadTime(@Root() product: Product, @Ctx() { loaders }: GraphQLContext): Promise<LeadTime> {
    // A made-to-order product with finished units on hand for an order ships them first, as stock does.
    const fromStock = product.quantity >= product.minimumQuantity;
    const { days, window } = estimate(await loaders.workshopNow.load(), fromStock ? null : madeToOrderOf(product));
    return { ...days, text: formatLeadTime(days), shipWindow: { ...window, text: formatShipWindow(window) } };
  }
}

/** A variant's lead time: its own (made to order in its own days, or from stock) or its product's. */
@Resolver(() => ProductVariant)
export class VariantLeadTimeResolver {
  @FieldResolver(() => MadeToOrderDays, {
    nullable: true,
    description:
      "Made to order in effect: its own working days (leadTimeMode MADE_TO_ORDER), or its product's (INHERIT); null when shipped from stock",
  })
  madeToOrder(@Root() variant: ProductVariant): MadeToOrderDays | null {
    return variant.effectiveMadeToOrder;
  }

  @FieldResolver(() => LeadTime, {
    description:
      "The estimate a new order of this variant would get now, as the product's leadTime but in the variant's own lead time: from stock while it has its product's minimum quantity on hand, else made to order in its days plus the queue",
  })
  async leadTime(@Root() variant: ProductVariant, @Ctx() { loaders }: GraphQLContext): Promise<LeadTime> {
    const fromStock = variant.quantity >= variant.minimumQuantity;
    const { days, window } = estimate(await loaders.workshopNow.load(), fromStock ? null : variant.effectiveMadeToOrder);
    return { ...days, text: formatLeadTime(days), shipWindow: { ...window, text: formatShipWindow(window) } };
  }
}

@Resolver()
export class WorkshopResolver {
  @Allow({ allow: 'admin', key: 'orders:read' })
  @Query(() => WorkshopSettings, { description: "Admin: the workshop's handling days, weekly capacity, closed dates and queue size" })
  workshopSettings(@Ctx() { caller, services }: GraphQLContext): Promise<WorkshopSettings> {
    return services.workshop.settings(caller);
  }

  @Allow({ allow: 'admin', key: 'orders:read' })
  @Query(() => [WorkshopQueueLine], {
    description: 'Admin: the made-to-order lines still to make, by their latest promised date; overdue ones flagged',
  })
  workshopQueue(@Ctx() { caller, services }: GraphQLContext): Promise<WorkshopQueueLine[]> {
    return services.workshop.queue(caller);
  }

  @Allow({ allow: 'admin', key: 'orders:write' })
  @Mutation(() => WorkshopSettings, { description: "Admin: sets the workshop's handling days and weekly capacity" })
  updateWorkshopSettings(
    @Arg('input', () => WorkshopSettingsInputType, { description: 'The settings as they are to be' }) input: WorkshopSettingsInputType,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<WorkshopSettings> {
    return services.workshop.updateSettings(caller, input);
  }

  @Allow({ allow: 'admin', key: 'orders:write' })
  @Mutation(() => WorkshopSettings, { description: 'Admin: closes the workshop on a date (a holiday, a knife show), or changes its note' })
  closeWorkshopDate(
    @Arg('date', () => String, { description: 'YYYY-MM-DD' }) date: string,
    @Arg('note', () => String, { nullable: true, description: 'Why, for the admins (at most 80 characters)' }) note: string | null,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<WorkshopSettings> {
    return services.workshop.closeDate(caller, date, note);
  }

  @Allow({ allow: 'admin', key: 'orders:write' })
  @Mutation(() => WorkshopSettings, { description: 'Admin: opens a closed date again; NOT_FOUND when it was not closed' })
  reopenWorkshopDate(
    @Arg('date', () => String, { description: 'YYYY-MM-DD' }) date: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<WorkshopSettings> {
    return services.workshop.reopenDate(caller, date);
  }

  @Allow({ allow: 'admin', key: 'orders:write' })
  @Mutation(() => Order, {
    description:
      'Admin: a new latest ship date for an unshipped order (a late one): its customer is mailed an apology with it and a link to cancel for a full refund',
  })
  setOrderShipBy(
    @Arg('orderId', () => ID, { description: 'The order' }) orderId: string,
    @Arg('latest', () => String, { description: 'The new latest ship date, YYYY-MM-DD, today or later' }) latest: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.workshop.setShipBy(caller, orderId, latest);
  }
}
