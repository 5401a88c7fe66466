import { ConfigError, loadConfig } from '../../src/config';
import { productionEnv as production } from '../support/production-env';

/** The message of the ConfigError that loadConfig throws for `env`. */
function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the settings');
}

test('a complete production configuration loads', () => {
  const config = loadConfig(production);
  expect(config.env).toBe('production');
  expect(config.databaseUrl).toBe(production.DATABASE_URL);
  expect(config.accessTokenSecret).toBe(production.ACCESS_TOKEN_SECRET);
  expect(config.firebase.emulatorHost).toBeNull();
  expect(config.adminEmails).toEqual([]);
});

test('production refuses the Auth Emulator', () => {
  expect(refusal({ ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toMatch(/FIREBASE_AUTH_EMULATOR_HOST/);
});

test('production needs DATABASE_URL (no embedded database)', () => {
  expect(refusal({ ...production, DATABASE_URL: undefined })).toMatch(/DATABASE_URL/);
  expect(refusal({ ...production, DATABASE_URL: '  ' })).toMatch(/DATABASE_URL/);
});

test('a DATABASE_URL that is not a postgres URL is refused', () => {
  expect(refusal({ ...production, DATABASE_URL: 'mysql://db/keen' })).toMatch(/DATABASE_URL/);
});

test('production needs an ACCESS_TOKEN_SECRET of at least 32 characters', () => {
  expect(refusal({ ...production, ACCESS_TOKEN_SECRET: undefined })).toMatch(/ACCESS_TOKEN_SECRET/);
  expect(refusal({ ...production, ACCESS_TOKEN_SECRET: 'x'.repeat(31) })).toMatch(/ACCESS_TOKEN_SECRET/);
});

test.each(['abc', '-1', '65536', '80.5'])('PORT=%s is refused, naming PORT', (port) => {
  expect(refusal({ ...production, PORT: port })).toMatch(/PORT/);
});

test('PORT is read as a number', () => {
  expect(loadConfig({ ...production, PORT: '8080' }).port).toBe(8080);
  expect(loadConfig(production).port).toBe(4000);
});

test('an unknown NODE_ENV is refused', () => {
  expect(refusal({ ...production, NODE_ENV: 'staging' })).toMatch(/NODE_ENV/);
});

test('development runs on the emulator and lower-cases ADMIN_EMAILS', () => {
  const config = loadConfig({ NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', ADMIN_EMAILS: ' Boss@Keen.test ,ops@keen.test' });
  expect(config.databaseUrl).toBeNull();
  expect(config.adminEmails).toEqual(['boss@keen.test', 'ops@keen.test']);
});

test('production needs STRIPE_WEBHOOK_SECRET: without it Stripe cannot confirm payments', () => {
  expect(refusal({ ...production, STRIPE_WEBHOOK_SECRET: undefined })).toMatch(/STRIPE_WEBHOOK_SECRET/);
});

test('GraphQL introspection and field suggestions: settings in production (on and off by default), always on in development', () => {
  expect(loadConfig(production).graphql).toEqual({ introspection: true, fieldSuggestions: false });
  expect(loadConfig({ ...production, GRAPHQL_INTROSPECTION: 'false', GRAPHQL_FIELD_SUGGESTIONS: 'true' }).graphql).toEqual({ introspection: false, fieldSuggestions: true });
  const development = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', GRAPHQL_INTROSPECTION: 'false', GRAPHQL_FIELD_SUGGESTIONS: 'false' };
  expect(loadConfig(development).graphql).toEqual({ introspection: true, fieldSuggestions: true });
  expect(refusal({ ...production, GRAPHQL_INTROSPECTION: 'sometimes' })).toMatch(/GRAPHQL_INTROSPECTION/);
});

test('rate limits: whole per-minute numbers, and a redis:// REDIS_URL', () => {
  expect(loadConfig(production).rateLimits).toEqual({ perMinute: { failedSignIn: 20, placeOrder: 300, addReview: 60, upload: 60 }, redisUrl: null });
  expect(loadConfig({ ...production, RATE_LIMIT_ORDERS: '5', REDIS_URL: 'redis://cache:6379' }).rateLimits).toMatchObject({ perMinute: { placeOrder: 5 }, redisUrl: 'redis://cache:6379' });
  expect(refusal({ ...production, RATE_LIMIT_REVIEWS: '0' })).toMatch(/RATE_LIMIT_REVIEWS/);
  expect(refusal({ ...production, RATE_LIMIT_UPLOADS: 'lots' })).toMatch(/RATE_LIMIT_UPLOADS/);
  expect(refusal({ ...production, REDIS_URL: 'cache:6379' })).toMatch(/REDIS_URL/);
});
