import 'reflect-metadata';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { pino } from 'pino';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../config';
import { ensureDatabase } from '../db/database';
import { createDataSource } from '../db/data-source';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded-postgres';
import { migrate } from '../db/migrate';
import { IdentityService } from '../modules/auth/identity';
import { Product } from '../modules/catalog/product.entity';
import { Order, OrderState } from '../modules/orders/order.entity';
import { Review } from '../modules/reviews/review.entity';
import { User } from '../modules/users/user.entity';
import { seedCatalogue } from '../seed/seed';
import { BENCH_QUERIES } from './bench-http-baseline';

/**
 * `npm run bench:http`: Keen under HTTP load, against a bare baseline measured in the same run.
 * Keen (`node backend/dist/main.js`) and the baseline (bench-http-baseline.ts) run as their own
 * processes over one freshly seeded database; autocannon loads each case at 32 and at 1
 * connection, Keen and baseline in alternating rounds so machine noise hits both alike. Then 500
 * first-time buyers race for a product with stock 100. Prints one table and writes it all to
 * bench-results/http-<date>.json. Exit 0 when the bench ran (goals missed are reported), 1 when
 * something broke (errors under load, answers that differ, a race that did not sell exactly 100).
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
const SHORTAGE = 'Product cannot be purchased for product shortage';
const CUSTOMER_EMAIL = 'bench-customer@keen.test';
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface Target {
  name: 'Keen' | 'baseline';
  url: string;
  pid: number;
  exited: boolean;
}

interface BenchCase {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  signedIn?: boolean;
  /** The goal, judged on the 32-connection row (1 connection is shown for latency without queueing). */
  goal: { text: string; met: (row: { ratio: number; keenP99: number }) => boolean };
}

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

/** One autocannon run against one target, with the CPU its process and PostgreSQL spent meanwhile. */
interface Round {
  requests: number;
  seconds: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  statusCodes: Record<string, number>;
  appCpuMs: number;
  pgCpuMs: number;
}

interface Side {
  rounds: Round[];
  reqPerSec: number;
  p50: number;
  p99: number;
  appCpuMsPerReq: number;
  pgCpuMsPerReq: number;
}

interface Row {
  case: string;
  connections: number;
  keen: Side;
  baseline: Side;
  /** Median over rounds of Keen's req/s over the baseline's in the round next to it. */
  ratio: number;
  goal: string;
  met: boolean | null;
}

interface RaceResult {
  buyers: number;
  stock: number;
  wallMs: number;
  ordersMade: number;
  stockLeft: number;
  placed: number;
  refusedForShortage: number;
  otherAnswers: string[];
  p50: number;
  p99: number;
  appCpuMsPerReq: number;
  pgCpuMsPerReq: number;
  /** The Auth Emulator checks each buyer's ID token for Keen (null when it runs out of sight of /proc). */
  emulatorCpuMsPerReq: number | null;
  met: boolean;
}

// ---------------------------------------------------------------- everything that must be undone

