import 'reflect-metadata';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../src/app/data-source';
import { loadConfig } from '../src/config';
import { ensureDatabase } from '../src/db/database';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { migrate } from '../src/db/migrate';
import { IdentityService } from '../src/modules/auth/identity';
import { BENCH_QUERIES } from './baseline';
import { clockTicks, listenerPid, postmasterPid, treeCpuMs } from './cpu';
import { type BenchCase, load, sameAnswer, side, stopLoad, type Target } from './load';
import { median, percentile, printTable, type RaceResult, type Round, type Row } from './report';
import { seedBenchShop } from './seed';

/**
 * `npm run bench:http`: Keen under HTTP load, against a bare baseline measured in the same run.
 * Keen (`node backend/dist/main.js`) and the baseline (baseline.ts) run as their own
 * processes over one freshly seeded database; autocannon loads each case at 32 and at 1
 * connection, Keen and baseline in alternating rounds so machine noise hits both alike. Then 500
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

const cases: BenchCase[] = [
  {
    name: 'GraphQL products (20)',
    method: 'POST',
    path: '/graphql',
    body: JSON.stringify({ query: BENCH_QUERIES.products }),
    goal: { text: 'ratio >= 50%, Keen p99 <= 20 ms', met: ({ ratio, keenP99 }) => ratio >= 0.5 && keenP99 <= 20 },
  },
  {
    name: 'REST GET /api/products',
    method: 'GET',
    path: '/api/products',
    goal: { text: 'ratio >= 70%', met: ({ ratio }) => ratio >= 0.7 },
  },
  {
    name: 'GraphQL myOrders (20), signed in',
    method: 'POST',
    path: '/graphql',
    body: JSON.stringify({ query: BENCH_QUERIES.myOrders }),
    signedIn: true,
    goal: { text: 'ratio >= 25%', met: ({ ratio }) => ratio >= 0.25 },
  },
];

// ---------------------------------------------------------------- everything that must be undone

const work = mkdtempSync(path.join(os.tmpdir(), 'keen-bench-http-'));
const children: ChildProcess[] = [];
const buyerAccounts: string[] = [];
const problems: string[] = [];
let embedded: EmbeddedDatabase | null = null;
let serverUrl: string | null = null;
let databaseName: string | null = null;
let db: DataSource | null = null;
let cleaning: Promise<void> | null = null;
/** Sign-ups in flight, which the clean-up waits for before it removes the accounts. */
let signingUp: Promise<unknown> = Promise.resolve();
let interrupted = false;
/** Buyers signed up so far: each race's buyers are new to Keen. */
let buyersMade = 0;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    stopLoad();
    // Accounts first: on Ctrl-C embedded-postgres's exit hook ends the process as soon as its server has stopped
    // (the 'exit' handler below then still kills the processes and removes the folder).
    await removeBuyers();
    await Promise.all(children.map(stopChild));
    await db?.destroy().catch(() => undefined);
    if (serverUrl && databaseName) {
      const admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await admin.end();
    }
    await embedded?.stop();
    rmSync(work, { recursive: true, force: true });
  })();
  return cleaning;
}

