import { ReadsColumns } from '../../common/asked-fields';
import { Arg, Ctx, Field, FieldResolver, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../auth';
import { Order } from '../orders';
import { ReturnLine, ReturnRequest } from './return.entity';
import type { ReturnsLoaders } from './returns.loaders';
import { ReceivedLineInput, RequestReturnInput, ReturnListOptions } from './returns.inputs';
import type { ReturnsService } from './returns.service';

type GraphQLContext = GraphQLContextOf<{ returns: ReturnsService }, ReturnsLoaders>;

@ObjectType({ description: "The shop's return policy: shown before a return is asked for", simpleResolvers: true })
export class ReturnPolicy {
  @Field(() => Int, { description: 'RETURN_DAYS: a return is asked for within this many days of delivery' })
  returnDays!: number;

  @Field(() => [String], { description: 'RETURN_POLICY, its paragraphs' })
  policy!: string[];
}

/** Returns: the customer's request, staff's steps, and an order's returns. */
@Resolver(() => ReturnRequest)
export class ReturnsResolver {
  @Allow({ allow: 'public' })
  @Query(() => ReturnPolicy, { description: "Anyone: the shop's return policy and window" })
  returnPolicy(@Ctx() { services }: GraphQLContext): ReturnPolicy {
    return services.returns.policy();
  }

  @Allow({ allow: 'admin', key: 'orders:read' })
  @Query(() => [ReturnRequest], { description: 'Admin (or an orders:read key): every return, newest first' })
  returns(
    @Arg('options', () => ReturnListOptions, { nullable: true, description: 'Only returns in one state' })
    options: ReturnListOptions | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ReturnRequest[]> {
    return services.returns.list(caller, options);
  }

  @Allow({ allow: 'signed in', key: 'orders:read' })
  @Query(() => ReturnRequest, { description: 'Its customer, an admin or an orders:read key: one return' })
  return(
    @Arg('id', () => ID, { description: "The return's id" }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ReturnRequest> {
    return services.returns.get(caller, id);
  }

  @Allow({ allow: 'public' })
  @Mutation(() => ReturnRequest, {
    description:
      "The order's customer (or, with token, the holder of a guest order's link), within RETURN_DAYS of its delivery: asks to return units (engraved and made-to-measure lines only when faulty), with a reason and up to 3 photos; answers the return with its RMA number. Signed out without token: 401",
  })
  requestReturn(
    @Arg('input', () => RequestReturnInput, { description: 'The lines and units, why, and photos' }) input: RequestReturnInput,
    @Arg('token', () => String, {
      nullable: true,
      description: "A guest order's link token, for a guest signed out (404 when it is not the order's)",
    })
    token: string | null | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ReturnRequest> {
    return services.returns.request(caller, input, token);
  }

  @Allow({ allow: 'admin', key: 'orders:write' })
  @Mutation(() => ReturnRequest, {
    description: 'Admin (or an orders:write key): approves a requested return; the customer is mailed the instructions',
  })
  approveReturn(
    @Arg('id', () => ID, { description: 'The return' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ReturnRequest> {
    return services.returns.approve(caller, id);
  }

  @Allow({ allow: 'admin', key: 'orders:write' })
  @Mutation(() => ReturnRequest, {
    description: 'Admin (or an orders:write key): declines a requested return with a reason the customer is mailed',
  })
  declineReturn(
    @Arg('id', () => ID, { description: 'The return' }) id: string,
    @Arg('reason', () => String, { description: 'Why (at most 1,000 characters)' }) reason: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ReturnRequest> {
    return services.returns.decline(caller, id, reason);
  }

  @Allow({ allow: 'admin', key: 'orders:write' })
  @Mutation(() => ReturnRequest, {
    description:
      "Admin (or an orders:write key): an approved return's parcel arrived: what came back of each line, and whether it goes back to stock",
  })
  receiveReturn(
    @Arg('id', () => ID, { description: 'The return' }) id: string,
    @Arg('lines', () => [ReceivedLineInput], { description: 'Every line of the return' }) lines: ReceivedLineInput[],
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ReturnRequest> {
    return services.returns.receive(caller, id, lines);
  }

  @Allow({ allow: 'admin', key: 'orders:write' })
  @Mutation(() => ReturnRequest, {
    description:
      "Admin (or an orders:write key): refunds a received return's units (those chosen back to stock) as one refund of the order, with a credit note; the delivery price only when asked",
  })
  refundReturn(
    @Arg('id', () => ID, { description: 'The return' }) id: string,
    @Arg('delivery', () => Boolean, { nullable: true, description: 'Refund the delivery price too; default false: it is kept' })
    delivery: boolean | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ReturnRequest> {
    return services.returns.refund(caller, id, delivery === true);
  }

  @FieldResolver(() => [ReturnLine], { description: 'Its lines and units' })
  lines(@Root() row: ReturnRequest): ReturnLine[] {
    return row.lines ?? [];
  }

  @FieldResolver(() => [String], { description: "The customer's photos (at most 3), as /uploads/ paths" })
  photos(@Root() row: ReturnRequest): string[] {
    return (row.photos ?? []).map((photo) => photo.url);
  }
}

/** An order's returns. */
@Resolver(() => Order)
export class OrderReturnsResolver {
  @ReadsColumns('id', 'deliveredAt')
  @FieldResolver(() => [ReturnRequest], { description: 'Its returns, oldest first (none for most orders)' })
  async returns(@Root() order: Order, @Ctx() { loaders }: GraphQLContext): Promise<ReturnRequest[]> {
    // Only a delivered order has returns.
    if (!order.deliveredAt) return [];
    return loaders.orderReturns.load(order.id);
  }
}
