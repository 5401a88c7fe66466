import { Arg, Ctx, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context';
import { ListResult } from '../../common/list';
import { Product } from '../catalog/product.entity';
import { OrderEvent } from './order-event.entity';
import { Order } from './order.entity';
import { OrderListOptions, PlaceOrderInput } from './order.inputs';

@ObjectType()
export class OrderList extends ListResult(Order) {}

@Resolver(() => Order)
export class OrdersResolver {
  @Query(() => OrderList, { description: 'Admin only: every order' })
  orders(
    @Arg('options', () => OrderListOptions, { nullable: true }) options: OrderListOptions | undefined,
    @Ctx() { caller, services }: RequestContext,
  ): Promise<OrderList> {
    return services.orders.listAll(caller, options);
  }

  @Query(() => OrderList, { description: "The signed-in customer's orders" })
  myOrders(
    @Arg('options', () => OrderListOptions, { nullable: true }) options: OrderListOptions | undefined,
    @Ctx() { caller, services }: RequestContext,
  ): Promise<OrderList> {
    return services.orders.listMine(caller, options);
  }

  @Query(() => Order, { description: 'Its customer or an admin' })
  order(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: RequestContext): Promise<Order> {
    return services.orders.get(caller, id);
  }

  @Query(() => [OrderEvent], { description: "Admin only: the order's history, oldest first" })
  orderHistory(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: RequestContext): Promise<OrderEvent[]> {
    return services.orders.history(caller, id);
  }

  @Mutation(() => Order)
  placeOrder(@Arg('input', () => PlaceOrderInput) input: PlaceOrderInput, @Ctx() { caller, services }: RequestContext): Promise<Order> {
    return services.orders.place(caller, input);
  }

  @Mutation(() => Order, { description: 'Admin only; the order must be paid and Pending' })
  markShipped(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: RequestContext): Promise<Order> {
    return services.orders.markShipped(caller, id);
  }

  @Mutation(() => ID, { description: "As cancelOrder, answering only the id (the old client's delete)" })
  async deleteOrder(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: RequestContext): Promise<string> {
    return (await services.orders.delete(caller, id)).id;
  }

  @Mutation(() => Order, {
    description:
      'Cancels an unpaid order (its customer or an admin; refused while a payment is under way), or, for an admin, refunds a paid unshipped one. Its units return to stock; the order stays, with its history',
  })
  cancelOrder(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: RequestContext): Promise<Order> {
    return services.orders.delete(caller, id);
  }

  @FieldResolver(() => String, { nullable: true, description: "The ordered product's id" })
  productCode(@Root() order: Order): string | null {
    return order.productId;
  }

  @FieldResolver(() => Product, { nullable: true, description: 'The product, unless it has been deleted since' })
  product(@Root() order: Order, @Ctx() { loaders }: RequestContext): Promise<Product | null> | null {
    return order.productId ? loaders.productById.load(order.productId) : null;
  }
}
