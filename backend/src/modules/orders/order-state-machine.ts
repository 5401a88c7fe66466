import { shopDateOf } from '../../common/shop-calendar';
import { type EntityManager } from 'typeorm';
import { forbidden, notFound } from '../../common/errors';
import { isId } from '../../common/validate';
import type { DomainEventName } from '../../events/domain-events';
import { raise } from '../../events/outbox';
import { type Caller, isAdmin, requireUser } from '../auth';
import { refreshProductTotals } from '../catalog';
import { assertGuestToken } from './guest-links';
import { nextDocumentNumber } from './document-numbers';
import { OrderActorKind } from './order-event.entity';
import { orderPayload } from './order-events';
import { Order, OrderState, PAID_STATES } from './order.entity';

const { AwaitingPayment, Paid, AwaitingProof, InProduction, Shipped, Delivered, Cancelled, Expired, PartiallyRefunded, Refunded } =
  OrderState;

/** Who asks for a change. Customers and admins come from a caller; the provider and the system are Keen's own code. */
export type OrderActor =
  | { kind: OrderActorKind.customer | OrderActorKind.admin; userId: string; email: string }
  /** The holder of a guest order's link: its owner, for that order alone. */
  | { kind: OrderActorKind.guest; orderId: string; email: string }
  /** Acts as an admin would, within its scope (checked where the operation is declared). */
  | { kind: OrderActorKind.apiKey; keyName: string }
  | { kind: OrderActorKind.provider }
  | { kind: OrderActorKind.system };

/** The payment provider, acting through a signature-checked webhook or a confirmed intent. */
export const PROVIDER: OrderActor = { kind: OrderActorKind.provider };
/** Keen itself: the unpaid hold running out, a shipped order taken as delivered. */
export const SYSTEM: OrderActor = { kind: OrderActorKind.system };

/** The signed-in caller or API key as an actor (401 for anonymous callers). */
export function actorOf(caller: Caller): OrderActor {
  if (caller.apiKey) return { kind: OrderActorKind.apiKey, keyName: caller.apiKey.name };
  const user = requireUser(caller);
  return { kind: isAdmin(caller) ? OrderActorKind.admin : OrderActorKind.customer, userId: user.id, email: user.email };
}

/** The holder of a guest order's link as an actor; a 404 unless `token` is the order's own (guest-links.ts). */
export function guestActorOf(order: Order, token: unknown): OrderActor {
  assertGuestToken(order, token);
  return { kind: OrderActorKind.guest, orderId: order.id, email: order.guestEmail ?? order.email };
}

/** The parts an actor can play towards one order. */
type Role = 'owner' | 'admin' | 'provider' | 'system';

type Stamp = 'paidAt' | 'shippedAt' | 'deliveredAt' | 'cancelledAt' | 'expiredAt' | 'refundedAt';

export interface Transition {
  from: OrderState;
  to: OrderState;
  /** Who may make the move. */
  by: readonly Role[];
  /** The timestamp set when the move happens (none for a move that may repeat). */
  stamp: Stamp | null;
  /** The order's units go back to stock: it holds them and they were never shipped. */
  restock: boolean;
  /** The order gets its invoice number from the shop's gap-free sequence, in the move's transaction. */
  invoice?: true;
  /** All of its payment is returned: `refundedAmount` becomes its total. */
  refundsAll?: true;
  /** The domain event the move raises, delivered once it commits. */
  raises: DomainEventName;
  /** A rule the order must meet besides its state (checked after who may move it), and the refusal when it does not. */
  guard?: { holds: (order: Order) => boolean; refusal: string };
}

/** Staff were told it missed its promised ship date unshipped, or that date has passed (the shop's calendar dates). */
export const isLate = (order: Pick<Order, 'lateNoticeAt' | 'shipByLatest'>, now = new Date()): boolean =>
  order.lateNoticeAt !== null || (order.shipByLatest !== null && order.shipByLatest < shopDateOf(now));

/**
 * The order lifecycle, the only table of it: AwaitingPayment -> Paid -> Shipped -> Delivered, with Cancelled,
 * Expired and Refunded as ends. A move that is not a row here is refused. Services ask this module;
 * nothing else writes `order.state`.
 */
