import { ConfigError, loadConfig } from '../../src/config';
import { startTestApp, type TestApp } from '../support/harness';

const TOKEN = 'metrics-token-for-tests-0123456789';
const PAY_WITH_CARD =
  'mutation($orderId: ID!, $card: TestCardInput!) { confirmTestCardPayment(orderId: $orderId, card: $card) { id paid } }';
const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' });

let withToken: TestApp;
let without: TestApp;
beforeAll(async () => {
  [withToken, without] = await Promise.all([startTestApp({ METRICS_TOKEN: TOKEN, RATE_LIMIT_FAILED_SIGN_INS: '1' }), startTestApp()]);
});
afterAll(() => Promise.all([withToken?.close(), without?.close()]));

const scrape = (app: TestApp, authorization?: string) => fetch(`${app.url}/metrics`, { headers: authorization ? { authorization } : {} });

/** The value of one series in the Prometheus text, e.g. `keen_orders_placed_total` (0 before its first count). */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

test('/metrics is off (404) without METRICS_TOKEN', async () => {
  expect((await scrape(without)).status).toBe(404);
  expect((await scrape(without, `Bearer ${TOKEN}`)).status).toBe(404);
});

test('/metrics needs the bearer token: 401 without it or with another one', async () => {
  expect((await scrape(withToken)).status).toBe(401);
  expect((await scrape(withToken, `Bearer ${TOKEN}x`)).status).toBe(401);
  expect((await scrape(withToken, 'Bearer wrong')).status).toBe(401);
  expect((await scrape(withToken, TOKEN)).status).toBe(401);
});

test('a short METRICS_TOKEN is refused at start', () => {
  expect(() => loadConfig({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', METRICS_TOKEN: 'short' })).toThrow(
    ConfigError,
  );
});

test('with the token: requests by route and operation, pool, orders placed, payments, rate-limit refusals and read-cache hits', async () => {
  const before = await (await scrape(withToken, `Bearer ${TOKEN}`)).text();
  const shopper = await withToken.customer();
  const product = await withToken.product({ price: 10, quantity: 5 });
  // The first through Express, the second answered before it: one route label for both.
  for (let i = 0; i < 2; i += 1) expect((await fetch(`${withToken.url}/api/products?id=${product.id}`)).status).toBe(200);
  const paid = await withToken.placeOrder(shopper, product.id);
  const declined = await withToken.placeOrder(shopper, product.id);
  expect((await withToken.gql(PAY_WITH_CARD, { orderId: paid.id, card: card('4242424242424242') }, shopper)).errors).toBeUndefined();
  expect((await withToken.gql(PAY_WITH_CARD, { orderId: declined.id, card: card('4000000000000002') }, shopper)).errors).toBeDefined();
  // A public query asked twice by anonymous callers: read once, then answered from the read cache.
  const products = JSON.stringify({ query: '{ products(options: { take: 1 }) { totalItems } }' });
  for (let i = 0; i < 2; i += 1)
    expect(
      (await fetch(`${withToken.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: products })).status,
    ).toBe(200);
  const badToken = { headers: { authorization: 'Bearer not-a-token' } };
  expect((await fetch(`${withToken.url}/api/orders?email=${shopper.email}`, badToken)).status).toBe(401);
  expect((await fetch(`${withToken.url}/api/orders?email=${shopper.email}`, badToken)).status).toBe(429);

  const response = await scrape(withToken, `Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  expect(text).toMatch(/keen_http_requests_total\{method="GET",route="\/api\/products",status="200"\} [1-9]/);
  expect(text).toMatch(/keen_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/products"\} [1-9]/);
  expect(text).toMatch(/keen_http_requests_total\{method="POST",route="\/graphql",status="200"\} [1-9]/);
  expect(text).toMatch(/keen_graphql_operations_total\{operation="mutation placeOrder",outcome="ok"\} [1-9]/);
  expect(text).toMatch(/keen_graphql_operations_total\{operation="mutation confirmTestCardPayment",outcome="error"\} [1-9]/);
  expect(text).toMatch(/keen_graphql_operation_duration_seconds_count\{operation="query me"\} [1-9]/);
  expect(text).toMatch(/^# TYPE keen_read_cache_total counter$/m);
  expect(text).toMatch(/^keen_read_cache_total\{result="miss"\} [1-9]/m);
  expect(text).toMatch(/^keen_db_pool_in_use \d+$/m);
  expect(text).toMatch(/^keen_db_pool_waiting \d+$/m);
  expect(text).toMatch(/^keen_process_resident_memory_bytes \d+/m);
  for (const [series, added] of [
    ['keen_http_requests_total{method="GET",route="/api/products",status="200"}', 2],
    ['keen_http_requests_total{method="GET",route="/api/orders",status="401"}', 1],
    ['keen_http_requests_total{method="GET",route="/api/orders",status="429"}', 1],
    ['keen_orders_placed_total', 2],
    ['keen_payments_succeeded_total', 1],
    ['keen_payments_failed_total', 1],
    ['keen_rate_limit_refusals_total', 1],
    // The second product GET and the second product query.
    ['keen_read_cache_total{result="hit"}', 2],
  ] as const) {
    expect(`${series} ${valueOf(text, series) - valueOf(before, series)}`).toBe(`${series} ${added}`);
  }
  // Ids in paths never become labels.
  expect(text).not.toContain(product.id);
});