async function removeBuyers(): Promise<void> {
  await signingUp;
  const localIds = buyerAccounts.splice(0);
  if (!localIds.length) return;
  await emulatorCall('projects/demo-keen/accounts:batchDelete', { localIds, force: true }, { authorization: 'Bearer owner' }).catch(
    (error: unknown) => console.error(`Could not remove the bench's ${localIds.length} Auth Emulator accounts: ${String(error)}`),
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the bench and removing what it made`);
    void cleanUp().finally(() => process.exit(130));
  });
}
// Last resort (an exit before the clean-up finished): no process outlives the bench.
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

// ---------------------------------------------------------------- the run

async function main(): Promise<void> {
  if (!(await reachable(`http://${EMULATOR}/`)))
    throw new Error(`The Auth Emulator is not answering at ${EMULATOR} (start it, or set FIREBASE_AUTH_EMULATOR_HOST)`);
  const databaseUrl = await createDatabase();
  db = createDataSource(databaseUrl, { poolSize: 2 });
  await db.initialize();
  await migrate(db);
  const { customer, raceProductId, cartProductIds } = await seedBenchShop(db, RACE_STOCK, CART_STOCK);
  const postmaster = await postmasterPid(db);

  const secret = randomBytes(32).toString('hex');
  const keenEnv = {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    ACCESS_TOKEN_SECRET: secret,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR,
    FIREBASE_PROJECT_ID: 'demo-keen',
    DATA_DIR: path.join(work, 'data'),
    SEED_DEMO: 'false',
    // The race's 500 buyers all come from 127.0.0.1; behind a load balancer they would be 500 addresses.
    RATE_LIMIT_FAILED_SIGN_INS: '100000',
    // No mail server here: the race's order e-mails would only fail and retry during the rounds.
    EMAILS: 'off',
  };
  const identity = new IdentityService(loadConfig(keenEnv));
  const token = identity.issueAccessToken(
    { email: customer.email, name: customer.name, picture: null, emailVerified: true },
    customer.tokensValidSince,
  );
  await identity.close();

  const keen = await startProcess('Keen', [path.join(repoRoot, 'backend', 'dist', 'main.js')], keenEnv, '/readyz');
  const baseline = await startProcess(
    'baseline',
    [path.join(__dirname, 'baseline.js')],
    { DATABASE_URL: databaseUrl, ACCESS_TOKEN_SECRET: secret },
    '/healthz',
  );
  const pg = embedded
    ? `embedded PostgreSQL (pid ${postmaster})`
    : `server ${redact(serverUrl!)} (pid ${postmaster}, shared: its other work counts too)`;
  console.log(
    [
      `Keen: node backend/dist/main.js, NODE_ENV=development, log level info to a file. (NODE_ENV=production refuses the Auth`,
      `Emulator and the offline payment provider: it needs a real Firebase project and Stripe keys. On these requests the`,
      `differences are an HSTS header and stack traces in GraphQL errors, which only the race's refusals carry.)`,
      `Baseline: node:http + one pg Pool (10, as Keen's) with named prepared statements. Database: ${pg}.`,
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
    const expected = await sameAnswer(benchCase, headers(benchCase), keen, baseline);
    for (const connections of CONNECTIONS) {
      const run = (target: Target, seconds: number) => {
        if (interrupted) throw new Error('interrupted');
        return load(target, postmaster, { ...benchCase, headers: headers(benchCase), expected, connections, seconds }, problems);
      };
      await run(keen, WARMUP_SECONDS);
      await run(baseline, WARMUP_SECONDS);
      const rounds: { keen: Round; baseline: Round }[] = [];
      for (let i = 0; i < ROUNDS; i += 1) rounds.push({ keen: await run(keen, SECONDS), baseline: await run(baseline, SECONDS) });
      const [keenSide, baselineSide] = [side(rounds.map((pair) => pair.keen)), side(rounds.map((pair) => pair.baseline))];
      const ratio = median(rounds.map((pair) => pair.keen.reqPerSec / pair.baseline.reqPerSec));
      const judged = connections === 32;
      rows.push({
        case: benchCase.name,
        connections,
        keen: keenSide,
        baseline: baselineSide,
        ratio,
        goal: judged ? benchCase.goal.text : '-',
        met: judged ? benchCase.goal.met({ ratio, keenP99: keenSide.p99 }) : null,
      });
      console.log(
        `${benchCase.name}, ${connections} connection${connections === 1 ? '' : 's'}: Keen ${keenSide.reqPerSec.toFixed(0)} req/s, baseline ${baselineSide.reqPerSec.toFixed(0)} req/s`,
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
    database: embedded ? 'embedded' : 'server',
  };
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), machine, settings, rows, races, problems }, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
}

// ---------------------------------------------------------------- database and seed

async function createDatabase(): Promise<string> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    serverUrl = given;
    databaseName = `keen_bench_http_${process.pid}`;
    return ensureDatabase(given, databaseName);
  }
  embedded = await startEmbeddedPostgres({ dataDir: path.join(work, 'pg'), port: await freePort(), persistent: false });
  return ensureDatabase(embedded.url, 'keen');
}

async function postgresVersion(): Promise<string> {
  const [{ version }] = (await db!.query('SELECT version()')) as { version: string }[];
  return version;
}

// ---------------------------------------------------------------- processes

