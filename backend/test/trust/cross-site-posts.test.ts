import { Review } from '../../src/modules/reviews/review.entity';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * A page on another site can make a browser send a POST only as a "simple" request (text/plain, a
 * form, multipart) without a preflight. Keen reads bodies as JSON only, so such a POST changes
 * nothing, whether the front door (GraphQL) or Express (REST) receives it, even if the browser
 * somehow added the shopper's token. Bodies over 1 MB are refused on both paths.
 */
let app: TestApp;
let shopper: TestSession;
beforeAll(async () => {
  app = await startTestApp();
  shopper = await app.customer('cross-site');
});
afterAll(() => app.close());

const reviewsBy = (email: string) => app.db.getRepository(Review).countBy({ email });
const ADD_REVIEW = 'mutation { addReview(input: { star: 5, description: "Sent from another site" }) { id } }';
const SIMPLE_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'];

test.each(SIMPLE_TYPES)('a GraphQL mutation POSTed as %s is refused before it runs', async (contentType) => {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${shopper.token}` },
    body: JSON.stringify({ query: ADD_REVIEW }),
  });
  expect(response.status).toBe(400);
  expect(await reviewsBy(shopper.email)).toBe(0);
});

test.each(SIMPLE_TYPES)('a REST write POSTed as %s is refused and writes nothing', async (contentType) => {
  const response = await fetch(`${app.url}/api/reviews`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${shopper.token}` },
    body: JSON.stringify({ star: 5, description: 'Sent from another site' }),
  });
  expect(response.status).toBe(400);
  expect(await reviewsBy(shopper.email)).toBe(0);
});

test('the same JSON POST is taken on both paths, so the refusals above are for the content type alone', async () => {
  const graphql = await app.gql(ADD_REVIEW, {}, shopper);
  expect(graphql.errors).toBeUndefined();
  const rest = await fetch(`${app.url}/api/reviews`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
    body: JSON.stringify({ star: 4, description: 'Sent from the shop' }),
  });
  expect(rest.status).toBe(200);
  expect(await reviewsBy(shopper.email)).toBe(2);
});

test('a body over 1 MB is refused with 413 on the GraphQL path and on a REST route, and writes nothing', async () => {
  const description = 'x'.repeat(1024 * 1024 + 1);
  const graphql = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
    body: JSON.stringify({ query: ADD_REVIEW, variables: { padding: description } }),
  });
  expect(graphql.status).toBe(413);
  expect((await graphql.json()).errors[0].message).toBe('The request body is larger than 1 MB');
  const rest = await fetch(`${app.url}/api/reviews`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
    body: JSON.stringify({ star: 5, description }),
  });
  expect(rest.status).toBe(413);
  expect(await rest.json()).toEqual({ message: 'The request body is larger than 1 MB' });
  expect(await reviewsBy(shopper.email)).toBe(2);
});
