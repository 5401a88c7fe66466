import { Product } from '../../src/modules/catalog/product.entity';
import { OrderActorKind, OrderEvent } from '../../src/modules/orders/order-event.entity';
import { Order, OrderState } from '../../src/modules/orders/order.entity';
import {
  assertAllowed,
  moveOrder,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  type OrderActor,
  PROVIDER,
  refusalOf,
  statesNeverAfter,
  SYSTEM,
  transitionFor,
} from '../../src/modules/orders/order-state-machine';
import { startTestApp, type TestApp } from '../support/harness';

const OWNER_ID = '00000000-0000-4000-8000-000000000001';
const OTHER_ID = '00000000-0000-4000-8000-000000000002';

/** Every kind of actor, by the role it plays towards an order owned by OWNER_ID. */
const ACTORS: Record<string, OrderActor> = {
  owner: { kind: OrderActorKind.customer, userId: OWNER_ID, email: 'owner@keen.test' },
  'another customer': { kind: OrderActorKind.customer, userId: OTHER_ID, email: 'other@keen.test' },
  admin: { kind: OrderActorKind.admin, userId: OTHER_ID, email: 'admin@keen.test' },
  provider: PROVIDER,
  system: SYSTEM,
};

/** Who the declared lifecycle lets make each move: written out by hand, so the table is checked, not echoed. */
const EXPECTED: Record<string, string[]> = {
  'AwaitingPayment->Paid': ['owner', 'provider'],
  'Paid->Shipped': ['admin'],
  'Shipped->Delivered': ['admin', 'system'],
  'Delivered->Refunded': ['admin', 'provider'],
  'Delivered->PartiallyRefunded': ['admin'],
  'AwaitingPayment->Cancelled': ['owner', 'admin'],
  'AwaitingPayment->Expired': ['system'],
  // The owner's only once the order is late (its row's guard: see below).
  'Paid->Refunded': ['admin', 'provider', 'owner'],
  'Shipped->Refunded': ['admin', 'provider'],
  'PartiallyRefunded->Refunded': ['admin', 'provider'],
  'Paid->PartiallyRefunded': ['admin'],
  'Shipped->PartiallyRefunded': ['admin'],
  'PartiallyRefunded->PartiallyRefunded': ['admin'],
  'PartiallyRefunded->Shipped': ['admin'],
  // Only once shipped and not yet delivered (its row's guard).
  'PartiallyRefunded->Delivered': ['admin', 'system'],
  // Engraving proofs: Keen moves a paid order with a proof to make into AwaitingProof; its owner's approval
  // (or Keen's, by PROOF_POLICY=proceed) puts it into production; it ships from there, and is refunded as a Paid one.
  'Paid->AwaitingProof': ['system'],
  'AwaitingProof->InProduction': ['owner', 'system'],
  'InProduction->Shipped': ['admin'],
  'AwaitingProof->Refunded': ['admin', 'provider', 'owner'],
  'InProduction->Refunded': ['admin', 'provider', 'owner'],
  // A refund of part of it leaves it where its proofs hold it.
  'AwaitingProof->AwaitingProof': ['admin'],
  'InProduction->InProduction': ['admin'],
  'Cancelled->Refunded': ['provider'],
  'Expired->Refunded': ['provider'],
};
const RESTOCKS = [
  'AwaitingPayment->Cancelled',
  'AwaitingPayment->Expired',
  'Paid->Refunded',
  'AwaitingProof->Refunded',
  'InProduction->Refunded',
];

/** An order in `state` that is late, shipped and not yet delivered (its guarded moves allowed). */
const orderIn = (state: OrderState) =>
  Object.assign(new Order(), {
    id: '00000000-0000-4000-8000-00000000000a',
    customerId: OWNER_ID,
    state,
    lateNoticeAt: new Date(),
    shipByLatest: '2020-01-10',
    shippedAt: new Date(),
    deliveredAt: null,
  });

