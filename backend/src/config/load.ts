import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { z } from 'zod';
import { type SettingName, type Settings, SETTING_NAMES, settingDoc, settingsSchema } from './settings';
import {
  type AgeCheckSettings,
  type BackupSettings,
  type Config,
  ConfigError,
  type MailSettings,
  type S3Settings,
  type ShopSettings,
} from './types';

type Env = Record<string, string | undefined>;

const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** The return policy without RETURN_POLICY: engraved and made-to-measure knives are made for one customer. */
const DEFAULT_RETURN_POLICY =
  'You may return unused items within the return window for a refund of what you paid for them; the delivery price is not refunded.\\n' +
  'Engraved and made-to-measure knives are made for you alone: they can be returned only when faulty.\\n' +
  'Once your return is approved, pack the items safely and send them to the address in the mail, with the RMA number on the parcel.';

/**
 * The settings that hold a secret (or a URL with credentials in it): those settings.ts marks `secret`.
 * Each may instead be read from the file named by `<NAME>_FILE` (Docker secrets are files under
 * /run/secrets: `docker inspect` shows a container's environment, never its secrets).
 */
export const SECRET_SETTINGS: readonly SettingName[] = SETTING_NAMES.filter((name) => settingDoc(name).secret);

/** The environment variable's text, trimmed; null when unset or blank (as every setting is read). */
function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

/**
 * `env` with each secret given as `<NAME>_FILE` read from its file (its trailing newline goes with
 * the trimming every setting gets). An error names the settings and the path, never what the file holds.
 */
function withSecretFiles(env: Env): Env {
  const read: Env = {};
  for (const name of SECRET_SETTINGS) {
    const file = text(env, `${name}_FILE`);
    if (file === null) continue;
    if (text(env, name) !== null) throw new ConfigError(`${name}_FILE`, `set ${name} or ${name}_FILE, not both`);
    try {
      read[name] = readFileSync(file, 'utf8');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConfigError(`${name}_FILE`, `cannot read the file "${file}" (${reason})`);
    }
  }
  return { ...env, ...read };
}

/** The settings `schema` reads from `env`; the first bad one stops the start, named with its problem. */
function parse<T extends z.ZodType>(schema: T, env: Env): z.output<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new ConfigError(String(issue.path[0]), issue.message);
}

type S3Names = 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_REGION' | 'S3_PUBLIC_URL';

function s3Settings(settings: Pick<Settings, S3Names>): S3Settings | null {
  const names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const given = names.filter((name) => settings[name] !== null);
  if (given.length === 0) return null;
  const missing = names.find((name) => settings[name] === null);
  if (missing) throw new ConfigError(missing, `is required with ${given.join(', ')}: set all four S3 settings or none`);
  return {
    endpoint: settings.S3_ENDPOINT!,
    bucket: settings.S3_BUCKET!,
    region: settings.S3_REGION ?? 'us-east-1',
    accessKeyId: settings.S3_ACCESS_KEY_ID!,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY!,
    publicUrl: settings.S3_PUBLIC_URL,
  };
}

type BackupNames = S3Names | 'DATA_DIR' | 'BACKUPS' | 'BACKUP_BUCKET' | 'BACKUP_DIR' | 'BACKUP_ENCRYPTION_KEY' | 'BACKUP_KEEP_DAYS';

function backupSettings(settings: Pick<Settings, BackupNames>): BackupSettings {
  const bucket = settings.BACKUP_BUCKET;
  const s3 = bucket === null ? null : s3Settings(settings);
  if (bucket !== null && s3 === null)
    throw new ConfigError(
      'BACKUP_BUCKET',
      'needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: backups use the same endpoint and keys',
    );
  // The image bucket may be public (S3_PUBLIC_URL, a CDN): backups beside the images would be too.
  if (bucket !== null && s3 !== null && bucket === s3.bucket)
    throw new ConfigError('BACKUP_BUCKET', 'must not be the image bucket S3_BUCKET: backups need a private bucket of their own');
  return {
    daily: settings.BACKUPS === 'on',
    keepDays: settings.BACKUP_KEEP_DAYS,
    bucket: s3 && bucket ? { ...s3, bucket, publicUrl: null } : null,
    dir: path.resolve(settings.BACKUP_DIR ?? path.join(dataDirOf(settings), 'backups')),
    encryptionKey: settings.BACKUP_ENCRYPTION_KEY,
  };
}

