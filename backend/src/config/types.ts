// What loadConfig gives the rest of the server (load.ts maps the settings of settings.ts onto it).
import type { RateLimitSettings } from '../common/rate-limits';
import type { ReadCacheSettings } from '../common/read-cache';

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
    /** A guest's unpaid order holds its units this long. */
    unpaidGuestHoldMinutes: number;
    /** A private quote (an unpaid order made from a contact message) holds its units this many days. */
    quoteHoldDays: number;
    /** Unpaid guest orders one e-mail address may hold at once. */
    maxUnpaidGuestOrdersPerEmail: number;
    /** Unpaid guest orders one client address may hold at once. */
    maxUnpaidGuestOrdersPerAddress: number;
    /** How often each process looks for expired holds. */
    expirySweepSeconds: number;
    /** INVOICE_PREFIX: an order's invoice number is `<prefix>-<year>-<counter>`, given at payment. */
    invoicePrefix: string;
    /** DELIVERED_AFTER_DAYS: a shipped order is taken as delivered this many days after shipping. */
    deliveredAfterDays: number;
  };
  returns: ReturnSettings;
  proofs: ProofSettings;
  /** What invoices and credit notes say of the seller, and how credit notes are numbered. */
  invoices: InvoiceSettings;
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
  /** IANA (`SHOP_TIME_ZONE`, default UTC): whose calendar "today" is for lead times and late orders. */
  timeZone: string;
  /** `PRICES_INCLUDE_TAX=true`: the prices admins enter already hold the tax (as in the UK and EU). */
  pricesIncludeTax: boolean;
  /** `TAX_SHIPPING=true`: shipping is taxed at the destination zone's standard rate. */
  taxShipping: boolean;
  /** `TAX_PROVIDER` (default keen): who computes an order's tax, the zones' rates or Stripe Tax. */
  taxProvider: 'keen' | 'stripe';
  /** `VAT_REVERSE_CHARGE=true`: a business buyer in another EU country, with a VAT number, is charged no VAT. */
  vatReverseCharge: boolean;
}

/** Engraving proofs: how many rounds a line may have, when an unanswered one is reminded of, and what happens after. */
export interface ProofSettings {
  /** PROOF_MAX_ROUNDS: the most proofs staff may send for one line. */
  maxRounds: number;
  /** PROOF_REMINDER_DAYS: an open proof unanswered this long gets one reminder mail. */
  reminderDays: number;
  /** PROOF_POLICY_DAYS: an open proof unanswered this long gets the policy. */
  policyDays: number;
  /** PROOF_POLICY: wait for the customer, or proceed as ordered (approved by the system). */
  policy: 'wait' | 'proceed';
}

/** Customers' returns of delivered orders. */
export interface ReturnSettings {
  /** RETURN_DAYS: how long after delivery a return may be asked for. */
  returnDays: number;
  /** RETURN_POLICY, its paragraphs: shown before a return is asked for, and in an approved return's mail. */
  policy: string[];
}

/** The seller on invoices and credit notes, and the credit notes' prefix (the invoices' is the orders' `invoicePrefix`). */
export interface InvoiceSettings {
  /** SELLER_NAME, or the shop's name. */
  sellerName: string;
  /** SELLER_ADDRESS, its lines. */
  sellerAddress: string[];
  /** SELLER_VAT_NUMBER. */
  sellerVatNumber: string | null;
  /** CREDIT_NOTE_PREFIX. */
  creditNotePrefix: string;
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
  /** Mails each process sends at once. */
  concurrency: number;
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

/** The fewest characters `BACKUP_ENCRYPTION_KEY` may have. */
export const MIN_BACKUP_KEY_LENGTH = 32;
