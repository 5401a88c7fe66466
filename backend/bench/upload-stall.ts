import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { User } from '../src/modules/users/user.entity';
import { procStat } from './cpu';
import { accessTokensFor, BenchRun } from './processes';
import { percentile } from './report';

/**
 * `npm run bench:uploads`: image uploads cannot stall a Keen process. Starts `node backend/dist/main.js`
 * with its default settings, signs a customer in (a Keen access token, as the REST exchange issues
 * them) and generates its images with sharp: smooth colour fields, so that many pixels make a small file.
 *   (a) a 6,300 x 6,300 px (39.7 MP) progressive JPEG, sent twice at once: both refused (400) in under
 *       REFUSED_GOAL_MS each, since the pixel cap is read from the header before anything is decoded;
 *   (b) a 4,898 x 4,898 px (24.0 MP, just under the default cap) progressive JPEG, sent twice at once
 *       and so decoded twice at once, while GET /healthz and GET of a stored image (which reads the
 *       disk through libuv's thread pool, as image decodes do) are each sent 20 times, one every
 *       POLL_EVERY_MS: the median answer must take under POLL_GOAL_MS, the process's peak RSS during
 *       the uploads (VmHWM, reset before them) must exceed its RSS before them by under RSS_GOAL_MB.
 *       (b) runs first: memory an earlier decode left to the process would hide what these take.
 * Exits 1 when a goal is missed or the bench broke.
 *   BENCH_DATABASE_URL: a PostgreSQL server URL (a database is made and dropped); without it an embedded PostgreSQL.
 */

const REFUSED_GOAL_MS = 500;
const POLL_GOAL_MS = 250;
const RSS_GOAL_MB = 300;
const POLLS = 20;
const POLL_EVERY_MS = 50;
const OVER_CAP_SIDE = 6300;
const UNDER_CAP_SIDE = 4898;
const repoRoot = path.resolve(__dirname, '..', '..', '..');

const bench = new BenchRun('bench-uploads');

/** A progressive JPEG of `side` x `side` px: a small random image enlarged, so that it compresses to 1 to 2 MB. */
async function smoothJpeg(side: number): Promise<Buffer> {
  const small = 48;
  const seed = Buffer.from(Array.from({ length: small * small * 3 }, (_, i) => (i * 7919 + (i >> 3) * 104_729) % 251));
  const pixels = await sharp(seed, { raw: { width: small, height: small, channels: 3 } })
    .resize(side, side, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 85, progressive: true })
    .toBuffer();
}

interface Timed {
  ms: number;
  status: number;
  body: string;
}

async function timed(url: string, init: RequestInit = {}): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