const work = mkdtempSync(path.join(os.tmpdir(), 'keen-bench-http-'));
const children: ChildProcess[] = [];
const buyerAccounts: string[] = [];
const problems: string[] = [];
let embedded: EmbeddedDatabase | null = null;
let serverUrl: string | null = null;
let databaseName: string | null = null;
let db: DataSource | null = null;
let cannon: autocannon.Instance | null = null;
let cleaning: Promise<void> | null = null;
/** Sign-ups in flight, which the clean-up waits for before it removes the accounts. */
let signingUp: Promise<unknown> = Promise.resolve();
let interrupted = false;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    cannon?.stop();
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
  const { customer, raceProductId } = await seed(db);
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
    [path.join(__dirname, 'bench-http-baseline.js')],
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
      const run = (target: Target, seconds: number) =>
        load(target, postmaster, { ...benchCase, headers: headers(benchCase), expected, connections, seconds });
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

  const race = await runRace(keen, postmaster, raceProductId);
  printTable(rows, race);
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
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), machine, settings, rows, race, problems }, null, 2)}\n`);
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

/**
 * The demo catalogue (14 knives, 4 reviews), 6 more knives to make 20, reviews by the customer,
 * the customer with 30 orders, and last (21st) the race's product with stock 100.
 */
async function seed(db: DataSource): Promise<{ customer: User; raceProductId: string }> {
  await seedCatalogue(db, pino({ level: 'silent' }));
  const products = db.getRepository(Product);
  const demo = await products.find({ order: { createdAt: 'ASC' } });
  const now = Date.now();
  const knife = (p: Product, name: string, at: number, quantity = p.quantity) => ({
    name,
    description: p.description,
    img: p.img,
    price: p.price,
    quantity,
    minimumQuantity: p.minimumQuantity,
    engravable: p.engravable,
    engravingMaxLength: p.engravingMaxLength,
    engravingPrice: p.engravingPrice,
    createdAt: new Date(at),
  });
  await products.insert(demo.slice(0, 20 - demo.length).map((p, i) => knife(p, `${p.name} (Bench Edition)`, now + i * 1000)));
  const race = await products.save({
    ...knife(demo[0], 'Bench Race Knife', now + 60_000, RACE_STOCK),
    minimumQuantity: 1,
    engravable: false,
  });
  const catalogue = await products.find({ order: { createdAt: 'ASC' }, take: 20 });

  const customer = await db.getRepository(User).save({
    name: 'Bench Customer',
    email: CUSTOMER_EMAIL,
    address: '1 Bench Road, Sheffield',
    phone: '+44 114 496 0100',
    emailVerified: true,
  });
  await db.getRepository(Review).insert(
    catalogue.slice(0, 6).map((p, i) => ({
      userName: customer.name,
      name: customer.name,
      email: customer.email,
      description: `Bought the ${p.name}; it holds its edge.`,
      star: 3 + (i % 3),
      authorId: customer.id,
    })),
  );
  // Closed states, and two unpaid orders placed just now: the expiry sweep must not change the answer mid-bench.
  const closed = [OrderState.Paid, OrderState.Shipped, OrderState.Cancelled, OrderState.Expired, OrderState.Refunded];
  await db.getRepository(Order).insert(
    Array.from({ length: 30 }, (_, i) => {
      const p = catalogue[i % catalogue.length];
      const state = i < 2 ? OrderState.AwaitingPayment : closed[i % closed.length];
      const createdAt = new Date(i < 2 ? now - i * 1000 : now - i * 3_600_000);
      const later = new Date(createdAt.getTime() + 600_000);
      const engraved = p.engravable && i % 3 === 0;
      const quantity = 1 + (i % 3);
      const paid = state === OrderState.Paid || state === OrderState.Shipped || state === OrderState.Refunded;
      return {
        userName: customer.name,
        email: customer.email,
        customerId: customer.id,
        phone: customer.phone!,
        address: customer.address!,
        productId: p.id,
        name: p.name,
        description: p.description,
        img: p.img,
        price: p.price,
        minimumQuantity: p.minimumQuantity,
        quantity,
        totalPrice: quantity * (p.price + (engraved ? p.engravingPrice : 0)),
        engravingText: engraved ? `For Sam ${i}` : null,
        engravingFont: engraved ? 'script' : null,
        engravingUnitPrice: engraved ? p.engravingPrice : null,
        state,
        transactionId: paid ? `pi_bench_${i}` : null,
        paidAt: paid ? later : null,
        shippedAt: state === OrderState.Shipped ? later : null,
        cancelledAt: state === OrderState.Cancelled ? later : null,
        expiredAt: state === OrderState.Expired ? later : null,
        refundedAt: state === OrderState.Refunded ? later : null,
        createdAt,
      };
    }),
  );
  return { customer: await db.getRepository(User).findOneByOrFail({ id: customer.id }), raceProductId: race.id };
}

/** The server process: the parent of our own backend. */
async function postmasterPid(db: DataSource): Promise<number> {
  const [{ pid }] = (await db.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[];
  const postmaster = procStat(pid)?.ppid;
  if (!postmaster) throw new Error('PostgreSQL runs out of sight of /proc (another host or container): its CPU cannot be counted');
  return postmaster;
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

// ---------------------------------------------------------------- CPU from /proc

interface ProcStat {
  ppid: number;
  /** utime + stime, plus the times of children it has reaped (PostgreSQL's ended backends), in ms. */
  cpuMs: number;
}

function procStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // After the command name, in parentheses: state, ppid, ... fields 14 to 17 are utime, stime, cutime, cstime.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return { ppid: Number(fields[1]), cpuMs: (ticks * 1000) / clockTicks };
}

/** CPU of a process and everything under it (for PostgreSQL: the server, its backends and background workers). */
function treeCpuMs(root: number): number {
  const stats = new Map<number, ProcStat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  let total = 0;
  const pending = [root];
  while (pending.length) {
    const pid = pending.pop()!;
    total += stats.get(pid)?.cpuMs ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) pending.push(child);
  }
  return total;
}

/** The process listening on a local TCP port, found through its socket's inode (/proc/net/tcp, /proc/<pid>/fd). */
function listenerPid(port: number): number | null {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (local.endsWith(hexPort) && state === '0A') inodes.add(`socket:[${inode}]`);
    }
  }
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readdirSync(`/proc/${pid}/fd`).some((fd) => inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`)))) return Number(pid);
    } catch {
      // gone, or not ours to read
    }
  }
  return null;
}

