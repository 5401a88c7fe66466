import 'reflect-metadata';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role } from '../src/modules/auth/role';
import { Product } from '../src/modules/catalog/product.entity';
import { User } from '../src/modules/users/user.entity';
import { BENCH_QUERIES } from './baseline';
import { accessTokensFor, BenchRun, whole } from './processes';
import { percentile } from './report';
import { seedBenchShop } from './seed';

/**
 * `npm run bench:soak`: Keen as it runs by default (read cache on) under a mixed load at a fixed
 * arrival rate: requests start on a clock whether or not earlier ones have answered (an open
 * model, as shoppers arrive), so a slow answer cannot slow the load down. The mix: 80% anonymous
 * browsing (home, product list, search, a product, reviews), 15% signed-in reads (My Orders, me,
 * the admin orders grid), 5% orders placed and paid with the offline test provider (three requests:
 * placeOrder, createPaymentIntent, confirmTestCardPayment). Every order changes stock, so it also
 * empties the read cache: the anonymous reads after it take the uncached path.
 * Goals: p99 <= 50 ms over every request, no error, and Keen's RSS at the end within 10% of its
 * RSS after the warm-up, each read after a full garbage collection (see keptRss). Exit 0 when the
 * soak ran (goals missed are reported), 1 when it broke.
 *   SOAK_RATE (150): operations started per second. SOAK_SECONDS (60), SOAK_WARMUP_SECONDS (15).
 *   BENCH_DATABASE_URL: a PostgreSQL server URL (a database is made and dropped); without it an embedded PostgreSQL.
 */

const RATE = whole('SOAK_RATE', 150);
const SECONDS = whole('SOAK_SECONDS', 60);
const WARMUP_SECONDS = whole('SOAK_WARMUP_SECONDS', 15);
const P99_GOAL_MS = 50;
const RSS_GOAL = 0.1;
const BUYERS = 20;
const repoRoot = path.resolve(__dirname, '..', '..', '..');

const bench = new BenchRun('bench-soak');

interface Sample {
  kind: string;
  ms: number;
  /** Null when the answer was a 2xx without GraphQL errors. */
  error: string | null;
}

interface Shop {
  url: string;
  productIds: string[];
  orderProductId: string;
  customerToken: string;
  adminToken: string;
  buyerTokens: string[];
}

interface GraphQLAnswer {
  data?: Record<string, { id?: string }>;
  errors?: { message: string }[];
}

async function call(
  shop: Shop,
  kind: string,
  samples: Sample[],
  request: { path: string; query?: string; variables?: object; token?: string },
) {
  const started = performance.now();
  let error: string | null = null;
  let answer: GraphQLAnswer | null = null;
  try {
    const response = await fetch(`${shop.url}${request.path}`, {
      method: request.query ? 'POST' : 'GET',
      headers: {
        ...(request.query ? { 'content-type': 'application/json' } : {}),
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
      },
      body: request.query ? JSON.stringify({ query: request.query, variables: request.variables }) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok) error = `${response.status} ${text.slice(0, 200)}`;
    else if (request.query) {
      answer = JSON.parse(text) as GraphQLAnswer;
      if (answer?.errors?.length) error = answer.errors[0].message;
    }
  } catch (caught) {
    error = `no answer: ${String((caught as Error).cause ?? caught)}`;
  }
  samples.push({ kind, ms: performance.now() - started, error });
  return error ? null : answer?.data;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];

/** The anonymous pages, as their pages ask (each weighs the same). */
const browsing: ((shop: Shop, samples: Sample[]) => Promise<unknown>)[] = [
  (shop, samples) =>
    call(shop, 'home', samples, {
      path: '/graphql',
      query:
        '{ products(options: { take: 6 }) { totalItems items { id name img price } } reviews(options: { take: 3 }) { items { id star description author { name img } } } }',
    }),
  (shop, samples) => call(shop, 'product list (REST)', samples, { path: '/api/products?take=20' }),
  (shop, samples) =>
    call(shop, 'search', samples, {
      path: '/graphql',
      query: `query($search: String) { products(options: { search: $search, take: 20 }) { totalItems items { id name img price } } }`,
      variables: { search: pick(['knife', 'steel', 'hunting', 'chef', 'damascus']) },
    }),
  (shop, samples) =>
    call(shop, 'product', samples, {
      path: '/graphql',
      query: 'query($id: ID!) { product(id: $id) { id name description img price quantity minimumQuantity engravable } }',
      variables: { id: pick(shop.productIds) },
    }),
  (shop, samples) => call(shop, 'reviews (REST)', samples, { path: '/api/reviews' }),
];

const signedIn: ((shop: Shop, samples: Sample[]) => Promise<unknown>)[] = [
  (shop, samples) => call(shop, 'myOrders', samples, { path: '/graphql', query: BENCH_QUERIES.myOrders, token: shop.customerToken }),
  (shop, samples) => call(shop, 'me', samples, { path: '/graphql', query: '{ me { id name email role } }', token: shop.customerToken }),
  (shop, samples) =>
    call(shop, 'admin orders grid', samples, {
      path: '/graphql',
      query:
        '{ orders(options: { take: 20 }) { totalItems items { id userName email name totalPrice quantity status paid state createdAt lines { id name quantity } } } }',
      token: shop.adminToken,
    }),
];

async function placeAndPay(shop: Shop, samples: Sample[]): Promise<void> {
  const token = pick(shop.buyerTokens);
  const placed = await call(shop, 'placeOrder', samples, {
    path: '/graphql',
    query: 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id totalPrice } }',
    variables: { input: { lines: [{ productId: shop.orderProductId, quantity: 1 }], phone: '+1 555 0100', address: '1 Soak Street' } },
    token,
  });
  const orderId = placed?.placeOrder?.id;
  if (!orderId) return;
  const intent = await call(shop, 'createPaymentIntent', samples, {
    path: '/graphql',
    query: 'mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { id } }',
    variables: { orderId },
    token,
  });
  if (!intent) return;
  await call(shop, 'confirmTestCardPayment', samples, {
    path: '/graphql',
    query: 'mutation($orderId: ID!, $card: TestCardInput!) { confirmTestCardPayment(orderId: $orderId, card: $card) { id state } }',
    variables: { orderId, card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } },
    token,
  });
}