function dataDirOf(settings: Pick<Settings, 'DATA_DIR'>): string {
  return path.resolve(settings.DATA_DIR ?? path.join(repoRoot, '.data'));
}

const BACKUP_SETTINGS = {
  DATA_DIR: true,
  BACKUPS: true,
  BACKUP_BUCKET: true,
  BACKUP_DIR: true,
  BACKUP_ENCRYPTION_KEY: true,
  BACKUP_KEEP_DAYS: true,
  S3_ENDPOINT: true,
  S3_BUCKET: true,
  S3_ACCESS_KEY_ID: true,
  S3_SECRET_ACCESS_KEY: true,
  S3_REGION: true,
  S3_PUBLIC_URL: true,
} as const satisfies Record<BackupNames, true>;

/**
 * The settings of backups and of where images are, alone, for `npm run admin -- backup|restore`,
 * which needs neither Firebase nor Stripe: checked as `loadConfig` checks them.
 */
export function loadBackupConfig(given: Env = process.env): Pick<Config, 'backups' | 's3' | 'dataDir'> {
  const settings = parse(settingsSchema.pick(BACKUP_SETTINGS), withSecretFiles(given));
  return { backups: backupSettings(settings), s3: s3Settings(settings), dataDir: dataDirOf(settings) };
}

/**
 * Mails are on unless `EMAILS=off` (never `MAIL`: login shells set it to the mailbox path). Production
 * needs a real server and sender; elsewhere they default to the local catcher `npm start` runs.
 * Tests send none unless they give an `SMTP_URL`.
 */
function mailSettings(settings: Settings, shopUrl: string): MailSettings | null {
  const { SMTP_URL: smtpUrl, MAIL_FROM: from, NODE_ENV: nodeEnv } = settings;
  if (settings.EMAILS === 'off' || (nodeEnv === 'test' && smtpUrl === null)) return null;
  if (nodeEnv === 'production') {
    const reason = 'is required in production for order e-mails (or set EMAILS=off)';
    if (smtpUrl === null) throw new ConfigError('SMTP_URL', reason);
    if (from === null) throw new ConfigError('MAIL_FROM', reason);
  }
  const shopName = shopSettings(settings).name;
  return {
    smtpUrl: smtpUrl ?? 'smtp://127.0.0.1:1025',
    from: from ?? `${shopName} <shop@localhost>`,
    shopName,
    locale: settings.SHOP_LOCALE,
    shopUrl,
    staffEmails: settings.STAFF_NOTIFY_EMAILS ?? [],
    lowStockBelow: settings.LOW_STOCK_BELOW,
    retryDelaySeconds: settings.MAIL_RETRY_DELAY_SECONDS,
    concurrency: settings.MAIL_CONCURRENCY,
  };
}

/** `SHOP_URL` without its trailing slash; production needs it (a canonical link to localhost would send search engines nowhere). */
function shopUrlOf(settings: Settings, production: boolean): string {
  if (production && settings.SHOP_URL === null)
    throw new ConfigError('SHOP_URL', 'is required in production: canonical links, the sitemap and links in order e-mails lead there');
  return (settings.SHOP_URL ?? `http://localhost:${settings.PORT || 4000}`).replace(/\/+$/, '');
}

/**
 * Outside production the offline test provider is the default; production must choose (`test` is
 * refused there, as the offline payment provider is), so no shop sells blades on test age checks.
 */
