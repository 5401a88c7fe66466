import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Float, ID, Info, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { askedFieldsOf, ReadsColumns } from '../../common/asked-fields';
import { percentOfMilliPercent } from '@keen/rules';
import { type GraphQLContextOf, Allow } from '../auth';
import type { User } from '../users';
import { type CatalogLoaders, Product, OrderEngraving } from '../catalog';
import type { OrdersLoaders } from './orders.loaders';
import type { OrderFieldsAsked, OrdersService } from './orders.service';
import { ListResult } from '../../common/list';
import { OrderEvent } from './order-event.entity';
import { Order } from './order.entity';
import { OrderLine } from './order-line.entity';
import { ShipWindow, shipWindowOf } from './ship-window';
import { isLate } from './order-state-machine';
import { OrderListOptions, ShipmentTrackingInput } from './order.inputs';
import { Money, type ShopMoney } from '../shop';

/** Only the columns a page's fields need are read (My Orders and the orders grid are the busiest signed-in pages). */
const orderFieldsAsked = (info: GraphQLResolveInfo): OrderFieldsAsked => ({
  order: askedFieldsOf(info, ['items']),
  lines: askedFieldsOf(info, ['items', 'lines']),
});

type GraphQLContext = GraphQLContextOf<{ orders: OrdersService; shop: ShopMoney }, OrdersLoaders & CatalogLoaders, User>;

@ObjectType({ simpleResolvers: true, description: 'A page of orders' })
export class OrderList extends ListResult(Order) {}

