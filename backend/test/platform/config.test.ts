import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, SECRET_SETTINGS, startupWarnings } from '../../src/config';
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
  const config = loadConfig({
    NODE_ENV: 'development',
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    ADMIN_EMAILS: ' Boss@Keen.test ,ops@keen.test',
  });
  expect(config.databaseUrl).toBeNull();
  expect(config.adminEmails).toEqual(['boss@keen.test', 'ops@keen.test']);
});

test('scale-out settings: drain delay, proxies to trust, metrics token', () => {
  expect(loadConfig(production)).toMatchObject({ drainDelayMs: 5000, trustProxy: ['loopback'], metricsToken: null });
  expect(
    loadConfig({
      ...production,
      DRAIN_DELAY_SECONDS: '0',
      TRUST_PROXY: 'loopback, uniquelocal, 10.0.0.0/8',
      METRICS_TOKEN: 'm'.repeat(16),
    }),
  ).toMatchObject({
    drainDelayMs: 0,
    trustProxy: ['loopback', 'uniquelocal', '10.0.0.0/8'],
    metricsToken: 'm'.repeat(16),
  });
  expect(loadConfig({ NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).drainDelayMs).toBe(0);
  expect(refusal({ ...production, DRAIN_DELAY_SECONDS: '500' })).toMatch(
    /^Setting DRAIN_DELAY_SECONDS: expected a whole number from 0 to 120/,
  );
  expect(refusal({ ...production, TRUST_PROXY: 'everyone' })).toMatch(/^Setting TRUST_PROXY: .*"everyone"/);
  expect(refusal({ ...production, METRICS_TOKEN: 'short' })).toBe('Setting METRICS_TOKEN: must be at least 16 characters');
});

test('production needs STRIPE_WEBHOOK_SECRET: refunds and disputes arrive only by webhook', () => {
  expect(refusal({ ...production, STRIPE_WEBHOOK_SECRET: undefined })).toBe(
    "Setting STRIPE_WEBHOOK_SECRET: is required in production: refunds, disputes and payments whose confirmation never came back arrive only by Stripe's webhook",
  );
  expect(loadConfig({ ...production, NODE_ENV: 'development', STRIPE_WEBHOOK_SECRET: undefined }).stripe.webhookSecret).toBeNull();
});

test('order and pool settings have defaults and refuse bad values, naming the setting', () => {
  const config = loadConfig(production);
  expect(config.orders).toEqual({
    unpaidHoldMinutes: 30,
    maxUnpaidOrders: 5,
    maxUnpaidOrdersUnverified: 1,
    maxHeldUnitsPerVariant: 10,
    unpaidGuestHoldMinutes: 10,
    quoteHoldDays: 7,
    maxUnpaidGuestOrdersPerEmail: 2,
    maxUnpaidGuestOrdersPerAddress: 5,
    expirySweepSeconds: 60,
    invoicePrefix: 'KEEN',
    deliveredAfterDays: 14,
  });
  expect(config.returns.returnDays).toBe(30);
  expect(config.returns.policy.join(' ')).toMatch(/Engraved and made-to-measure knives .* only when faulty/);
  expect(config.database).toEqual({ statementTimeoutMs: 15_000, idleInTransactionTimeoutMs: 30_000, connectionTimeoutMs: 10_000 });
  const custom = loadConfig({
    ...production,
    UNPAID_ORDER_HOLD_MINUTES: '0.5',
    MAX_UNPAID_ORDERS: '2',
    QUOTE_HOLD_DAYS: '14',
    ORDER_EXPIRY_SWEEP_SECONDS: '5',
    DELIVERED_AFTER_DAYS: '3',
    RETURN_DAYS: '14',
    RETURN_POLICY: 'Send it back unused.\\n Keep the box. ',
    DB_STATEMENT_TIMEOUT_MS: '5000',
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '6000',
    DB_CONNECTION_TIMEOUT_MS: '7000',
  });
  expect(custom.orders).toMatchObject({
    unpaidHoldMinutes: 0.5,
    maxUnpaidOrders: 2,
    quoteHoldDays: 14,
    expirySweepSeconds: 5,
    deliveredAfterDays: 3,
  });
  expect(custom.returns).toEqual({ returnDays: 14, policy: ['Send it back unused.', 'Keep the box.'] });
  expect(custom.database).toEqual({ statementTimeoutMs: 5000, idleInTransactionTimeoutMs: 6000, connectionTimeoutMs: 7000 });
  for (const [name, value] of [
    ['UNPAID_ORDER_HOLD_MINUTES', '-1'],
    ['UNPAID_ORDER_HOLD_MINUTES', 'soon'],
    ['MAX_UNPAID_ORDERS', '0'],
    ['QUOTE_HOLD_DAYS', '0'],
    ['QUOTE_HOLD_DAYS', '91'],
    ['DELIVERED_AFTER_DAYS', '0'],
    ['RETURN_DAYS', '366'],
    ['RETURN_DAYS', 'a month'],
    ['ORDER_EXPIRY_SWEEP_SECONDS', '0'],
    ['DB_STATEMENT_TIMEOUT_MS', '1.5'],
    ['DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 'x'],
    ['DB_CONNECTION_TIMEOUT_MS', '10'],
  ]) {
    expect(refusal({ ...production, [name]: value })).toMatch(new RegExp(`^Setting ${name}:`));
  }
});

test('webhook and scheduled-job settings have defaults and refuse bad values, naming the setting', () => {
  const config = loadConfig(production);
  expect(config.webhooks).toMatchObject({ concurrency: 8, pauseAfterFailures: 20 });
  expect(config.jobs).toEqual({ pollSeconds: 2, scheduledRetrySeconds: 10 });
  const custom = loadConfig({
    ...production,
    WEBHOOK_CONCURRENCY: '3',
    WEBHOOK_PAUSE_AFTER_FAILURES: '5',
    SCHEDULED_JOB_RETRY_SECONDS: '0.5',
  });
  expect(custom.webhooks).toMatchObject({ concurrency: 3, pauseAfterFailures: 5 });
  expect(custom.jobs.scheduledRetrySeconds).toBe(0.5);
  expect(refusal({ ...production, WEBHOOK_CONCURRENCY: '0' })).toBe(
    'Setting WEBHOOK_CONCURRENCY: expected a whole number from 1 to 100, got "0"',
  );
  for (const [name, value] of [
    ['WEBHOOK_CONCURRENCY', '101'],
    ['WEBHOOK_CONCURRENCY', '2.5'],
    ['WEBHOOK_PAUSE_AFTER_FAILURES', '0'],
    ['WEBHOOK_PAUSE_AFTER_FAILURES', 'never'],
    ['SCHEDULED_JOB_RETRY_SECONDS', '0.1'],
    ['SCHEDULED_JOB_RETRY_SECONDS', '-5'],
  ]) {
    expect(refusal({ ...production, [name]: value })).toMatch(new RegExp(`^Setting ${name}:`));
  }
});

test('GraphQL introspection and field suggestions: settings in production (on and off by default), always on in development', () => {
  expect(loadConfig(production).graphql).toEqual({ introspection: true, fieldSuggestions: false });
  expect(loadConfig({ ...production, GRAPHQL_INTROSPECTION: 'false', GRAPHQL_FIELD_SUGGESTIONS: 'true' }).graphql).toEqual({
    introspection: false,
    fieldSuggestions: true,
  });
  const development = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', GRAPHQL_INTROSPECTION: 'false', GRAPHQL_FIELD_SUGGESTIONS: 'false' };
  expect(loadConfig(development).graphql).toEqual({ introspection: true, fieldSuggestions: true });
  expect(refusal({ ...production, GRAPHQL_INTROSPECTION: 'sometimes' })).toMatch(/GRAPHQL_INTROSPECTION/);
});

test('rate limits: whole numbers that protect the shop by default, and a redis:// REDIS_URL', () => {
  expect(loadConfig(production).rateLimits).toEqual({
    allowances: {
      failedSignIn: { points: 20, seconds: 60 },
      placeOrder: { points: 10, seconds: 60 },
      addReview: { points: 5, seconds: 60 },
      upload: { points: 20, seconds: 3600 },
      uploadBytes: { points: 50 * 1024 * 1024, seconds: 86_400 },
      apiKey: { points: 600, seconds: 60 },
      ageCheck: { points: 5, seconds: 3600 },
      paymentIntent: { points: 10, seconds: 60 },
      discountCode: { points: 10, seconds: 60 },
      giftCardCode: { points: 10, seconds: 60 },
      sendMessage: { points: 5, seconds: 3600 },
      messagePhoto: { points: 15, seconds: 3600 },
    },
    redisUrl: null,
  });
  expect(loadConfig({ ...production, RATE_LIMIT_ORDERS: '5', REDIS_URL: 'redis://cache:6379' }).rateLimits).toMatchObject({
    allowances: { placeOrder: { points: 5, seconds: 60 } },
    redisUrl: 'redis://cache:6379',
  });
  expect(refusal({ ...production, RATE_LIMIT_REVIEWS: '0' })).toMatch(/RATE_LIMIT_REVIEWS/);
  expect(refusal({ ...production, RATE_LIMIT_UPLOADS: 'lots' })).toMatch(/RATE_LIMIT_UPLOADS/);
  expect(refusal({ ...production, REDIS_URL: 'cache:6379' })).toMatch(/REDIS_URL/);
  expect(loadConfig({ ...production, RATE_LIMIT_AGE_CHECKS: '2', RATE_LIMIT_PAYMENT_INTENTS: '3' }).rateLimits.allowances).toMatchObject({
    ageCheck: { points: 2, seconds: 3600 },
    paymentIntent: { points: 3, seconds: 60 },
  });
  expect(loadConfig(production).idempotencyKeysPerHour).toBe(20);
  expect(loadConfig({ ...production, IDEMPOTENCY_KEYS_PER_HOUR: '50' }).idempotencyKeysPerHour).toBe(50);
  expect(refusal({ ...production, IDEMPOTENCY_KEYS_PER_HOUR: '0' })).toMatch(/IDEMPOTENCY_KEYS_PER_HOUR/);
});

test('the read cache: 32 MB per process and no answer over 1 MB by default, a minute at most; bad sizes are refused', () => {
  expect(loadConfig(production).readCache).toMatchObject({
    enabled: true,
    maxBytes: 32 * 1024 * 1024,
    maxAnswerBytes: 1024 * 1024,
    maxAgeMs: 60_000,
  });
  expect(loadConfig({ ...production, READ_CACHE_MAX_MB: '8', READ_CACHE_MAX_ANSWER_KB: '64' }).readCache).toMatchObject({
    maxBytes: 8 * 1024 * 1024,
    maxAnswerBytes: 64 * 1024,
  });
  expect(refusal({ ...production, READ_CACHE_MAX_MB: '0' })).toMatch(/READ_CACHE_MAX_MB/);
  expect(refusal({ ...production, READ_CACHE_MAX_ANSWER_KB: 'big' })).toMatch(/READ_CACHE_MAX_ANSWER_KB/);
});

test('image uploads: 2 decodes at once, a 10 s wait and 24 megapixels by default; bad values are refused, naming the setting', () => {
  expect(loadConfig(production).uploads).toEqual({ decodeConcurrency: 2, decodeWaitMs: 10_000, maxMegapixels: 24 });
  expect(
    loadConfig({ ...production, UPLOAD_DECODE_CONCURRENCY: '1', UPLOAD_DECODE_WAIT_SECONDS: '0.2', UPLOAD_MAX_MEGAPIXELS: '12.5' }).uploads,
  ).toEqual({ decodeConcurrency: 1, decodeWaitMs: 200, maxMegapixels: 12.5 });
  for (const [name, value] of [
    ['UPLOAD_DECODE_CONCURRENCY', '0'],
    ['UPLOAD_DECODE_CONCURRENCY', '1.5'],
    ['UPLOAD_DECODE_WAIT_SECONDS', '0'],
    ['UPLOAD_MAX_MEGAPIXELS', '300'],
    ['UPLOAD_MAX_MEGAPIXELS', 'many'],
  ]) {
    expect(refusal({ ...production, [name]: value })).toMatch(new RegExp(`^Setting ${name}:`));
  }
});

test('order e-mails: production needs SMTP_URL and MAIL_FROM unless EMAILS=off, and SHOP_URL always; tests send none without SMTP_URL', () => {
  for (const name of ['SMTP_URL', 'MAIL_FROM']) {
    expect(refusal({ ...production, [name]: undefined })).toBe(
      `Setting ${name}: is required in production for order e-mails (or set EMAILS=off)`,
    );
  }
  expect(loadConfig({ ...production, SMTP_URL: undefined, MAIL_FROM: undefined, EMAILS: 'off' }).mail).toBeNull();
  // Canonical links and the sitemap need it, e-mails or not.
  expect(refusal({ ...production, SHOP_URL: undefined, EMAILS: 'off' })).toBe(
    'Setting SHOP_URL: is required in production: canonical links, the sitemap and links in order e-mails lead there',
  );
  expect(refusal({ ...production, SHOP_URL: 'shop.example.com' })).toMatch(/^Setting SHOP_URL: expected an http/);
  expect(loadConfig({ ...production, SHOP_URL: 'https://shop.example.com/' }).shopUrl).toBe('https://shop.example.com');
  expect(loadConfig(production).mail).toMatchObject({
    smtpUrl: production.SMTP_URL,
    shopName: 'Keen',
    staffEmails: [],
    lowStockBelow: 3,
    retryDelaySeconds: 30,
    concurrency: 4,
  });
  expect(refusal({ ...production, SMTP_URL: 'mail.example.com' })).toMatch(/^Setting SMTP_URL: expected an smtp:\/\//);
  expect(refusal({ ...production, EMAILS: 'maybe' })).toMatch(/^Setting EMAILS: expected on or off/);
  expect(refusal({ ...production, STAFF_NOTIFY_EMAILS: 'ops@example.com, nobody' })).toMatch(/^Setting STAFF_NOTIFY_EMAILS: .*"nobody"/);
  expect(refusal({ ...production, LOW_STOCK_BELOW: '-1' })).toMatch(/^Setting LOW_STOCK_BELOW/);
  expect(loadConfig({ ...production, MAIL_RETRY_DELAY_SECONDS: '1' }).mail?.retryDelaySeconds).toBe(1);
  expect(refusal({ ...production, MAIL_RETRY_DELAY_SECONDS: '0' })).toMatch(/^Setting MAIL_RETRY_DELAY_SECONDS/);
  expect(loadConfig({ ...production, MAIL_CONCURRENCY: '2' }).mail?.concurrency).toBe(2);
  expect(refusal({ ...production, MAIL_CONCURRENCY: '0' })).toMatch(/^Setting MAIL_CONCURRENCY/);
  // MAIL is the login shell's mailbox path: it turns nothing off.
  expect(loadConfig({ ...production, MAIL: '/var/mail/root' }).mail).not.toBeNull();

  const development = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
  expect(loadConfig(development).mail).toMatchObject({
    smtpUrl: 'smtp://127.0.0.1:1025',
    from: 'Keen <shop@localhost>',
    shopUrl: 'http://localhost:4000',
  });
  expect(loadConfig({ ...development, NODE_ENV: 'test' }).mail).toBeNull();
  expect(loadConfig({ ...development, NODE_ENV: 'test', SMTP_URL: 'smtp://127.0.0.1:2525' }).mail).toMatchObject({
    smtpUrl: 'smtp://127.0.0.1:2525',
  });
  expect(loadConfig({ ...development, SHOP_NAME: 'Blades', STAFF_NOTIFY_EMAILS: 'Ops@Example.com' }).mail).toMatchObject({
    from: 'Blades <shop@localhost>',
    staffEmails: ['ops@example.com'],
  });
});

describe('backups: a private bucket, a key long enough, a warning when they are unencrypted', () => {
  const s3 = {
    S3_ENDPOINT: 'http://seaweedfs-s3:8333',
    S3_BUCKET: 'keen-images',
    S3_ACCESS_KEY_ID: 'keen-key-id',
    S3_SECRET_ACCESS_KEY: 'keen-secret-access-key',
  };
  const key = 'k3y-of-thirty-two-characters-ok!';

  test('BACKUP_BUCKET may not be the image bucket (S3_BUCKET, which may be public)', () => {
    expect(refusal({ ...production, ...s3, BACKUP_BUCKET: 'keen-images' })).toBe(
      'Setting BACKUP_BUCKET: must not be the image bucket S3_BUCKET: backups need a private bucket of their own',
    );
    expect(loadConfig({ ...production, ...s3, BACKUP_BUCKET: 'keen-backups' }).backups.bucket).toMatchObject({
      bucket: 'keen-backups',
      publicUrl: null,
    });
  });

  test('BACKUP_ENCRYPTION_KEY needs 32 characters or more, and the refusal never quotes it', () => {
    expect(key).toHaveLength(32);
    expect(loadConfig(production).backups.encryptionKey).toBeNull();
    expect(loadConfig({ ...production, BACKUP_ENCRYPTION_KEY: ` ${key}\n` }).backups.encryptionKey).toBe(key);
    const short = key.slice(1);
    const message = refusal({ ...production, BACKUP_ENCRYPTION_KEY: short });
    expect(message).toBe('Setting BACKUP_ENCRYPTION_KEY: must be at least 32 characters (a random one: openssl rand -base64 32)');
    expect(message).not.toContain(short.slice(0, 8));
  });

  test('production with BACKUPS=on and no BACKUP_ENCRYPTION_KEY logs one warning at start, naming the setting', () => {
    const warnings = startupWarnings(loadConfig({ ...production, BACKUPS: 'on' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/\bBACKUP_ENCRYPTION_KEY\b/);
    expect(startupWarnings(loadConfig({ ...production, BACKUPS: 'on', BACKUP_ENCRYPTION_KEY: key }))).toEqual([]);
    expect(startupWarnings(loadConfig(production))).toEqual([]);
    expect(startupWarnings(loadConfig({ ...production, NODE_ENV: 'development', BACKUPS: 'on' }))).toEqual([]);
  });

  test('`node main` in production logs it as one warning line as it starts', async () => {
    const backend = path.resolve(__dirname, '..', '..');
    // Nothing listens on port 1: Keen stops at its first connection, after the start-up warnings.
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--require', path.join(__dirname, '..', 'support', 'require-typescript.cjs'), 'src/main.ts'], {
        cwd: backend,
        env: {
          PATH: process.env.PATH,
          ...production,
          DATABASE_URL: 'postgres://keen:secret@127.0.0.1:1/keen',
          LOG_LEVEL: 'info',
          BACKUPS: 'on',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      child.on('error', reject);
      child.on('close', (exitCode) => resolve({ code: exitCode, output: text }));
    });
    expect(code).toBe(1);
    const warnings = output.split('\n').filter((line) => line.includes('"level":40'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]).msg).toBe(startupWarnings(loadConfig({ ...production, BACKUPS: 'on' }))[0]);
  }, 120_000);
});

describe('secrets from files (NAME_FILE, as Docker secrets are given)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'keen-secrets-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A file holding `content`, as `docker compose` mounts a secret. */
  function secretFile(name: string, content: string): string {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  }

  /** Production with every secret setting given (and the settings they come with). */
  const everySecret: Record<string, string> = {
    ...production,
    GOOGLE_APPLICATION_CREDENTIALS: '',
    FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ project_id: 'keen-prod', private_key: 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC' }),
    REDIS_URL: 'redis://:valkey-password@valkey:6379',
    S3_ENDPOINT: 'http://seaweedfs-s3:8333',
    S3_BUCKET: 'keen-images',
    S3_ACCESS_KEY_ID: 'keen-key-id',
    S3_SECRET_ACCESS_KEY: 'keen-secret-access-key',
    METRICS_TOKEN: 'metrics-token-of-24-chars',
    BACKUP_ENCRYPTION_KEY: 'backup-key-of-at-least-32-characters',
  };

  test.each([...SECRET_SETTINGS])('%s: NAME_FILE gives the same configuration as NAME, the trailing newline left out', (name) => {
    expect(everySecret[name]).toBeTruthy();
    const direct = loadConfig(everySecret);
    const { [name]: value, ...without } = everySecret;
    const fromFile = loadConfig({ ...without, [`${name}_FILE`]: secretFile(name, `${value}\n`) });
    expect(fromFile).toEqual(direct);
  });

  test('a secret in its file is what the setting reads: the Stripe keys, the SMTP URL and the service account', () => {
    const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: _webhook, SMTP_URL, FIREBASE_SERVICE_ACCOUNT, ...rest } = everySecret;
    const config = loadConfig({
      ...rest,
      STRIPE_SECRET_KEY_FILE: secretFile('stripe', 'sk_live_from_file\n'),
      STRIPE_WEBHOOK_SECRET_FILE: secretFile('webhook', 'whsec_from_file'),
      SMTP_URL_FILE: secretFile('smtp', 'smtps://user:pass@mail.example.com:465\r\n'),
      FIREBASE_SERVICE_ACCOUNT_FILE: secretFile('firebase.json', `${FIREBASE_SERVICE_ACCOUNT}\n`),
    });
    expect(config.stripe).toMatchObject({ secretKey: 'sk_live_from_file', webhookSecret: 'whsec_from_file' });
    expect(config.mail?.smtpUrl).toBe('smtps://user:pass@mail.example.com:465');
    expect(config.firebase.serviceAccount).toEqual(JSON.parse(FIREBASE_SERVICE_ACCOUNT));
    // A required secret is still required when neither is set.
    expect(refusal({ ...rest, STRIPE_SECRET_KEY, SMTP_URL, FIREBASE_SERVICE_ACCOUNT })).toMatch(/STRIPE_WEBHOOK_SECRET/);
  });

  test('setting both NAME and NAME_FILE is refused, naming both', () => {
    for (const name of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'DATABASE_URL']) {
      const message = refusal({ ...everySecret, [`${name}_FILE`]: secretFile(`${name}-both`, everySecret[name]) });
      expect(message).toMatch(new RegExp(`\\b${name}\\b`));
      expect(message).toContain(`${name}_FILE`);
    }
  });

  test("an unreadable file is refused, naming the variable and the path, never the file's content", () => {
    const { STRIPE_WEBHOOK_SECRET: _unset, ...rest } = everySecret;
    const missing = path.join(dir, 'no-such-secret');
    expect(refusal({ ...rest, STRIPE_WEBHOOK_SECRET_FILE: missing })).toBe(
      `Setting STRIPE_WEBHOOK_SECRET_FILE: cannot read the file "${missing}" (ENOENT)`,
    );
    expect(refusal({ ...rest, STRIPE_WEBHOOK_SECRET_FILE: dir })).toMatch(/^Setting STRIPE_WEBHOOK_SECRET_FILE: .*\(EISDIR\)$/);
  });

  test('a service account that is not JSON is refused without quoting it (JSON.parse quotes the text it read)', () => {
    const { FIREBASE_SERVICE_ACCOUNT: _unset, ...rest } = everySecret;
    const broken = '{"project_id": "keen-prod", "private_key": MIIEvQIBADANBgkqhkiG9w0BAQEFAASC}';
    for (const env of [
      { ...rest, FIREBASE_SERVICE_ACCOUNT: broken },
      { ...rest, FIREBASE_SERVICE_ACCOUNT_FILE: secretFile('broken.json', broken) },
      { ...rest, FIREBASE_SERVICE_ACCOUNT: secretFile('broken-by-path.json', broken) },
    ]) {
      const message = refusal(env);
      expect(message).toMatch(/^Setting FIREBASE_SERVICE_ACCOUNT: .*not valid JSON/);
      expect(message).not.toMatch(/MIIE|private_key|keen-prod/);
    }
  });
});
