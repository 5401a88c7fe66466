import { Product } from '../../src/modules/catalog/product.entity';
import { Order, OrderState } from '../../src/modules/orders/order.entity';
import { codeOf, messageOf, startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const PLACE =
  'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id userName email name price totalPrice quantity status paid transactionId productCode } }';
const SHIP = 'mutation($id: ID!) { markShipped(id: $id) { id status } }';
const DELETE = 'mutation($id: ID!) { deleteOrder(id: $id) }';
const ORDER = 'query($id: ID!) { order(id: $id) { id email totalPrice } }';

const input = (productId: string, quantity: unknown) => ({ productId, quantity, phone: '+1 555 0100', address: '1 Test Street' });
const stockOf = async (id: string) => (await app.db.getRepository(Product).findOneByOrFail({ id })).quantity;
const stateOf = async (id: string) => (await app.db.getRepository(Order).findOneByOrFail({ id })).state;

describe('placeOrder', () => {
  test('a new order is Pending and unpaid, priced from the database, and named after the signed-in user', async () => {
    const buyer = await app.customer('buyer');
    const product = await app.product({ price: 37, quantity: 10, minimumQuantity: 2 });
    const res = await app.gql(PLACE, { input: input(product.id, 3) }, buyer);
    expect(res.errors).toBeUndefined();
    expect(res.data!.placeOrder).toMatchObject({
      userName: buyer.user.name,
      email: buyer.email,
      name: product.name,
      price: 37,
      totalPrice: 111,
      quantity: 3,
      status: 'Pending',
      paid: false,
      transactionId: null,
      productCode: product.id,
    });
    expect(await stockOf(product.id)).toBe(7);
  });

  test('the client cannot send a price, total, name, e-mail or status', async () => {
    const buyer = await app.customer();
    const product = await app.product({ price: 25 });
    for (const extra of [
      { price: 1 },
      { totalPrice: 1 },
      { email: 'someone@else.test' },
      { userName: 'Mallory' },
      { paid: true },
      { status: 'Shipped' },
    ]) {
      const res = await app.gql(PLACE, { input: { ...input(product.id, 1), ...extra } }, buyer);
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
    }
    expect(await stockOf(product.id)).toBe(10);
    expect(await app.db.getRepository(Order).countBy({ productId: product.id })).toBe(0);
  });

  test('anonymous callers must sign in', async () => {
    const product = await app.product();
    const res = await app.gql(PLACE, { input: input(product.id, 1) });
    expect(codeOf(res)).toBe('UNAUTHENTICATED');
    expect(await stockOf(product.id)).toBe(10);
  });

  test('an empty quantity is "Empty Quantity"', async () => {
    const buyer = await app.customer();
    const product = await app.product();
    for (const quantity of [null, undefined]) {
      const res = await app.gql(PLACE, { input: input(product.id, quantity) }, buyer);
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(messageOf(res)).toBe('Empty Quantity');
    }
  });

  test('a quantity above stock is the shortage message, and takes nothing', async () => {
    const buyer = await app.customer();
    const product = await app.product({ quantity: 4 });
    const res = await app.gql(PLACE, { input: input(product.id, 5) }, buyer);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(messageOf(res)).toBe('Product cannot be purchased for product shortage');
    expect(await stockOf(product.id)).toBe(4);
    expect((await app.gql(PLACE, { input: input(product.id, 4) }, buyer)).errors).toBeUndefined();
    expect(await stockOf(product.id)).toBe(0);
  });

  test("a quantity below the product's minimum is 'Minimum Quantity Required'", async () => {
    const buyer = await app.customer();
    const product = await app.product({ quantity: 50, minimumQuantity: 5 });
    for (const quantity of [4, 0, -3]) {
      const res = await app.gql(PLACE, { input: input(product.id, quantity) }, buyer);
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(messageOf(res)).toBe('Minimum Quantity Required');
    }
    expect(await stockOf(product.id)).toBe(50);
    expect((await app.gql(PLACE, { input: input(product.id, 5) }, buyer)).errors).toBeUndefined();
  });

  test('the quantity must be a whole number', async () => {
    const buyer = await app.customer();
    const product = await app.product();
    for (const quantity of [1.5, '2', true]) {
      const res = await app.gql(PLACE, { input: input(product.id, quantity) }, buyer);
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
    }
    expect(await stockOf(product.id)).toBe(10);
  });

  test('a total too large for a price column is refused as bad input, taking nothing', async () => {
    const buyer = await app.customer();
    // In cents: the columns hold minor units.
    const product = await app.product({ priceAmount: 1_000_000_000, quantity: 5 });
    const res = await app.gql(PLACE, { input: input(product.id, 3) }, buyer);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(await stockOf(product.id)).toBe(5);
    const placed = await app.gql(
      'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { totalPrice totals { total { amount } } } }',
      { input: input(product.id, 2) },
      buyer,
    );
    expect(placed.data!.placeOrder).toEqual({ totalPrice: 20_000_000, totals: { total: { amount: 2_000_000_000 } } });
  });

  test('phone and address are required, and the phone follows the rule the forms check', async () => {
    const buyer = await app.customer();
    const product = await app.product();
    expect(messageOf(await app.gql(PLACE, { input: { ...input(product.id, 1), phone: ' ' } }, buyer))).toBe('Phone is Required');
    expect(messageOf(await app.gql(PLACE, { input: { ...input(product.id, 1), phone: 'call me' } }, buyer))).toBe(
      'Phone must be a phone number (digits, spaces, dashes and a leading +)',
    );
    expect(messageOf(await app.gql(PLACE, { input: { ...input(product.id, 1), address: '' } }, buyer))).toBe('Address is Required');
    expect(await stockOf(product.id)).toBe(10);
  });

  test('an unknown or malformed product id is NOT_FOUND', async () => {
    const buyer = await app.customer();
    expect(codeOf(await app.gql(PLACE, { input: input('00000000-0000-4000-8000-000000000000', 1) }, buyer))).toBe('NOT_FOUND');
    expect(codeOf(await app.gql(PLACE, { input: input('not-an-id', 1) }, buyer))).toBe('NOT_FOUND');
  });
});

describe('order', () => {
  test('its customer and admins read it; another customer may not; anonymous must sign in', async () => {
    const owner = await app.customer();
    const other = await app.customer('other');
    const admin = await app.adminUser();
    const order = await app.placeOrder(owner, (await app.product()).id);
    expect((await app.gql(ORDER, { id: order.id }, owner)).data!.order).toMatchObject({ id: order.id, email: owner.email });
    expect((await app.gql(ORDER, { id: order.id }, admin)).data!.order.id).toBe(order.id);
    const refused = await app.gql(ORDER, { id: order.id }, other);
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(refused.data).toBeNull();
    expect(codeOf(await app.gql(ORDER, { id: order.id }))).toBe('UNAUTHENTICATED');
  });

  test('an unknown or malformed id is NOT_FOUND', async () => {
    const admin = await app.adminUser();
    expect(codeOf(await app.gql(ORDER, { id: '00000000-0000-4000-8000-000000000000' }, admin))).toBe('NOT_FOUND');
    expect(codeOf(await app.gql(ORDER, { id: '42' }, admin))).toBe('NOT_FOUND');
  });
});

describe('markShipped', () => {
  test('an admin ships a paid order', async () => {
    const owner = await app.customer();
    const admin = await app.adminUser();
    const order = await app.placeOrder(owner, (await app.product()).id);
    await app.payOrder(owner, order.id);
    const res = await app.gql('mutation($id: ID!) { markShipped(id: $id) { id status state paid shippedAt } }', { id: order.id }, admin);
    expect(res.errors).toBeUndefined();
    expect(res.data!.markShipped).toMatchObject({ status: 'Shipped', state: 'Shipped', paid: true });
    expect(res.data!.markShipped.shippedAt).toEqual(expect.any(String));
    expect(await stateOf(order.id)).toBe(OrderState.Shipped);
  });

  test('an unpaid order cannot be shipped, and nor can a shipped one again', async () => {
    const owner = await app.customer();
    const admin = await app.adminUser();
    const order = await app.placeOrder(owner, (await app.product()).id);
    const unpaid = await app.gql(SHIP, { id: order.id }, admin);
    expect(codeOf(unpaid)).toBe('FORBIDDEN');
    expect(messageOf(unpaid)).toBe('Only a paid, pending order can be shipped');
    expect(await stateOf(order.id)).toBe(OrderState.AwaitingPayment);
    await app.payOrder(owner, order.id);
    expect((await app.gql(SHIP, { id: order.id }, admin)).errors).toBeUndefined();
    expect(codeOf(await app.gql(SHIP, { id: order.id }, admin))).toBe('FORBIDDEN');
  });

  test('customers (even the owner) and anonymous callers cannot ship', async () => {
    const owner = await app.customer();
    const order = await app.placeOrder(owner, (await app.product()).id);
    await app.payOrder(owner, order.id);
    expect(codeOf(await app.gql(SHIP, { id: order.id }, owner))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(SHIP, { id: order.id }))).toBe('UNAUTHENTICATED');
    expect(await stateOf(order.id)).toBe(OrderState.Paid);
  });

  test('an unknown order is NOT_FOUND', async () => {
    const admin = await app.adminUser();
    expect(codeOf(await app.gql(SHIP, { id: '00000000-0000-4000-8000-000000000000' }, admin))).toBe('NOT_FOUND');
  });
});

