import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { print } from 'graphql';
import { clientOperations } from '../dev/client-operations';
import { Role } from '../src/modules/auth/role';
import { User } from '../src/modules/users/user.entity';
import { BENCH_QUERIES } from './baseline';
import { Buyers } from './buyers';
import { postmasterPid } from './cpu';
import { load, stopLoad, type Target } from './load';
import { accessTokensFor, BenchRun, whole } from './processes';
import { keenRace, setUpDelivery } from './race-keen';
import { median } from './report';
import { copiesWithStock, seedBenchShop } from './seed';

/**
 * `npm run bench:ab -- <A/main.js> <B/main.js> [case ...]`: two builds of Keen side by side over one
 * seeded database, in alternating rounds (A then B, then B then A...),
 * so that the machine's swings hit both builds alike. On a shared 2-core machine a change's effect
 * is smaller than the swing between two runs made minutes apart: only such a comparison judges it.
 * Prints, per case, the median req/s of each build and the median of B over A in the same round.
 *   Cases: gql (GraphQL products, cache off), typename ({ __typename }, cache off), rest (REST
 *   products, cache off), orders (myOrders, signed in), orders-page (the My Orders page's own query,
 *   frontend/src/gql), slug (product(slug:), cache off), gql-cached, rest-cached.
 *   Default: gql rest.
 *   race: the placeOrder race of bench:http, Keen's side only (with its read cache): BENCH_RACE_WARMUP
 *   (500) new buyers per build first, then each round 500 new buyers at once per build on a copy of
 *   a stock-100 product, A and B taking turns at going first; judged by CPU per buyer (a race's wall
 *   time says more about the machine). Needs the Auth Emulator.
 *   BENCH_SECONDS (5), BENCH_ROUNDS (7), BENCH_CONNECTIONS (32).
 *   BENCH_NODE_OPTIONS_A, BENCH_NODE_OPTIONS_B: NODE_OPTIONS for one build (to judge a runtime flag on one build).
 *   FIREBASE_AUTH_EMULATOR_HOST (127.0.0.1:9099): the running Auth Emulator, for the race's buyers.
 */

const SECONDS = whole('BENCH_SECONDS', 5);
const ROUNDS = whole('BENCH_ROUNDS', 7);
const CONNECTIONS = whole('BENCH_CONNECTIONS', 32);
const RACE_WARMUP = whole('BENCH_RACE_WARMUP', 500);
const RACE_BUYERS = 500;
const RACE_STOCK = 100;
const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';

const CASES = {
  gql: { method: 'POST', path: '/graphql', query: BENCH_QUERIES.products, cache: false },
  typename: { method: 'POST', path: '/graphql', query: '{ __typename }', cache: false },
  rest: { method: 'GET', path: '/api/products', cache: false },
  orders: { method: 'POST', path: '/graphql', query: BENCH_QUERIES.myOrders, cache: false, signedIn: true },
  'orders-page': { method: 'POST', path: '/graphql', query: print(clientOperations().get('MyOrders')!), cache: false, signedIn: true },
  slug: { method: 'POST', path: '/graphql', query: BENCH_QUERIES.productBySlug, cache: false },
  'gql-cached': { method: 'POST', path: '/graphql', query: BENCH_QUERIES.products, cache: true },
  'rest-cached': { method: 'GET', path: '/api/products', cache: true },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string; query?: string; cache: boolean; signedIn?: boolean }>;
type CaseName = keyof typeof CASES;

const [buildA, buildB, ...named] = process.argv.slice(2);
const wanted = named.length ? named : ['gql', 'rest'];
const race = wanted.includes('race');
const chosen = wanted.filter((name) => name !== 'race') as CaseName[];
if (!buildA || !buildB || ![buildA, buildB].every((file) => existsSync(file)) || chosen.some((name) => !(name in CASES))) {
  console.error(`Usage: bench:ab -- <A/main.js> <B/main.js> [${[...Object.keys(CASES), 'race'].join('|')} ...]`);
  process.exit(2);
}