function ageCheckSettings(settings: Settings, production: boolean): AgeCheckSettings {
  const provider = settings.AGE_VERIFICATION;
  if (production && provider === null)
    throw new ConfigError(
      'AGE_VERIFICATION',
      'is required in production: choose how customers prove their age before buying blades (declared: a date of birth and a signed declaration)',
    );
  if (production && provider === 'test')
    throw new ConfigError('AGE_VERIFICATION', 'test is refused in production: the offline test age checks are for development only');
  return {
    provider: provider ?? 'test',
    validDays: settings.AGE_CHECK_VALID_DAYS,
    retentionYears: settings.AGE_EVIDENCE_RETENTION_YEARS,
    defaultMinimumAge: settings.BLADE_MINIMUM_AGE,
  };
}

function shopSettings(settings: Settings): ShopSettings {
  return {
    name: settings.SHOP_NAME ?? 'Keen',
    currency: settings.SHOP_CURRENCY,
    country: settings.SHOP_COUNTRY,
    locale: settings.SHOP_LOCALE,
    timeZone: settings.SHOP_TIME_ZONE,
    pricesIncludeTax: settings.PRICES_INCLUDE_TAX,
    taxShipping: settings.TAX_SHIPPING,
    taxProvider: settings.TAX_PROVIDER,
    vatReverseCharge: settings.VAT_REVERSE_CHARGE,
  };
}

/**
 * Every setting, checked: first each alone (settings.ts), then the rules between them, each error
 * naming the setting to change.
 */
