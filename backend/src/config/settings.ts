import { isCurrencyCode, isTimeZone, MINIMUM_AGE } from '@keen/rules';
import { isCountryCode } from '@keen/rules/address';
import { z } from 'zod';
import { atLeast, code, decimal, flag, list, oneOf, serviceAccountJson, setting, settingDocs, text, url, whole } from './kinds';
import { AGE_VERIFICATION_PROVIDERS, DEFAULT_POOL_SETTINGS, DEFAULT_UPLOAD_SETTINGS, MIN_BACKUP_KEY_LENGTH } from './types';

// Every setting Keen reads, once: its kind (how it is checked, its default), and its row in
// docs/settings.md, whose tables `npm run docs:settings -w backend` writes from these entries
// (test/platform/settings-doc.test.ts holds them equal, and `.env.example` naming each).
// A new setting is one entry here, in its group, then read in load.ts.

const HTTP_URL = 'expected an http:// or https:// URL';
const DOCUMENT_PREFIX = 'letters, digits and dashes (at most 20, starting with a letter or digit)';
const isDocumentPrefix = (prefix: string) => /^[A-Z0-9][A-Z0-9-]{0,19}$/.test(prefix);

export const settingsSchema = z.object({
  // The process
  NODE_ENV: setting(oneOf(['development', 'production', 'test'], { anyCase: false, fallback: 'development' }), {
    group: 'process',
    default: '`development`',
    description:
      '`production` refuses the embedded database, the Auth Emulator, the offline payment provider and the offline test age checks; outside production `npm start` prints one line saying which development stand-ins are on',
  }),
  PORT: setting(whole(0, 65535, 4000), { group: 'process', default: '`4000`', description: 'HTTP port' }),
  LOG_LEVEL: setting(text(), { group: 'process', default: '`info`', description: 'pino level (`silent` in tests)' }),
  DATA_DIR: setting(text(), {
    group: 'process',
    default: '`./.data`',
    description: 'embedded database, emulator accounts, uploaded images',
  }),
  CLIENT_DIR: setting(text(), { group: 'process', default: '`frontend/dist`', description: 'the built client to serve' }),
  SEED_DEMO: setting(flag(), {
    group: 'process',
    default: 'on outside production',
    description: 'seed the demo catalogue into an empty shop, create the demo accounts',
  }),
  DRAIN_DELAY_SECONDS: setting(whole(0, 120), {
    group: 'process',
    default: '`5` in production, `0` otherwise',
    description: 'after SIGTERM, how long `/readyz` answers 503 while requests are still served, before the listener closes (0 to 120)',
  }),
  TRUST_PROXY: setting(
    list({
      lowerCase: false,
      valid: (entry) => ['loopback', 'linklocal', 'uniquelocal'].includes(entry) || /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry),
      expected: 'loopback, linklocal, uniquelocal, addresses or subnets separated by commas',
    }),
    {
      group: 'process',
      default: '`loopback`',
      description:
        'peers whose `X-Forwarded-For` names the client (express `trust proxy`: `loopback`, `linklocal`, `uniquelocal`, addresses, subnets)',
    },
  ),
  METRICS_TOKEN: setting(atLeast(16, 'must be at least 16 characters'), {
    group: 'process',
    default: 'none: `/metrics` answers 404',
    description:
      '16+ characters; `/metrics` then answers Prometheus text to `Authorization: Bearer <METRICS_TOKEN>` and 401 to anyone else',
    secret: true,
  }),

  // Database
  DATABASE_URL: setting(url(/^postgres(ql)?:\/\//, 'expected a postgres:// URL'), {
    group: 'database',
    default: 'embedded',
    description:
      'PostgreSQL server URL; required in production. On the same machine as the server, its Unix socket (the folder, URL-encoded, as the host: `postgres://keen:secret@%2Fvar%2Frun%2Fpostgresql/keen`) costs both processes less CPU per statement than TCP',
    secret: true,
  }),
  EMBEDDED_POSTGRES_PORT: setting(whole(1024, 65535, 54329), {
    group: 'database',
    default: '`54329`',
    description:
      'port of the embedded PostgreSQL (Keen itself reaches it through a Unix socket in its folder; the port stays open for other clients)',
  }),
  DB_STATEMENT_TIMEOUT_MS: setting(whole(100, 3_600_000, DEFAULT_POOL_SETTINGS.statementTimeoutMs), {
    group: 'database',
    default: '`15000`',
    description: 'a database statement running longer is stopped',
  }),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: setting(whole(100, 3_600_000, DEFAULT_POOL_SETTINGS.idleInTransactionTimeoutMs), {
    group: 'database',
    default: '`30000`',
    description: 'a transaction left idle this long is ended by PostgreSQL',
  }),
  DB_CONNECTION_TIMEOUT_MS: setting(whole(100, 600_000, DEFAULT_POOL_SETTINGS.connectionTimeoutMs), {
    group: 'database',
    default: '`10000`',
    description: 'a request waiting this long for a free pooled connection fails',
  }),

  // Orders, jobs and events
  UNPAID_ORDER_HOLD_MINUTES: setting(decimal(0.01, 10_080, 30), {
    group: 'orders',
    default: '`30`',
    description: 'an unpaid order holds its units this long, then becomes Expired and they return to stock (fractions allowed)',
  }),
  ORDER_EXPIRY_SWEEP_SECONDS: setting(decimal(0.1, 3600, 60), {
    group: 'orders',
    default: '`60`',
    description: 'how often the expiry job looks for expired holds (one process at a time; at most as often as `JOB_POLL_SECONDS`)',
  }),
  DELIVERED_AFTER_DAYS: setting(whole(1, 365, 14), {
    group: 'orders',
    default: '`14`',
    description:
      'a shipped order nobody marked delivered (an admin, or a carrier through an `orders:write` key) is taken as delivered this many days after shipping (an hourly job); its return window starts then',
  }),
  RETURN_DAYS: setting(whole(1, 365, 30), {
    group: 'orders',
    default: '`30`',
    description: 'a customer may ask to return units of a delivered order for this many days after its delivery',
  }),
  PROOF_MAX_ROUNDS: setting(whole(1, 20, 3), {
    group: 'orders',
    default: '`3`',
    description: 'the most proof rounds staff may send for one engraved line (issue 52): the first proof and each after a change asked for',
  }),
  PROOF_REMINDER_DAYS: setting(whole(1, 365, 5), {
    group: 'orders',
    default: '`5`',
    description: 'an engraving proof the customer has not answered this many days after it was sent gets one reminder mail (an hourly job)',
  }),
  PROOF_POLICY_DAYS: setting(whole(1, 365, 10), {
    group: 'orders',
    default: '`10`',
    description: 'an engraving proof still unanswered this many days after it was sent gets `PROOF_POLICY` (the order history says which)',
  }),
  PROOF_POLICY: setting(oneOf(['wait', 'proceed'], { anyCase: true, fallback: 'wait' }), {
    group: 'orders',
    default: '`wait`',
    description:
      'what happens to a proof unanswered after `PROOF_POLICY_DAYS`: `wait` keeps waiting for the customer, `proceed` approves it as ordered (answeredBy `policy`)',
  }),
  SCHEDULED_JOB_RETRY_SECONDS: setting(decimal(0.5, 3600, 10), {
    group: 'orders',
    default: '`10`',
    description:
      'a failed recurring job (expiry sweep, upload clean-up, event pruning) runs again after this long, doubled for each failure in a row, never later than its own period (0.5 to 3600)',
  }),
  JOB_POLL_SECONDS: setting(decimal(0.5, 60, 2), {
    group: 'orders',
    default: '`2`',
    description: 'how often each process asks the job queue for work (0.5 to 60)',
  }),
  EVENT_RETENTION_DAYS: setting(whole(1, 3650, 7), {
    group: 'orders',
    default: '`7`',
    description: 'committed domain events older than this are deleted from `outbox_event`',
  }),
  MAX_UNPAID_ORDERS: setting(whole(1, 1000, 5), {
    group: 'orders',
    default: '`5`',
    description: 'unpaid orders one customer may hold at once',
  }),
  MAX_UNPAID_ORDERS_UNVERIFIED: setting(whole(1, 1000, 1), {
    group: 'orders',
    default: '`1`',
    description: 'the same for a customer whose e-mail is not verified',
  }),
  UNPAID_GUEST_ORDER_HOLD_MINUTES: setting(decimal(0.01, 10_080, 10), {
    group: 'orders',
    default: '`10`',
    description: "a guest's unpaid order holds its units this long (a guest has no account to answer for a hold), then expires",
  }),
  QUOTE_HOLD_DAYS: setting(decimal(0.01, 90, 7), {
    group: 'orders',
    default: '`7`',
    description:
      'a private quote (an unpaid order staff make from a contact message, quoteFromMessage) holds its units this many days for the customer to pay, then expires',
  }),
  MAX_UNPAID_GUEST_ORDERS_PER_EMAIL: setting(whole(1, 1000, 2), {
    group: 'orders',
    default: '`2`',
    description:
      'unpaid guest orders one e-mail address may hold at once; one more is refused with a 429 and Retry-After (when the oldest hold ends)',
  }),
  MAX_UNPAID_GUEST_ORDERS_PER_ADDRESS: setting(whole(1, 1000, 5), {
    group: 'orders',
    default: '`5`',
    description: 'the same per client address (an IPv6 client by its /64), whatever the e-mail addresses given',
  }),
  MAX_HELD_UNITS_PER_PRODUCT: setting(whole(1, 2_147_483_647, 10), {
    group: 'orders',
    default: '`10`',
    description: "units of one variant one customer's unpaid orders may hold together",
  }),

  // Sign-in and staff
  FIREBASE_AUTH_EMULATOR_HOST: setting(text(), {
    group: 'sign-in',
    default: 'set by `npm start`',
    description: 'Auth Emulator address; refused in production',
  }),
  FIREBASE_PROJECT_ID: setting(text(), { group: 'sign-in', default: '`demo-keen`', description: 'Firebase project' }),
  FIREBASE_SERVICE_ACCOUNT: setting(serviceAccountJson(), {
    group: 'sign-in',
    default: 'none',
    description: "a real project's service-account JSON, or a path to it",
    secret: true,
  }),
  GOOGLE_APPLICATION_CREDENTIALS: setting(text(), {
    group: 'sign-in',
    default: 'none',
    description: "Google's own variable: the path of a real project's service-account JSON file, instead of `FIREBASE_SERVICE_ACCOUNT`",
  }),
  FIREBASE_WEB_API_KEY: setting(text(), {
    group: 'sign-in',
    default: 'emulator values',
    description: "the project's web config, handed to the browser",
  }),
  FIREBASE_AUTH_DOMAIN: setting(text(), { sameRowAs: 'FIREBASE_WEB_API_KEY' }),
  ADMIN_EMAILS: setting(list({ lowerCase: true }), {
    group: 'sign-in',
    default: '`admin@keen.test` outside production',
    description: 'comma-separated e-mails that become admins when first seen with a verified address',
  }),
  ACCESS_TOKEN_SECRET: setting(text(), {
    group: 'sign-in',
    default: 'random per start',
    description: 'signs REST access tokens; 32+ characters, required in production',
    secret: true,
  }),

  // Payments
  STRIPE_SECRET_KEY: setting(text(), {
    group: 'payments',
    default: 'none: offline test provider',
    description: 'Stripe test-mode keys',
    secret: true,
  }),
  STRIPE_PUBLISHABLE_KEY: setting(text(), { sameRowAs: 'STRIPE_SECRET_KEY', secret: true }),
  STRIPE_WEBHOOK_SECRET: setting(text(), {
    group: 'payments',
    default: 'none',
    description: 'signing secret of `/api/payments/stripe/webhook`; required in production',
    secret: true,
  }),
  STRIPE_API_URL: setting(url(/^https?:\/\//, HTTP_URL), {
    group: 'payments',
    default: "Stripe's",
    description: 'another Stripe API address, for a local stand-in in tests',
  }),

  // Selling blades
  AGE_VERIFICATION: setting(oneOf(AGE_VERIFICATION_PROVIDERS, { anyCase: true }), {
    group: 'blades',
    default: '`test` outside production; required in production',
    description:
      'how customers prove their age before buying an age-restricted product: `test` (the offline test provider, refused in production) or `declared` (a date of birth and a signed declaration)',
  }),
  AGE_CHECK_VALID_DAYS: setting(whole(1, 3650, 365), {
    group: 'blades',
    default: '`365`',
    description: 'a passed age check is reused for later orders this long (1 to 3650)',
  }),
  AGE_EVIDENCE_RETENTION_YEARS: setting(whole(1, 50, 6), {
    group: 'blades',
    default: '`6`',
    description: 'age evidence (checks, placing and shipping of age-restricted orders) older than this is pruned once a day (1 to 50)',
  }),
  BLADE_MINIMUM_AGE: setting(whole(MINIMUM_AGE.min, MINIMUM_AGE.max, 18), {
    group: 'blades',
    default: '`18`',
    description: `the buyer's minimum age where no country rule or product sets another (${MINIMUM_AGE.min} to ${MINIMUM_AGE.max})`,
  }),

  // Images
  S3_ENDPOINT: setting(url(/^https?:\/\//, HTTP_URL), {
    group: 'images',
    default: 'none: images on local disk under `DATA_DIR/uploads`',
    description: 'all four together store uploaded images in an S3-compatible bucket (path-style, objects under `uploads/`)',
  }),
  S3_BUCKET: setting(text(), { sameRowAs: 'S3_ENDPOINT' }),
  S3_ACCESS_KEY_ID: setting(text(), { sameRowAs: 'S3_ENDPOINT', secret: true }),
  S3_SECRET_ACCESS_KEY: setting(text(), { sameRowAs: 'S3_ENDPOINT', secret: true }),
  UPLOAD_MAX_MEGAPIXELS: setting(decimal(0.1, 268, DEFAULT_UPLOAD_SETTINGS.maxMegapixels), {
    group: 'images',
    default: '`24`',
    description: 'larger images are refused from their header, before decoding (0.1 to 268)',
  }),
  UPLOAD_DECODE_CONCURRENCY: setting(whole(1, 64, DEFAULT_UPLOAD_SETTINGS.decodeConcurrency), {
    group: 'images',
    default: '`2`',
    description: 'images one process decodes at once (1 to 64); later uploads wait in line',
  }),
  UPLOAD_DECODE_WAIT_SECONDS: setting(decimal(0.1, 600, DEFAULT_UPLOAD_SETTINGS.decodeWaitMs / 1000), {
    group: 'images',
    default: '`10`',
    description: 'how long an upload waits for its turn before a 503 with `Retry-After` (0.1 to 600)',
  }),
  S3_REGION: setting(text(), {
    group: 'images',
    default: "`us-east-1`, none: every Keen process serves the bucket's images at `/uploads/`",
    description: "the bucket's signing region; where browsers read the images (a CDN or public bucket URL)",
  }),
  S3_PUBLIC_URL: setting(url(/^https?:\/\//, HTTP_URL), { sameRowAs: 'S3_REGION' }),

  // Backups
  BACKUPS: setting(oneOf(['on', 'off'], { anyCase: true, fallback: 'off' }), {
    group: 'backups',
    default: '`off` (`on` in `docker-compose.yml`)',
    description: '`on`: the job queue backs the database up once a day (in one process), copies new uploaded images beside it, then prunes',
  }),
  BACKUP_BUCKET: setting(text(), {
    group: 'backups',
    default: 'none: a folder',
    description:
      'backups go to this bucket, under `backups/` (images under `images/`), with the endpoint and keys of the `S3_` settings, which it requires; a private bucket of its own: `S3_BUCKET` is refused',
  }),
  BACKUP_DIR: setting(text(), {
    group: 'backups',
    default: '`DATA_DIR/backups`',
    description: 'the folder backups go to without `BACKUP_BUCKET`; files are written `0600`, the folders Keen makes `0700`',
  }),
  // The refusal never quotes the key.
  BACKUP_ENCRYPTION_KEY: setting(
    atLeast(MIN_BACKUP_KEY_LENGTH, `must be at least ${MIN_BACKUP_KEY_LENGTH} characters (a random one: openssl rand -base64 32)`),
    {
      group: 'backups',
      default: 'none: unencrypted (production logs a warning at start with `BACKUPS=on`)',
      description: `a secret of at least ${MIN_BACKUP_KEY_LENGTH} characters (\`openssl rand -base64 32\`): backups are encrypted with it (AES-256-GCM, \`.backup.gz.enc\`) and restores decrypt with it; keep a copy apart from the backups, none can be restored without it`,
      secret: true,
    },
  ),
  BACKUP_KEEP_DAYS: setting(whole(1, 3650, 14), {
    group: 'backups',
    default: '`14`',
    description: 'backups older than this are deleted after each daily backup; the newest is always kept (1 to 3650)',
  }),

  // Abuse limits, Redis and the read cache
  RATE_LIMIT_FAILED_SIGN_INS: setting(whole(1, 100_000, 20), {
    group: 'limits',
    default: '`20`',
    description: 'refused tokens and token exchanges a minute per client address (IPv6: per /64), then `429`',
  }),
  RATE_LIMIT_ORDERS: setting(whole(1, 100_000, 10), {
    group: 'limits',
    default: '`10`, `5`',
    description: 'orders placed and reviews added a minute per signed-in user',
  }),
  RATE_LIMIT_REVIEWS: setting(whole(1, 100_000, 5), { sameRowAs: 'RATE_LIMIT_ORDERS' }),
  RATE_LIMIT_UPLOADS: setting(whole(1, 100_000, 20), {
    group: 'limits',
    default: '`20`, `50`',
    description: 'images uploaded an hour, and megabytes uploaded a day, per signed-in user',
  }),
  RATE_LIMIT_UPLOAD_MB: setting(whole(1, 100_000, 50), { sameRowAs: 'RATE_LIMIT_UPLOADS' }),
  RATE_LIMIT_API_KEY: setting(whole(1, 1_000_000, 600), {
    group: 'limits',
    default: '`600`',
    description: 'requests a minute per API key ([integrators.md](integrators.md#api-keys))',
  }),
  RATE_LIMIT_AGE_CHECKS: setting(whole(1, 100_000, 5), {
    group: 'limits',
    default: '`5`',
    description: 'age checks and documents (`verifyAge`, `submitAgeDocument`) an hour per signed-in user: a paid provider bills each',
  }),
  RATE_LIMIT_PAYMENT_INTENTS: setting(whole(1, 100_000, 10), {
    group: 'limits',
    default: '`10`',
    description: '`createPaymentIntent` calls (GraphQL and REST) a minute per signed-in user',
  }),
  RATE_LIMIT_DISCOUNT_CODES: setting(whole(1, 100_000, 10), {
    group: 'limits',
    default: '`10`',
    description:
      'discount codes checked (`shippingOptions`, `placeOrder`, `POST /api/orders` with a `discountCode`) a minute per customer, so codes cannot be guessed',
  }),
  RATE_LIMIT_MESSAGES: setting(whole(1, 100_000, 5), {
    group: 'limits',
    default: '`5`',
    description:
      'contact messages (`sendMessage`) an hour per client address (IPv6: per /64), and three times as many photos for them (`POST /api/messages/photos`)',
  }),
  RATE_LIMIT_GIFT_CARD_CODES: setting(whole(1, 100_000, 10), {
    group: 'limits',
    default: '`10`',
    description:
      'gift card codes checked a minute: `giftCardBalance` look-ups per client address, and codes given to `placeOrder` or `POST /api/orders` per customer, so codes cannot be guessed',
  }),
  IDEMPOTENCY_KEYS_PER_HOUR: setting(whole(1, 100_000, 20), {
    group: 'limits',
    default: '`20`',
    description:
      'new idempotency keys one caller may use for one operation in any hour, then `429`; a key already sent still answers ([integrators.md](integrators.md#idempotency-keys))',
  }),
  REDIS_URL: setting(url(/^rediss?:\/\//, 'expected a redis:// or rediss:// URL'), {
    group: 'limits',
    default: 'none: counted in each process',
    description: 'Redis shared by every process for the rate limits; while it is unreachable each process counts in memory',
    secret: true,
  }),
  READ_CACHE: setting(flag(true), {
    group: 'limits',
    default: 'on',
    description:
      'answer anonymous public reads (products, reviews, engraving fonts; GraphQL and REST) from memory until a write could change them; with more than one process it needs `REDIS_URL` (or set it off)',
  }),
  READ_CACHE_MAX_MB: setting(whole(1, 16_384, 32), {
    group: 'limits',
    default: '`32`, `1024`',
    description: 'the memory one process gives to kept answers (least recently used go first); an answer larger than this is never kept',
  }),
  READ_CACHE_MAX_ANSWER_KB: setting(whole(1, 1_048_576, 1024), { sameRowAs: 'READ_CACHE_MAX_MB' }),
  READ_CACHE_MAX_AGE_SECONDS: setting(whole(1, 86_400, 60), {
    group: 'limits',
    default: '`60`',
    description: 'the oldest an answer may be (a bound in case an invalidation was lost while Redis was away)',
  }),

  // The shop and its money
  SHOP_CURRENCY: setting(code('USD', isCurrencyCode, 'an ISO 4217 currency code such as USD or EUR'), {
    group: 'shop',
    default: '`USD`',
    description:
      'ISO 4217: every price, surcharge and order is in it, kept as an integer of its minor units (cents; yen for `JPY`, whose amounts have no decimals). Orders keep the currency they were placed in. Set it before the first migration runs on old data: `MoneyInMinorUnits` multiplies the whole-unit amounts of that time by its minor units',
  }),
  SHOP_COUNTRY: setting(code('US', isCountryCode, 'an ISO 3166-1 alpha-2 country code such as US or GB'), {
    group: 'shop',
    default: '`US`',
    description: 'ISO 3166-1 alpha-2: where the shop is',
  }),
  SHOP_LOCALE: setting(
    text().transform((raw, ctx) => {
      const locale = raw ?? 'en-US';
      if (Intl.NumberFormat.supportedLocalesOf([locale]).length) return locale;
      ctx.addIssue({ code: 'custom', message: `expected a locale such as en-US or de-DE, got "${locale}"` });
      return z.NEVER;
    }),
    {
      group: 'shop',
      default: '`en-US`',
      description: "how amounts are written in GraphQL's `Money.formatted`, e-mails and CSVs (`de-DE` writes 1.250,00 €)",
    },
  ),
  SHOP_TIME_ZONE: setting(
    text().transform((raw, ctx) => {
      const zone = raw ?? 'UTC';
      if (isTimeZone(zone)) return zone;
      ctx.addIssue({ code: 'custom', message: `expected an IANA time zone such as Europe/Paris or America/New_York, got "${zone}"` });
      return z.NEVER;
    }),
    {
      group: 'shop',
      default: '`UTC`',
      description:
        'IANA time zone of the workshop: "today" for lead times, promised ship dates and late orders is its calendar date, and the storefront\'s cached estimates are forgotten at its midnight',
    },
  ),
  PRICES_INCLUDE_TAX: setting(flag(false), {
    group: 'shop',
    default: "`false` (`npm start`'s demo: `true`)",
    description: '`true`: the prices admins enter already hold the tax, as UK and EU shops show them',
  }),
  TAX_SHIPPING: setting(flag(false), {
    group: 'shop',
    default: '`false`',
    description: "`true`: shipping is taxed at the destination zone's standard rate (a rate's own Tax shipping wins)",
  }),
  TAX_PROVIDER: setting(oneOf(['keen', 'stripe'], { anyCase: true, fallback: 'keen' }), {
    group: 'shop',
    default: '`keen`',
    description:
      "who computes an order's tax: `keen` (the zones' rates, by region where one is set) or `stripe` (Stripe Tax's calculations, with a tax transaction recorded at payment; needs `STRIPE_SECRET_KEY`)",
  }),
  VAT_REVERSE_CHARGE: setting(flag(false), {
    group: 'shop',
    default: '`false`',
    description:
      '`true`: an order to another EU country than `SHOP_COUNTRY` with a VAT number is charged no VAT (reverse charge), and its invoice says so',
  }),

  // Invoices and credit notes
  INVOICE_PREFIX: setting(code('KEEN', isDocumentPrefix, DOCUMENT_PREFIX), {
    group: 'shop',
    default: '`KEEN`',
    description:
      'invoice numbers are `<prefix>-<year>-<counter>` (`KEEN-2027-000123`), given at payment from a gap-free counter per prefix and year; changing it starts a new counter',
  }),
  CREDIT_NOTE_PREFIX: setting(code('KEEN-CN', isDocumentPrefix, DOCUMENT_PREFIX), {
    group: 'shop',
    default: '`KEEN-CN`',
    description: "the same for refunds' credit notes (`KEEN-CN-2027-000007`), their own counter; must differ from `INVOICE_PREFIX`",
  }),
  SELLER_NAME: setting(text(), {
    group: 'shop',
    default: '`SHOP_NAME`',
    description: 'the seller on invoices and credit notes: its legal name',
  }),
  SELLER_ADDRESS: setting(text(), {
    group: 'shop',
    default: 'none',
    description: "the seller's address on invoices and credit notes; `\\n` (a backslash and n) breaks a line",
  }),
  SELLER_VAT_NUMBER: setting(text(), {
    group: 'shop',
    default: 'none',
    description: "the seller's VAT (or sales tax) registration number on invoices and credit notes",
  }),
  RETURN_POLICY: setting(text(), {
    group: 'shop',
    default: 'a short policy saying engraved and made-to-measure knives come back only when faulty',
    description:
      "the return policy customers read before they ask for a return, and the return instructions of an approved return's mail; `\\n` breaks a line",
  }),

  // GraphQL and webhooks
  GRAPHQL_INTROSPECTION: setting(flag(true), {
    group: 'graphql',
    default: 'on',
    description: "production only (always on in development): schema introspection, used by GraphiQL and integrators' tools",
  }),
  GRAPHQL_FIELD_SUGGESTIONS: setting(flag(false), {
    group: 'graphql',
    default: 'off',
    description: 'production only (always on in development): "Did you mean ...?" in GraphQL errors',
  }),
  WEBHOOK_CONCURRENCY: setting(whole(1, 100, 8), {
    group: 'graphql',
    default: '`8`',
    description: 'webhook deliveries each process makes at once (1 to 100), at most one per endpoint',
  }),
  WEBHOOK_PAUSE_AFTER_FAILURES: setting(whole(1, 100_000, 20), {
    group: 'graphql',
    default: '`20`',
    description: 'failed attempts in a row after which an endpoint is paused as Failing',
  }),
  WEBHOOK_RETRY_DELAY_SECONDS: setting(whole(1, 3600, 60), {
    group: 'graphql',
    default: '`60`',
    description: "a failed webhook delivery's first retry waits this long; each later one about twice as long, for at least 24 hours",
  }),

  // Order e-mails. Never `MAIL`: login shells set it to the mailbox path.
  EMAILS: setting(oneOf(['on', 'off'], { anyCase: true }), {
    group: 'mail',
    default: '`on` (in tests: off unless `SMTP_URL` is set)',
    description: '`off` sends no order e-mails. Not `MAIL`: login shells set that to the mailbox path, and Keen reads it for nothing',
  }),
  SMTP_URL: setting(url(/^smtps?:\/\/[^/]/, 'expected an smtp:// or smtps:// URL'), {
    group: 'mail',
    default: "`npm start`'s mail catcher outside production",
    description: '`smtp://user:password@host:587` (or `smtps://` on 465) of the mail server; required in production unless `EMAILS=off`',
    secret: true,
  }),
  MAIL_FROM: setting(text(), {
    group: 'mail',
    default: '`Keen <shop@localhost>` outside production',
    description: 'the sender of order e-mails; required in production unless `EMAILS=off`',
  }),
  SHOP_URL: setting(url(/^https?:\/\/[^/]/, HTTP_URL), {
    group: 'mail',
    default: '`http://localhost:<PORT>`',
    description:
      "where customers open the shop: the base of the pages' canonical links and cards, `sitemap.xml` and the links in e-mails; required in production",
  }),
  SHOP_NAME: setting(text(), {
    group: 'mail',
    default: '`Keen`',
    description:
      "the shop's name in e-mail subjects and signatures, the public pages' titles and structured data, and GraphQL's `shop { name }`",
  }),
  STAFF_NOTIFY_EMAILS: setting(
    list({ lowerCase: true, valid: (email) => /^[^@\s]+@[^@\s]+$/.test(email), expected: 'e-mail addresses separated by commas' }),
    {
      group: 'mail',
      default: 'every admin, read when the mail is sent',
      description: 'comma-separated addresses told of paid orders and low stock',
    },
  ),
  LOW_STOCK_BELOW: setting(whole(0, 1_000_000, 3), {
    group: 'mail',
    default: '`3`',
    description: 'staff hear once when an order leaves a product with fewer units than this',
  }),
  MAIL_RETRY_DELAY_SECONDS: setting(whole(1, 3600, 30), {
    group: 'mail',
    default: '`30`',
    description:
      'a mail that could not be sent is tried again after this long, then about twice as long each time (8 retries), then dead-lettered',
  }),
  MAIL_CONCURRENCY: setting(whole(1, 100, 4), {
    group: 'mail',
    default: '`4`',
    description:
      'e-mails each process sends at once (1 to 100); each holds one of its 10 database connections while the mail server answers',
  }),
  MAIL_CATCHER_SMTP_PORT: setting(text(), {
    group: 'mail',
    default: '`1025`, `1080`',
    description: "`npm start`'s local mail catcher (not started when `SMTP_URL` is set or in production)",
    readBy: 'backend/scripts/start.mjs',
  }),
  MAIL_CATCHER_WEB_PORT: setting(text(), { sameRowAs: 'MAIL_CATCHER_SMTP_PORT', readBy: 'backend/scripts/start.mjs' }),

  // Tests only
  TEST_DATABASE_URL: setting(text(), {
    group: 'tests',
    default: 'embedded',
    description: 'tests only: PostgreSQL server for the backend suite',
    readBy: 'backend/test/support/global-setup.ts',
  }),
  TEST_REDIS_URL: setting(text(), {
    group: 'tests',
    default: 'none',
    description: 'tests only: Redis for the shared-store tests of the rate limits and the read cache (required when `CI=true`)',
    readBy: 'test/trust/rate-limits-redis.test.ts, test/performance/read-cache.test.ts',
  }),
});

export type SettingName = keyof typeof settingsSchema.shape;
export type Settings = z.output<typeof settingsSchema>;

/** Every setting, in the order of docs/settings.md. */
export const SETTING_NAMES = Object.keys(settingsSchema.shape) as SettingName[];

/** What docs/settings.md says of `name`. */
export function settingDoc(name: SettingName) {
  const doc = settingDocs.get(settingsSchema.shape[name]);
  if (!doc) throw new Error(`${name} has no documentation: declare it with setting()`);
  return doc;
}
