import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { BENCH_QUERIES } from './baseline';
import { postmasterPid } from './cpu';
import { load, stopLoad, type Target } from './load';
import { accessTokensFor, BenchRun, whole } from './processes';
import { median } from './report';
import { seedBenchShop } from './seed';

/**
 * `npm run bench:ab -- <A/main.js> <B/main.js> [case ...]`: two builds of Keen side by side over one
 * seeded database, in alternating rounds (A then B, then B then A...),
 * so that the machine's swings hit both builds alike. On a shared 2-core machine a change's effect
 * is smaller than the swing between two runs made minutes apart: only such a comparison judges it.
 * Prints, per case, the median req/s of each build and the median of B over A in the same round.
 *   Cases: gql (GraphQL products, cache off), typename ({ __typename }, cache off), rest (REST
 *   products, cache off), orders (myOrders, signed in), gql-cached, rest-cached. Default: gql rest.
 *   BENCH_SECONDS (5), BENCH_ROUNDS (7), BENCH_CONNECTIONS (32).
 *   BENCH_NODE_OPTIONS_A, BENCH_NODE_OPTIONS_B: NODE_OPTIONS for one build (to judge a runtime flag on one build).
 *   FIREBASE_AUTH_EMULATOR_HOST (127.0.0.1:9099): only for Keen's sign-in checks (not needed by these cases).
 */

const SECONDS = whole('BENCH_SECONDS', 5);
const ROUNDS = whole('BENCH_ROUNDS', 7);
const CONNECTIONS = whole('BENCH_CONNECTIONS', 32);

const CASES = {
  gql: { method: 'POST', path: '/graphql', query: BENCH_QUERIES.products, cache: false },
  typename: { method: 'POST', path: '/graphql', query: '{ __typename }', cache: false },
  rest: { method: 'GET', path: '/api/products', cache: false },
  orders: { method: 'POST', path: '/graphql', query: BENCH_QUERIES.myOrders, cache: false, signedIn: true },
  'gql-cached': { method: 'POST', path: '/graphql', query: BENCH_QUERIES.products, cache: true },
  'rest-cached': { method: 'GET', path: '/api/products', cache: true },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string; query?: string; cache: boolean; signedIn?: boolean }>;
type CaseName = keyof typeof CASES;

const [buildA, buildB, ...named] = process.argv.slice(2);
const chosen = (named.length ? named : ['gql', 'rest']) as CaseName[];
if (!buildA || !buildB || ![buildA, buildB].every((file) => existsSync(file)) || chosen.some((name) => !(name in CASES))) {
  console.error(`Usage: bench:ab -- <A/main.js> <B/main.js> [${Object.keys(CASES).join('|')} ...]`);
  process.exit(2);
}

const bench = new BenchRun('bench-ab');
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stopLoad();
    void bench.cleanUp().finally(() => process.exit(130));
  });

async function main(): Promise<void> {
  const databaseUrl = await bench.createDatabase();
  const { customer } = await seedBenchShop(bench.db!, 100, 50);
  const postmaster = await postmasterPid(bench.db!);
  const keenEnv = bench.keenEnvironment(databaseUrl);
  const [token] = await accessTokensFor(keenEnv, [customer]);

  const start = (build: 'A' | 'B', main: string, cache: boolean) => {
    const nodeOptions = process.env[`BENCH_NODE_OPTIONS_${build}`];
    const env = { ...keenEnv, READ_CACHE: String(cache), ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) };
    return bench.startProcess(`Keen ${build}${cache ? '' : ', cache off'}`, [main], env, '/readyz');
  };
  const builds = new Map<boolean, [Target, Target]>();
  for (const cache of new Set(chosen.map((name) => CASES[name].cache)))
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
  if (bench.problems.length) throw new Error(bench.problems.join('\n'));
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => bench.cleanUp());