describe('deleteOrder', () => {
  test('the owner cancels their own unpaid order: it stays as Cancelled, and its units go back in stock once', async () => {
    const owner = await app.customer();
    const product = await app.product({ quantity: 10 });
    const order = await app.placeOrder(owner, product.id, 3);
    expect(await stockOf(product.id)).toBe(7);
    const res = await app.gql(DELETE, { id: order.id }, owner);
    expect(res.errors).toBeUndefined();
    expect(res.data!.deleteOrder).toBe(order.id);
    const cancelled = await app.db.getRepository(Order).findOneByOrFail({ id: order.id });
    expect(cancelled).toMatchObject({ state: OrderState.Cancelled, status: 'Pending', paid: false });
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
    expect(await stockOf(product.id)).toBe(10);
    const again = await app.gql(DELETE, { id: order.id }, owner);
    expect(messageOf(again)).toBe('This order was cancelled');
    expect(await stockOf(product.id)).toBe(10);
  });

  test('the owner cannot delete a paid order', async () => {
    const owner = await app.customer();
    const product = await app.product();
    const order = await app.placeOrder(owner, product.id, 2);
    await app.payOrder(owner, order.id);
    const refused = await app.gql(DELETE, { id: order.id }, owner);
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(messageOf(refused)).toBe('A paid order cannot be deleted');
    expect(await stateOf(order.id)).toBe(OrderState.Paid);
    expect(await stockOf(product.id)).toBe(8);
  });

  test('another customer cannot delete it, nor can anonymous callers', async () => {
    const owner = await app.customer();
    const other = await app.customer('other');
    const product = await app.product();
    const order = await app.placeOrder(owner, product.id);
    expect(codeOf(await app.gql(DELETE, { id: order.id }, other))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(DELETE, { id: order.id }))).toBe('UNAUTHENTICATED');
    expect(await stateOf(order.id)).toBe(OrderState.AwaitingPayment);
    expect(await stockOf(product.id)).toBe(9);
  });

  test("an admin cancels a customer's unpaid order, and it is restocked", async () => {
    const owner = await app.customer();
    const admin = await app.adminUser();
    const product = await app.product();
    const order = await app.placeOrder(owner, product.id, 4);
    expect((await app.gql(DELETE, { id: order.id }, admin)).errors).toBeUndefined();
    expect(await stateOf(order.id)).toBe(OrderState.Cancelled);
    expect(await stockOf(product.id)).toBe(10);
  });

  test('a shipped order cannot be deleted, and keeps its units out of stock', async () => {
    const owner = await app.customer();
    const admin = await app.adminUser();
    const product = await app.product();
    const order = await app.placeOrder(owner, product.id, 4);
    await app.payOrder(owner, order.id);
    expect((await app.gql(SHIP, { id: order.id }, admin)).errors).toBeUndefined();
    const refused = await app.gql(DELETE, { id: order.id }, admin);
    expect(messageOf(refused)).toBe('A shipped order cannot be deleted');
    expect(await stateOf(order.id)).toBe(OrderState.Shipped);
    expect(await stockOf(product.id)).toBe(6);
  });

  test('an order can be deleted even when its units no longer fit in the stock column', async () => {
    const owner = await app.customer();
    const admin = await app.adminUser();
    // A cent each: the order's total fits its column.
    const product = await app.product({ priceAmount: 1, quantity: 2_000_000_000 });
    const order = await app.placeOrder(owner, product.id, 200_000_000);
    const restocked = await app.gql(
      'mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { quantity } }',
      { id: product.id, input: { priceAmount: 1, quantity: 2_000_000_000, minimumQuantity: 1, img: '/images/x.svg' } },
      admin,
    );
    expect(restocked.errors).toBeUndefined();
    expect((await app.gql(DELETE, { id: order.id }, owner)).errors).toBeUndefined();
    expect(await stateOf(order.id)).toBe(OrderState.Cancelled);
    expect(await stockOf(product.id)).toBe(2_147_483_647);
  });

  test('cancelOrder answers the order in its new state; other customers and anonymous callers are refused', async () => {
    const CANCEL = 'mutation($id: ID!) { cancelOrder(id: $id) { id state status paid cancelledAt } }';
    const owner = await app.customer();
    const product = await app.product();
    const order = await app.placeOrder(owner, product.id, 2);
    expect(codeOf(await app.gql(CANCEL, { id: order.id }, await app.customer('other')))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(CANCEL, { id: order.id }))).toBe('UNAUTHENTICATED');
    expect(await stateOf(order.id)).toBe(OrderState.AwaitingPayment);
    const res = await app.gql(CANCEL, { id: order.id }, owner);
    expect(res.data!.cancelOrder).toMatchObject({ id: order.id, state: 'Cancelled', status: 'Pending', paid: false });
    expect(res.data!.cancelOrder.cancelledAt).toEqual(expect.any(String));
    expect(await stockOf(product.id)).toBe(10);
  });

  test("orderHistory is for admins: the order's own customer is refused, anonymous callers must sign in", async () => {
    const HISTORY = 'query($id: ID!) { orderHistory(id: $id) { fromState toState } }';
    const owner = await app.customer();
    const order = await app.placeOrder(owner, (await app.product()).id);
    expect(codeOf(await app.gql(HISTORY, { id: order.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(HISTORY, { id: order.id }, owner))).toBe('FORBIDDEN');
    const history = await app.gql(HISTORY, { id: order.id }, await app.adminUser());
    expect(history.data!.orderHistory).toEqual([{ fromState: null, toState: 'AwaitingPayment' }]);
  });

  test('an unknown or malformed id is NOT_FOUND', async () => {
    const admin = await app.adminUser();
    expect(codeOf(await app.gql(DELETE, { id: '00000000-0000-4000-8000-000000000000' }, admin))).toBe('NOT_FOUND');
    expect(codeOf(await app.gql(DELETE, { id: 'nope' }, admin))).toBe('NOT_FOUND');
  });
});