describe('the transition table, every pair of states for every actor', () => {
  const pairs = ORDER_STATES.flatMap((from) => ORDER_STATES.map((to) => [from, to] as const));

  test.each(pairs)('%s -> %s', (from, to) => {
    const allowed = EXPECTED[`${from}->${to}`] ?? [];
    for (const [name, actor] of Object.entries(ACTORS)) {
      const attempt = () => assertAllowed(actor, orderIn(from), to);
      if (allowed.includes(name)) {
        expect(attempt()).toMatchObject({ from, to });
        expect(ORDER_TRANSITIONS).toContain(attempt());
      } else {
        expect(attempt).toThrow();
        try {
          attempt();
        } catch (error) {
          expect((error as { code?: string }).code).toBe('FORBIDDEN');
          expect((error as Error).message).not.toBe('');
        }
      }
    }
  });

  test('the table has exactly the expected rows, each restocking only when unshipped units are held', () => {
    expect([...new Set(ORDER_TRANSITIONS.map((t) => `${t.from}->${t.to}`))].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const t of ORDER_TRANSITIONS) expect([t.from, t.to, t.restock]).toEqual([t.from, t.to, RESTOCKS.includes(`${t.from}->${t.to}`)]);
  });

  test('the states an order never reaches after another: never paid, never proofed, none before the first', () => {
    const { AwaitingPayment, Paid, AwaitingProof, Cancelled, Expired } = OrderState;
    expect(statesNeverAfter(Paid)).toEqual([AwaitingPayment, Cancelled, Expired]);
    expect(statesNeverAfter(AwaitingProof)).toEqual([AwaitingPayment, Paid, Cancelled, Expired]);
    expect(statesNeverAfter(AwaitingPayment)).toEqual([]);
  });

  test('refusals name the reason', () => {
    expect(refusalOf(OrderState.Paid, OrderState.Paid)).toBe('This order is already paid');
    expect(refusalOf(OrderState.Expired, OrderState.Paid)).toBe('This order has expired: it was not paid in time');
    expect(refusalOf(OrderState.AwaitingPayment, OrderState.Shipped)).toBe('Only a paid, pending order can be shipped');
    expect(refusalOf(OrderState.Paid, OrderState.Cancelled)).toBe('A paid order cannot be deleted');
    expect(refusalOf(OrderState.AwaitingProof, OrderState.Shipped)).toBe('This order cannot ship before every engraving proof is approved');
    expect(refusalOf(OrderState.AwaitingProof, OrderState.Cancelled)).toBe('A paid order cannot be deleted');
    expect(refusalOf(OrderState.InProduction, OrderState.Paid)).toBe('This order is already paid');
    expect(refusalOf(OrderState.Shipped, OrderState.Cancelled)).toBe('A shipped order cannot be deleted');
    expect(refusalOf(OrderState.Delivered, OrderState.Cancelled)).toBe('A shipped order cannot be deleted');
    expect(refusalOf(OrderState.Paid, OrderState.Delivered)).toBe('Only a shipped order can be marked delivered');
    expect(refusalOf(OrderState.Delivered, OrderState.Delivered)).toBe('This order is already delivered');
    expect(refusalOf(OrderState.Cancelled, OrderState.Cancelled)).toBe('This order was cancelled');
    // Someone who may never make the move learns nothing of the order's state.
    expect(() => assertAllowed(ACTORS['another customer'], orderIn(OrderState.Paid), OrderState.Cancelled)).toThrow(
      'This is not your order',
    );
    expect(() => assertAllowed(ACTORS.owner, orderIn(OrderState.AwaitingPayment), OrderState.Shipped)).toThrow('Only an admin may do this');
  });

  test("the owner's refund of a paid order is guarded: only once it is late", () => {
    const onTime = Object.assign(orderIn(OrderState.Paid), { lateNoticeAt: null, shipByLatest: '2999-01-01' });
    expect(() => assertAllowed(ACTORS.owner, onTime, OrderState.Refunded)).toThrow(
      'A paid order can be cancelled for a refund only once it is late',
    );
    expect(assertAllowed(ACTORS.admin, onTime, OrderState.Refunded).by).toEqual(['admin', 'provider']);
    const pastDate = Object.assign(orderIn(OrderState.Paid), { lateNoticeAt: null, shipByLatest: '2020-01-10' });
    expect(assertAllowed(ACTORS.owner, pastDate, OrderState.Refunded).by).toEqual(['owner']);
  });

  test('a partly refunded order is delivered only once shipped, and only once', () => {
    const unshipped = Object.assign(orderIn(OrderState.PartiallyRefunded), { shippedAt: null });
    const delivered = Object.assign(orderIn(OrderState.PartiallyRefunded), { deliveredAt: new Date() });
    for (const order of [unshipped, delivered])
      expect(() => assertAllowed(ACTORS.admin, order, OrderState.Delivered)).toThrow('Only a shipped order can be marked delivered');
    expect(assertAllowed(SYSTEM, orderIn(OrderState.PartiallyRefunded), OrderState.Delivered).stamp).toBe('deliveredAt');
  });
});

