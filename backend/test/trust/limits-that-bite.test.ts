import { sharedApp } from '../support/shared-app';
import { codeOf, messageOf, type TestSession } from '../support/harness';

const PLACE = 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }';
const ADD_REVIEW = 'mutation($input: AddReviewInput!) { addReview(input: $input) { id } }';
const order = (productId: string, quantity = 1) => ({ input: { productId, quantity, phone: '+1 555 0100', address: '1 Test Street' } });

describe('failed sign-ins count failures only, per address (IPv6 per /64)', () => {
  const shop = sharedApp();

  const from = (address: string, token: string) =>
    fetch(`${shop.app.url}/api/orders`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address } });

  test('after 20 refusals from an address its bad tokens get 429, but a valid token from it is still served', async () => {
    const shopper = await shop.app.customer();
    for (let i = 0; i < 20; i += 1) expect((await from('198.51.100.7', `not-a-token-${i}`)).status).toBe(401);
    expect((await from('198.51.100.7', 'not-a-token')).status).toBe(429);

    const served = await fetch(`${shop.app.url}/api/orders?email=${shopper.email}`, {
      headers: { authorization: `Bearer ${shopper.token}`, 'x-forwarded-for': '198.51.100.7' },
    });
    expect(served.status).toBe(200);
    const graphql = await fetch(`${shop.app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}`, 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({ query: '{ me { email } }' }),
    });
    expect(await graphql.json()).toEqual({ data: { me: { email: shopper.email } } });
    // The token exchange too.
    const exchange = await fetch(`${shop.app.url}/api/users/${shopper.email}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${shopper.token}`, 'x-forwarded-for': '198.51.100.7' },
    });
    expect(exchange.status).toBe(200);
    expect((await shop.api('GET', '/products')).status).toBe(200);
  });

  test('bad tokens sent to GraphQL count against the forwarded client address, not the proxy', async () => {
    const ask = (address: string) =>
      fetch(`${shop.app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-token', 'x-forwarded-for': address },
        body: JSON.stringify({ query: '{ me { email } }' }),
      });
    for (let i = 0; i < 20; i += 1) expect((await ask('203.0.113.9')).status).toBe(401);
    const limited = await ask('203.0.113.9');
    expect(limited.status).toBe(429);
    expect(codeOf((await limited.json()) as Parameters<typeof codeOf>[0])).toBe('RATE_LIMITED');
    // Another client behind the same proxy (the same socket address) is not limited.
    expect((await ask('203.0.113.10')).status).toBe(401);
  });

  test('IPv6 clients are counted by their /64: new addresses in it share the count, another /64 does not', async () => {
    for (let i = 1; i <= 20; i += 1) expect((await from(`2001:db8:aa:bb::${i.toString(16)}`, 'not-a-token')).status).toBe(401);
    expect((await from('2001:db8:aa:bb:ffff:1:2:3', 'not-a-token')).status).toBe(429);
    expect((await from('2001:db8:aa:bc::1', 'not-a-token')).status).toBe(401);
  });
});

describe('per-user limits protect the shop by default', () => {
  // The shop's defaults (the test harness raises them for other suites); the unpaid-order rules stay raised so that only these apply.
  const shop = sharedApp({ RATE_LIMIT_ORDERS: '10', RATE_LIMIT_REVIEWS: '5', RATE_LIMIT_UPLOADS: '20', MAX_UNPAID_ORDERS: '100' });

  async function verifiedCustomer(prefix: string): Promise<TestSession> {
    const session = await shop.app.verifyEmail(await shop.app.customer(prefix));
    expect((await shop.app.gql('{ me { id } }', {}, session)).errors).toBeUndefined();
    return session;
  }

  test('placing orders: 10 a minute, the 11th is RATE_LIMITED', async () => {
    const buyer = await verifiedCustomer('busy-buyer');
    const product = await shop.app.product({ quantity: 100 });
    for (let i = 0; i < 10; i += 1) expect((await shop.app.gql(PLACE, order(product.id), buyer)).errors).toBeUndefined();
    expect(codeOf(await shop.app.gql(PLACE, order(product.id), buyer))).toBe('RATE_LIMITED');
  });

  test('adding reviews: 5 a minute, the 6th is RATE_LIMITED', async () => {
    const critic = await shop.app.customer('critic');
    for (let i = 0; i < 5; i += 1)
      expect((await shop.app.gql(ADD_REVIEW, { input: { star: 5, description: `Review ${i}` } }, critic)).errors).toBeUndefined();
    expect(codeOf(await shop.app.gql(ADD_REVIEW, { input: { star: 5, description: 'One too many' } }, critic))).toBe('RATE_LIMITED');
  });

  test('uploads: 20 an hour, the 21st is 429', async () => {
    const uploader = await shop.app.customer('uploader');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const upload = () => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
      return fetch(`${shop.app.url}/api/uploads`, { method: 'POST', body: form, headers: { authorization: `Bearer ${uploader.token}` } });
    };
    for (let i = 0; i < 20; i += 1) expect((await upload()).status).toBe(200);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
  });
});

describe('stock hoarding', () => {
  // The shop's defaults (the test harness raises them for other suites).
  const shop = sharedApp({ MAX_HELD_UNITS_PER_PRODUCT: '10', MAX_UNPAID_ORDERS_UNVERIFIED: '1' });

  test("an account's unpaid orders hold at most 10 units of one product; paying makes room; other products are not affected", async () => {
    const hoarder = await shop.app.verifyEmail(await shop.app.customer('hoarder'));
    const santoku = await shop.app.product({ name: 'Engraved Santoku 7"', quantity: 100 });
    const first = (await shop.app.gql<{ placeOrder: { id: string } }>(PLACE, order(santoku.id, 4), hoarder)).data!.placeOrder;
    expect((await shop.app.gql(PLACE, order(santoku.id, 6), hoarder)).errors).toBeUndefined();
    const refused = await shop.app.gql(PLACE, order(santoku.id, 1), hoarder);
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(messageOf(refused)).toBe('You already hold 10 unpaid units of Engraved Santoku 7"; pay for or cancel an order first');
    const tooMany = await shop.app.gql(PLACE, order((await shop.app.product({ name: 'Bowie 9', quantity: 100 })).id, 11), hoarder);
    expect(messageOf(tooMany)).toBe('An order may hold at most 10 units of Bowie 9 until it is paid');
    expect((await shop.app.gql(PLACE, order((await shop.app.product({ quantity: 100 })).id, 10), hoarder)).errors).toBeUndefined();

    await shop.app.payOrder(hoarder, first.id);
    expect((await shop.app.gql(PLACE, order(santoku.id, 4), hoarder)).errors).toBeUndefined();
  });

  test('an account whose e-mail is not verified holds at most one unpaid order', async () => {
    const unverified = await shop.app.customer('unverified');
    const product = await shop.app.product({ quantity: 100 });
    expect((await shop.app.gql(PLACE, order(product.id), unverified)).errors).toBeUndefined();
    const refused = await shop.app.gql(PLACE, order(product.id), unverified);
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(messageOf(refused)).toBe('Verify your e-mail address to hold more than one unpaid order; pay for or cancel your order first');

    const verified = await shop.app.verifyEmail(unverified);
    expect((await shop.app.gql(PLACE, order(product.id), verified)).errors).toBeUndefined();
  });
});
