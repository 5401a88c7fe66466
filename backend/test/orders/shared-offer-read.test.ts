import type { QueryRunner } from 'typeorm';
import { Order } from '../../src/modules/orders/order.entity';
import { User } from '../../src/modules/users/user.entity';
import { type GraphQLResponse, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * In a rush, buyers asking for the same product while its variants are being read share that read
 * (OrdersService.offered, common/shared-reads.ts), and a buyer who asks after a change to the
 * catalogue has committed reads again. The read is held in flight by a lock on a table it reads
 * (the variants' options) that neither the buyers' other statements nor a restock take.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const PLACE = 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }';
const RESTOCK = 'mutation($id: ID!, $input: ProductVariantInput!) { updateProductVariant(id: $id, input: $input) { quantity } }';
/** The read of what is on offer (orders.service.ts, offeredVariants), by its start: pg_stat_activity keeps a statement's first 1 KB. */
const OFFER_READ = /^SELECT v\."id", v\."productId", v\."priceAmount", coalesce\(v\."weightGrams"/;

const order = (buyer: TestSession, productId: string) =>
  app.gql(PLACE, { input: { productId, quantity: 1, phone: '+1 555 0100', address: '1 Rush Street' } }, buyer);

/** Holds every read of the variants' options until `release`. */
async function holdOfferReads(): Promise<{ release: () => Promise<void> }> {
  const runner: QueryRunner = app.db.createQueryRunner();
  await runner.startTransaction();
  await runner.query('LOCK TABLE "product_variant_option" IN ACCESS EXCLUSIVE MODE');
  return {
    release: async () => {
      await runner.commitTransaction();
      await runner.release();
    },
  };
}

/** The reads of what is on offer that are waiting on the held lock. */
async function waitingOfferReads(): Promise<number> {
  const [{ count }] = await app.db.query(
    `SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ~ $1`,
    [OFFER_READ.source],
  );
  return count;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (const started = Date.now(); !(await condition()); await new Promise((resolve) => setTimeout(resolve, 20)))
    if (Date.now() - started > 10_000) throw new Error(`waited 10 s for ${what}`);
}

function countOfferReads() {
  app.queries.texts = [];
  app.queries.counting = true;
  return () => {
    app.queries.counting = false;
    return app.queries.texts.filter((text) => OFFER_READ.test(text)).length;
  };
}

test('buyers of a sold-out knife at the same moment are refused with one read of what is on offer between them', async () => {
  const product = await app.product({ quantity: 0 });
  // New accounts: each buyer's profile row is written by their order request, just before the read.
  const buyers = await Promise.all(Array.from({ length: 12 }, (_, i) => app.signUp(`rush${i}`)));
  const held = await holdOfferReads();
  const reads = countOfferReads();
  let answers: GraphQLResponse[];
  try {
    const sent = Promise.all(buyers.map((buyer) => order(buyer, product.id)));
    await until(
      async () => (await app.db.getRepository(User).countBy(buyers.map(({ email }) => ({ email })))) === buyers.length,
      'profiles',
    );
    await until(async () => (await waitingOfferReads()) >= 1, "the first buyer's read");
    // Every buyer is past their profile; give the last ones the moment it takes to reach the read.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await waitingOfferReads()).toBe(1);
    await held.release();
    answers = await sent;
  } finally {
    await held.release().catch(() => undefined);
  }
  expect(reads()).toBe(1);
  expect(answers.map(messageOf)).toEqual(buyers.map(() => 'Product cannot be purchased for product shortage'));
  expect(await app.db.getRepository(Order).countBy({ productId: product.id })).toBe(0);
});

test('a buyer who asks after a restock has committed does not share a read started before it, and gets the knife', async () => {
  const admin = await app.adminUser();
  const product = await app.product({ quantity: 0 });
  const [early, late] = await Promise.all([app.customer('early'), app.customer('late')]);
  const { data } = await app.gql<{ product: { variants: { id: string }[] } }>('query($id: ID!) { product(id: $id) { variants { id } } }', {
    id: product.id,
  });
  const [variant] = data!.product.variants;
  const changes = app.services.readCache.changes;
  const held = await holdOfferReads();
  const reads = countOfferReads();
  let answers: GraphQLResponse[];
  try {
    const earlyAnswer = order(early, product.id);
    await until(async () => (await waitingOfferReads()) === 1, "the early buyer's read");
    const restocked = await app.gql(RESTOCK, { id: variant.id, input: { quantity: 2 } }, admin);
    expect(restocked.errors).toBeUndefined();
    expect(app.services.readCache.changes).toBeGreaterThan(changes);
    const lateAnswer = order(late, product.id);
    await until(async () => (await waitingOfferReads()) === 2, "the late buyer's own read");
    await held.release();
    answers = await Promise.all([earlyAnswer, lateAnswer]);
  } finally {
    await held.release().catch(() => undefined);
  }
  expect(reads()).toBe(2);
  const [earlyResult, lateResult] = answers;
  expect(lateResult.errors).toBeUndefined();
  expect(lateResult.data?.placeOrder.id).toBeTruthy();
  // The early buyer's read may have seen the stock before the restock or after it: refused as short, or placed.
  if (earlyResult.errors) expect(messageOf(earlyResult)).toBe('Product cannot be purchased for product shortage');
  expect(await app.db.getRepository(Order).countBy({ productId: product.id })).toBe(earlyResult.errors ? 1 : 2);
});