const bench = new BenchRun('bench-ab');
const buyers = new Buyers(EMULATOR, 'bench-ab-buyer');
const cleanUp = () => bench.cleanUp(() => buyers.removeAll());
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stopLoad();
    buyers.interrupted = true;
    void cleanUp().finally(() => process.exit(130));
  });

async function main(): Promise<void> {
  const databaseUrl = await bench.createDatabase();
  const { customer, raceProductId } = await seedBenchShop(bench.db!, bench.dataDir, RACE_STOCK, 50);
  const admin = await bench
    .db!.getRepository(User)
    .save({ name: 'Bench Admin', email: 'bench-admin@keen.test', role: Role.admin, emailVerified: true });
  const postmaster = await postmasterPid(bench.db!);
  // The race's buyers all come from 127.0.0.1; behind a load balancer they would be 500 addresses.
  const keenEnv = bench.keenEnvironment(databaseUrl, { FIREBASE_AUTH_EMULATOR_HOST: EMULATOR, RATE_LIMIT_FAILED_SIGN_INS: '100000' });
  const [token, adminToken] = await accessTokensFor(keenEnv, [customer, admin]);

  const start = (build: 'A' | 'B', main: string, cache: boolean) => {
    const nodeOptions = process.env[`BENCH_NODE_OPTIONS_${build}`];
    const env = { ...keenEnv, READ_CACHE: String(cache), ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) };
    return bench.startProcess(`Keen ${build}${cache ? '' : ', cache off'}`, [main], env, '/readyz');
  };
  const builds = new Map<boolean, [Target, Target]>();
  for (const cache of new Set([...chosen.map((name) => CASES[name].cache), ...(race ? [true] : [])]))
    builds.set(cache, [await start('A', buildA, cache), await start('B', buildB, cache)]);
  console.log(`A: ${buildA}\nB: ${buildB}\n${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, alternating A and B\n`);

  for (const name of chosen) {
    const spec: (typeof CASES)[CaseName] = CASES[name];
    const [a, b] = builds.get(spec.cache)!;
    const benchCase = {
      name,
      method: spec.method,
      path: spec.path,
      ...('query' in spec ? { body: JSON.stringify({ query: spec.query }) } : {}),
      keen: spec.cache ? ('cached' as const) : ('uncached' as const),
      reference: 'baseline' as const,
    };
    const headers = {
      ...(benchCase.body ? { 'content-type': 'application/json' } : {}),
      ...('signedIn' in spec ? { authorization: `Bearer ${token}` } : {}),
    };
    const answerOf = async (target: Target) => {
      const response = await fetch(`${target.url}${spec.path}`, { method: spec.method, headers, body: benchCase.body });
      const text = await response.text();
      if (response.status !== 200 || text.includes('"errors"'))
        throw new Error(`${name}: ${target.name} answered ${response.status} ${text.slice(0, 300)}`);
      return text;
    };
    const [expectedA, expectedB] = [await answerOf(a), await answerOf(b)];
    if (expectedA !== expectedB)
      throw new Error(`${name}: A and B answer differently:\n${expectedA.slice(0, 300)}\n${expectedB.slice(0, 300)}`);
    const run = (target: Target, seconds: number) =>
      load(target, postmaster, { ...benchCase, headers, expected: expectedA, connections: CONNECTIONS, seconds }, bench.problems);
    for (const target of [a, b]) await run(target, 3);
    const rounds: { a: number; b: number; aCpu: number; bCpu: number; aPg: number; bPg: number }[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
      const one = await run(first, SECONDS);
      const two = await run(second, SECONDS);
      const [ra, rb] = first === a ? [one, two] : [two, one];
      rounds.push({
        a: ra.reqPerSec,
        b: rb.reqPerSec,
        aCpu: ra.appCpuMs / ra.requests,
        bCpu: rb.appCpuMs / rb.requests,
        aPg: ra.pgCpuMs / ra.requests,
        bPg: rb.pgCpuMs / rb.requests,
      });
      console.log(`  ${name} round ${i + 1}: A ${ra.reqPerSec.toFixed(0)} req/s, B ${rb.reqPerSec.toFixed(0)} req/s`);
    }
    const m = (pick: (r: (typeof rounds)[number]) => number) => median(rounds.map(pick));
    console.log(
      `${name}: A ${m((r) => r.a).toFixed(0)} req/s (app ${m((r) => r.aCpu).toFixed(3)} ms, PG ${m((r) => r.aPg).toFixed(3)} ms per request), ` +
        `B ${m((r) => r.b).toFixed(0)} req/s (app ${m((r) => r.bCpu).toFixed(3)} ms, PG ${m((r) => r.bPg).toFixed(3)} ms); ` +
        `B/A ${(m((r) => r.b / r.a) * 100).toFixed(1)}%\n`,
    );
  }
  if (race) {
    const [a, b] = builds.get(true)!;
    await raceRounds(a, b, { postmaster, methodId: await setUpDelivery(a, adminToken), productId: raceProductId });
  }
  if (bench.problems.length) throw new Error(bench.problems.join('\n'));
}

