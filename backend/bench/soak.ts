import 'reflect-metadata';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Role } from '../src/modules/auth/role';
import { Product } from '../src/modules/catalog/product.entity';
import { User } from '../src/modules/users/user.entity';
import { BENCH_QUERIES } from './baseline';
import { postmasterPid, procStat, treeCpuMs } from './cpu';
import type { Target } from './load';
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
 * Goals: p99 <= 50 ms over every request, no error, and each Keen process's RSS at the end within
 * 10% of its RSS after the warm-up, each read after a full garbage collection (see keptRss).
 * `npm run bench:soak -- --capacity`: after one warm-up at SOAK_RATE, steps of SOAK_SECONDS each,
 * from SOAK_RATE, doubling the rate while a step holds (p99 <= 50 ms, no error), then halving the
 * gap between the highest rate held and the lowest missed; at most 7 steps. It prints each step
 * with the CPU of Keen (each process), PostgreSQL, this bench and the whole machine, so the table
 * shows what limits the rate, and the highest rate held.
 * Exit 0 when the soak ran (goals missed are reported), 1 when it broke (in the plain soak, an
 * error under load is a break).
 *   SOAK_RATE (150): operations started per second (the capacity search's first step).
 *   SOAK_SECONDS (60): the measured time, or each step's. SOAK_WARMUP_SECONDS (15).
 *   SOAK_PROCESSES (1): Keen processes on one PostgreSQL and, with more than one, a private
 *   redis-server (REDIS_URL; needs redis-server on PATH); requests go to them in turn.
 *   BENCH_DATABASE_URL: a PostgreSQL server URL (a database is made and dropped); without it an embedded PostgreSQL.
 */

const flags = process.argv.slice(2);
const CAPACITY = flags.includes('--capacity');
const unknown = flags.filter((flag) => flag !== '--capacity');
if (unknown.length) throw new Error(`bench:soak: unknown arguments ${unknown.join(' ')} (the only one is --capacity)`);
const RATE = whole('SOAK_RATE', 150);
const SECONDS = whole('SOAK_SECONDS', 60);
const WARMUP_SECONDS = whole('SOAK_WARMUP_SECONDS', 15);
const PROCESSES = whole('SOAK_PROCESSES', 1);
const P99_GOAL_MS = 50;
const RSS_GOAL = 0.1;
const BUYERS = 20;
/** The capacity search's steps: with 60 s steps and the warm-up, about eight minutes. */
const MAX_STEPS = 7;
/** The search stops once the rate missed is within this fraction above the rate held. */
const PRECISION = 0.05;
/** Every request is abandoned after this long, waiting for a socket included. */
const TIMEOUT_MS = 10_000;
const repoRoot = path.resolve(__dirname, '..', '..', '..');

const bench = new BenchRun('bench-soak');

interface Sample {
  kind: string;
  ms: number;
  /** Null when the answer was a 2xx without GraphQL errors. */
  error: string | null;
}

interface Shop {
  /** Keen's processes' ports, asked in turn. */
  ports: number[];
  next: number;
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

/**
 * The load runs on the machine it measures, so the client is node:http over kept-alive sockets
 * (side by side against a bare server, fetch cost about three times its CPU a request). A capped
 * pool per process keeps an overloaded step from opening thousands of sockets; time waiting for
 * one counts in the latency, as it would for a shopper.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function send(
  port: number,
  request: { path: string; body?: string; token?: string },
  again = true,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    if (request.body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body) });
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    const req = http.request(
      { host: '127.0.0.1', port, path: request.path, method: request.body ? 'POST' : 'GET', headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      // A kept-alive socket the server closed as idle just as the request went out (Node's own
      // advice: send it again, once): the server never read it, as a browser would resend it.
      if (again && req.reusedSocket && error.code === 'ECONNRESET') resolve(send(port, request, false));
      else reject(error);
    });
    req.end(request.body);
  });
}

async function call(
  shop: Shop,
  kind: string,
  samples: Sample[],
  request: { path: string; query?: string; variables?: object; token?: string; readsData?: boolean },
): Promise<GraphQLAnswer['data'] | null> {
  const started = performance.now();
  let error: string | null = null;
  let answer: GraphQLAnswer | null = null;
  const port = shop.ports[shop.next++ % shop.ports.length];
  try {
    const body = request.query ? JSON.stringify({ query: request.query, variables: request.variables }) : undefined;
    const { status, text } = await send(port, { path: request.path, body, token: request.token });
    if (status < 200 || status > 299) error = `${status} ${text.slice(0, 200)}`;
    // Parsed only when read or when it holds errors: the client shares the cores it measures.
    else if (request.query && (request.readsData || text.includes('"errors"'))) {
      answer = JSON.parse(text) as GraphQLAnswer;
      if (answer?.errors?.length) error = answer.errors[0].message;
    }
  } catch (caught) {
    error = `no answer: ${(caught as Error).message}`;
  }
  samples.push({ kind, ms: performance.now() - started, error });
  return error ? null : (answer?.data ?? {});
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
    readsData: true,
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
 * Starts `rate` operations a second for `seconds`, on the clock, reading each process's RSS once a
 * second; answers those readings once every operation has finished. With `endWhenLost`, a step
 * ends early once more operations are unanswered than 1% of its requests, two seconds' worth at
 * least: each is already over 50 ms, so its p99 is lost, and waiting would only pile up timeouts.
 */
async function drive(
  shop: Shop,
  pids: number[],
  rate: number,
  seconds: number,
  samples: Sample[],
  endWhenLost = false,
): Promise<{ rss: number[][]; lost: boolean }> {
  const inFlight = new Set<Promise<unknown>>();
  const rss: number[][] = pids.map(() => []);
  const lostAt = Math.max(2 * rate, 0.02 * rate * seconds);
  const started = performance.now();
  let begun = 0;
  let lost = false;
  // Until the time is up, or Ctrl-C has stopped the processes it reads.
  while (performance.now() - started < seconds * 1000 && !bench.cleaningUp) {
    const elapsed = performance.now() - started;
    const due = Math.floor((elapsed / 1000) * rate);
    for (; begun < due; begun += 1) {
      const op = operation(shop, samples).finally(() => inFlight.delete(op));
      inFlight.add(op);
    }
    if (rss[0].length < Math.floor(elapsed / 1000)) pids.forEach((pid, i) => rss[i].push(rssMb(pid)));
    if (endWhenLost && inFlight.size > lostAt) {
      lost = true;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(inFlight);
  return { rss, lost };
}

/**
 * The memory each process keeps: its RSS a second after a full garbage collection (SIGUSR2 to
 * collect-on-signal.ts). Without one, RSS under load climbs with garbage V8 has not collected yet
 * (at 150 operations a second, 0.3 to 0.6 MB a second for over a minute, then falls back below
 * where it started), so a reading would measure when V8 collects, not what Keen keeps.
 */
async function keptRss(pids: number[]): Promise<number[]> {
  for (const pid of pids) process.kill(pid, 'SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return pids.map(rssMb);
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? NaN) / 1024;
}

/** CPU counters at one moment: Keen's processes, PostgreSQL's tree, this bench (ms) and the whole machine (ticks). */
interface CpuMark {
  at: number;
  keen: number[];
  pg: number | null;
  bench: number;
  machineBusy: number;
  machineAll: number;
}

/** CPU used between two marks, in % of one core (the machine's: summed over its cores, so 200% is two cores busy). */
interface CpuUse {
  keen: number[];
  pg: number | null;
  bench: number;
  machine: number;
}

function cpuMark(pids: number[], postmaster: number | null): CpuMark {
  const own = process.cpuUsage();
  // The first line of /proc/stat: user nice system idle iowait irq softirq steal (guests are in user).
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const all = ticks.reduce((sum, t) => sum + t, 0);
  return {
    at: performance.now(),
    keen: pids.map((pid) => procStat(pid)?.cpuMs ?? NaN),
    pg: postmaster === null ? null : treeCpuMs(postmaster),
    bench: (own.user + own.system) / 1000,
    machineBusy: all - ticks[3] - ticks[4],
    machineAll: all,
  };
}

function cpuSince(mark: CpuMark, pids: number[], postmaster: number | null): CpuUse {
  const now = cpuMark(pids, postmaster);
  const percent = (ms: number) => (ms / (now.at - mark.at)) * 100;
  return {
    keen: now.keen.map((ms, i) => percent(ms - mark.keen[i])),
    pg: now.pg === null || mark.pg === null ? null : percent(now.pg - mark.pg),
    bench: percent(now.bench - mark.bench),
    machine: ((now.machineBusy - mark.machineBusy) / (now.machineAll - mark.machineAll)) * 100 * os.cpus().length,
  };
}

/** Keen's CPU cell: one process's %, or each process's joined by +. */
const keenCpuCell = (cpu: CpuUse) => cpu.keen.map((p) => p.toFixed(0)).join('+');

/**
 * What a missed step ran into: a Keen process at a full core, every core of the machine busy
 * (whoever used them: the columns say), PostgreSQL at a core, or none of them busy, so requests
 * waited on something else (a lock, a pool, a queue).
 */
function limitOf(cpu: CpuUse): string {
  if (Math.max(...cpu.keen) >= 90) return 'Keen CPU (a process at a full core)';
  if (cpu.machine >= 90 * os.cpus().length) return 'the machine (every core busy)';
  if (cpu.pg !== null && cpu.pg >= 90) return 'PostgreSQL CPU';
  return 'neither: a lock or a queue';
}

interface Step {
  rate: number;
  seconds: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  firstError: string | null;
  /** Ended early: more operations unanswered than its p99 allows (see drive). */
  lost: boolean;
  cpu: CpuUse;
  held: boolean;
  limit: string | null;
}

async function step(shop: Shop, pids: number[], postmaster: number | null, rate: number): Promise<Step> {
  const samples: Sample[] = [];
  const mark = cpuMark(pids, postmaster);
  const { lost } = await drive(shop, pids, rate, SECONDS, samples, true);
  const cpu = cpuSince(mark, pids, postmaster);
  const seconds = (performance.now() - mark.at) / 1000;
  const all = summary('all', samples);
  const held = !lost && all.errors === 0 && all.p99 <= P99_GOAL_MS;
  return {
    rate,
    seconds,
    requests: all.requests,
    perSecond: all.requests / seconds,
    p50: all.p50,
    p99: all.p99,
    errors: all.errors,
    firstError: samples.find((s) => s.error)?.error ?? null,
    lost,
    cpu,
    held,
    limit: held ? null : limitOf(cpu),
  };
}

/**
 * The capacity search: from RATE, double while a step holds; once one misses, try halfway between
 * the highest rate held and the lowest missed (halving from RATE when nothing has held yet), until
 * MAX_STEPS or the two are within PRECISION of each other.
 */
async function capacity(shop: Shop, pids: number[], postmaster: number | null): Promise<Step[]> {
  const steps: Step[] = [];
  const table = new Table([
    'step',
    'ops/s',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'Keen CPU %',
    'PG CPU %',
    'bench CPU %',
    'machine %',
    'held?',
  ]);
  console.log(table.head());
  let held = 0;
  let missed = Infinity;
  for (let rate = RATE; steps.length < MAX_STEPS && !bench.cleaningUp;) {
    const s = await step(shop, pids, postmaster, rate);
    steps.push(s);
    const verdict = s.held ? 'yes' : `NO${s.lost ? ' (ended early)' : ''}: ${s.limit}`;
    console.log(
      table.row([
        String(steps.length),
        String(rate),
        s.perSecond.toFixed(0),
        s.p50.toFixed(2),
        s.p99.toFixed(1),
        String(s.errors),
        keenCpuCell(s.cpu),
        s.cpu.pg === null ? 'n/a' : s.cpu.pg.toFixed(0),
        s.cpu.bench.toFixed(0),
        s.cpu.machine.toFixed(0),
        verdict,
      ]),
    );
    if (s.held) held = Math.max(held, rate);
    else missed = Math.min(missed, rate);
    const next = missed === Infinity ? rate * 2 : held === 0 ? Math.floor(rate / 2) : Math.round((held + missed) / 2);
    if (next < 1 || next === held || next === missed || (held > 0 && missed - held <= held * PRECISION)) break;
    rate = next;
    // A breath between steps: the last one's stragglers are done, its garbage may be collected.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  return steps;
}

async function main(): Promise<void> {
  // First, so that a machine without redis-server is told at once.
  const redisUrl = PROCESSES > 1 ? await bench.startRedis() : null;
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
  // buyers place and pay every order of the run: their per-customer limits are raised.
  const keenEnv = bench.keenEnvironment(databaseUrl, {
    RATE_LIMIT_ORDERS: '100000',
    RATE_LIMIT_PAYMENT_INTENTS: '100000',
    // At a few hundred operations a second a buyer has several orders placed and not yet paid.
    MAX_UNPAID_ORDERS: '1000',
    MAX_HELD_UNITS_PER_PRODUCT: '1000000',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  const stored = await Promise.all([customer, admin, ...buyers].map((user) => users.findOneByOrFail({ id: user.id })));
  const [customerToken, adminToken, ...buyerTokens] = await accessTokensFor(keenEnv, stored);
  const main = path.join(repoRoot, 'backend', 'dist', 'main.js');
  const keens: Target[] = [];
  for (let i = 1; i <= PROCESSES; i += 1)
    keens.push(
      await bench.startProcess(
        PROCESSES > 1 ? `Keen ${i}` : 'Keen',
        ['--expose-gc', '-r', path.join(__dirname, 'collect-on-signal.js'), main],
        { ...keenEnv, DATA_DIR: path.join(bench.work, `data-${i}`) },
        '/readyz',
      ),
    );
  const pids = keens.map((keen) => keen.pid);
  const shop: Shop = {
    ports: keens.map((keen) => Number(new URL(keen.url).port)),
    next: 0,
    productIds,
    orderProductId: raceProductId,
    customerToken,
    adminToken,
    buyerTokens,
  };
  const postmaster = await postmasterPid(db).catch((error: Error) => {
    console.error(`PostgreSQL's CPU is not counted: ${error.message}`);
    return null;
  });

  console.log(
    [
      `Keen: ${PROCESSES > 1 ? `${PROCESSES} processes (requests in turn) sharing a private redis-server (REDIS_URL)` : 'one process'}, node backend/dist/main.js, NODE_ENV=development, read cache on (the default); database: ${postmaster === null ? bench.databaseKind : bench.describeDatabase(postmaster)}.`,
      'RSS is read after a full garbage collection (node --expose-gc, which SIGUSR2 runs) after the warm-up and at the end.',
      `CPU in % of one core (user + system, /proc); the machine's summed over its ${os.cpus().length} cores, other work on it included.`,
      CAPACITY
        ? `Capacity: ${WARMUP_SECONDS} s warm-up at ${RATE} operations a second, then steps of ${SECONDS} s (at most ${MAX_STEPS}) from ${RATE}; a step holds with p99 <= ${P99_GOAL_MS} ms and no error.`
        : `${RATE} operations a second started on the clock (an order is three requests): ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s measured.`,
      '',
    ].join('\n'),
  );
  await drive(shop, pids, RATE, WARMUP_SECONDS, []);
  const rssAfterWarmup = await keptRss(pids);
  const date = new Date().toISOString();
  const machine = { cpus: os.cpus().length, loadAverage: os.loadavg(), node: process.version };
  const settings = { rate: RATE, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, processes: PROCESSES, database: bench.databaseKind };
  const rssCell = (before: number[], after: number[]) =>
    before.map((b, i) => `${b.toFixed(0)} -> ${after[i].toFixed(0)} MB (${signed(((after[i] - b) / b) * 100)}%)`);

  if (CAPACITY) {
    const steps = await capacity(shop, pids, postmaster);
    const rssAtEnd = await keptRss(pids);
    const best = steps.filter((s) => s.held).sort((a, b) => b.rate - a.rate)[0];
    console.log(
      best
        ? `\nHighest rate held for a full step: ${best.rate} operations a second (${best.perSecond.toFixed(0)} requests a second answered, p99 ${best.p99.toFixed(1)} ms).`
        : `\nNo step held: even ${Math.min(...steps.map((s) => s.rate))} operations a second missed.`,
    );
    for (const s of steps.filter((s) => s.firstError)) console.log(`First error at ${s.rate} ops/s: ${s.firstError?.slice(0, 200)}`);
    rssCell(rssAfterWarmup, rssAtEnd).forEach((cell, i) => console.log(`Kept RSS of ${keens[i].name}: ${cell}`));
    write('soak-capacity', { date, machine, settings, highestHeld: best?.rate ?? null, steps, rssAfterWarmup, rssAtEnd });
    return;
  }

  const samples: Sample[] = [];
  const mark = cpuMark(pids, postmaster);
  const { rss: rssReadings } = await drive(shop, pids, RATE, SECONDS, samples);
  const cpu = cpuSince(mark, pids, postmaster);
  const wallSeconds = (performance.now() - mark.at) / 1000;
  const rssAtEnd = await keptRss(pids);

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
  const rssCells = rssCell(rssAfterWarmup, rssAtEnd);
  const goals = [
    { goal: `p99 <= ${P99_GOAL_MS} ms`, value: `${all.p99.toFixed(1)} ms`, met: all.p99 <= P99_GOAL_MS },
    { goal: 'no error', value: `${all.errors} errors`, met: all.errors === 0 },
    ...keens.map((keen, i) => ({
      goal: `kept RSS${PROCESSES > 1 ? ` of ${keen.name}` : ''} within ${RSS_GOAL * 100}% of warm-up`,
      value: rssCells[i],
      met: Math.abs(rssAtEnd[i] - rssAfterWarmup[i]) <= rssAfterWarmup[i] * RSS_GOAL,
    })),
  ];
  printSoak(rows, goals, samples.length / wallSeconds);
  console.log(
    `CPU (% of a core): Keen ${keenCpuCell(cpu)}, PostgreSQL ${cpu.pg?.toFixed(0) ?? 'n/a'}, this bench ${cpu.bench.toFixed(0)}, the machine ${cpu.machine.toFixed(0)} of ${os.cpus().length * 100}.`,
  );
  const errors = samples.filter((s) => s.error).map((s) => `${s.kind}: ${s.error}`);
  if (errors.length) bench.problems.push(`${errors.length} requests failed (first: ${errors[0]})`);
  write('soak', { date, machine, settings, rows, goals, cpu, rssAfterWarmup, rssAtEnd, rssReadings, errors: errors.slice(0, 20) });
}

const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;

function write(name: string, result: object): void {
  const file = path.join(repoRoot, 'bench-results', `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
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

/** A plain-text table: the first column left-aligned, the rest right-aligned, widths from the head. */
class Table {
  private readonly widths: number[];

  constructor(
    private readonly columns: string[],
    minimum = 6,
  ) {
    this.widths = columns.map((c) => Math.max(c.length, minimum));
  }

  head(): string {
    return `${this.row(this.columns)}\n${this.widths.map((w) => '-'.repeat(w)).join('  ')}`;
  }

  row(cells: string[]): string {
    return cells
      .map((cell, i) => (i === 0 || i === cells.length - 1 ? cell.padEnd(this.widths[i]) : cell.padStart(this.widths[i])))
      .join('  ')
      .trimEnd();
  }
}

function printSoak(rows: ReturnType<typeof summary>[], goals: { goal: string; value: string; met: boolean }[], perSecond: number): void {
  const head = ['requests of', 'count', 'p50 ms', 'p99 ms', 'max ms', 'errors'];
  const lines = rows.map((r) => [r.kind, String(r.requests), r.p50.toFixed(2), r.p99.toFixed(1), r.max.toFixed(1), String(r.errors)]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(`${format(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${lines.map(format).join('\n')}`);
  console.log(`\n${perSecond.toFixed(0)} requests a second answered.`);
  const goalWidth = Math.max(...goals.map((g) => g.goal.length)) + 1;
  for (const { goal, value, met } of goals) console.log(`${goal.padEnd(goalWidth)} ${value.padEnd(28)} ${met ? 'yes' : 'NO'}`);
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
