import { ConfigError, loadConfig } from '../../src/config';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://keen:secret@db.example.com:5432/keen',
  ACCESS_TOKEN_SECRET: 'x'.repeat(32),
  GOOGLE_APPLICATION_CREDENTIALS: '/run/secrets/firebase.json',
  FIREBASE_PROJECT_ID: 'keen-prod',
  FIREBASE_WEB_API_KEY: 'web-api-key',
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
};

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

test('scale-out settings: drain delay, proxies to trust, metrics token', () => {
  expect(loadConfig(production)).toMatchObject({ drainDelayMs: 5000, trustProxy: ['loopback'], metricsToken: null });
  expect(loadConfig({ ...production, DRAIN_DELAY_SECONDS: '0', TRUST_PROXY: 'loopback, uniquelocal, 10.0.0.0/8', METRICS_TOKEN: 'm'.repeat(16) })).toMatchObject({
    drainDelayMs: 0,
    trustProxy: ['loopback', 'uniquelocal', '10.0.0.0/8'],
    metricsToken: 'm'.repeat(16),
  });
  expect(loadConfig({ NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).drainDelayMs).toBe(0);
  expect(refusal({ ...production, DRAIN_DELAY_SECONDS: '500' })).toMatch(/^Setting DRAIN_DELAY_SECONDS: expected a whole number from 0 to 120/);
  expect(refusal({ ...production, TRUST_PROXY: 'everyone' })).toMatch(/^Setting TRUST_PROXY: .*"everyone"/);
  expect(refusal({ ...production, METRICS_TOKEN: 'short' })).toBe('Setting METRICS_TOKEN: must be at least 16 characters');
});
