import { Arg, Ctx, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { ListResult } from '../../common/list';
import { Product } from '../catalog/product.entity';
import { OrderEvent } from './order-event.entity';
import { Order } from './order.entity';
import { OrderLine } from './order-line.entity';
import { OrderListOptions, PlaceOrderInput, ShipmentTrackingInput } from './order.inputs';
import { KeyScope, NotForKeys } from '../auth/scopes';

@ObjectType()
export class OrderList extends ListResult(Order) {}

@Resolver(() => Order)
export class OrdersResolver {
  @KeyScope('orders:read')
  @Query(() => OrderList, { description: 'Admin only: every order' })
  orders(
    @Arg('options', () => OrderListOptions, { nullable: true }) options: OrderListOptions | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<OrderList> {
    return services.orders.listAll(caller, options);
  }

  @NotForKeys()
  @Query(() => OrderList, { description: "The signed-in customer's orders" })
  myOrders(
    @Arg('options', () => OrderListOptions, { nullable: true }) options: OrderListOptions | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<OrderList> {
    return services.orders.listMine(caller, options);
  }

  @KeyScope('orders:read')
  @Query(() => Order, { description: 'Its customer or an admin' })
  order(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: GraphQLContext): Promise<Order> {
    return services.orders.get(caller, id);
  }

  @KeyScope('orders:read')
  @Query(() => [OrderEvent], { description: "Admin only: the order's history, oldest first" })
  orderHistory(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: GraphQLContext): Promise<OrderEvent[]> {
    return services.orders.history(caller, id);
  }

  @NotForKeys()
  @Mutation(() => Order)
  placeOrder(@Arg('input', () => PlaceOrderInput) input: PlaceOrderInput, @Ctx() { caller, services }: GraphQLContext): Promise<Order> {
    return services.orders.place(caller, input);
  }

  @KeyScope('orders:write')
  @Mutation(() => Order, { description: 'Admin only; the order must be paid and Pending' })
  markShipped(
    @Arg('id', () => ID) id: string,
    @Arg('tracking', () => ShipmentTrackingInput, { nullable: true }) tracking: ShipmentTrackingInput | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.orders.markShipped(caller, id, tracking);
  }

  @KeyScope('orders:write')
  @Mutation(() => ID, { description: "As cancelOrder, answering only the id (the old client's delete)" })
  async deleteOrder(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: GraphQLContext): Promise<string> {
    return (await services.orders.cancelOrRefund(caller, id)).id;
  }

  @KeyScope('orders:write')
  @Mutation(() => Order, {
    description:
      'Cancels an unpaid order (its customer or an admin; refused while a payment is under way), or, for an admin, refunds a paid unshipped one. Its units return to stock; the order stays, with its history',
  })
  cancelOrder(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: GraphQLContext): Promise<Order> {
    return services.orders.cancelOrRefund(caller, id);
  }

  @FieldResolver(() => [OrderLine], { description: 'What was ordered, in the order the customer listed it' })
  lines(@Root() order: Order, @Ctx() { loaders }: GraphQLContext): OrderLine[] | Promise<OrderLine[]> {
    return order.lines ?? loaders.orderLines.load(order.id);
  }

  @FieldResolver(() => String, { nullable: true, description: "The first line's product id", deprecationReason: 'Use lines' })
  productCode(@Root() order: Order): string | null {
    return order.productId;
  }

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
  @FieldResolver(() => Product, { nullable: true, description: 'The product, unless it has been deleted since' })
  product(@Root() line: OrderLine, @Ctx() { loaders }: GraphQLContext): Promise<Product | null> | null {
    return line.productId ? loaders.productById.load(line.productId) : null;
  }
}
