import { randomBytes } from 'node:crypto';
import { Review } from '../../src/modules/reviews/review.entity';
import { User } from '../../src/modules/users/user.entity';
import { startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
let admin: Awaited<ReturnType<TestApp['adminUser']>>;
beforeAll(async () => {
  // One customer places 20 unpaid orders here; the unpaid-order limit has its own test.
  app = await startTestApp({ MAX_UNPAID_ORDERS: '100' });
  admin = await app.adminUser();
});
afterAll(() => app.close());

test("an order list's products cost the same number of statements for 2 rows as for 20", async () => {
  const buyer = await app.customer();
  const tag = `Batch${randomBytes(3).toString('hex')}`;
  for (let i = 0; i < 20; i += 1) {
    const product = await app.product({ name: `${tag} knife ${i}`, quantity: 5 });
    await app.placeOrder(buyer, product.id);
  }
  const query = 'query($take: Int!, $search: String) { orders(options: { take: $take, search: $search }) { items { product { name } } } }';
  const two = await app.statementsFor(query, { take: 2, search: tag }, admin);
  const twenty = await app.statementsFor(query, { take: 20, search: tag }, admin);
  expect(two.data.orders.items).toHaveLength(2);
  expect(twenty.data.orders.items).toHaveLength(20);
  expect(new Set(twenty.data.orders.items.map((o: { product: { name: string } }) => o.product.name)).size).toBe(20);
  expect(twenty.count).toBe(two.count);
});

test("a review list's authors cost the same number of statements for 2 rows as for 20", async () => {
  const users = app.db.getRepository(User);
  const reviews = app.db.getRepository(Review);
  const tag = `Batch${randomBytes(3).toString('hex')}`;
  for (let i = 0; i < 20; i += 1) {
    const author = await users.save(users.create({ name: `Author ${i}`, email: `author-${i}-${tag}@keen.test`.toLowerCase() }));
    await reviews.save(
      reviews.create({
        star: 4,
        description: `${tag} review ${i}`,
        authorId: author.id,
        userName: author.name,
        name: author.name,
        email: author.email,
        img: null,
      }),
    );
  }
  const query = 'query($take: Int!, $search: String) { reviews(options: { take: $take, search: $search }) { items { author { name } } } }';
  const two = await app.statementsFor(query, { take: 2, search: tag });
  const twenty = await app.statementsFor(query, { take: 20, search: tag });
  expect(two.data.reviews.items).toHaveLength(2);
  expect(new Set(twenty.data.reviews.items.map((r: { author: { name: string } }) => r.author.name)).size).toBe(20);
  expect(twenty.count).toBe(two.count);
});