describe('moveOrder on the database, for every row of the table', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ MAX_UNPAID_ORDERS: '100' });
  });
  afterAll(() => app.close());

  /** How to reach each state from AwaitingPayment through the machine itself. */
  const PATHS: Record<OrderState, [OrderState, OrderActor][]> = {
    [OrderState.AwaitingPayment]: [],
    [OrderState.Paid]: [[OrderState.Paid, PROVIDER]],
    [OrderState.AwaitingProof]: [
      [OrderState.Paid, PROVIDER],
      [OrderState.AwaitingProof, SYSTEM],
    ],
    [OrderState.InProduction]: [
      [OrderState.Paid, PROVIDER],
      [OrderState.AwaitingProof, SYSTEM],
      [OrderState.InProduction, SYSTEM],
    ],
    [OrderState.Shipped]: [
      [OrderState.Paid, PROVIDER],
      [OrderState.Shipped, ACTORS.admin],
    ],
    [OrderState.Delivered]: [
      [OrderState.Paid, PROVIDER],
      [OrderState.Shipped, ACTORS.admin],
      [OrderState.Delivered, SYSTEM],
    ],
    [OrderState.Cancelled]: [[OrderState.Cancelled, ACTORS.admin]],
    [OrderState.Expired]: [[OrderState.Expired, SYSTEM]],
    [OrderState.PartiallyRefunded]: [
      [OrderState.Paid, PROVIDER],
      [OrderState.PartiallyRefunded, ACTORS.admin],
    ],
    [OrderState.Refunded]: [
      [OrderState.Paid, PROVIDER],
      [OrderState.Refunded, PROVIDER],
    ],
  };
  /** The move to Paid numbers the invoice; the others take no prefix but ignore one. */
  const invoicePrefix = 'TEST';

  test.each(ORDER_TRANSITIONS.map((t) => [t.from, t.to, t] as const))('%s -> %s', async (from, to, transition) => {
    const customer = await app.customer();
    const product = await app.product({ quantity: 10 });
    const placed = await app.placeOrder(customer, product.id, 3);
    for (const [state, actor] of PATHS[from]) await app.db.transaction((m) => moveOrder(m, placed.id, state, actor, { invoicePrefix }));
    // Late, so that a guarded move (the owner's refund of a late order) is allowed.
    await app.db.getRepository(Order).update({ id: placed.id }, { lateNoticeAt: new Date() });
    // Shipped before its refund in part, so that it may still be delivered (that row's guard).
    if (from === OrderState.PartiallyRefunded && to === OrderState.Delivered)
      await app.db.getRepository(Order).update({ id: placed.id }, { shippedAt: new Date() });
    const stockBefore = (await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).quantity;

    const actor = transition.by.includes('provider')
      ? PROVIDER
      : transition.by.includes('system')
        ? SYSTEM
        : transition.by.includes('admin')
          ? ACTORS.admin
          : { ...ACTORS.owner, userId: customer.user.id };
    const moved = await app.db.transaction((m) => moveOrder(m, placed.id, to, actor, { note: 'walked by the test', invoicePrefix }));

    expect(moved.state).toBe(to);
    if (transition.stamp) expect(moved[transition.stamp]).toBeInstanceOf(Date);
    if (to === OrderState.Paid) expect(moved.invoiceNumber).toMatch(/^TEST-\d{4}-\d{6}$/);
    if (transition.refundsAll) expect(moved.refundedAmount).toBe(moved.totalAmount);
    const stockAfter = (await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).quantity;
    expect(stockAfter - stockBefore).toBe(transition.restock ? 3 : 0);
    const events = await app.db.getRepository(OrderEvent).find({ where: { orderId: placed.id }, order: { createdAt: 'ASC' } });
    expect(events.at(-1)).toMatchObject({ fromState: from, toState: to, actor: actor.kind, note: 'walked by the test' });
    expect(events[0]).toMatchObject({
      fromState: null,
      toState: OrderState.AwaitingPayment,
      actor: OrderActorKind.customer,
      actorEmail: customer.email,
    });
    expect(events).toHaveLength(PATHS[from].length + 2);

    // The same move again is refused and changes nothing: no second restock, no second event (a
    // partial refund, which may repeat, is the refunds' own test).
    if (transitionFor(to, to)) return;
    await expect(app.db.transaction((m) => moveOrder(m, placed.id, to, actor, { invoicePrefix }))).rejects.toThrow();
    expect((await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).quantity).toBe(stockAfter);
    expect(await app.db.getRepository(OrderEvent).countBy({ orderId: placed.id })).toBe(events.length);
  });
});
