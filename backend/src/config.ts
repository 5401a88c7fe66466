import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { isCurrencyCode, MINIMUM_AGE } from '@keen/rules';
import { isCountryCode } from '@keen/rules/address';
import type { RateLimitSettings } from './common/rate-limits';
import type { ReadCacheSettings } from './common/read-cache';

/** An S3-compatible bucket for uploaded images (all four S3_ endpoint, bucket and key settings together). */
export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://seaweedfs-s3:8333 (docker-compose.yml); objects are addressed path-style. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers read the objects (a CDN or public bucket); without it, Keen serves them at `/uploads/`. */
  publicUrl: string | null;
}

/** Every setting Keen reads, checked once at start. `.env.example` documents each one. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  logLevel: string;
  /** Where `npm start` keeps its embedded database, emulator accounts and uploads. */
  dataDir: string;
  /** frontend/dist: the built client, served at `/`. */
  clientDir: string;
  /**
   * Where customers open the shop (`SHOP_URL`, no trailing slash): the base of canonical links, the
   * sitemap and the links in e-mails.
   */
  shopUrl: string;
  databaseUrl: string | null;
  embeddedPostgresPort: number;
  firebase: {
    projectId: string;
    emulatorHost: string | null;
    serviceAccount: Record<string, string> | null;
    webApiKey: string;
    authDomain: string;
  };
  adminEmails: string[];
  accessTokenSecret: string;
  stripe: { secretKey: string | null; publishableKey: string | null; webhookSecret: string | null; apiUrl: string | null };
  orders: {
    /** An unpaid order holds its units this long, then expires. */
    unpaidHoldMinutes: number;
    maxUnpaidOrders: number;
    /** Unpaid orders an account whose e-mail is not verified may hold at once. */
    maxUnpaidOrdersUnverified: number;
    /** Units of one variant an account's unpaid orders may hold together. */
    maxHeldUnitsPerVariant: number;
    /** How often each process looks for expired holds. */
    expirySweepSeconds: number;
  };
  database: PoolSettings;
  /** Background work on pg-boss (jobs/job-queue.ts). */
  jobs: {
    /** How often each worker asks for new jobs (pg-boss allows 0.5 and more). */
    pollSeconds: number;
    /** A recurring job that fails runs again after this, then twice as long each time, never later than its period. */
    scheduledRetrySeconds: number;
  };
  /** Committed domain events (events/outbox.ts). */
  events: {
    /** Events older than this are deleted, delivered or not. */
    retentionDays: number;
  };
  /** Uploaded images go to this S3-compatible bucket when set; otherwise to `<dataDir>/uploads`. */
  s3: S3Settings | null;
  backups: BackupSettings;
  uploads: UploadSettings;
  /** Abuse limits, shared through Redis when `REDIS_URL` is set. */
  rateLimits: RateLimitSettings;
  /** `IDEMPOTENCY_KEYS_PER_HOUR`: new idempotency keys one caller may use for one operation in any hour. */
  idempotencyKeysPerHour: number;
  /** Anonymous public reads answered from memory until a write; checked against Redis when `REDIS_URL` is set. */
  readCache: ReadCacheSettings;
  /** Integrators' webhooks (modules/integrations). */
  webhooks: {
    /** Seconds before a failed delivery's first retry; each later one waits about twice as long, for 24 hours in all. */
    retryDelaySeconds: number;
    /** Production: endpoints must be https and resolve only to public addresses (no SSRF). */
    publicHttpsOnly: boolean;
    /** Deliveries each process makes at once; one endpoint never has more than one of them. */
    concurrency: number;
    /** An endpoint whose attempts failed this many times in a row is paused as failing until an admin resumes it. */
    pauseAfterFailures: number;
  };
  /** Always on in development; settings in production. */
  graphql: { introspection: boolean; fieldSuggestions: boolean };
  seedDemo: boolean;
  /** Express's `trust proxy`: the peers (names, addresses, subnets) whose X-Forwarded-For names the client. */
  trustProxy: string[];
  /** `/metrics` answers only with `Authorization: Bearer <token>`; off (404) without a token. */
  metricsToken: string | null;
  /** After SIGTERM, how long `/readyz` answers 503 while requests are still served, before the listener closes. */
  drainDelayMs: number;
  /** Order e-mails (modules/notifications); null when they are off. */
  mail: MailSettings | null;
  demoAccounts: { admin: DemoAccount; customer: DemoAccount };
  shop: ShopSettings;
  /** Selling blades: age checks, their evidence, the default minimum age (modules/compliance). */
  ageChecks: AgeCheckSettings;
}

