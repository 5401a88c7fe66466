import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Allow } from '../auth/access';
import type { GraphQLContextOf } from '../auth/request-context';
import { keyOfRequest } from '../idempotency/idempotency.service';
import { Order } from '../orders/order.entity';
import { PlaceOrderInput, ShippingOptionsInput } from '../orders/order.inputs';
import { ShippingOption } from '../shipping/shipping.types';
import type { User } from '../users/user.entity';
import type { CheckoutService } from './checkout.service';

type GraphQLContext = GraphQLContextOf<{ checkout: CheckoutService }, object, User>;

/** Quoting and placing an order: the checkout's steps (checkout.service.ts). */
@Resolver()
export class CheckoutResolver {
  @Allow({ allow: 'public', key: 'catalog:read' })
  @Query(() => [ShippingOption], {
    description:
      "Anyone: the delivery methods that serve an address, priced for these lines (free over a method's threshold); [] when the shop has not set delivery up. A country no zone covers is refused",
  })
  shippingOptions(
    @Arg('input', () => ShippingOptionsInput, { description: 'The lines and the address' }) input: ShippingOptionsInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ShippingOption[]> {
    return services.checkout.quote(caller, input);
  }

  @Allow({ allow: 'signed in' })
  @Mutation(() => Order, {
    description:
      "A signed-in customer places an order: prices and totals are the shop's, its units are taken from stock and held until it is paid or the hold runs out. " +
      'An Idempotency-Key header works as input.idempotencyKey',
  })
  placeOrder(
    @Arg('input', () => PlaceOrderInput, { description: 'The lines, phone and address' }) input: PlaceOrderInput,
    @Ctx() { caller, services, idempotencyKey }: GraphQLContext,
  ): Promise<Order> {
    return services.checkout.place(caller, { ...input, idempotencyKey: keyOfRequest(input.idempotencyKey, idempotencyKey) });
  }
}
