import { Review } from '../../src/modules/reviews/review.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';

/** Reviews per knife (issue 39): a review may name its product; a product's rating counts its own reviews only. */
let app: TestApp;
let api: ReturnType<typeof restClient>;
beforeAll(async () => {
  app = await startTestApp();
  api = restClient(app);
});
afterAll(() => app.close());

const ADD = 'mutation($input: AddReviewInput!) { addReview(input: $input) { id productId star } }';
const OF_PRODUCT = `query($options: ReviewListOptions) { reviews(options: $options) {
  totalItems items { id productId star verifiedBuyer } } }`;
const reviewCount = () => app.db.getRepository(Review).count();

async function review(session: TestSession, star: number, productId?: string): Promise<string> {
  const res = await app.gql<{ addReview: { id: string; productId: string | null } }>(
    ADD,
    { input: { star, description: 'Keeps its edge', productId } },
    session,
  );
  expect(res.errors).toBeUndefined();
  expect(res.data!.addReview.productId).toBe(productId ?? null);
  return res.data!.addReview.id;
}

test('naming a product: anonymous callers must sign in first; an unknown or malformed product is not found; nothing is written', async () => {
  const knife = await app.product();
  const before = await reviewCount();
  expect(codeOf(await app.gql(ADD, { input: { star: 5, description: 'x', productId: 'nope' } }))).toBe('UNAUTHENTICATED');
  expect((await api('POST', '/reviews', { body: { star: 5, description: 'x', productId: knife.id } })).status).toBe(401);
  const author = await app.customer('product-reviewer');
  for (const productId of ['nope', '00000000-0000-4000-8000-000000000000']) {
    const res = await app.gql(ADD, { input: { star: 5, description: 'Sharp', productId } }, author);
    expect(codeOf(res)).toBe('NOT_FOUND');
    expect(messageOf(res)).toMatch(/Product/);
  }
  expect((await api('POST', '/reviews', { as: author, body: { star: 5, description: 'x', productId: 'nope' } })).status).toBe(404);
  expect(await reviewCount()).toBe(before);
});

test("a product's rating and review list count its own reviews only, one statement for a whole list of products", async () => {
  const [knife, other, unreviewed] = await Promise.all([app.product(), app.product(), app.product()]);
  const author = await app.customer('rater');
  for (const star of [5, 4, 4]) await review(author, star, knife.id);
  await review(author, 1, other.id);
  await review(author, 1);

  const ids = [knife.id, other.id, unreviewed.id];
  const { count, data } = await app.statementsFor<{ products: { items: { id: string; rating: { average: number; count: number } }[] } }>(
    '{ products(options: { take: 100 }) { items { id rating { average count } } } }',
  );
  const ratings = new Map(data.products.items.map((item) => [item.id, item.rating]));
  expect(ids.map((id) => ratings.get(id))).toEqual([
    { average: 4.3, count: 3 },
    { average: 1, count: 1 },
    { average: 0, count: 0 },
  ]);
  // The page, then every product's rating at once (not one statement per product).
  expect(count).toBeLessThanOrEqual(3);

  const listed = await app.gql<{ reviews: { totalItems: number; items: { productId: string; star: number }[] } }>(OF_PRODUCT, {
    options: { productId: knife.id },
  });
  expect(listed.data!.reviews.totalItems).toBe(3);
  expect(listed.data!.reviews.items.map((item) => [item.productId, item.star])).toEqual([
    [knife.id, 4],
    [knife.id, 4],
    [knife.id, 5],
  ]);
  const rest = await api('GET', `/reviews?productId=${knife.id}`);
  expect(rest.status).toBe(200);
  expect(rest.body.map((item: { productId: string }) => item.productId)).toEqual([knife.id, knife.id, knife.id]);
  expect(codeOf(await app.gql(OF_PRODUCT, { options: { productId: 'nope' } }))).toBe('NOT_FOUND');
});

test("on a knife's review, Verified buyer means the author paid for an order with that knife; on a shop review, any paid order", async () => {
  const [bought, notBought] = await Promise.all([app.product(), app.product()]);
  const buyer = await app.customer('verified');
  await app.payOrder(buyer, (await app.placeOrder(buyer, bought.id)).id);
  const unpaid = await app.customer('unpaid');
  await app.placeOrder(unpaid, bought.id);

  const ofBought = await review(buyer, 5, bought.id);
  const ofOther = await review(buyer, 4, notBought.id);
  const ofShop = await review(buyer, 5);
  const unpaidReview = await review(unpaid, 3, bought.id);

  const verified = async (productId: string | null) => {
    const res = await app.gql<{ reviews: { items: { id: string; verifiedBuyer: boolean }[] } }>(OF_PRODUCT, {
      options: { take: 100, ...(productId ? { productId } : {}) },
    });
    expect(res.errors).toBeUndefined();
    return new Map(res.data!.reviews.items.map((item) => [item.id, item.verifiedBuyer]));
  };
  const all = await verified(null);
  expect([ofBought, ofOther, ofShop, unpaidReview].map((id) => all.get(id))).toEqual([true, false, true, false]);
  expect((await verified(bought.id)).get(ofBought)).toBe(true);
});

test('REST: a review names its product, and answers it', async () => {
  const knife = await app.product();
  const author = await app.customer('rest-reviewer');
  const added = await api('POST', '/reviews', { as: author, body: { star: 4, description: 'Good steel', productId: knife.id } });
  expect(added.status).toBe(200);
  expect(added.body).toMatchObject({ productId: knife.id, star: 4, message: 'Review have been added' });
  const shopReview = await api('POST', '/reviews', { as: author, body: { star: 5, description: 'Good shop' } });
  expect(shopReview.body.productId).toBeNull();
});