function upload(url: string, token: string, bytes: Buffer): Promise<Timed> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return timed(`${url}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

/** `count` GETs of `url`, one started every POLL_EVERY_MS whether or not the earlier ones have answered. */
async function poll(url: string, count: number): Promise<Timed[]> {
  const started: Promise<Timed>[] = [];
  for (let i = 0; i < count; i += 1) {
    started.push(timed(url));
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
  return Promise.all(started);
}

function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/\d+/)?.[0] ?? NaN) / 1024;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const answers = (results: Timed[]) => results.map((r) => r.status).join(', ');

async function main(): Promise<boolean> {
  console.log('Generating the test images...');
  const overCap = await smoothJpeg(OVER_CAP_SIDE);
  const underCap = await smoothJpeg(UNDER_CAP_SIDE);
  const small = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();

  const databaseUrl = await bench.createDatabase();
  const users = bench.db!.getRepository(User);
  const customer = await users.save({ name: 'Upload Bench', email: 'upload-bench@keen.test', emailVerified: true });
  const keenEnv = bench.keenEnvironment(databaseUrl);
  const [token] = await accessTokensFor(keenEnv, [await users.findOneByOrFail({ id: customer.id })]);
  const keen = await bench.startProcess('Keen', [path.join(repoRoot, 'backend', 'dist', 'main.js')], keenEnv, '/readyz');
  console.log(
    `Keen: node backend/dist/main.js, default upload settings, database: ${bench.databaseKind} PostgreSQL; images of ` +
      `${(overCap.length / 1e6).toFixed(1)} MB (${OVER_CAP_SIDE} px) and ${(underCap.length / 1e6).toFixed(1)} MB (${UNDER_CAP_SIDE} px).\n`,
  );

  // A first upload loads sharp and leaves an image to serve.
  const warm = await upload(keen.url, token, small);
  if (warm.status !== 200) throw new Error(`the warm-up upload answered ${warm.status} ${warm.body}`);
  const storedImage = `${keen.url}${(JSON.parse(warm.body) as { data: { url: string } }).data.url}`;

  const rssBefore = status(keen.pid, 'VmRSS');
  // Writing 5 to clear_refs resets the peak RSS (VmHWM) to the current RSS.
  writeFileSync(`/proc/${keen.pid}/clear_refs`, '5');
  const cpuBefore = procStat(keen.pid)?.cpuMs ?? NaN;
  const started = performance.now();
  const [decoded, health, served] = await Promise.all([
    Promise.all([upload(keen.url, token, underCap), upload(keen.url, token, underCap)]),
    poll(`${keen.url}/healthz`, POLLS),
    poll(storedImage, POLLS),
  ]);
  const wallMs = performance.now() - started;
  const cpuMs = (procStat(keen.pid)?.cpuMs ?? NaN) - cpuBefore;
  const rssGrowth = status(keen.pid, 'VmHWM') - rssBefore;
  const refused = await Promise.all([upload(keen.url, token, overCap), upload(keen.url, token, overCap)]);

  const healthMedian = percentile(
    health.map((r) => r.ms),
    0.5,
  );
  const servedMedian = percentile(
    served.map((r) => r.ms),
    0.5,
  );
  const rows = [
    {
      what: `(a) ${OVER_CAP_SIDE} px progressive JPEG x2 at once`,
      value: `${answers(refused)} in ${refused.map((r) => `${r.ms.toFixed(0)} ms`).join(', ')}`,
      goal: `400, each < ${REFUSED_GOAL_MS} ms`,
      met: refused.every((r) => r.status === 400 && r.ms < REFUSED_GOAL_MS),
    },
    {
      what: `(b) ${UNDER_CAP_SIDE} px progressive JPEG x2 at once`,
      value: `${answers(decoded)} in ${decoded.map((r) => seconds(r.ms)).join(', ')}`,
      goal: '200 (stored)',
      met: decoded.every((r) => r.status === 200),
    },
    {
      what: '    GET /healthz meanwhile (median, max)',
      value: `${healthMedian.toFixed(0)} ms, ${Math.max(...health.map((r) => r.ms)).toFixed(0)} ms`,
      goal: `median < ${POLL_GOAL_MS} ms`,
      met: healthMedian < POLL_GOAL_MS && health.every((r) => r.status === 200),
    },
    {
      what: '    GET a stored image meanwhile (median, max)',
      value: `${servedMedian.toFixed(0)} ms, ${Math.max(...served.map((r) => r.ms)).toFixed(0)} ms`,
      goal: `median < ${POLL_GOAL_MS} ms`,
      met: servedMedian < POLL_GOAL_MS && served.every((r) => r.status === 200),
    },
    {
      what: '    peak RSS over RSS before',
      value: `${rssGrowth >= 0 ? '+' : ''}${rssGrowth.toFixed(0)} MB (from ${rssBefore.toFixed(0)} MB)`,
      goal: `< ${RSS_GOAL_MB} MB`,
      met: rssGrowth < RSS_GOAL_MB,
    },
  ];
  const widths = [
    Math.max(...rows.map((r) => r.what.length)),
    Math.max(...rows.map((r) => r.value.length)),
    Math.max(...rows.map((r) => r.goal.length)),
  ];
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(['case', 'measured', 'goal', 'met']));
  console.log(widths.map((w) => '-'.repeat(w)).join('  ') + '  ---');
  for (const row of rows) console.log(line([row.what, row.value, row.goal, row.met ? 'yes' : 'NO']));
  console.log(`\n(b) took ${seconds(wallMs)} and ${seconds(cpuMs)} of Keen's CPU.`);
  const refusal = refused.find((r) => r.status === 400);
  if (refusal) console.log(`(a) answered: ${refusal.body}`);
  const failed = decoded.find((r) => r.status !== 200);
  if (failed) console.log(`(b) answered: ${failed.status} ${failed.body}`);
  return rows.every((row) => row.met);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the bench and removing what it made`);
    void bench.cleanUp().finally(() => process.exit(130));
  });

main()
  .then(
    (met) => (met ? 0 : 1),
    (error: unknown) => {
      console.error(`\n${(error as Error)?.stack ?? String(error)}`);
      return 1;
    },
  )
  .then(async (code) => {
    if (bench.problems.length) console.error(`\nThe bench broke:\n  ${bench.problems.join('\n  ')}`);
    await bench.cleanUp();
    process.exit(bench.problems.length ? 1 : code);
  });