/** The age-check providers Keen has (modules/compliance): a real provider's adapter adds its name here. */
export const AGE_VERIFICATION_PROVIDERS = ['test', 'declared'] as const;
export type AgeVerificationProvider = (typeof AGE_VERIFICATION_PROVIDERS)[number];

/** How customers prove their age before buying an age-restricted product, and how long the proof is kept. */
export interface AgeCheckSettings {
  /** `AGE_VERIFICATION`: `test` (offline, development only) or `declared` (date of birth and a signed declaration). */
  provider: AgeVerificationProvider;
  /** `AGE_CHECK_VALID_DAYS`: a passed check is reused for later orders this long. */
  validDays: number;
  /** `AGE_EVIDENCE_RETENTION_YEARS`: evidence of checks and shipping decisions older than this is pruned. */
  retentionYears: number;
  /** `BLADE_MINIMUM_AGE`: the buyer's minimum age where no country rule or product sets another. */
  defaultMinimumAge: number;
}

/** Who the shop is and how it charges: every amount is in `currency`'s minor units. */
export interface ShopSettings {
  /** In subjects, signatures and the storefront's title (`SHOP_NAME`). */
  name: string;
  /** ISO 4217 (`SHOP_CURRENCY`, default USD): what prices are in and payments charge. */
  currency: string;
  /** ISO 3166-1 alpha-2 (`SHOP_COUNTRY`, default US): where the shop is, the address form's first country. */
  country: string;
  /** BCP 47 (`SHOP_LOCALE`, default en-US): how amounts are written. */
  locale: string;
  /** `PRICES_INCLUDE_TAX=true`: the prices admins enter already hold the tax (as in the UK and EU). */
  pricesIncludeTax: boolean;
  /** `TAX_SHIPPING=true`: shipping is taxed at the destination zone's standard rate. */
  taxShipping: boolean;
}

/** Order e-mails to customers and staff, sent over SMTP from the job queue. */
export interface MailSettings {
  /** smtp:// or smtps:// URL of the mail server, credentials included. */
  smtpUrl: string;
  /** The From header, e.g. `Keen <shop@example.com>`. */
  from: string;
  /** In subjects and signatures. */
  shopName: string;
  /** Where the shop is reached in a browser: the base of links in mails. */
  shopUrl: string;
  /** How amounts are written (SHOP_LOCALE). */
  locale: string;
  /** Told about paid orders and low stock; empty: every admin at send time. */
  staffEmails: string[];
  /** A product whose stock falls below this after an order is reported to staff. */
  lowStockBelow: number;
  /** Seconds before a mail that could not be sent is tried again; each later retry waits about twice as long. */
  retryDelaySeconds: number;
}

/** Backups of the database (modules/backups): where `npm run admin -- backup` and the daily job write them. */
export interface BackupSettings {
  /** `BACKUPS=on`: the job queue backs up once a day (in one process) and prunes; off unless set. */
  daily: boolean;
  /** Backups younger than this are kept; older ones are pruned after each daily backup (the newest always stays). */
  keepDays: number;
  /** `BACKUP_BUCKET`: backups go to this bucket, under `backups/`, with the S3_ endpoint and keys; otherwise to `dir`. */
  bucket: S3Settings | null;
  /** The folder backups go to without a bucket (`BACKUP_DIR`, default `<dataDir>/backups`). */
  dir: string;
  /**
   * `BACKUP_ENCRYPTION_KEY` (a secret, never logged): backups are encrypted with it (AES-256-GCM,
   * modules/backups/encryption.ts) and restores decrypt with it; null: backups are written unencrypted.
   */
  encryptionKey: string | null;
}

