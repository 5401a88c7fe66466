import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sharedApp } from '../support/shared-app';
import { codeOf, type TestSession } from '../support/harness';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63fccfc0500f000485018084a98c210000000049454e44ae426082',
  'hex',
);

describe('failed sign-ins: at most 20 a minute per client address', () => {
  const shop = sharedApp();

  test('the 21st bad token is 429 with Retry-After, on REST and GraphQL', async () => {
    const shopper = await shop.app.customer();
    for (let i = 0; i < 10; i += 1) expect((await shop.api('GET', '/orders', { as: `not-a-token-${i}` })).status).toBe(401);
    // Token exchanges with a token for another e-mail count too.
    for (let i = 0; i < 10; i += 1) expect((await shop.api('PUT', '/users/someone-else@keen.test', { as: shopper })).status).toBe(403);

    const refused = await fetch(`${shop.app.url}/api/orders`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ message: expect.stringMatching(/^Too many requests; please try again in \d+ seconds$/) });

    const graphql = await fetch(`${shop.app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-token' },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(graphql.status).toBe(429);
    expect(Number(graphql.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(codeOf(await graphql.json())).toBe('RATE_LIMITED');

    // Anonymous browsing goes on.
    expect((await shop.api('GET', '/products')).status).toBe(200);
  });
});

describe('per-user limits on orders, reviews and uploads', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keen-limits-'));
  const shop = sharedApp({ DATA_DIR: dataDir, RATE_LIMIT_ORDERS: '3', RATE_LIMIT_REVIEWS: '2', RATE_LIMIT_UPLOADS: '2' });
  // Runs after sharedApp's own afterAll has closed the shop.app.
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const ADD_REVIEW = 'mutation($input: AddReviewInput!) { addReview(input: $input) { id } }';

  test('placing orders: the 4th in a minute is RATE_LIMITED and stores nothing; another customer is not affected', async () => {
    const [buyer, other] = await Promise.all([shop.app.customer(), shop.app.customer()]);
    const product = await shop.app.product({ quantity: 100 });
    for (let i = 0; i < 3; i += 1) await shop.app.placeOrder(buyer, product.id);
    const order = { productId: product.id, quantity: 1, phone: '+1 555 0100', address: '1 Test Street' };
    const refused = await shop.app.gql('mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }', { input: order }, buyer);
    expect(codeOf(refused)).toBe('RATE_LIMITED');
    expect(refused.errors![0].extensions).toMatchObject({ retryAfter: expect.any(Number) });
    const rest = await shop.api('POST', '/orders', {
      as: buyer,
      body: { productCode: product.id, quantity: 1, phone: '+1 555 0100', address: '1 Test Street' },
    });
    expect(rest.status).toBe(429);
    expect(rest.body.message).toMatch(/^Too many requests/);
    expect(await shop.app.db.query('SELECT count(*)::int AS n FROM "order" WHERE "customerId" = $1', [buyer.user.id])).toEqual([{ n: 3 }]);
    expect((await shop.app.placeOrder(other, product.id)).customerId).toBe(other.user.id);
  });

  test('adding reviews: the 3rd in a minute is refused', async () => {
    const critic = await shop.app.customer();
    for (let i = 0; i < 2; i += 1)
      expect((await shop.app.gql(ADD_REVIEW, { input: { star: 5, description: `Review ${i}` } }, critic)).errors).toBeUndefined();
    expect(codeOf(await shop.app.gql(ADD_REVIEW, { input: { star: 5, description: 'One too many' } }, critic))).toBe('RATE_LIMITED');
    expect((await shop.api('POST', '/reviews', { as: critic, body: { star: 4, description: 'Still too many' } })).status).toBe(429);
    expect(await shop.app.db.query('SELECT count(*)::int AS n FROM review WHERE "authorId" = $1', [critic.user.id])).toEqual([{ n: 2 }]);
  });

  test('uploads: the 3rd in a minute is 429 with Retry-After; anonymous callers still get 401 first', async () => {
    const uploader: TestSession = await shop.app.customer();
    const upload = (session?: TestSession) => {
      const form = new FormData();
      form.append('image', new Blob([PNG], { type: 'image/png' }), 'photo.png');
      return fetch(`${shop.app.url}/api/uploads`, {
        method: 'POST',
        body: form,
        headers: session ? { authorization: `Bearer ${session.token}` } : {},
      });
    };
    expect((await upload(uploader)).status).toBe(200);
    expect((await upload(uploader)).status).toBe(200);
    const refused = await upload(uploader);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await upload()).status).toBe(401);
  });
});
