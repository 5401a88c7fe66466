import { Review } from '../../src/modules/reviews/review.entity';
import { User } from '../../src/modules/users/user.entity';
import { sharedApp } from '../support/shared-app';
import { codeOf, startTestApp } from '../support/harness';

const shop = sharedApp();

const ADD = 'mutation($input: AddReviewInput!) { addReview(input: $input) { id img } }';
const REMOVE = 'mutation($id: ID!) { removeReview(id: $id) }';
const LIST = '{ reviews(options: { take: 100 }) { items { id verifiedBuyer img author { img } } } }';
type Listed = { reviews: { items: { id: string; verifiedBuyer: boolean; img: string | null; author: { img: string | null } | null }[] } };

async function review(description = 'Holds an edge') {
  const author = await shop.app.customer('reviewer');
  const { data, errors } = await shop.app.gql<{ addReview: { id: string } }>(ADD, { input: { star: 4, description } }, author);
  expect(errors).toBeUndefined();
  return { author, id: data!.addReview.id };
}

describe('admins remove reviews', () => {
  test('GraphQL removeReview: anonymous UNAUTHENTICATED, a customer (even the author) FORBIDDEN, an admin removes it', async () => {
    const { author, id } = await review();
    expect(codeOf(await shop.app.gql(REMOVE, { id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await shop.app.gql(REMOVE, { id }, author))).toBe('FORBIDDEN');
    const admin = await shop.app.adminUser();
    expect(await shop.app.gql(REMOVE, { id }, admin)).toEqual({ data: { removeReview: true } });
    expect(await shop.app.db.getRepository(Review).existsBy({ id })).toBe(false);
    expect(codeOf(await shop.app.gql(REMOVE, { id }, admin))).toBe('NOT_FOUND');
    expect((await shop.app.gql<Listed>(LIST)).data!.reviews.items.map((item) => item.id)).not.toContain(id);
  });

  test('REST DELETE /api/reviews/{id}: 401 anonymous, 403 customer, 200 admin, then 404', async () => {
    const { author, id } = await review();
    expect(await shop.api('DELETE', `/reviews/${id}`)).toEqual({ status: 401, body: { message: 'Please sign in first' } });
    expect((await shop.api('DELETE', `/reviews/${id}`, { as: author })).status).toBe(403);
    const admin = await shop.app.adminUser();
    expect(await shop.api('DELETE', `/reviews/${id}`, { as: admin })).toEqual({ status: 200, body: { deletedCount: 1 } });
    expect(await shop.api('DELETE', `/reviews/${id}`, { as: admin })).toEqual({ status: 404, body: { message: 'Review not found' } });
    expect((await shop.api('GET', '/reviews')).body.map((row: { _id: string }) => row._id)).not.toContain(id);
  });
});

test('a removed review leaves every cached public list at once, GraphQL and REST', async () => {
  const cached = await startTestApp({ READ_CACHE: 'true' });
  try {
    const author = await cached.customer('reviewer');
    const added = await cached.gql<{ addReview: { id: string } }>(ADD, { input: { star: 5, description: 'Cached, then removed' } }, author);
    const id = added.data!.addReview.id;
    const graphqlIds = async () => (await cached.gql<Listed>(LIST)).data!.reviews.items.map((item) => item.id);
    const restIds = async () => ((await (await fetch(`${cached.url}/api/reviews`)).json()) as { _id: string }[]).map((row) => row._id);
    // Read twice: the second answer is the cached one.
    for (let i = 0; i < 2; i += 1) {
      expect(await graphqlIds()).toContain(id);
      expect(await restIds()).toContain(id);
    }
    expect((await cached.gql(REMOVE, { id }, await cached.adminUser())).errors).toBeUndefined();
    expect(await graphqlIds()).not.toContain(id);
    expect(await restIds()).not.toContain(id);
  } finally {
    await cached.close();
  }
});

test('Review.verifiedBuyer is true for an author with a paid order, in one statement for the whole list', async () => {
  const buyer = await review('Bought and loved');
  const browser = await review('Only looked');
  const product = await shop.app.product();
  const order = await shop.app.placeOrder(buyer.author, product.id);
  await shop.app.payOrder(buyer.author, order.id);
  // An unpaid order does not make a buyer.
  await shop.app.placeOrder(browser.author, product.id);

  const { data, count } = await shop.app.statementsFor<Listed>(LIST);
  const flags = Object.fromEntries(data.reviews.items.map((item) => [item.id, item.verifiedBuyer]));
  expect({ buyer: flags[buyer.id], browser: flags[browser.id] }).toEqual({ buyer: true, browser: false });
  // The page with its count, the authors, and the paid customers: no statement per review.
  expect(count).toBe(3);
});

test("a reviewer's photo is shown only when it is one of Keen's own uploads", async () => {
  const own = await shop.app.customer('own-photo');
  const tracked = await shop.app.customer('tracked-photo');
  const ownPhoto = `/uploads/${'a'.repeat(32)}.webp`;
  await shop.app.db.getRepository(User).update({ id: own.user.id }, { img: ownPhoto });
  await shop.app.db.getRepository(User).update({ id: tracked.user.id }, { img: 'https://tracker.example/pixel.gif' });
  const mine = (
    await shop.app.gql<{ addReview: { id: string; img: string | null } }>(ADD, { input: { star: 5, description: 'Mine' } }, own)
  ).data!.addReview;
  const theirs = (
    await shop.app.gql<{ addReview: { id: string; img: string | null } }>(ADD, { input: { star: 5, description: 'Pixel' } }, tracked)
  ).data!.addReview;
  expect([mine.img, theirs.img]).toEqual([ownPhoto, null]);
  // Rows written before the rule, with a third-party URL copied onto the review.
  await shop.app.db.getRepository(Review).update({ id: theirs.id }, { img: 'https://tracker.example/pixel.gif' });

  const items = (await shop.app.gql<Listed>(LIST)).data!.reviews.items;
  const shown = (id: string) => items.find((item) => item.id === id);
  expect(shown(mine.id)).toMatchObject({ img: ownPhoto, author: { img: ownPhoto } });
  expect(shown(theirs.id)).toMatchObject({ img: null, author: { img: null } });
  const rest = (await shop.api('GET', '/reviews')).body as { _id: string; img: string | null }[];
  expect(rest.find((row) => row._id === theirs.id)!.img).toBeNull();
  expect(rest.find((row) => row._id === mine.id)!.img).toBe(ownPhoto);
});
