import { restClient } from '../support/rest-client';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

let app: TestApp;
let api: ReturnType<typeof restClient>;
let author: TestSession;
let reader: TestSession;
let admin: TestSession;
beforeAll(async () => {
  app = await startTestApp();
  api = restClient(app);
  [author, reader, admin] = await Promise.all([app.customer('author'), app.customer('reader'), app.adminUser()]);
  const added = await app.gql('mutation { addReview(input: { star: 5, description: "Keeps its edge" }) { id } }', {}, author);
  expect(added.errors).toBeUndefined();
});
afterAll(() => app.close());

test("GET /api/reviews: anonymous callers and other customers get the reviewer's e-mail as an empty string; admins get it", async () => {
  const emailSeenBy = async (session?: TestSession) =>
    (await api('GET', '/reviews', { as: session })).body.find((r: { description: string }) => r.description === 'Keeps its edge').email;
  expect(await emailSeenBy()).toBe('');
  expect(await emailSeenBy(reader)).toBe('');
  expect(await emailSeenBy(admin)).toBe(author.email);
  expect(await emailSeenBy(author)).toBe(author.email);
});

test('GraphQL: Review.email and Review.author show no e-mail to non-admins; admins see the whole profile', async () => {
  const query = '{ reviews(options: { search: "Keeps its edge" }) { items { email author { name img email } } } }';
  const seenBy = async (session?: TestSession) => (await app.gql(query, {}, session)).data!.reviews.items[0];
  const hidden = { email: '', author: { name: 'author name', img: null, email: '' } };
  expect(await seenBy()).toEqual(hidden);
  expect(await seenBy(reader)).toEqual(hidden);
  expect(await seenBy(admin)).toEqual({ email: author.email, author: { name: 'author name', img: null, email: author.email } });
});