export const ORDER_TRANSITIONS: readonly Transition[] = [
  // The owner's move is also the checkout's when gift cards pay the whole total (nothing is due by card).
  { from: AwaitingPayment, to: Paid, by: ['owner', 'provider'], stamp: 'paidAt', restock: false, invoice: true, raises: 'order.paid' },
  { from: Paid, to: Shipped, by: ['admin'], stamp: 'shippedAt', restock: false, raises: 'order.shipped' },
  // Engraving proofs (proofs module): a paid order with an engraved line whose product needs a proof waits for its
  // approval (Keen moves it in the transaction that paid it), then is made, then ships.
  { from: Paid, to: AwaitingProof, by: ['system'], stamp: null, restock: false, raises: 'order.awaiting_proof' },
  // The owner approving the last open proof, or Keen by PROOF_POLICY=proceed.
  { from: AwaitingProof, to: InProduction, by: ['owner', 'system'], stamp: null, restock: false, raises: 'order.in_production' },
  { from: InProduction, to: Shipped, by: ['admin'], stamp: 'shippedAt', restock: false, raises: 'order.shipped' },
  // An admin (or a carrier's tracking through a key) says so, or Keen once DELIVERED_AFTER_DAYS passed; returns count from here.
  { from: Shipped, to: Delivered, by: ['admin', 'system'], stamp: 'deliveredAt', restock: false, raises: 'order.delivered' },
  { from: AwaitingPayment, to: Cancelled, by: ['owner', 'admin'], stamp: 'cancelledAt', restock: true, raises: 'order.cancelled' },
  { from: AwaitingPayment, to: Expired, by: ['system'], stamp: 'expiredAt', restock: true, raises: 'order.expired' },
  // An admin deleting a paid, unshipped order refunds it; the provider reports refunds and disputes.
  // A paid order waiting for its proof or being made is refunded as a Paid one is.
  ...[Paid, AwaitingProof, InProduction].flatMap((from): Transition[] => [
    { from, to: Refunded, by: ['admin', 'provider'], stamp: 'refundedAt', restock: true, refundsAll: true, raises: 'order.refunded' },
    // The owner of a late order may cancel it for a full refund (the link in the late order's apology).
    {
      from,
      to: Refunded,
      by: ['owner'],
      stamp: 'refundedAt',
      restock: true,
      refundsAll: true,
      raises: 'order.refunded',
      guard: { holds: (order) => isLate(order), refusal: 'A paid order can be cancelled for a refund only once it is late' },
    },
  ]),
  // An admin refunding everything that is left (refunds.service.ts returns the units they chose to stock).
  {
    from: Shipped,
    to: Refunded,
    by: ['admin', 'provider'],
    stamp: 'refundedAt',
    restock: false,
    refundsAll: true,
    raises: 'order.refunded',
  },
  {
    from: Delivered,
    to: Refunded,
    by: ['admin', 'provider'],
    stamp: 'refundedAt',
    restock: false,
    refundsAll: true,
    raises: 'order.refunded',
  },
  {
    from: PartiallyRefunded,
    to: Refunded,
    by: ['admin', 'provider'],
    stamp: 'refundedAt',
    restock: false,
    refundsAll: true,
    raises: 'order.refunded',
  },
  // An admin refunding part of a paid order: lines, delivery, an amount; again as often as something is left.
  { from: Paid, to: PartiallyRefunded, by: ['admin'], stamp: null, restock: false, raises: 'order.partially_refunded' },
  // An order awaiting its proofs, or in production, stays so: its proofs still decide when it ships (partialRefundState).
  { from: AwaitingProof, to: AwaitingProof, by: ['admin'], stamp: null, restock: false, raises: 'order.partially_refunded' },
  { from: InProduction, to: InProduction, by: ['admin'], stamp: null, restock: false, raises: 'order.partially_refunded' },
  { from: Shipped, to: PartiallyRefunded, by: ['admin'], stamp: null, restock: false, raises: 'order.partially_refunded' },
  // A delivered order's return is refunded so (returns module), or an admin refunds part of it.
  { from: Delivered, to: PartiallyRefunded, by: ['admin'], stamp: null, restock: false, raises: 'order.partially_refunded' },
  { from: PartiallyRefunded, to: PartiallyRefunded, by: ['admin'], stamp: null, restock: false, raises: 'order.partially_refunded' },
  // What was not refunded of a partly refunded, unshipped order still ships.
  { from: PartiallyRefunded, to: Shipped, by: ['admin'], stamp: 'shippedAt', restock: false, raises: 'order.shipped' },
  // A shipped order refunded in part (its delivery price, say) still arrives, and its return window opens.
  {
    from: PartiallyRefunded,
    to: Delivered,
    by: ['admin', 'system'],
    stamp: 'deliveredAt',
    restock: false,
    raises: 'order.delivered',
    guard: {
      holds: (order) => order.shippedAt !== null && order.deliveredAt === null,
      refusal: 'Only a shipped order can be marked delivered',
    },
  },
  // A payment that succeeds after the order closed is refunded.
  { from: Cancelled, to: Refunded, by: ['provider'], stamp: 'refundedAt', restock: false, refundsAll: true, raises: 'order.refunded' },
  { from: Expired, to: Refunded, by: ['provider'], stamp: 'refundedAt', restock: false, refundsAll: true, raises: 'order.refunded' },
];