// ---------------------------------------------------------------- load

/** One answer from each, compared byte for byte: the bench then expects exactly that answer every time. */
async function sameAnswer(c: BenchCase, headers: Record<string, string>, keen: Target, baseline: Target): Promise<string> {
  const ask = async (target: Target) => {
    const response = await fetch(`${target.url}${c.path}`, { method: c.method, headers, body: c.body });
    return { status: response.status, total: response.headers.get('x-total-count'), body: await response.text() };
  };
  const [k, b] = [await ask(keen), await ask(baseline)];
  if (k.status !== 200 || k.body.includes('"errors"')) throw new Error(`${c.name}: Keen answered ${k.status} ${k.body.slice(0, 300)}`);
  if (k.body !== b.body || k.status !== b.status || k.total !== b.total) {
    const at = [...k.body].findIndex((char, i) => char !== b.body[i]);
    throw new Error(
      `${c.name}: the baseline's answer differs from Keen's (status ${b.status}/${k.status}, X-Total-Count ${b.total}/${k.total}, ` +
        `first difference at character ${at}):\n  Keen:     ${JSON.stringify(k.body.slice(Math.max(0, at - 80), at + 80))}\n  baseline: ${JSON.stringify(b.body.slice(Math.max(0, at - 80), at + 80))}`,
    );
  }
  return k.body;
}

async function load(
  target: Target,
  postmaster: number,
  options: BenchCase & { headers: Record<string, string>; expected: string; connections: number; seconds: number },
): Promise<Round> {
  if (interrupted) throw new Error('interrupted');
  if (target.exited) throw new Error(`${target.name} is no longer running`);
  const [app, pg] = [treeCpuMs(target.pid), treeCpuMs(postmaster)];
  // autocannon's own histogram keeps whole milliseconds; these are the exact times of 2xx answers.
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    cannon = autocannon(
      {
        url: `${target.url}${options.path}`,
        method: options.method,
        headers: options.headers,
        body: options.body,
        connections: options.connections,
        duration: options.seconds,
        // Every answer must be the one compared at the start: anything else counts as an error.
        expectBody: options.expected,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    cannon.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
  cannon = null;
  const requests = result.requests.total;
  const errors = result.errors + result.timeouts + result.non2xx + result.mismatches;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]));
  if (errors > 0)
    problems.push(
      `${options.name} at ${options.connections} connections, ${target.name}: ${errors} errors in ${requests} requests ` +
        `(${result.mismatches} answers unlike the expected one, status codes ${JSON.stringify(statusCodes)})`,
    );
  return {
    requests,
    seconds: result.duration,
    reqPerSec: requests / result.duration,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
    statusCodes,
    appCpuMs: treeCpuMs(target.pid) - app,
    pgCpuMs: treeCpuMs(postmaster) - pg,
  };
}