/** The race's rounds: A's and B's CPU per buyer (app and PostgreSQL) and wall time, and B over A in each round. */
async function raceRounds(
  a: Target,
  b: Target,
  { postmaster, methodId, productId }: { postmaster: number; methodId: string; productId: string },
) {
  const raceOn = async (keen: Target, count: number, stock: number, label: string) => {
    const [copy] = await copiesWithStock(bench.db!, [productId], stock, label);
    const run = await keenRace(buyers, EMULATOR, { keen, postmaster, methodId }, count, () => [{ productId: copy.productId, quantity: 1 }]);
    const placed = run.answers.filter((answer) => answer.answer.data?.placeOrder?.id).length;
    if (placed !== stock) bench.problems.push(`race, ${label}: ${keen.name} placed ${placed} orders of a stock of ${stock}`);
    return { app: run.cpu.app / count, pg: run.cpu.pg / count, wall: run.wallMs };
  };
  for (const target of [a, b]) await raceOn(target, RACE_WARMUP, RACE_WARMUP / 5, `${target.name} warm-up`);
  const rounds: { a: Awaited<ReturnType<typeof raceOn>>; b: Awaited<ReturnType<typeof raceOn>> }[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
    const one = await raceOn(first, RACE_BUYERS, RACE_STOCK, `${first.name} round ${i + 1}`);
    const two = await raceOn(second, RACE_BUYERS, RACE_STOCK, `${second.name} round ${i + 1}`);
    const round = first === a ? { a: one, b: two } : { a: two, b: one };
    rounds.push(round);
    console.log(
      `  race round ${i + 1}: A ${round.a.app.toFixed(3)} ms CPU a buyer (${round.a.wall.toFixed(0)} ms), ` +
        `B ${round.b.app.toFixed(3)} ms (${round.b.wall.toFixed(0)} ms); B/A ${(round.b.app / round.a.app).toFixed(2)}`,
    );
  }
  const m = (pick: (r: (typeof rounds)[number]) => number) => median(rounds.map(pick));
  console.log(
    `race: A app ${m((r) => r.a.app).toFixed(3)} ms, PG ${m((r) => r.a.pg).toFixed(3)} ms CPU a buyer, wall ${m((r) => r.a.wall).toFixed(0)} ms; ` +
      `B app ${m((r) => r.b.app).toFixed(3)} ms, PG ${m((r) => r.b.pg).toFixed(3)} ms, wall ${m((r) => r.b.wall).toFixed(0)} ms; ` +
      `B/A app CPU ${(m((r) => r.b.app / r.a.app) * 100).toFixed(1)}%, PG CPU ${(m((r) => r.b.pg / r.a.pg) * 100).toFixed(1)}%\n`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