/** One operation of the mix: 80% browsing, 15% signed-in reads, 5% an order placed and paid. */
function operation(shop: Shop, samples: Sample[]): Promise<unknown> {
  const roll = Math.random();
  if (roll < 0.8) return pick(browsing)(shop, samples);
  if (roll < 0.95) return pick(signedIn)(shop, samples);
  return placeAndPay(shop, samples);
}

/**
 * Starts RATE operations a second for `seconds`, on the clock, reading Keen's RSS once a second;
 * answers those readings once every operation has finished.
 */
async function drive(shop: Shop, keenPid: number, seconds: number, samples: Sample[]): Promise<number[]> {
  const inFlight = new Set<Promise<unknown>>();
  const rss: number[] = [];
  const started = performance.now();
  let begun = 0;
  while (performance.now() - started < seconds * 1000) {
    const elapsed = performance.now() - started;
    const due = Math.floor((elapsed / 1000) * RATE);
    for (; begun < due; begun += 1) {
      const op = operation(shop, samples).finally(() => inFlight.delete(op));
      inFlight.add(op);
    }
    if (rss.length < Math.floor(elapsed / 1000)) rss.push(rssMb(keenPid));
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(inFlight);
  return rss;
}

/**
 * The memory Keen keeps: its RSS a second after a full garbage collection (SIGUSR2 to
 * collect-on-signal.ts). Without one, RSS under load climbs with garbage V8 has not collected yet
 * (at 150 operations a second, 0.3 to 0.6 MB a second for over a minute, then falls back below
 * where it started), so a reading would measure when V8 collects, not what Keen keeps.
 */
async function keptRss(pid: number): Promise<number> {
  process.kill(pid, 'SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return rssMb(pid);
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? NaN) / 1024;
}

async function main(): Promise<void> {
  const databaseUrl = await bench.createDatabase();
  const db = bench.db!;
  const { customer, raceProductId } = await seedBenchShop(db, bench.dataDir, 1_000_000, 50);
  const users = db.getRepository(User);
  const admin = await users.save({ name: 'Soak Admin', email: 'soak-admin@keen.test', role: Role.admin, emailVerified: true });
  const buyers = await users.save(
    Array.from({ length: BUYERS }, (_, i) => ({ name: `Soak Buyer ${i}`, email: `soak-buyer-${i}@keen.test`, emailVerified: true })),
  );
  const productIds = (await db.getRepository(Product).find({ select: { id: true }, take: 20, order: { createdAt: 'ASC' } })).map(
    (p) => p.id,
  );

  // Only Keen's own access tokens are sent: the Auth Emulator is named but never asked. Twenty
  // buyers place every order of the run: the per-user order limit is raised for them.
  const keenEnv = bench.keenEnvironment(databaseUrl, { RATE_LIMIT_ORDERS: '100000' });
  const stored = await Promise.all([customer, admin, ...buyers].map((user) => users.findOneByOrFail({ id: user.id })));
  const [customerToken, adminToken, ...buyerTokens] = await accessTokensFor(keenEnv, stored);
  const shop: Shop = { url: '', productIds, orderProductId: raceProductId, customerToken, adminToken, buyerTokens };
  const main = path.join(repoRoot, 'backend', 'dist', 'main.js');
  const keen = await bench.startProcess(
    'Keen',
    ['--expose-gc', '-r', path.join(__dirname, 'collect-on-signal.js'), main],
    keenEnv,
    '/readyz',
  );
  shop.url = keen.url;

  console.log(
    [
      `Keen: node backend/dist/main.js, NODE_ENV=development, read cache on (the default); database: ${bench.databaseKind} PostgreSQL.`,
      'RSS is read after a full garbage collection (node --expose-gc, which SIGUSR2 runs) after the warm-up and at the end.',
      `${RATE} operations a second started on the clock (an order is three requests): ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s measured.`,
      '',
    ].join('\n'),
  );
  await drive(shop, keen.pid, WARMUP_SECONDS, []);
  const rssAfterWarmup = await keptRss(keen.pid);
  const samples: Sample[] = [];
  const started = performance.now();
  const rssReadings = await drive(shop, keen.pid, SECONDS, samples);
  const wallSeconds = (performance.now() - started) / 1000;
  const rssAtEnd = await keptRss(keen.pid);

  const kinds = [...new Set(samples.map((s) => s.kind))];
  const rows = [
    ...kinds.map((kind) =>
      summary(
        kind,
        samples.filter((s) => s.kind === kind),
      ),
    ),
    summary('all requests', samples),
  ];
  const all = rows[rows.length - 1];
  const rssChange = (rssAtEnd - rssAfterWarmup) / rssAfterWarmup;
  const goals = [
    { goal: `p99 <= ${P99_GOAL_MS} ms`, value: `${all.p99.toFixed(1)} ms`, met: all.p99 <= P99_GOAL_MS },
    { goal: 'no error', value: `${all.errors} errors`, met: all.errors === 0 },
    {
      goal: `kept RSS within ${RSS_GOAL * 100}% of warm-up`,
      value: `${rssAfterWarmup.toFixed(0)} -> ${rssAtEnd.toFixed(0)} MB (${rssChange >= 0 ? '+' : ''}${(rssChange * 100).toFixed(1)}%)`,
      met: Math.abs(rssChange) <= RSS_GOAL,
    },
  ];
  printSoak(rows, goals, samples.length / wallSeconds);
  const errors = samples.filter((s) => s.error).map((s) => `${s.kind}: ${s.error}`);
  if (errors.length) bench.problems.push(`${errors.length} requests failed (first: ${errors[0]})`);

  const file = path.join(repoRoot, 'bench-results', `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  const machine = { cpus: os.cpus().length, loadAverage: os.loadavg(), node: process.version };
  const settings = { rate: RATE, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, database: bench.databaseKind };
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), machine, settings, rows, goals, rssAfterWarmup, rssAtEnd, rssReadings, errors: errors.slice(0, 20) }, null, 2)}\n`,
  );
  console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
}

function summary(kind: string, samples: Sample[]) {
  const times = samples.map((s) => s.ms);
  return {
    kind,
    requests: samples.length,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: Math.max(...times),
    errors: samples.filter((s) => s.error).length,
  };
}

function printSoak(rows: ReturnType<typeof summary>[], goals: { goal: string; value: string; met: boolean }[], perSecond: number): void {
  const head = ['requests of', 'count', 'p50 ms', 'p99 ms', 'max ms', 'errors'];
  const lines = rows.map((r) => [r.kind, String(r.requests), r.p50.toFixed(2), r.p99.toFixed(1), r.max.toFixed(1), String(r.errors)]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(`${format(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${lines.map(format).join('\n')}`);
  console.log(`\n${perSecond.toFixed(0)} requests a second answered.`);
  for (const { goal, value, met } of goals) console.log(`${goal.padEnd(32)} ${value.padEnd(28)} ${met ? 'yes' : 'NO'}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the soak and removing what it made`);
    void bench.cleanUp().finally(() => process.exit(130));
  });

main()
  .then(
    () => 0,
    (error: unknown) => {
      console.error(`\n${(error as Error)?.stack ?? String(error)}`);
      return 1;
    },
  )
  .then(async (code) => {
    if (bench.problems.length) console.error(`\nThe soak broke:\n  ${bench.problems.join('\n  ')}`);
    await bench.cleanUp();
    process.exit(bench.problems.length ? 1 : code);
  });