export function loadConfig(given: Env = process.env): Config {
  const s = parse(settingsSchema, withSecretFiles(given));
  const nodeEnv = s.NODE_ENV;
  const production = nodeEnv === 'production';

  if (production && s.DATABASE_URL === null) {
    throw new ConfigError('DATABASE_URL', 'is required in production: the embedded PostgreSQL is for development only');
  }

  if (s.CREDIT_NOTE_PREFIX === s.INVOICE_PREFIX) {
    throw new ConfigError('CREDIT_NOTE_PREFIX', 'must differ from INVOICE_PREFIX: credit notes are numbered apart from invoices');
  }

  const emulatorHost = s.FIREBASE_AUTH_EMULATOR_HOST;
  if (production && emulatorHost !== null) {
    throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST', 'must not be set in production: the emulator accepts unsigned tokens');
  }
  const account = s.FIREBASE_SERVICE_ACCOUNT;
  const projectId = s.FIREBASE_PROJECT_ID ?? account?.project_id ?? 'demo-keen';
  if (emulatorHost === null && account === null && s.GOOGLE_APPLICATION_CREDENTIALS === null) {
    throw new ConfigError(
      'FIREBASE_AUTH_EMULATOR_HOST',
      'set it to use the Auth Emulator (npm start does this for you), or set FIREBASE_SERVICE_ACCOUNT for a real Firebase project',
    );
  }
  if (emulatorHost === null && s.FIREBASE_WEB_API_KEY === null) {
    throw new ConfigError('FIREBASE_WEB_API_KEY', "is required with a real Firebase project: the browser needs the project's web API key");
  }

  const secret = s.ACCESS_TOKEN_SECRET;
  if (production && (secret === null || secret.length < 32)) {
    throw new ConfigError('ACCESS_TOKEN_SECRET', 'is required in production and must be at least 32 characters');
  }

  const { STRIPE_SECRET_KEY: stripeSecret, STRIPE_PUBLISHABLE_KEY: stripePublishable } = s;
  if ((stripeSecret === null) !== (stripePublishable === null)) {
    throw new ConfigError(stripeSecret ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY', 'set both Stripe keys or neither');
  }
  if (production && stripeSecret === null) {
    throw new ConfigError('STRIPE_SECRET_KEY', 'is required in production: the offline test payment provider is for development only');
  }
  if (production && s.STRIPE_WEBHOOK_SECRET === null) {
    throw new ConfigError(
      'STRIPE_WEBHOOK_SECRET',
      "is required in production: refunds, disputes and payments whose confirmation never came back arrive only by Stripe's webhook",
    );
  }

  if (s.TAX_PROVIDER === 'stripe' && stripeSecret === null) {
    throw new ConfigError('TAX_PROVIDER', "stripe needs STRIPE_SECRET_KEY: Stripe Tax is called with the shop's Stripe account");
  }

  const shopUrl = shopUrlOf(s, production);
  const mail = mailSettings(s, shopUrl);
  const s3 = s3Settings(s);
  const backups = backupSettings(s);
  const ageChecks = ageCheckSettings(s, production);
  const redisUrl = s.REDIS_URL;

  return {
    env: nodeEnv,
    port: s.PORT,
    logLevel: s.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    dataDir: dataDirOf(s),
    clientDir: path.resolve(s.CLIENT_DIR ?? path.join(repoRoot, 'frontend', 'dist')),
    shopUrl,
    databaseUrl: s.DATABASE_URL,
    embeddedPostgresPort: s.EMBEDDED_POSTGRES_PORT,
    firebase: {
      projectId,
      emulatorHost,
      serviceAccount: account,
      webApiKey: s.FIREBASE_WEB_API_KEY ?? 'demo-api-key',
      authDomain: s.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
    },
    adminEmails: s.ADMIN_EMAILS ?? (production ? [] : ['admin@keen.test']),
    // Without a setting, tokens last until the process restarts: fine for development.
    accessTokenSecret: secret ?? randomBytes(32).toString('hex'),
    stripe: {
      secretKey: stripeSecret,
      publishableKey: stripePublishable,
      webhookSecret: s.STRIPE_WEBHOOK_SECRET,
      apiUrl: s.STRIPE_API_URL,
    },
    orders: {
      unpaidHoldMinutes: s.UNPAID_ORDER_HOLD_MINUTES,
      maxUnpaidOrders: s.MAX_UNPAID_ORDERS,
      maxUnpaidOrdersUnverified: s.MAX_UNPAID_ORDERS_UNVERIFIED,
      maxHeldUnitsPerVariant: s.MAX_HELD_UNITS_PER_PRODUCT,
      unpaidGuestHoldMinutes: s.UNPAID_GUEST_ORDER_HOLD_MINUTES,
      quoteHoldDays: s.QUOTE_HOLD_DAYS,
      maxUnpaidGuestOrdersPerEmail: s.MAX_UNPAID_GUEST_ORDERS_PER_EMAIL,
      maxUnpaidGuestOrdersPerAddress: s.MAX_UNPAID_GUEST_ORDERS_PER_ADDRESS,
      expirySweepSeconds: s.ORDER_EXPIRY_SWEEP_SECONDS,
      invoicePrefix: s.INVOICE_PREFIX,
      deliveredAfterDays: s.DELIVERED_AFTER_DAYS,
    },
    proofs: {
      maxRounds: s.PROOF_MAX_ROUNDS,
      reminderDays: s.PROOF_REMINDER_DAYS,
      policyDays: s.PROOF_POLICY_DAYS,
      policy: s.PROOF_POLICY,
    },
    returns: {
      returnDays: s.RETURN_DAYS,
      policy: (s.RETURN_POLICY ?? DEFAULT_RETURN_POLICY)
        .split('\\n')
        .map((line) => line.trim())
        .filter(Boolean),
    },
    invoices: {
      sellerName: s.SELLER_NAME ?? shopSettings(s).name,
      sellerAddress: (s.SELLER_ADDRESS ?? '')
        .split('\\n')
        .map((line) => line.trim())
        .filter(Boolean),
      sellerVatNumber: s.SELLER_VAT_NUMBER,
      creditNotePrefix: s.CREDIT_NOTE_PREFIX,
    },
    database: {
      statementTimeoutMs: s.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: s.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      connectionTimeoutMs: s.DB_CONNECTION_TIMEOUT_MS,
    },
    jobs: { pollSeconds: s.JOB_POLL_SECONDS, scheduledRetrySeconds: s.SCHEDULED_JOB_RETRY_SECONDS },
    events: { retentionDays: s.EVENT_RETENTION_DAYS },
    s3,
    backups,
    uploads: {
      decodeConcurrency: s.UPLOAD_DECODE_CONCURRENCY,
      decodeWaitMs: s.UPLOAD_DECODE_WAIT_SECONDS * 1000,
      maxMegapixels: s.UPLOAD_MAX_MEGAPIXELS,
    },
    rateLimits: {
      // Per-user limits protect the shop by default; test runs that need more raise them.
      allowances: {
        failedSignIn: { points: s.RATE_LIMIT_FAILED_SIGN_INS, seconds: 60 },
        placeOrder: { points: s.RATE_LIMIT_ORDERS, seconds: 60 },
        addReview: { points: s.RATE_LIMIT_REVIEWS, seconds: 60 },
        upload: { points: s.RATE_LIMIT_UPLOADS, seconds: 3600 },
        uploadBytes: { points: s.RATE_LIMIT_UPLOAD_MB * 1024 * 1024, seconds: 86_400 },
        apiKey: { points: s.RATE_LIMIT_API_KEY, seconds: 60 },
        ageCheck: { points: s.RATE_LIMIT_AGE_CHECKS, seconds: 3600 },
        paymentIntent: { points: s.RATE_LIMIT_PAYMENT_INTENTS, seconds: 60 },
        discountCode: { points: s.RATE_LIMIT_DISCOUNT_CODES, seconds: 60 },
        sendMessage: { points: s.RATE_LIMIT_MESSAGES, seconds: 3600 },
        // Up to 3 photos a message.
        messagePhoto: { points: s.RATE_LIMIT_MESSAGES * 3, seconds: 3600 },
        giftCardCode: { points: s.RATE_LIMIT_GIFT_CARD_CODES, seconds: 60 },
      },
      redisUrl,
    },
    idempotencyKeysPerHour: s.IDEMPOTENCY_KEYS_PER_HOUR,
    readCache: {
      enabled: s.READ_CACHE,
      redisUrl,
      maxBytes: s.READ_CACHE_MAX_MB * 1024 * 1024,
      maxAnswerBytes: s.READ_CACHE_MAX_ANSWER_KB * 1024,
      maxAgeMs: s.READ_CACHE_MAX_AGE_SECONDS * 1000,
    },
    webhooks: {
      retryDelaySeconds: s.WEBHOOK_RETRY_DELAY_SECONDS,
      publicHttpsOnly: production,
      concurrency: s.WEBHOOK_CONCURRENCY,
      pauseAfterFailures: s.WEBHOOK_PAUSE_AFTER_FAILURES,
    },
    graphql: {
      introspection: production ? s.GRAPHQL_INTROSPECTION : true,
      // Suggestions ("Did you mean ...?") map the schema for an attacker.
      fieldSuggestions: production ? s.GRAPHQL_FIELD_SUGGESTIONS : true,
    },
    seedDemo: s.SEED_DEMO ?? !production,
    trustProxy: s.TRUST_PROXY ?? ['loopback'],
    metricsToken: s.METRICS_TOKEN,
    // Long enough for a load balancer's health check to see 503 and stop sending new requests.
    drainDelayMs: (s.DRAIN_DELAY_SECONDS ?? (production ? 5 : 0)) * 1000,
    mail,
    shop: shopSettings(s),
    ageChecks,
    demoAccounts: {
      admin: { email: 'admin@keen.test', password: 'keen-admin-1', name: 'Ada Steel' },
      customer: { email: 'customer@keen.test', password: 'keen-customer-1', name: 'Casey Blade' },
    },
  };
}
