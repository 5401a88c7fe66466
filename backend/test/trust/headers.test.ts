import { loadConfig } from '../../src/config';
import { contentSecurityPolicy, usesHsts } from '../../src/app/security-headers';
import { startTestApp, type TestApp } from '../support/harness';
import { productionEnv } from '../support/production-env';

const INTROSPECTION = '{ __schema { queryType { name } } }';

describe('security headers on every answer', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const get =
    (path: string, accept = 'application/json') =>
    () =>
      fetch(`${app.url}${path}`, { headers: { accept } });
  // Answered by Express, and before it by the front door (GraphQL POSTs, anonymous public reads).
  test.each([
    ['/', get('/', 'text/html')],
    ['/products', get('/products', 'text/html')],
    ['/api/products', get('/api/products')],
    ['/api/products (front door)', get('/api/products?take=1')],
    ['/api/orders (refused)', get('/api/orders')],
    ['/api/no-such-thing (404)', get('/api/no-such-thing')],
    ['/graphql?query=%7B__typename%7D', get('/graphql?query=%7B__typename%7D')],
    [
      'POST /graphql (front door)',
      () =>
        fetch(`${app.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ __typename }' }),
        }),
    ],
    ['/healthz', get('/healthz')],
    ['/config.json', get('/config.json')],
  ])('%s', async (_name, send) => {
    const response = await send();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://www.youtube-nocookie.com');
    // The Auth Emulator in development; Stripe only with Stripe keys.
    expect(csp).toContain(`connect-src 'self' http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`);
    expect(csp).not.toContain('stripe');
    // Images only from the shop itself: a photo URL elsewhere could be a tracking pixel.
    expect(csp).toContain("img-src 'self' data: blob:;");
    // HSTS only in production: a development server on http must not pin https.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  test('the Content-Security-Policy lets Stripe Elements in only when Stripe keys are set', () => {
    const withStripe = contentSecurityPolicy(loadConfig(productionEnv));
    expect(withStripe['script-src']).toContain('https://js.stripe.com');
    expect(withStripe['frame-src']).toContain('https://js.stripe.com');
    expect(withStripe['connect-src']).toContain('https://api.stripe.com');
    // A real Firebase project: its token endpoints and Google sign-in's helper frame.
    expect(withStripe['connect-src']).toContain('https://identitytoolkit.googleapis.com');
    expect(withStripe['frame-src']).toContain('https://keen-prod.firebaseapp.com');
    const withoutStripe = contentSecurityPolicy(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }));
    expect(
      Object.values(withoutStripe)
        .flat()
        .filter((source) => source.includes('stripe')),
    ).toEqual([]);
  });

  test("img-src names the shop, data: and blob: only, and the bucket's public origin when images are linked there", () => {
    expect(contentSecurityPolicy(loadConfig(productionEnv))['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    const bucket = {
      S3_ENDPOINT: 'http://seaweedfs:8333',
      S3_BUCKET: 'keen-images',
      S3_ACCESS_KEY_ID: 'keen',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(contentSecurityPolicy(loadConfig({ ...productionEnv, ...bucket }))['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    const linked = loadConfig({ ...productionEnv, ...bucket, S3_PUBLIC_URL: 'https://media.example.com/keen-images/' });
    expect(contentSecurityPolicy(linked)['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://media.example.com']);
  });

  test('HSTS is on in production only', () => {
    expect(usesHsts(loadConfig(productionEnv))).toBe(true);
    expect(usesHsts(app.config)).toBe(false);
  });
});

describe('a server configured for production', () => {
  const production = loadConfig(productionEnv);
  let app: TestApp;
  let closed: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, { overrides: { env: 'production', graphql: production.graphql } });
    closed = await startTestApp(
      {},
      { overrides: { env: 'production', graphql: loadConfig({ ...productionEnv, GRAPHQL_INTROSPECTION: 'false' }).graphql } },
    );
  });
  afterAll(() => Promise.all([app.close(), closed.close()]));

  test('sends HSTS, behind Express and before it', async () => {
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) };
    for (const response of [await fetch(`${app.url}/api/products`), await fetch(`${app.url}/graphql`, post)]) {
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    }
  });

  test('allows introspection by default (integrators explore the API), and refuses it with GRAPHQL_INTROSPECTION=false', async () => {
    expect((await app.gql(INTROSPECTION)).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const refused = await closed.gql(INTROSPECTION);
    expect(refused.data ?? null).toBeNull();
    expect(refused.errors![0].message).toMatch(/introspection/i);
  });

  test('hides field suggestions', async () => {
    const { errors } = await app.gql('{ produts { totalItems } }');
    expect(errors![0].message).not.toMatch(/Did you mean/);
  });
});
