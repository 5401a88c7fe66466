import { ReadsColumns, ReadsColumnsOf } from '../../common/asked-fields';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../auth';
import { Order, OrderLine, type OrdersLoaders, OrderState, statesNeverAfter } from '../orders';
import { OrderProof, ProofStatus } from './order-proof.entity';
import type { ProofsLoaders } from './proofs.loaders';
import { SendOrderProofInput } from './proofs.inputs';
import type { ProofsService } from './proofs.service';

type GraphQLContext = GraphQLContextOf<{ proofs: ProofsService }, ProofsLoaders & OrdersLoaders>;

/** States an order never had a proof in: it was never AwaitingProof (unpaid, closed unpaid, or Paid). */
const NEVER_PROOFED = statesNeverAfter(OrderState.AwaitingProof);

const TOKEN = {
  nullable: true,
  description: "A guest order's link token, for a guest signed out (404 when it is not the order's)",
} as const;

/** Engraving proofs: staff send them, the order's customer answers them. */
@Resolver(() => OrderProof)
export class ProofsResolver {
  @Allow({ allow: 'admin', key: 'orders:write' })
  @Mutation(() => Order, {
    description:
      'Admin (or an orders:write key): sends a proof (1 to 6 uploaded photos) of an engraved line while the order is AwaitingProof; its customer is mailed a link. Refused while its latest proof is open, or after PROOF_MAX_ROUNDS rounds',
  })
  sendOrderProof(
    @Arg('input', () => SendOrderProofInput, { description: 'The order, its line, the photos and a note' }) input: SendOrderProofInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.proofs.send(caller, input);
  }

  @Allow({ allow: 'public' })
  @Mutation(() => Order, {
    description:
      "The order's customer (or, with token, the holder of a guest order's link): approves a line's latest, open proof; once every line's proof is approved the order is InProduction. Signed out without token: 401",
  })
  approveOrderProof(
    @Arg('orderId', () => ID, { description: 'The order' }) orderId: string,
    @Arg('proofId', () => ID, { description: "The line's latest proof" }) proofId: string,
    @Arg('token', () => String, TOKEN) token: string | null | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.proofs.approve(caller, orderId, proofId, token);
  }

  @Allow({ allow: 'public' })
  @Mutation(() => Order, {
    description:
      "The order's customer (or, with token, the holder of a guest order's link): asks for changes to a line's latest, open proof, saying what (1 to 1,000 characters); staff are mailed. Signed out without token: 401",
  })
  requestOrderProofChanges(
    @Arg('orderId', () => ID, { description: 'The order' }) orderId: string,
    @Arg('proofId', () => ID, { description: "The line's latest proof" }) proofId: string,
    @Arg('comment', () => String, { description: 'What should change (1 to 1,000 characters)' }) comment: string,
    @Arg('token', () => String, TOKEN) token: string | null | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.proofs.requestChanges(caller, orderId, proofId, comment, token);
  }

  @Allow({ allow: 'public' })
  @Mutation(() => Order, {
    description:
      "The order's customer (or, with token, the holder of a guest order's link): corrects an engraved line's text while its proof is open or changes were asked for, within the product's engraving rules; the price does not change. An open proof becomes ChangesRequested. Signed out without token: 401",
  })
  correctOrderEngraving(
    @Arg('orderId', () => ID, { description: 'The order' }) orderId: string,
    @Arg('lineId', () => ID, { description: 'Its engraved line' }) lineId: string,
    @Arg('text', () => String, { description: 'The new text, in the line’s font' }) text: string,
    @Arg('token', () => String, TOKEN) token: string | null | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.proofs.correctEngraving(caller, orderId, lineId, text, token);
  }
}

/** An order's proofs and how many rounds are left. */
@Resolver(() => Order)
export class OrderProofsResolver {
  @ReadsColumns('id', 'state')
  @FieldResolver(() => [OrderProof], {
    description: 'Its engraving proofs: every round of every line, oldest first (none for most orders)',
  })
  proofs(@Root() order: Order, @Ctx() { loaders }: GraphQLContext): Promise<OrderProof[]> | OrderProof[] {
    if (NEVER_PROOFED.includes(order.state)) return [];
    return loaders.orderProofs.load(order.id);
  }

  @ReadsColumns('id', 'state')
  @ReadsColumnsOf('lines', 'id', 'proofRequired')
  @FieldResolver(() => Int, {
    description:
      'The proof rounds staff may still send (PROOF_MAX_ROUNDS less those sent) for the line with fewest left; 0 when no line needs a proof',
  })
  async proofRoundsLeft(@Root() order: Order, @Ctx() { loaders, services }: GraphQLContext): Promise<number> {
    const lines = order.lines ?? (await loaders.orderLines.load(order.id));
    const proofs = NEVER_PROOFED.includes(order.state) ? [] : await loaders.orderProofs.load(order.id);
    return services.proofs.roundsLeft(lines, proofs);
  }
}

/** Whether an order line's proof is approved. */
@Resolver(() => OrderLine)
export class OrderLineProofsResolver {
  @ReadsColumns('proofRequired', 'proofStatus')
  @FieldResolver(() => Boolean, { description: 'It needs a proof and its latest proof is approved (false for a line that needs none)' })
  proofApproved(@Root() line: OrderLine): boolean {
    return line.proofRequired && line.proofStatus === ProofStatus.Approved;
  }
}