function side(rounds: Round[]): Side {
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  return {
    rounds,
    reqPerSec: median(rounds.map((r) => r.reqPerSec)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    appCpuMsPerReq: rounds.reduce((sum, r) => sum + r.appCpuMs, 0) / requests,
    pgCpuMsPerReq: rounds.reduce((sum, r) => sum + r.pgCpuMs, 0) / requests,
  };
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
async function newBuyer(i: number): Promise<string> {
  const account = { email: `bench-buyer-${process.pid}-${i}@keen.test`, password: 'bench-password-1', returnSecureToken: true };
  const { localId } = await emulatorCall('accounts:signUp?key=demo-api-key', { ...account, displayName: `Buyer ${i}` });
  buyerAccounts.push(String(localId));
  return String((await emulatorCall('accounts:signInWithPassword?key=demo-api-key', account)).idToken);
}

interface PlaceOrderAnswer {
  data?: { placeOrder?: { id: string } };
  errors?: { message: string }[];
}

/** 500 first-time buyers send placeOrder for 1 unit of the stock-100 product at the same moment. */
async function runRace(keen: Target, postmaster: number, productId: string): Promise<RaceResult> {
  console.log(`\nRace: signing up ${BUYERS} buyers with the Auth Emulator...`);
  const tokens: string[] = [];
  for (let i = 0; i < BUYERS && !interrupted; i += 20) {
    const batch = Promise.all(Array.from({ length: Math.min(20, BUYERS - i) }, (_, j) => newBuyer(i + j)));
    signingUp = batch.catch(() => undefined);
    tokens.push(...(await batch));
  }
  if (interrupted) throw new Error('interrupted');
  const body = JSON.stringify({
    query: 'mutation PlaceOrder($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
    variables: { input: { productId, quantity: 1, phone: '+1 555 0100', address: '1 Race Street' } },
  });
  const emulator = listenerPid(Number(EMULATOR.split(':')[1]));
  const [app, pg, auth] = [treeCpuMs(keen.pid), treeCpuMs(postmaster), emulator ? treeCpuMs(emulator) : 0];
  const started = performance.now();
  const answers = await Promise.all(
    tokens.map(async (token) => {
      const sent = performance.now();
      try {
        const response = await fetch(`${keen.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
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
  const [{ n: ordersMade }] = (await db!.query('SELECT count(*)::int AS n FROM "order" WHERE "productId" = $1', [productId])) as {
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
  const times = answers.map((a) => a.ms);
  return {
    buyers: BUYERS,
    stock: RACE_STOCK,
    wallMs,
    ordersMade,
    stockLeft,
    placed,
    refusedForShortage,
    otherAnswers: otherAnswers.slice(0, 10),
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    appCpuMsPerReq: cpu.app / BUYERS,
    pgCpuMsPerReq: cpu.pg / BUYERS,
    emulatorCpuMsPerReq: cpu.auth === null ? null : cpu.auth / BUYERS,
    met: ordersMade === RACE_STOCK && wallMs < RACE_GOAL_MS,
  };
}

// ---------------------------------------------------------------- report

function printTable(rows: Row[], race: RaceResult): void {
  const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
  const head = [
    'case',
    'conns',
    'Keen req/s',
    'p50 ms',
    'p99 ms',
    'base req/s',
    'p50 ms',
    'p99 ms',
    'ratio',
    'app CPU ms/req',
    'PG CPU ms/req',
    'goal',
    'met?',
  ];
  const lines = rows.map((r) => [
    r.case,
    String(r.connections),
    r.keen.reqPerSec.toFixed(0),
    ms(r.keen.p50),
    ms(r.keen.p99),
    r.baseline.reqPerSec.toFixed(0),
    ms(r.baseline.p50),
    ms(r.baseline.p99),
    `${(r.ratio * 100).toFixed(0)}%`,
    `${r.keen.appCpuMsPerReq.toFixed(2)} / ${r.baseline.appCpuMsPerReq.toFixed(2)}`,
    `${r.keen.pgCpuMsPerReq.toFixed(2)} / ${r.baseline.pgCpuMsPerReq.toFixed(2)}`,
    r.goal,
    r.met === null ? '-' : r.met ? 'yes' : 'NO',
  ]);
  lines.push([
    `placeOrder race (${race.buyers} new buyers, stock ${race.stock})`,
    String(race.buyers),
    (race.buyers / (race.wallMs / 1000)).toFixed(0),
    ms(race.p50),
    ms(race.p99),
    '-',
    '-',
    '-',
    '-',
    race.appCpuMsPerReq.toFixed(2),
    race.pgCpuMsPerReq.toFixed(2),
    `exactly ${race.stock} orders in < ${RACE_GOAL_MS / 1000} s`,
    `${race.met ? 'yes' : 'NO'} (${race.ordersMade} orders, ${(race.wallMs / 1000).toFixed(2)} s)`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 || i >= 11 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(`\n${format(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${lines.map(format).join('\n')}`);
  const emulator = race.emulatorCpuMsPerReq === null ? 'out of sight' : `${race.emulatorCpuMsPerReq.toFixed(2)} ms CPU per buyer`;
  console.log(
    [
      '',
      'Medians over rounds; ratio: Keen req/s over the baseline req/s of the round next to it. Goals are judged at 32 connections.',
      'CPU ms/req: CPU time spent per answered request, Keen / baseline (the race: Keen), by the app process and by PostgreSQL.',
      `Race: ${race.placed} placed, ${race.refusedForShortage} refused for shortage, stock left ${race.stockLeft}; ` +
        `the Auth Emulator (checking each new buyer's ID token for Keen): ${emulator}.`,
    ].join('\n'),
  );
}

function median(values: number[]): number {
  return percentile(values, 0.5);
}

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
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