describe('order lists', () => {
  const MY_ORDERS =
    'query($options: OrderListOptions) { myOrders(options: $options) { totalItems items { id email status paid quantity totalPrice name createdAt } } }';
  const ORDERS =
    'query($options: OrderListOptions) { orders(options: $options) { totalItems items { id email status paid quantity totalPrice name createdAt } } }';
  type Row = {
    id: string;
    email: string;
    status: string;
    paid: boolean;
    quantity: number;
    totalPrice: number;
    name: string;
    createdAt: string;
  };

  let alice: Awaited<ReturnType<TestApp['customer']>>;
  let bob: Awaited<ReturnType<TestApp['customer']>>;
  let admin: Awaited<ReturnType<TestApp['adminUser']>>;
  let tag: string;
  const placed: Order[] = [];

  beforeAll(async () => {
    alice = await app.customer('alice');
    bob = await app.customer('bob');
    admin = await app.adminUser();
    tag = `Listed ${Date.now()}`;
    const first = await app.product({ name: `${tag} Alpha`, price: 30, quantity: 100 });
    const second = await app.product({ name: `${tag} Beta`, price: 10, quantity: 100 });
    placed.push(await app.placeOrder(alice, first.id, 2)); // 60
    placed.push(await app.placeOrder(bob, second.id, 5)); // 50
    placed.push(await app.placeOrder(alice, second.id, 1)); // 10
    placed.push(await app.placeOrder(bob, first.id, 3)); // 90
    await app.payOrder(bob, placed[1].id);
    await app.payOrder(bob, placed[3].id);
    expect((await app.gql(SHIP, { id: placed[3].id }, admin)).errors).toBeUndefined();
  });

  test("myOrders answers only the caller's orders, newest first", async () => {
    const res = await app.gql<{ myOrders: { totalItems: number; items: Row[] } }>(MY_ORDERS, {}, alice);
    expect(res.errors).toBeUndefined();
    expect(res.data!.myOrders.items.map((o) => o.id)).toEqual([placed[2].id, placed[0].id]);
    expect(res.data!.myOrders.totalItems).toBe(2);
    expect(res.data!.myOrders.items.every((o) => o.email === alice.email)).toBe(true);
  });

  test('myOrders needs a signed-in caller', async () => {
    expect(codeOf(await app.gql(MY_ORDERS, {}))).toBe('UNAUTHENTICATED');
  });

  test('orders is admin only', async () => {
    expect(codeOf(await app.gql(ORDERS, {}))).toBe('UNAUTHENTICATED');
    const refused = await app.gql(ORDERS, {}, alice);
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(refused.data).toBeNull();
  });

  test('orders searches by product name and e-mail, and filters by status and paid', async () => {
    const ids = async (options: Record<string, unknown>) => {
      const res = await app.gql<{ orders: { totalItems: number; items: Row[] } }>(ORDERS, { options: { search: tag, ...options } }, admin);
      expect(res.errors).toBeUndefined();
      expect(res.data!.orders.totalItems).toBe(res.data!.orders.items.length);
      return res.data!.orders.items.map((o) => o.id).sort();
    };
    const sorted = (...indexes: number[]) => indexes.map((i) => placed[i].id).sort();
    expect(await ids({})).toEqual(sorted(0, 1, 2, 3));
    expect(await ids({ search: `${tag} Beta` })).toEqual(sorted(1, 2));
    expect(await ids({ status: 'Shipped' })).toEqual(sorted(3));
    expect(await ids({ status: 'Pending' })).toEqual(sorted(0, 1, 2));
    expect(await ids({ paid: true })).toEqual(sorted(1, 3));
    expect(await ids({ paid: false })).toEqual(sorted(0, 2));
    expect(await ids({ paid: true, status: 'Pending' })).toEqual(sorted(1));
    expect(await ids({ state: 'Paid' })).toEqual(sorted(1));
    expect(await ids({ state: 'AwaitingPayment' })).toEqual(sorted(0, 2));
    const byEmail = await app.gql<{ orders: { items: Row[] } }>(ORDERS, { options: { search: bob.email.toUpperCase() } }, admin);
    expect(byEmail.data!.orders.items.map((o) => o.id).sort()).toEqual(sorted(1, 3));
  });

  test("myOrders filters too, and never reaches another customer's orders", async () => {
    const res = await app.gql<{ myOrders: { items: Row[] } }>(MY_ORDERS, { options: { paid: true } }, bob);
    expect(res.data!.myOrders.items.map((o) => o.id)).toEqual([placed[3].id, placed[1].id]);
    const search = await app.gql<{ myOrders: { items: Row[] } }>(MY_ORDERS, { options: { search: alice.email } }, bob);
    expect(search.data!.myOrders.items).toEqual([]);
  });

  test.each(['createdAt', 'totalPrice', 'quantity', 'status', 'name', 'email'] as const)(
    'orders sort by %s in both directions',
    async (sortBy) => {
      for (const sortDirection of ['ASC', 'DESC'] as const) {
        const res = await app.gql<{ orders: { items: Row[] } }>(ORDERS, { options: { search: tag, sortBy, sortDirection } }, admin);
        expect(res.errors).toBeUndefined();
        const values = res.data!.orders.items.map((o) => o[sortBy]);
        const expected = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        if (sortDirection === 'DESC') expected.reverse();
        expect(values).toEqual(expected);
        expect(new Set(values).size).toBeGreaterThan(1);
      }
    },
  );

  test('skip and take page through the list; totalItems counts every page', async () => {
    const page = async (skip: number, take: number) =>
      (
        await app.gql<{ orders: { totalItems: number; items: Row[] } }>(
          ORDERS,
          { options: { search: tag, sortBy: 'totalPrice', sortDirection: 'ASC', skip, take } },
          admin,
        )
      ).data!.orders;
    expect(await page(0, 3)).toMatchObject({ totalItems: 4, items: [{ totalPrice: 10 }, { totalPrice: 50 }, { totalPrice: 60 }] });
    expect(await page(3, 3)).toMatchObject({ totalItems: 4, items: [{ totalPrice: 90 }] });
    expect(await page(4, 3)).toEqual({ totalItems: 4, items: [] });
  });

  test('take above 100 or below 1, and a negative skip, are BAD_USER_INPUT', async () => {
    for (const options of [{ take: 101 }, { take: 0 }, { take: -1 }, { skip: -1 }]) {
      expect(codeOf(await app.gql(ORDERS, { options }, admin))).toBe('BAD_USER_INPUT');
      expect(codeOf(await app.gql(MY_ORDERS, { options }, alice))).toBe('BAD_USER_INPUT');
    }
    expect((await app.gql(ORDERS, { options: { take: 100 } }, admin)).errors).toBeUndefined();
  });
});