async function startProcess(name: Target['name'], args: string[], env: Record<string, string>, readyPath: string): Promise<Target> {
  const port = await freePort();
  const logFile = path.join(work, `${name}.log`);
  const log = openSync(logFile, 'a');
  // Output goes to a file, as a deployment pipes it to its log collector.
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  children.push(child);
  const target: Target = { name, url: `http://127.0.0.1:${port}`, pid: child.pid!, exited: false };
  child.once('exit', (code, signal) => {
    target.exited = true;
    if (!cleaning) problems.push(`${name} exited during the bench (${code ?? signal}); its log ends:\n${logTail(logFile)}`);
  });
  for (const started = Date.now(); !(await reachable(`${target.url}${readyPath}`));) {
    if (target.exited || Date.now() - started > 60_000) throw new Error(`${name} did not become ready; its log ends:\n${logTail(logFile)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return target;
}

function logTail(file: string): string {
  return readFileSync(file, 'utf8').trim().split('\n').slice(-15).join('\n');
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function reachable(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- the race

async function emulatorCall(route: string, body: object, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const response = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`emulator ${route}: ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * A new Auth Emulator account and an ID token from a sign-in after the sign-up (the emulator's
 * first token can read as revoked: see the README's traps). Keen has never seen the person.
 */
async function newBuyer(): Promise<string> {
  buyersMade += 1;
  const i = buyersMade;
  const account = { email: `bench-buyer-${process.pid}-${i}@keen.test`, password: 'bench-password-1', returnSecureToken: true };
  const { localId } = await emulatorCall('accounts:signUp?key=demo-api-key', { ...account, displayName: `Buyer ${i}` });
  buyerAccounts.push(String(localId));
  return String((await emulatorCall('accounts:signInWithPassword?key=demo-api-key', account)).idToken);
}

interface PlaceOrderAnswer {
  data?: { placeOrder?: { id: string } };
  errors?: { message: string }[];
}

interface RaceRun {
  answers: { ms: number; status: number; answer: PlaceOrderAnswer }[];
  wallMs: number;
  cpu: { app: number; pg: number; auth: number | null };
}

/** Signs up `buyers` new accounts, then each sends the placeOrder of `inputOf(its number)` at the same moment. */
async function race(keen: Target, postmaster: number, buyers: number, inputOf: (i: number) => object): Promise<RaceRun> {
  console.log(`\nRace: signing up ${buyers} buyers with the Auth Emulator...`);
  const tokens: string[] = [];
  for (let i = 0; i < buyers && !interrupted; i += 20) {
    const batch = Promise.all(Array.from({ length: Math.min(20, buyers - i) }, () => newBuyer()));
    signingUp = batch.catch(() => undefined);
    tokens.push(...(await batch));
  }
  if (interrupted) throw new Error('interrupted');
  const query = 'mutation PlaceOrder($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }';
  const bodies = tokens.map((_, i) =>
    JSON.stringify({ query, variables: { input: { ...inputOf(i), phone: '+1 555 0100', address: '1 Race Street' } } }),
  );
  const emulator = listenerPid(Number(EMULATOR.split(':')[1]));
  const [app, pg, auth] = [treeCpuMs(keen.pid), treeCpuMs(postmaster), emulator ? treeCpuMs(emulator) : 0];
  const started = performance.now();
  const answers = await Promise.all(
    tokens.map(async (token, i) => {
      const sent = performance.now();
      try {
        const response = await fetch(`${keen.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: bodies[i],
          signal: AbortSignal.timeout(60_000),
        });
        const answer = (await response.json()) as PlaceOrderAnswer;
        return { ms: performance.now() - sent, status: response.status, answer };
      } catch (error) {
        const reason = String((error as Error).cause ?? error);
        return { ms: performance.now() - sent, status: 0, answer: { errors: [{ message: `no answer: ${reason}` }] } as PlaceOrderAnswer };
      }
    }),
  );
  const wallMs = performance.now() - started;
  const cpu = { app: treeCpuMs(keen.pid) - app, pg: treeCpuMs(postmaster) - pg, auth: emulator ? treeCpuMs(emulator) - auth : null };
  await removeBuyers();
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
  const [{ n: ordersMade }] = (await db!.query('SELECT count(*)::int AS n FROM "order_line" WHERE "productId" = $1', [productId])) as {
    n: number;
  }[];
  const [{ quantity: stockLeft }] = (await db!.query('SELECT quantity FROM product WHERE id = $1', [productId])) as { quantity: number }[];
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
  const pairs = [
    [0, 1],
    [2, 1],
    [2, 0],
    [1, 0],
    [1, 2],
    [0, 2],
  ];
  const run = await race(keen, postmaster, CART_BUYERS, (i) => ({
    lines: pairs[i % pairs.length].map((p) => ({ productId: productIds[p], quantity: 1 })),
  }));
  const orderIds = run.answers.map((a) => a.answer.data?.placeOrder?.id).filter((id): id is string => Boolean(id));
  const [{ twoLines }] = (await db!.query(
    `SELECT count(*)::int AS "twoLines" FROM (SELECT "orderId" FROM "order_line" WHERE "orderId" = ANY($1::uuid[]) GROUP BY "orderId" HAVING count(*) = 2) t`,
    [orderIds],
  )) as { twoLines: number }[];
  const stocks = ((await db!.query('SELECT quantity FROM product WHERE id = ANY($1::uuid[])', [productIds])) as { quantity: number }[]).map(
    (p) => p.quantity,
  );
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

function whole(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name}: expected a whole number of at least 1, got "${raw}"`);
  return Number(raw);
}

function redact(url: string): string {
  const parsed = new URL(url);
  parsed.password = parsed.password ? '***' : '';
  return parsed.toString();
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