@Resolver(() => Order)
export class OrdersResolver {
  @Allow({ allow: 'admin', key: 'orders:read' })
  @Query(() => OrderList, { description: 'Admin only: every order' })
  orders(
    @Arg('options', () => OrderListOptions, { nullable: true, description: 'Default: the newest 20' })
    options: OrderListOptions | undefined,
    @Ctx() { caller, services }: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<OrderList> {
    return services.orders.listAll(caller, options, orderFieldsAsked(info));
  }

  @Allow({ allow: 'signed in' })
  @Query(() => OrderList, { description: "The signed-in customer's orders" })
  myOrders(
    @Arg('options', () => OrderListOptions, { nullable: true, description: 'Default: the newest 20' })
    options: OrderListOptions | undefined,
    @Ctx() { caller, services }: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<OrderList> {
    return services.orders.listMine(caller, options, orderFieldsAsked(info));
  }

  @Allow({ allow: 'public', key: 'orders:read' })
  @Query(() => Order, {
    description:
      "Its customer or an admin; or, with token, anyone holding a guest order's link (a wrong or missing token is a 404). Signed out without token: 401",
  })
  order(
    @Arg('id', () => ID, { description: "The order's id" }) id: string,
    @Arg('token', () => String, {
      nullable: true,
      description: "A guest order's link token, for a guest signed out (404 when it is not the order's)",
    })
    token: string | null | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.orders.get(caller, id, token);
  }

  @Allow({ allow: 'signed in' })
  @Mutation(() => Int, {
    description:
      'Attaches the guest orders placed with your e-mail address to your account, once, when your sign-in proves that address (0 otherwise); answers how many it attached now. My Orders calls it as it opens',
  })
  claimGuestOrders(@Ctx() { caller, services }: GraphQLContext): Promise<number> {
    return services.orders.claimGuestOrders(caller);
  }

  @Allow({ allow: 'admin', key: 'orders:read' })
  @Query(() => [OrderEvent], { description: "Admin only: the order's history, oldest first" })
  orderHistory(
    @Arg('id', () => ID, { description: "The order's id" }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<OrderEvent[]> {
    return services.orders.history(caller, id);
  }

  @Allow({ allow: 'admin', key: 'orders:write' })
  @Mutation(() => Order, { description: 'Admin only; the order must be paid and Pending' })
  markShipped(
    @Arg('id', () => ID, { description: 'The order to ship' }) id: string,
    @Arg('tracking', () => ShipmentTrackingInput, { nullable: true, description: 'The carrier and tracking number, if known' })
    tracking: ShipmentTrackingInput | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.orders.markShipped(caller, id, tracking);
  }

  @Allow({ allow: 'admin', key: 'orders:write' })
  @Mutation(() => Order, {
    description: 'Admin only (or a carrier through an orders:write key): the shipped order reached its customer; its return window starts',
  })
  markDelivered(
    @Arg('id', () => ID, { description: 'The order delivered' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.orders.markDelivered(caller, id);
  }

  @Allow({ allow: 'signed in', key: 'orders:write' })
  @Mutation(() => ID, { description: "As cancelOrder, answering only the id (the old client's delete)" })
  async deleteOrder(
    @Arg('id', () => ID, { description: 'The order to cancel or refund' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<string> {
    return (await services.orders.cancelOrRefund(caller, id)).id;
  }

  @Allow({ allow: 'public', key: 'orders:write' })
  @Mutation(() => Order, {
    description:
      "Cancels an unpaid order (its customer, a guest by its link's token, or an admin; refused while a payment is under way), or, for an admin, refunds a paid unshipped one. Its units return to stock; the order stays, with its history. Signed out without token: 401",
  })
  cancelOrder(
    @Arg('id', () => ID, { description: 'The order to cancel or refund' }) id: string,
    @Arg('token', () => String, {
      nullable: true,
      description: "A guest order's link token, for a guest signed out (404 when it is not the order's)",
    })
    token: string | null | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.orders.cancelOrRefund(caller, id, token);
  }

  @ReadsColumns('id')
  @FieldResolver(() => [OrderLine], { description: 'What was ordered, in the order the customer listed it' })
  lines(@Root() order: Order, @Ctx() { loaders }: GraphQLContext): OrderLine[] | Promise<OrderLine[]> {
    return order.lines ?? loaders.orderLines.load(order.id);
  }

  @ReadsColumns('shipByEarliest', 'shipByLatest')
  @FieldResolver(() => ShipWindow, {
    nullable: true,
    description: 'The ship window promised when it was placed (the admin may set a later one when it runs late); null with nothing to ship',
  })
  shipBy(@Root() order: Order): ShipWindow | null {
    return shipWindowOf(order.shipByEarliest, order.shipByLatest);
  }

  @ReadsColumns('lateNoticeAt', 'shipByLatest')
  @FieldResolver(() => Boolean, {
    description: 'It missed its promised ship date unshipped (or that date has passed): its owner may cancel it, paid, for a full refund',
  })
  late(@Root() order: Order): boolean {
    return isLate(order);
  }

  @ReadsColumns('totalAmount')
  @FieldResolver(() => Int, { description: 'The order total in whole units', deprecationReason: 'Use totals' })
  totalPrice(@Root() order: Order, @Ctx() { services }: GraphQLContext): number {
    return services.shop.whole(order.totalAmount, order.currency);
  }

  @ReadsColumns('priceAmount')
  @FieldResolver(() => Int, {
    description: "The first line's unit price in whole units, as it was when ordered",
    deprecationReason: 'Use lines',
  })
  price(@Root() order: Order, @Ctx() { services }: GraphQLContext): number {
    return services.shop.whole(order.priceAmount, order.currency);
  }

  @ReadsColumns('productId')
  @FieldResolver(() => String, { nullable: true, description: "The first line's product id", deprecationReason: 'Use lines' })
  productCode(@Root() order: Order): string | null {
    return order.productId;
  }

  @ReadsColumns('productId')
  @FieldResolver(() => Product, {
    nullable: true,
    description: "The first line's product, unless it has been deleted since",
    deprecationReason: 'Use lines',
  })
  product(@Root() order: Order, @Ctx() { loaders }: GraphQLContext): Promise<Product | null> | null {
    return order.productId ? loaders.productById.load(order.productId) : null;
  }
}

@Resolver(() => OrderLine)
export class OrderLinesResolver {
  @ReadsColumns('unitAmount')
  @FieldResolver(() => Money, { description: 'Unit price as it was when ordered, without the engraving surcharge' })
  unitAmount(@Root() line: OrderLine, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(line.unitAmount, line.currency);
  }

  @ReadsColumns('lineAmount')
  @FieldResolver(() => Money, { description: 'quantity times (unit price plus the engraving surcharge)' })
  lineAmount(@Root() line: OrderLine, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(line.lineAmount, line.currency);
  }

  @ReadsColumns('taxAmount')
  @FieldResolver(() => Money, { description: 'The tax in lineAmount when prices include tax, otherwise added to it' })
  tax(@Root() line: OrderLine, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(line.taxAmount, line.currency);
  }

  @ReadsColumns('taxRateMilliPercent')
  @FieldResolver(() => Float, { description: "The tax rate of the product's category at the destination, in percent" })
  taxRatePercent(@Root() line: OrderLine): number {
    return percentOfMilliPercent(line.taxRateMilliPercent);
  }

  @ReadsColumns('unitAmount')
  @FieldResolver(() => Int, { description: 'unitAmount in whole units', deprecationReason: 'Use unitAmount' })
  unitPrice(@Root() line: OrderLine, @Ctx() { services }: GraphQLContext): number {
    return services.shop.whole(line.unitAmount, line.currency);
  }

  @ReadsColumns('lineAmount')
  @FieldResolver(() => Int, { description: 'lineAmount in whole units', deprecationReason: 'Use lineAmount' })
  lineTotal(@Root() line: OrderLine, @Ctx() { services }: GraphQLContext): number {
    return services.shop.whole(line.lineAmount, line.currency);
  }

  @ReadsColumns('productId')
  @FieldResolver(() => Product, { nullable: true, description: 'The product, unless it has been deleted since' })
  product(@Root() line: OrderLine, @Ctx() { loaders }: GraphQLContext): Promise<Product | null> | null {
    return line.productId ? loaders.productById.load(line.productId) : null;
  }
}

@Resolver(() => OrderEngraving)
export class OrderEngravingResolver {
  @FieldResolver(() => Money, { description: 'Surcharge per unit, included in the totals' })
  unitAmount(@Root() engraving: OrderEngraving, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(engraving.amount, engraving.currency);
  }

  @FieldResolver(() => Int, { description: 'Surcharge per unit in whole units', deprecationReason: 'Use unitAmount' })
  unitPrice(@Root() engraving: OrderEngraving, @Ctx() { services }: GraphQLContext): number {
    return services.shop.whole(engraving.amount, engraving.currency);
  }
}