export const ORDER_STATES = Object.values(OrderState);

/**
 * The states an order cannot reach once it has been in `state` (none of the table's paths leads
 * there from it): an order in one of them never was in `state`. Never Paid: no gift card issued.
 */
export function statesNeverAfter(state: OrderState): readonly OrderState[] {
  const reachable = new Set([state]);
  for (let grew = true; grew;) {
    grew = false;
    for (const { from, to } of ORDER_TRANSITIONS)
      if (reachable.has(from) && !reachable.has(to)) {
        reachable.add(to);
        grew = true;
      }
  }
  return ORDER_STATES.filter((candidate) => !reachable.has(candidate));
}

/** Where a refund of part of an order leaves it: PartiallyRefunded, unless its engraving proofs still hold it. */
export const partialRefundState = (from: OrderState): OrderState =>
  from === AwaitingProof || from === InProduction ? from : PartiallyRefunded;

export function transitionFor(from: OrderState, to: OrderState): Transition | undefined {
  return ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

const CLOSED: Partial<Record<OrderState, string>> = {
  [Cancelled]: 'This order was cancelled',
  [Expired]: 'This order has expired: it was not paid in time',
  [Refunded]: 'This order was refunded',
};

/** Why a move from `from` to `to` is not in the table, in words a customer or admin can act on. */
export function refusalOf(from: OrderState, to: OrderState): string {
  const fallback = `An order cannot go from ${from} to ${to}`;
  switch (to) {
    case Paid:
      return PAID_STATES.includes(from) ? 'This order is already paid' : (CLOSED[from] ?? fallback);
    case Shipped:
      return from === AwaitingProof
        ? 'This order cannot ship before every engraving proof is approved'
        : 'Only a paid, pending order can be shipped';
    case AwaitingProof:
      return from === AwaitingProof ? 'This order already waits for its engraving proofs' : (CLOSED[from] ?? fallback);
    case InProduction:
      if (from === InProduction) return 'This order is already in production';
      return from === Paid || from === AwaitingProof
        ? 'This order goes into production once every engraving proof is approved'
        : (CLOSED[from] ?? fallback);
    case Delivered:
      return from === Delivered ? 'This order is already delivered' : 'Only a shipped order can be marked delivered';
    case Cancelled:
      if (from === Paid || from === AwaitingProof || from === InProduction || from === PartiallyRefunded)
        return 'A paid order cannot be deleted';
      if (from === Shipped || from === Delivered) return 'A shipped order cannot be deleted';
      return CLOSED[from] ?? fallback;
    case Refunded:
    case PartiallyRefunded:
      return from === AwaitingPayment ? 'An unpaid order cannot be refunded' : (CLOSED[from] ?? fallback);
    default:
      return CLOSED[from] ?? fallback;
  }
}

function rolesOf(actor: OrderActor, order: Order): Role[] {
  if (actor.kind === OrderActorKind.provider) return ['provider'];
  if (actor.kind === OrderActorKind.system) return ['system'];
  if (actor.kind === OrderActorKind.apiKey) return ['admin'];
  if (actor.kind === OrderActorKind.guest) return actor.orderId === order.id ? ['owner'] : [];
  const roles: Role[] = actor.userId === order.customerId ? ['owner'] : [];
  if (actor.kind === OrderActorKind.admin) roles.push('admin');
  return roles;
}

/** Throws unless `actor` may move this order to `to` from some state; answers the roles it plays. */
export function assertMayEver(actor: OrderActor, order: Order, to: OrderState): Role[] {
  const roles = rolesOf(actor, order);
  const mayEver = ORDER_TRANSITIONS.filter((t) => t.to === to).flatMap((t) => t.by);
  if (!roles.some((role) => mayEver.includes(role))) {
    throw forbidden(mayEver.includes('owner') ? 'This is not your order' : 'Only an admin may do this');
  }
  return roles;
}

/**
 * Throws unless `actor` may move `order` to `to` now: first whether they may ever make such a
 * move on this order (so another customer learns nothing of its state), then the current state.
 */
export function assertAllowed(actor: OrderActor, order: Order, to: OrderState): Transition {
  const roles = assertMayEver(actor, order, to);
  const rows = ORDER_TRANSITIONS.filter((t) => t.from === order.state && t.to === to && roles.some((role) => t.by.includes(role)));
  const transition = rows.find((row) => !row.guard || row.guard.holds(order));
  if (!transition) throw forbidden(rows.find((row) => row.guard)?.guard!.refusal ?? refusalOf(order.state, to));
  return transition;
}

/** The largest value an `int` column can hold: a restock never fails on stock the column cannot hold. */
const MAX_INT = 2_147_483_647;

export interface MoveOptions {
  /** Shown in the order's history. */
  note?: string;
  /** The payment that the move records. */
  payment?: { transactionId: string; paymentIntentId: string };
  /** INVOICE_PREFIX, for the move that gives the order its invoice number (to Paid). */
  invoicePrefix?: string;
  /** The caller returned the units it chose to stock (a refund by lines): the move returns none. */
  stockHandled?: true;
}

/**
 * Moves one order, inside the caller's transaction: locks the row, checks the table against the
 * state it reads, stamps the time, returns unshipped units to stock, writes the history line and
 * raises the move's domain event.
 * Because the row is locked and the state re-read, each move (and each restock) happens once.
 */
export async function moveOrder(
  manager: EntityManager,
  orderId: string,
  to: OrderState,
  actor: OrderActor,
  options: MoveOptions = {},
): Promise<Order> {
  if (!isId(orderId)) throw notFound('Order');
  const orders = manager.getRepository(Order);
  const order = await orders.findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
  if (!order) throw notFound('Order');
  const transition = assertAllowed(actor, order, to);
  if (transition.invoice && !options.invoicePrefix) throw new Error(`The move of order ${order.id} to ${to} needs the invoice prefix`);

  await orders.update(
    { id: order.id },
    {
      state: to,
      ...(transition.stamp && { [transition.stamp]: () => 'now()' }),
      ...(transition.invoice && { invoiceNumber: await nextDocumentNumber(manager, 'invoice', options.invoicePrefix!) }),
      ...(transition.refundsAll && { refundedAmount: order.totalAmount }),
      ...options.payment,
    },
  );
  if (transition.refundsAll)
    await manager.query(`UPDATE "order_line" SET "refundedQuantity" = "quantity" WHERE "orderId" = $1`, [order.id]);
  if (transition.restock && !options.stockHandled) await restock(manager, order.id);
  await writeEvent(manager, order.id, order.state, to, actor, options.note);
  const moved = await orders.findOneOrFail({ where: { id: order.id }, relations: { lines: true }, order: { lines: { position: 'ASC' } } });
  await raise(manager, transition.raises, moved.id, orderPayload(moved, { note: options.note }));
  // Paid with an engraving that needs a proof: it waits for the proof, in the same transaction.
  if (to === Paid && (await markProofLines(manager, moved.id)))
    return moveOrder(manager, moved.id, AwaitingProof, SYSTEM, { note: 'Waiting for the engraving proofs to be approved' });
  return moved;
}

/**
 * Marks the order's engraved lines whose product needs a proof (`proofRequired`, kept on the line
 * as it was when paid); answers whether there was any. Gift cards carry no engraving.
 */
export async function markProofLines(manager: EntityManager, orderId: string): Promise<boolean> {
  const [, marked]: [unknown, number] = await manager.query(
    `UPDATE "order_line" l SET "proofRequired" = true
      WHERE l."orderId" = $1 AND l."engravingText" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "product" p WHERE p."id" = l."productId" AND p."proofRequired")`,
    [orderId],
  );
  return marked > 0;
}

/**
 * Returns units to their variants: each line's chosen units (`units`, by line id), or every unit of
 * the order not returned yet; variants in id order and their products' totals after (as orders take
 * them, so a restock and a new order sharing variants never deadlock). A line never returns more
 * than it holds (`restockedQuantity` counts what went back). Lines whose variant was deleted return
 * nothing, and gift-card lines none (they take no stock). Of an unshipped order's units, those made to
 * order (`queuedQuantity`) never came from stock: only its other units go back.
 */
export async function restock(manager: EntityManager, orderId: string, units?: ReadonlyMap<string, number>): Promise<void> {
  // An UPDATE answers [rows, count] through TypeORM.
  const [returned]: [{ variantId: string | null; productId: string | null; units: number }[], number] = await manager.query(
    `UPDATE "order_line" l SET "restockedQuantity" = l."restockedQuantity" + r."units"
       FROM (SELECT l2."id", CASE WHEN $2::jsonb IS NULL THEN GREATEST(l2."quantity" - l2."queuedQuantity" - l2."restockedQuantity", 0)
                    ELSE LEAST(coalesce(($2::jsonb ->> l2."id"::text)::int, 0), l2."quantity" - l2."restockedQuantity") END AS "units"
               FROM "order_line" l2 WHERE l2."orderId" = $1 AND l2."giftCard" IS NULL) r
      WHERE l."id" = r."id" AND r."units" > 0
      RETURNING l."variantId", (SELECT v."productId" FROM "product_variant" v WHERE v."id" = l."variantId") AS "productId", r."units"`,
    [orderId, units ? JSON.stringify(Object.fromEntries(units)) : null],
  );
  const byVariant = new Map<string, { productId: string; units: number }>();
  for (const row of returned) {
    if (!row.variantId || !row.productId) continue;
    const seen = byVariant.get(row.variantId);
    byVariant.set(row.variantId, { productId: row.productId, units: (seen?.units ?? 0) + Number(row.units) });
  }
  const variants = [...byVariant.keys()].sort();
  for (const variantId of variants) {
    await manager.query(`UPDATE "product_variant" SET "quantity" = LEAST("quantity"::bigint + $2, $3) WHERE "id" = $1`, [
      variantId,
      byVariant.get(variantId)!.units,
      MAX_INT,
    ]);
  }
  await refreshProductTotals(manager, [...new Set(variants.map((id) => byVariant.get(id)!.productId))]);
}

/** The first line of a new order's history; `note` says what came with it (the age check an age-restricted order relied on). */
export function recordPlaced(manager: EntityManager, order: Order, actor: OrderActor, note?: string): Promise<void> {
  return writeEvent(manager, order.id, null, order.state, actor, note);
}

/**
 * A line of history that moves nothing: a move refused by a rule outside this table (a blade rule),
 * or a change of the order's price; the order stays in its state and `note` says what happened.
 */
export function recordInHistory(
  manager: EntityManager,
  order: Pick<Order, 'id' | 'state'>,
  actor: OrderActor,
  note: string,
): Promise<void> {
  return writeEvent(manager, order.id, order.state, order.state, actor, note);
}

async function writeEvent(
  manager: EntityManager,
  orderId: string,
  fromState: OrderState | null,
  toState: OrderState,
  actor: OrderActor,
  note?: string,
): Promise<void> {
  // Plain SQL: TypeORM's insert builder cost more than the statement on every order placed.
  await manager.query(
    `INSERT INTO "order_event" ("orderId", "fromState", "toState", "actor", "actorEmail", "note") VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      orderId,
      fromState,
      toState,
      actor.kind,
      'email' in actor ? actor.email : null,
      'keyName' in actor ? [`API key "${actor.keyName}"`, note].filter(Boolean).join(': ') : (note ?? null),
    ],
  );
}
