import { Client } from 'pg';
import { KnownShortages, SHORTAGE_BELIEVED_MS } from '../../src/modules/checkout/known-shortages';
import { messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * In a rush, an order refused in its transaction for want of stock is remembered, and the buyers
 * behind it who read the stock before it ran out are refused the same way without a transaction
 * (OrdersService.inTransactionUnlessShort, modules/orders/known-shortages.ts), until the process
 * sees a change to the catalogue or two seconds pass.
 */
describe('KnownShortages', () => {
  test('a shortage refuses as many units or more, not fewer, until a change is seen', () => {
    let changes = 0;
    const shortages = new KnownShortages(() => changes);
    expect(shortages.leftIfShort('santoku', 1)).toBeUndefined();
    shortages.record('santoku', 2);
    expect(shortages.leftIfShort('santoku', 3)).toBe(2);
    expect(shortages.leftIfShort('santoku', 2)).toBeUndefined();
    expect(shortages.leftIfShort('nakiri', 3)).toBeUndefined();
    changes += 1;
    expect(shortages.leftIfShort('santoku', 3)).toBeUndefined();
  });

  test('a shortage is believed for two seconds at most', () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      const shortages = new KnownShortages(() => 0);
      shortages.record('santoku', 0);
      now.mockReturnValue(1_000_000 + SHORTAGE_BELIEVED_MS - 1);
      expect(shortages.leftIfShort('santoku', 1)).toBe(0);
      now.mockReturnValue(1_000_000 + SHORTAGE_BELIEVED_MS);
      expect(shortages.leftIfShort('santoku', 1)).toBeUndefined();
    } finally {
      now.mockRestore();
    }
  });
});

describe('placing orders in a rush', () => {
  let app: TestApp;
  /** A connection of the test's own, outside the app's pool, for locks and changes made behind Keen's back. */
  let control: Client;
  beforeAll(async () => {
    app = await startTestApp();
    control = new Client({ connectionString: app.databaseUrl });
    await control.connect();
  });
  afterAll(async () => {
    await control.end();
    await app.close();
  });

  const PLACE = 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }';
  const SHORTAGE = 'Product cannot be purchased for product shortage';
  /** The statement that takes an order's first units (orders.service.ts, takeUnits). */
  const TAKE = /^\s*WITH customer AS MATERIALIZED/;

  const order = (buyer: TestSession, productId: string) =>
    app.gql(PLACE, { input: { productId, quantity: 1, phone: '+1 555 0100', address: '1 Rush Street' } }, buyer);

  async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
    for (const started = Date.now(); !(await condition()); await new Promise((resolve) => setTimeout(resolve, 20)))
      if (Date.now() - started > 10_000) throw new Error(`waited 10 s for ${what}`);
  }

  /**
   * A knife whose last unit goes while a buyer who read it in stock waits on its row: that buyer is
   * refused in their transaction. Then, behind Keen's back (no change it can see), 5 units come back.
   */
  async function soldOutUnderABuyer(): Promise<{ productId: string; variantId: string }> {
    const product = await app.product({ quantity: 1 });
    const [{ id: variantId }] = (await control.query('SELECT "id" FROM "product_variant" WHERE "productId" = $1', [product.id])).rows;
    const buyer = await app.customer('first');
    await control.query('BEGIN');
    await control.query('SELECT 1 FROM "product_variant" WHERE "id" = $1 FOR UPDATE', [variantId]);
    const answer = order(buyer, product.id);
    // The buyer's take waits for this transaction (pg_stat_activity may still show the statement before it).
    await until(async () => {
      const { rows } = await control.query(`SELECT count(*)::int AS count FROM pg_stat_activity WHERE wait_event = 'transactionid'`);
      return rows[0].count === 1;
    }, "the buyer's take");
    await control.query('UPDATE "product_variant" SET "quantity" = 0 WHERE "id" = $1', [variantId]);
    await control.query('COMMIT');
    expect(messageOf(await answer)).toBe(SHORTAGE);
    await control.query('UPDATE "product_variant" SET "quantity" = 5 WHERE "id" = $1', [variantId]);
    return { productId: product.id, variantId };
  }

  /** Places an order, answering it with the takes it sent. */
  async function orderCountingTakes(buyer: TestSession, productId: string) {
    await app.settled();
    app.queries.texts = [];
    app.queries.counting = true;
    try {
      const answer = await order(buyer, productId);
      return { answer, takes: app.queries.texts.filter((text) => TAKE.test(text)).length };
    } finally {
      app.queries.counting = false;
    }
  }

  test('the next buyer is refused without a transaction until Keen sees a change; after a restock through Keen, they buy', async () => {
    const { productId, variantId } = await soldOutUnderABuyer();
    const next = await orderCountingTakes(await app.customer('next'), productId);
    expect(messageOf(next.answer)).toBe(SHORTAGE);
    expect(next.takes).toBe(0);

    const admin = await app.adminUser();
    const restock = 'mutation($id: ID!, $input: ProductVariantInput!) { updateProductVariant(id: $id, input: $input) { quantity } }';
    expect((await app.gql(restock, { id: variantId, input: { quantity: 5 } }, admin)).errors).toBeUndefined();
    const after = await orderCountingTakes(await app.customer('after'), productId);
    expect(after.answer.errors).toBeUndefined();
    expect(after.takes).toBe(1);
  });

  test('a shortage is forgotten after two seconds, so stock that came back where Keen cannot see is sold', async () => {
    const { productId } = await soldOutUnderABuyer();
    await new Promise((resolve) => setTimeout(resolve, SHORTAGE_BELIEVED_MS + 100));
    const later = await orderCountingTakes(await app.customer('later'), productId);
    expect(later.answer.errors).toBeUndefined();
    expect(later.takes).toBe(1);
  });
});