/** What one process spends on image uploads: each decode holds one of libuv's threads and up to ~120 MB meanwhile. */
export interface UploadSettings {
  /** Images decoded at once in this process; later uploads wait in line. */
  decodeConcurrency: number;
  /** An upload that has waited this long for a decode is refused (503 with Retry-After). */
  decodeWaitMs: number;
  /** Larger images are refused from their header, before any pixel is decoded. */
  maxMegapixels: number;
}

export const DEFAULT_UPLOAD_SETTINGS: UploadSettings = { decodeConcurrency: 2, decodeWaitMs: 10_000, maxMegapixels: 24 };

/** Guards on every database connection, so one stuck request cannot hold the pool. */
export interface PoolSettings {
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  /** How long a request waits for a free connection before failing. */
  connectionTimeoutMs: number;
}

export const DEFAULT_POOL_SETTINGS: PoolSettings = {
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
  connectionTimeoutMs: 10_000,
};

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
}

export class ConfigError extends Error {
  constructor(setting: string, problem: string) {
    super(`Setting ${setting}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const repoRoot = path.resolve(__dirname, '..', '..');

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `expected a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** A positive number, fractions allowed (tests hold orders for seconds). */
function decimal(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value < min || value > max)
    throw new ConfigError(name, `expected a number from ${min} to ${max}, got "${raw}"`);
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

/**
 * The settings that hold a secret (or a URL with credentials in it). Each may instead be read from
 * the file named by `<NAME>_FILE` (Docker secrets are files under /run/secrets: `docker inspect`
 * shows a container's environment, never its secrets).
 */
export const SECRET_SETTINGS = [
  'DATABASE_URL',
  'REDIS_URL',
  'FIREBASE_SERVICE_ACCOUNT',
  'ACCESS_TOKEN_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
  'SMTP_URL',
  'BACKUP_ENCRYPTION_KEY',
] as const;

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

function serviceAccount(env: Env): Record<string, string> | null {
  const raw = text(env, 'FIREBASE_SERVICE_ACCOUNT');
  if (raw === null) return null;
  const inline = raw.startsWith('{');
  let json: string;
  try {
    json = inline ? raw : readFileSync(raw, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError('FIREBASE_SERVICE_ACCOUNT', `expected service-account JSON or a path to it (cannot read "${raw}": ${reason})`);
  }
  try {
    return JSON.parse(json);
  } catch {
    // JSON.parse's message quotes the text it read: part of the private key.
    throw new ConfigError(
      'FIREBASE_SERVICE_ACCOUNT',
      `expected service-account JSON or a path to it (${inline ? 'the value' : `"${raw}"`} is not valid JSON)`,
    );
  }
}

function s3Settings(env: Env): S3Settings | null {
  const names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const given = names.filter((name) => text(env, name) !== null);
  if (given.length === 0) return null;
  const missing = names.find((name) => text(env, name) === null);
  if (missing) throw new ConfigError(missing, `is required with ${given.join(', ')}: set all four S3 settings or none`);
  const endpoint = text(env, 'S3_ENDPOINT')!;
  if (!/^https?:\/\//.test(endpoint)) throw new ConfigError('S3_ENDPOINT', 'expected an http:// or https:// URL');
  const publicUrl = text(env, 'S3_PUBLIC_URL');
  if (publicUrl !== null && !/^https?:\/\//.test(publicUrl)) throw new ConfigError('S3_PUBLIC_URL', 'expected an http:// or https:// URL');
  return {
    endpoint,
    bucket: text(env, 'S3_BUCKET')!,
    region: text(env, 'S3_REGION') ?? 'us-east-1',
    accessKeyId: text(env, 'S3_ACCESS_KEY_ID')!,
    secretAccessKey: text(env, 'S3_SECRET_ACCESS_KEY')!,
    publicUrl,
  };
}

/** The fewest characters `BACKUP_ENCRYPTION_KEY` may have. */
export const MIN_BACKUP_KEY_LENGTH = 32;

function backupSettings(env: Env, dataDir: string): BackupSettings {
  const backups = text(env, 'BACKUPS')?.toLowerCase() ?? 'off';
  if (!['on', 'off'].includes(backups)) throw new ConfigError('BACKUPS', `expected on or off, got "${backups}"`);
  const bucket = text(env, 'BACKUP_BUCKET');
  const s3 = bucket === null ? null : s3Settings(env);
  if (bucket !== null && s3 === null)
    throw new ConfigError(
      'BACKUP_BUCKET',
      'needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: backups use the same endpoint and keys',
    );
  // The image bucket may be public (S3_PUBLIC_URL, a CDN): backups beside the images would be too.
  if (bucket !== null && s3 !== null && bucket === s3.bucket)
    throw new ConfigError('BACKUP_BUCKET', 'must not be the image bucket S3_BUCKET: backups need a private bucket of their own');
  const encryptionKey = text(env, 'BACKUP_ENCRYPTION_KEY');
  // The message never quotes the key.
  if (encryptionKey !== null && encryptionKey.length < MIN_BACKUP_KEY_LENGTH)
    throw new ConfigError(
      'BACKUP_ENCRYPTION_KEY',
      `must be at least ${MIN_BACKUP_KEY_LENGTH} characters (a random one: openssl rand -base64 32)`,
    );
  return {
    daily: backups === 'on',
    keepDays: integer(env, 'BACKUP_KEEP_DAYS', 14, 1, 3650),
    bucket: s3 && bucket ? { ...s3, bucket, publicUrl: null } : null,
    dir: path.resolve(text(env, 'BACKUP_DIR') ?? path.join(dataDir, 'backups')),
    encryptionKey,
  };
}

function dataDirOf(env: Env): string {
  return path.resolve(text(env, 'DATA_DIR') ?? path.join(repoRoot, '.data'));
}

/**
 * The settings of backups and of where images are, alone, for `npm run admin -- backup|restore`,
 * which needs neither Firebase nor Stripe: checked as `loadConfig` checks them.
 */
export function loadBackupConfig(given: Env = process.env): Pick<Config, 'backups' | 's3' | 'dataDir'> {
  const env = withSecretFiles(given);
  const dataDir = dataDirOf(env);
  return { backups: backupSettings(env, dataDir), s3: s3Settings(env), dataDir };
}

/**
 * Mails are on unless `EMAILS=off` (never `MAIL`: login shells set it to the mailbox path). Production
 * needs a real server and sender; elsewhere they default to the local catcher `npm start` runs.
 * Tests send none unless they give an `SMTP_URL`.
 */
function mailSettings(env: Env, nodeEnv: Config['env'], shopUrl: string): MailSettings | null {
  const emails = text(env, 'EMAILS')?.toLowerCase() ?? null;
  if (emails !== null && !['on', 'off'].includes(emails)) throw new ConfigError('EMAILS', `expected on or off, got "${emails}"`);
  const smtpUrl = text(env, 'SMTP_URL');
  if (emails === 'off' || (nodeEnv === 'test' && smtpUrl === null)) return null;
  if (smtpUrl !== null && !/^smtps?:\/\/[^/]/.test(smtpUrl)) throw new ConfigError('SMTP_URL', 'expected an smtp:// or smtps:// URL');
  const from = text(env, 'MAIL_FROM');
  if (nodeEnv === 'production') {
    const reason = 'is required in production for order e-mails (or set EMAILS=off)';
    if (smtpUrl === null) throw new ConfigError('SMTP_URL', reason);
    if (from === null) throw new ConfigError('MAIL_FROM', reason);
  }
  const staffEmails = (text(env, 'STAFF_NOTIFY_EMAILS') ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  const badStaff = staffEmails.find((email) => !/^[^@\s]+@[^@\s]+$/.test(email));
  if (badStaff !== undefined)
    throw new ConfigError('STAFF_NOTIFY_EMAILS', `expected e-mail addresses separated by commas, got "${badStaff}"`);
  const shopName = shopNameOf(env);
  return {
    smtpUrl: smtpUrl ?? 'smtp://127.0.0.1:1025',
    from: from ?? `${shopName} <shop@localhost>`,
    shopName,
    locale: shopSettings(env).locale,
    shopUrl,
    staffEmails,
    lowStockBelow: integer(env, 'LOW_STOCK_BELOW', 3, 0, 1_000_000),
    retryDelaySeconds: integer(env, 'MAIL_RETRY_DELAY_SECONDS', 30, 1, 3600),
  };
}

const shopNameOf = (env: Env) => text(env, 'SHOP_NAME') ?? 'Keen';

/** `SHOP_URL` without its trailing slash; production needs it (a canonical link to localhost would send search engines nowhere). */
function shopUrlOf(env: Env, production: boolean, port: number): string {
  const given = text(env, 'SHOP_URL');
  if (production && given === null)
    throw new ConfigError('SHOP_URL', 'is required in production: canonical links, the sitemap and links in order e-mails lead there');
  const shopUrl = given ?? `http://localhost:${port || 4000}`;
  if (!/^https?:\/\/[^/]/.test(shopUrl)) throw new ConfigError('SHOP_URL', 'expected an http:// or https:// URL');
  return shopUrl.replace(/\/+$/, '');
}

/**
 * Outside production the offline test provider is the default; production must choose (`test` is
 * refused there, as the offline payment provider is), so no shop sells blades on test age checks.
 */
function ageCheckSettings(env: Env, production: boolean): AgeCheckSettings {
  const raw = text(env, 'AGE_VERIFICATION')?.toLowerCase() ?? null;
  if (raw !== null && !(AGE_VERIFICATION_PROVIDERS as readonly string[]).includes(raw))
    throw new ConfigError('AGE_VERIFICATION', `expected ${AGE_VERIFICATION_PROVIDERS.join(' or ')}, got "${raw}"`);
  if (production && raw === null)
    throw new ConfigError(
      'AGE_VERIFICATION',
      'is required in production: choose how customers prove their age before buying blades (declared: a date of birth and a signed declaration)',
    );
  if (production && raw === 'test')
    throw new ConfigError('AGE_VERIFICATION', 'test is refused in production: the offline test age checks are for development only');
  return {
    provider: (raw ?? 'test') as AgeVerificationProvider,
    validDays: integer(env, 'AGE_CHECK_VALID_DAYS', 365, 1, 3650),
    retentionYears: integer(env, 'AGE_EVIDENCE_RETENTION_YEARS', 6, 1, 50),
    defaultMinimumAge: integer(env, 'BLADE_MINIMUM_AGE', 18, MINIMUM_AGE.min, MINIMUM_AGE.max),
  };
}

function shopSettings(env: Env): ShopSettings {
  const currency = (text(env, 'SHOP_CURRENCY') ?? 'USD').toUpperCase();
  if (!isCurrencyCode(currency))
    throw new ConfigError('SHOP_CURRENCY', `expected an ISO 4217 currency code such as USD or EUR, got "${currency}"`);
  const country = (text(env, 'SHOP_COUNTRY') ?? 'US').toUpperCase();
  if (!isCountryCode(country))
    throw new ConfigError('SHOP_COUNTRY', `expected an ISO 3166-1 alpha-2 country code such as US or GB, got "${country}"`);
  const locale = text(env, 'SHOP_LOCALE') ?? 'en-US';
  if (!Intl.NumberFormat.supportedLocalesOf([locale]).length)
    throw new ConfigError('SHOP_LOCALE', `expected a locale such as en-US or de-DE, got "${locale}"`);
  return {
    name: shopNameOf(env),
    currency,
    country,
    locale,
    pricesIncludeTax: flag(env, 'PRICES_INCLUDE_TAX', false),
    taxShipping: flag(env, 'TAX_SHIPPING', false),
  };
}

export function loadConfig(given: Env = process.env): Config {
  const env = withSecretFiles(given);
  const nodeEnv = text(env, 'NODE_ENV') ?? 'development';
  if (nodeEnv !== 'development' && nodeEnv !== 'production' && nodeEnv !== 'test') {
    throw new ConfigError('NODE_ENV', `expected development, production or test, got "${nodeEnv}"`);
  }
  const production = nodeEnv === 'production';

  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'expected a postgres:// URL');
  }
  if (production && databaseUrl === null) {
    throw new ConfigError('DATABASE_URL', 'is required in production: the embedded PostgreSQL is for development only');
  }

  const emulatorHost = text(env, 'FIREBASE_AUTH_EMULATOR_HOST');
  if (production && emulatorHost !== null) {
    throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST', 'must not be set in production: the emulator accepts unsigned tokens');
  }
  const account = serviceAccount(env);
  const projectId = text(env, 'FIREBASE_PROJECT_ID') ?? account?.project_id ?? 'demo-keen';
  if (emulatorHost === null && account === null && text(env, 'GOOGLE_APPLICATION_CREDENTIALS') === null) {
    throw new ConfigError(
      'FIREBASE_AUTH_EMULATOR_HOST',
      'set it to use the Auth Emulator (npm start does this for you), or set FIREBASE_SERVICE_ACCOUNT for a real Firebase project',
    );
  }
  const webApiKey = text(env, 'FIREBASE_WEB_API_KEY');
  if (emulatorHost === null && webApiKey === null) {
    throw new ConfigError('FIREBASE_WEB_API_KEY', "is required with a real Firebase project: the browser needs the project's web API key");
  }

  const secret = text(env, 'ACCESS_TOKEN_SECRET');
  if (production && (secret === null || secret.length < 32)) {
    throw new ConfigError('ACCESS_TOKEN_SECRET', 'is required in production and must be at least 32 characters');
  }

  const stripeSecret = text(env, 'STRIPE_SECRET_KEY');
  const stripePublishable = text(env, 'STRIPE_PUBLISHABLE_KEY');
  if ((stripeSecret === null) !== (stripePublishable === null)) {
    throw new ConfigError(stripeSecret ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY', 'set both Stripe keys or neither');
  }

  if (production && stripeSecret === null) {
    throw new ConfigError('STRIPE_SECRET_KEY', 'is required in production: the offline test payment provider is for development only');
  }
  const stripeWebhookSecret = text(env, 'STRIPE_WEBHOOK_SECRET');
  if (production && stripeWebhookSecret === null) {
    throw new ConfigError(
      'STRIPE_WEBHOOK_SECRET',
      "is required in production: refunds, disputes and payments whose confirmation never came back arrive only by Stripe's webhook",
    );
  }
  const stripeApiUrl = text(env, 'STRIPE_API_URL');
  if (stripeApiUrl !== null && !/^https?:\/\//.test(stripeApiUrl))
    throw new ConfigError('STRIPE_API_URL', 'expected an http:// or https:// URL');

  const redisUrl = text(env, 'REDIS_URL');
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL', 'expected a redis:// or rediss:// URL');

  const adminEmails = (text(env, 'ADMIN_EMAILS') ?? (production ? '' : 'admin@keen.test'))
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);

  const trustProxy = (text(env, 'TRUST_PROXY') ?? 'loopback')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const badProxy = trustProxy.find(
    (entry) => !['loopback', 'linklocal', 'uniquelocal'].includes(entry) && !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry),
  );
  if (badProxy !== undefined)
    throw new ConfigError(
      'TRUST_PROXY',
      `expected loopback, linklocal, uniquelocal, addresses or subnets separated by commas, got "${badProxy}"`,
    );

  const metricsToken = text(env, 'METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < 16) throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters');

  const port = integer(env, 'PORT', 4000, 0, 65535);
  const shopUrl = shopUrlOf(env, production, port);
  const mail = mailSettings(env, nodeEnv, shopUrl);

  return {
    env: nodeEnv,
    port,
    logLevel: text(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    dataDir: dataDirOf(env),
    clientDir: path.resolve(text(env, 'CLIENT_DIR') ?? path.join(repoRoot, 'frontend', 'dist')),
    shopUrl,
    databaseUrl,
    embeddedPostgresPort: integer(env, 'EMBEDDED_POSTGRES_PORT', 54329, 1024, 65535),
    firebase: {
      projectId,
      emulatorHost,
      serviceAccount: account,
      webApiKey: webApiKey ?? 'demo-api-key',
      authDomain: text(env, 'FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
    },
    adminEmails,
    // Without a setting, tokens last until the process restarts: fine for development.
    accessTokenSecret: secret ?? randomBytes(32).toString('hex'),
    stripe: { secretKey: stripeSecret, publishableKey: stripePublishable, webhookSecret: stripeWebhookSecret, apiUrl: stripeApiUrl },
    orders: {
      unpaidHoldMinutes: decimal(env, 'UNPAID_ORDER_HOLD_MINUTES', 30, 0.01, 10_080),
      maxUnpaidOrders: integer(env, 'MAX_UNPAID_ORDERS', 5, 1, 1000),
      maxUnpaidOrdersUnverified: integer(env, 'MAX_UNPAID_ORDERS_UNVERIFIED', 1, 1, 1000),
      maxHeldUnitsPerVariant: integer(env, 'MAX_HELD_UNITS_PER_PRODUCT', 10, 1, 2_147_483_647),
      expirySweepSeconds: decimal(env, 'ORDER_EXPIRY_SWEEP_SECONDS', 60, 0.1, 3600),
    },
    database: {
      statementTimeoutMs: integer(env, 'DB_STATEMENT_TIMEOUT_MS', DEFAULT_POOL_SETTINGS.statementTimeoutMs, 100, 3_600_000),
      idleInTransactionTimeoutMs: integer(
        env,
        'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
        DEFAULT_POOL_SETTINGS.idleInTransactionTimeoutMs,
        100,
        3_600_000,
      ),
      connectionTimeoutMs: integer(env, 'DB_CONNECTION_TIMEOUT_MS', DEFAULT_POOL_SETTINGS.connectionTimeoutMs, 100, 600_000),
    },
    jobs: {
      pollSeconds: decimal(env, 'JOB_POLL_SECONDS', 2, 0.5, 60),
      scheduledRetrySeconds: decimal(env, 'SCHEDULED_JOB_RETRY_SECONDS', 10, 0.5, 3600),
    },
    events: { retentionDays: integer(env, 'EVENT_RETENTION_DAYS', 7, 1, 3650) },
    s3: s3Settings(env),
    backups: backupSettings(env, dataDirOf(env)),
    uploads: {
      decodeConcurrency: integer(env, 'UPLOAD_DECODE_CONCURRENCY', DEFAULT_UPLOAD_SETTINGS.decodeConcurrency, 1, 64),
      decodeWaitMs: decimal(env, 'UPLOAD_DECODE_WAIT_SECONDS', DEFAULT_UPLOAD_SETTINGS.decodeWaitMs / 1000, 0.1, 600) * 1000,
      maxMegapixels: decimal(env, 'UPLOAD_MAX_MEGAPIXELS', DEFAULT_UPLOAD_SETTINGS.maxMegapixels, 0.1, 268),
    },
    rateLimits: {
      // Per-user limits protect the shop by default; test runs that need more raise them.
      allowances: {
        failedSignIn: { points: integer(env, 'RATE_LIMIT_FAILED_SIGN_INS', 20, 1, 100_000), seconds: 60 },
        placeOrder: { points: integer(env, 'RATE_LIMIT_ORDERS', 10, 1, 100_000), seconds: 60 },
        addReview: { points: integer(env, 'RATE_LIMIT_REVIEWS', 5, 1, 100_000), seconds: 60 },
        upload: { points: integer(env, 'RATE_LIMIT_UPLOADS', 20, 1, 100_000), seconds: 3600 },
        uploadBytes: { points: integer(env, 'RATE_LIMIT_UPLOAD_MB', 50, 1, 100_000) * 1024 * 1024, seconds: 86_400 },
        apiKey: { points: integer(env, 'RATE_LIMIT_API_KEY', 600, 1, 1_000_000), seconds: 60 },
        ageCheck: { points: integer(env, 'RATE_LIMIT_AGE_CHECKS', 5, 1, 100_000), seconds: 3600 },
        paymentIntent: { points: integer(env, 'RATE_LIMIT_PAYMENT_INTENTS', 10, 1, 100_000), seconds: 60 },
      },
      redisUrl,
    },
    idempotencyKeysPerHour: integer(env, 'IDEMPOTENCY_KEYS_PER_HOUR', 20, 1, 100_000),
    readCache: {
      enabled: flag(env, 'READ_CACHE', true),
      redisUrl,
      maxBytes: integer(env, 'READ_CACHE_MAX_MB', 32, 1, 16_384) * 1024 * 1024,
      maxAnswerBytes: integer(env, 'READ_CACHE_MAX_ANSWER_KB', 1024, 1, 1_048_576) * 1024,
      maxAgeMs: integer(env, 'READ_CACHE_MAX_AGE_SECONDS', 60, 1, 86_400) * 1000,
    },
    webhooks: {
      retryDelaySeconds: integer(env, 'WEBHOOK_RETRY_DELAY_SECONDS', 60, 1, 3600),
      publicHttpsOnly: production,
      concurrency: integer(env, 'WEBHOOK_CONCURRENCY', 8, 1, 100),
      pauseAfterFailures: integer(env, 'WEBHOOK_PAUSE_AFTER_FAILURES', 20, 1, 100_000),
    },
    graphql: {
      introspection: production ? flag(env, 'GRAPHQL_INTROSPECTION', true) : true,
      // Suggestions ("Did you mean ...?") map the schema for an attacker.
      fieldSuggestions: production ? flag(env, 'GRAPHQL_FIELD_SUGGESTIONS', false) : true,
    },
    seedDemo: flag(env, 'SEED_DEMO', !production),
    trustProxy,
    metricsToken,
    // Long enough for a load balancer's health check to see 503 and stop sending new requests.
    drainDelayMs: integer(env, 'DRAIN_DELAY_SECONDS', production ? 5 : 0, 0, 120) * 1000,
    mail,
    shop: shopSettings(env),
    ageChecks: ageCheckSettings(env, production),
    demoAccounts: {
      admin: { email: 'admin@keen.test', password: 'keen-admin-1', name: 'Ada Steel' },
      customer: { email: 'customer@keen.test', password: 'keen-customer-1', name: 'Casey Blade' },
    },
  };
}

/**
 * One line for `npm start` outside production: what development mode switches on that a real shop
 * must not have, and the setting that turns production on. Null in production.
 */
export function developmentNotice(config: Config): string | null {
  if (config.env === 'production') return null;
  const parts = [
    config.stripe.secretKey === null ? 'the offline test payment provider' : null,
    config.ageChecks.provider === 'test' ? 'the offline test age checks' : null,
    config.seedDemo ? `the demo admin ${config.demoAccounts.admin.email}` : null,
    config.firebase.emulatorHost ? 'the Auth Emulator' : null,
  ].filter((part): part is string => part !== null);
  const uses = parts.length ? ` (${parts.join(', ')})` : '';
  return `${config.env === 'test' ? 'Test' : 'Development'} mode${uses}: NODE_ENV=production turns production on.`;
}

/**
 * Warnings for the log at start: settings a production shop runs with but should not. Each names
 * the setting to change; none quotes a secret.
 */
export function startupWarnings(config: Config): string[] {
  if (config.env !== 'production') return [];
  const warnings: string[] = [];
  if (config.backups.daily && config.backups.encryptionKey === null)
    warnings.push(
      'Backups are on (BACKUPS=on) but unencrypted: set BACKUP_ENCRYPTION_KEY (or BACKUP_ENCRYPTION_KEY_FILE) to encrypt them, and keep the key somewhere other than the backups',
    );
  return warnings;
}
