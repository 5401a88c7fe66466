// `npm run test:replicas`: proves the multi-process shape on one machine. Starts three Keen
// processes at the same moment (from backend/dist, built by the npm script) on a new, empty
// database of the machine's PostgreSQL (TEST_DATABASE_URL), with a private redis-server
// (REDIS_URL), a signature-checking S3 stand-in for images and the Auth Emulator, then checks the
// shape with plain HTTP. One line per check, then `N passed, N failed`; exits non-zero on a
// failure. Every process, database and folder it made is removed at the end.
//   REPLICAS_PORT (default 4181): the three processes listen on it and the next two ports.
//   REPLICAS_REDIS_PORT (default 6390): the private redis-server.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { startAuthEmulator } from './auth-emulator.mjs';
import {
  backend,
  emulatorAccounts,
  gql,
  inParallel,
  isReady,
  portAnswers,
  runCleanups,
  startKeen,
  startRedis as startPrivateRedis,
  stopKeen as stopApp,
  waitFor,
} from './replica-parts.mjs';

const { bufferedAheadCeiling, startS3StandIn } = await import(path.join(backend, 'dist-dev', 'dev', 's3-stand-in.js'));

const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const basePort = Number(process.env.REPLICAS_PORT || 4181);
const redisPort = Number(process.env.REPLICAS_REDIS_PORT || 6390);
const run = randomBytes(4).toString('hex');
const databaseName = `keen_replicas_${run}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
const adminEmail = `replicas-admin-${run}@keen.test`;
const s3Credentials = { region: 'us-east-1', accessKeyId: 'keen-replicas', secretAccessKey: randomBytes(20).toString('hex') };
const metricsToken = randomBytes(16).toString('hex');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63fccfc0500f000485018084a98c210000000049454e44ae426082',
  'hex',
);

const cleanups = [];
const results = [];
let emulatorHost;
let bucket;
let redis;
const apps = [];
const dataDirs = [];
/** Printed by a process when it has collected its garbage (see `collectGarbage`). */
const COLLECTED = 'keen-replicas: garbage collected';
/** Loaded before Keen in every process (`--require`): SIGUSR2 runs a full garbage collection and says so. */
let gcPreload;

// ---------------------------------------------------------------- the parts

async function createDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${databaseName}"`);
  await admin.end();
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await cleanup.end();
  });
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

function startRedis() {
  return startPrivateRedis(redisPort, 'REPLICAS_REDIS_PORT');
}

function appEnv(index) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `keen-replica-${index + 1}-`));
  dataDirs.push(dataDir);
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(basePort + index),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    ADMIN_EMAILS: adminEmail,
    // Shared, so that an access token from one process is good on the others.
    ACCESS_TOKEN_SECRET: `replicas-${run}-${'x'.repeat(32)}`,
    SEED_DEMO: 'false',
    DRAIN_DELAY_SECONDS: '1',
    S3_ENDPOINT: bucket.url,
    S3_BUCKET: 'keen-images',
    S3_REGION: s3Credentials.region,
    S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
    METRICS_TOKEN: metricsToken,
  };
}

/**
 * The preload every process starts with: Keen itself is unchanged, but the test can ask a process to
 * collect its garbage (`collectGarbage`) before reading its memory, so that what it reads is what the
 * process still holds, not the garbage of what it has already passed on. Twice: Node 20's V8 frees the
 * Buffers a collection finds dead on a background thread and takes them off the process's external
 * memory only at the next collection (measured: after one `gc()`, 10 MB of dead Buffers still counted
 * for as long as the process stayed idle), so after a single collection the reading still held every
 * piece passed on since the collection before (2 to 3 MB half-way through the large image).
 */
function writeGcPreload() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'keen-replicas-gc-'));
  dataDirs.push(dir);
  const file = path.join(dir, 'collect-on-sigusr2.cjs');
  writeFileSync(
    file,
    `process.on('SIGUSR2', () => {\n  globalThis.gc();\n  globalThis.gc();\n  process.stdout.write(${JSON.stringify(`${COLLECTED}\n`)});\n});\n`,
  );
  return file;
}

/** Starts Keen process `index` (0, 1 or 2) from backend/dist. */
function startApp(index, env) {
  const app = startKeen({ index, port: basePort + index, env, nodeArgs: ['--expose-gc', '--require', gcPreload] });
  apps[index] = app;
  return app;
}

// ---------------------------------------------------------------- HTTP helpers

function signUp(email, options) {
  return emulatorAccounts(emulatorHost).signUp(email, options);
}

async function createProduct(app, admin, quantity) {
  const input = {
    name: `Replica Knife ${randomBytes(4).toString('hex')}`,
    description: 'A knife for the replica test',
    price: 40,
    quantity,
    minimumQuantity: 1,
    img: '/images/santoku.svg',
  };
  return (await gql(app, 'mutation($input: ProductInput!) { createProduct(input: $input) { id price } }', { input }, admin)).createProduct;
}

async function placeOrder(app, session, productId) {
  const response = await fetch(`${app.url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ productCode: productId, quantity: 1, phone: '+1 555 0100', address: '1 Replica Street' }),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: await response.json() };
}

/** Failed sign-ins (invalid bearer tokens) from one client address until the first 429: answers its attempt number. */
async function attemptsUntilRefused(address, targets) {
  for (let attempt = 1; attempt <= 25; attempt += 1) {
    const app = targets[(attempt - 1) % targets.length];
    const response = await fetch(`${app.url}/api/orders?email=nobody@keen.test`, {
      headers: { authorization: `Bearer not-a-token-${attempt}`, 'x-forwarded-for': address },
    });
    if (response.status === 429) return attempt;
    if (response.status !== 401) throw new Error(`attempt ${attempt} answered ${response.status}, expected 401 or 429`);
  }
  return null;
}

// ---------------------------------------------------------------- the checks

async function check(number, title, body) {
  try {
    const detail = await body();
    results.push(true);
    process.stdout.write(`ok   ${number}. ${title}${detail ? ` (${detail})` : ''}\n`);
  } catch (error) {
    results.push(false);
    process.stdout.write(`FAIL ${number}. ${title}: ${error?.message ?? error}\n`);
  }
}

function expectEqual(actual, expected, what) {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

async function main() {
  await createDatabase();
  cleanups.push(async () => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  gcPreload = writeGcPreload();
  redis = await startRedis();
  cleanups.push(() => redis.stop());
  // A large upload (about 2.8 MB once re-encoded as WebP) leaves the bucket over about two seconds
  // (256 KB every 200 ms), so streaming shows.
  bucket = await startS3StandIn(s3Credentials, { getChunkDelayMs: 200 });
  cleanups.push(() => bucket.close());
  const emulatorProcess = await startAuthEmulator({ projectId: 'demo-keen' });
  emulatorHost = emulatorProcess.host;
  cleanups.push(() => emulatorProcess.stop());
  cleanups.push(() => Promise.all(apps.map((app) => app && stopApp(app))));

  for (let i = 0; i < 3; i += 1) {
    if (await portAnswers(basePort + i))
      throw new Error(`port ${basePort + i} is taken: set REPLICAS_PORT to the first of three free ports`);
  }
  // The same moment: all three spawned in one tick, on an empty database.
  for (let i = 0; i < 3; i += 1) startApp(i, appEnv(i));
  let admin;

  await check(1, 'three processes started together on an empty database all become ready; each migration ran once', async () => {
    await Promise.all(apps.map((app) => waitFor(`process ${app.index + 1} ready`, () => isReady(app), 90_000)));
    const migrationFiles = readdirSync(path.join(backend, 'dist', 'db', 'migrations')).filter((file) => file.endsWith('.js'));
    const rows = await query('SELECT name, count(*)::int AS times FROM migrations GROUP BY name');
    expectEqual(rows.length, migrationFiles.length, 'migrations recorded');
    const twice = rows.filter((row) => row.times !== 1);
    if (twice.length) throw new Error(`applied more than once: ${twice.map((row) => row.name).join(', ')}`);
    return `${rows.length} migrations, once each`;
  });

  await check(2, 'a price change made through process 1 is what processes 2 and 3 answer on their very next read', async () => {
    admin = await signUp(adminEmail, { verified: true });
    const product = await createProduct(apps[0], admin, 10);
    for (const app of [apps[1], apps[2]])
      expectEqual(
        (await gql(app, 'query($id: ID!) { product(id: $id) { price } }', { id: product.id })).product.price,
        40,
        `process ${app.index + 1} before`,
      );
    await gql(
      apps[0],
      'mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { price } }',
      { id: product.id, input: { price: 55, quantity: 10, minimumQuantity: 1, img: '/images/santoku.svg' } },
      admin,
    );
    for (const app of [apps[1], apps[2]]) {
      expectEqual(
        (await gql(app, 'query($id: ID!) { product(id: $id) { price } }', { id: product.id })).product.price,
        55,
        `GraphQL on process ${app.index + 1}`,
      );
      const [rest] = await (await fetch(`${app.url}/api/products?id=${product.id}`)).json();
      expectEqual(rest.price, 55, `REST on process ${app.index + 1}`);
    }
  });

  await check(3, 'failed sign-ins spread over the three processes meet 429 at the same total as on one process', async () => {
    // Two client addresses (the processes trust X-Forwarded-For from the loopback load balancer).
    const spread = await attemptsUntilRefused(`198.51.100.${1 + (parseInt(run.slice(0, 2), 16) % 100)}`, apps);
    const single = await attemptsUntilRefused(`198.51.100.${101 + (parseInt(run.slice(2, 4), 16) % 100)}`, [apps[0]]);
    if (single === null) throw new Error('no 429 within 25 failed sign-ins on one process (the abuse limits are not in this build)');
    expectEqual(spread, single, 'attempt of the first 429, spread over three processes vs on one');
    return `first 429 at attempt ${single} both ways`;
  });

  await check(
    4,
    'an image uploaded through process 1 is served through process 3 (re-encoded as WebP), a large one streamed, never held whole, a paused client holds the bucket back',
    async () => {
      const form = new FormData();
      form.append('image', new Blob([PNG], { type: 'image/png' }), 'knife.png');
      const response = await fetch(`${apps[0].url}/api/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      });
      const { data } = await response.json();
      if (response.status !== 200 || !/^\/uploads\/[0-9a-f]{32}\.webp$/.test(data?.url ?? ''))
        throw new Error(`upload answered ${response.status} ${JSON.stringify(data)}`);
      const served = await fetch(`${apps[2].url}${data.url}`);
      expectEqual(served.status, 200, 'status on process 3');
      const bytes = Buffer.from(await served.arrayBuffer());
      if (bytes.subarray(0, 4).toString('latin1') !== 'RIFF' || bytes.subarray(8, 12).toString('latin1') !== 'WEBP')
        throw new Error('process 3 served something other than a WebP image');
      expectEqual(bucket.refused, 0, 'S3 requests refused for their signature');
      const streamed = await streamedDownload(apps[0], apps[2], admin);
      const paused = await pausedDownload(apps[2]);
      return `${data.url}, in the bucket; ${streamed}; ${paused}`;
    },
  );

  await check(5, '300 buyers spread over the three processes race for stock 50: exactly 50 orders', async () => {
    const product = await createProduct(apps[0], admin, 50);
    const buyers = await inParallel(300, 20, () => signUp());
    const answers = await Promise.all(buyers.map((buyer, i) => placeOrder(apps[i % 3], buyer, product.id)));
    const placed = answers.filter((answer) => answer.status === 200).length;
    const short = answers.filter(
      (answer) => answer.status === 400 && answer.body.message === 'Product cannot be purchased for product shortage',
    ).length;
    expectEqual({ placed, short }, { placed: 50, short: 250 }, 'answers');
    const [{ orders }] = await query('SELECT count(*)::int AS orders FROM "order" WHERE "productId" = $1', [product.id]);
    const [{ quantity }] = await query('SELECT quantity FROM product WHERE id = $1', [product.id]);
    expectEqual({ orders, quantity }, { orders: 50, quantity: 0 }, 'database');
    return '50 placed, 250 refused for shortage, stock 0';
  });

  await check(
    6,
    'SIGTERM to process 2 under load: nothing fails on processes 1 and 3, and process 2 finishes its requests in flight',
    async () => {
      const requests = [];
      let loading = true;
      const load = Array.from({ length: 12 }, async (_, worker) => {
        for (let n = 0; loading; n += 1) {
          const app = apps[(worker + n) % 3];
          const request = { app: app.index, startedAt: Date.now(), outcome: 'pending' };
          requests.push(request);
          try {
            const response = await fetch(`${app.url}/api/products`, { signal: AbortSignal.timeout(30_000) });
            await response.arrayBuffer();
            request.outcome = response.status;
          } catch (error) {
            request.outcome = error.cause?.code ?? error.name;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          request.endedAt = Date.now();
        }
      });
      const slow = slowRequest(apps[1]);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const killedAt = Date.now();
      apps[1].child.kill('SIGTERM');
      // The signal reaches the process's event loop within moments; /readyz must turn 503 then.
      let readyAfterKill;
      while ((readyAfterKill = (await fetch(`${apps[1].url}/readyz`)).status) === 200 && Date.now() - killedAt < 250)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const notReadyAfterMs = Date.now() - killedAt;
      // Past the drain delay the listener is closed; the slow request then sends the rest of its body.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const refusedNew = await fetch(`${apps[1].url}/healthz`).then(
        () => false,
        () => true,
      );
      slow.finish();
      const exitCode = await Promise.race([apps[1].exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000))]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      loading = false;
      await Promise.all(load);
      // The rolling restart: process 2 comes back on the same port (also for check 7 if this one fails).
      await stopApp(apps[1]);
      startApp(1, apps[1].env);
      await waitFor('process 2 ready again', () => isReady(apps[1]), 60_000);
      expectEqual(readyAfterKill, 503, '/readyz of process 2 right after SIGTERM');
      if (!refusedNew) throw new Error('process 2 still accepted connections after its drain delay');
      expectEqual(await slow.answer, 200, 'status of the request in flight on process 2');
      expectEqual(exitCode, 0, 'exit code of process 2');
      const stayedUp = requests.filter((request) => request.app !== 1);
      const failed = stayedUp.filter((request) => request.outcome !== 200);
      if (failed.length)
        throw new Error(
          `${failed.length} of ${stayedUp.length} requests to processes 1 and 3 failed: ${[...new Set(failed.map((r) => r.outcome))].join(', ')}`,
        );
      const beforeKill = requests.filter((request) => request.app === 1 && request.startedAt < killedAt);
      const inFlight = beforeKill.filter((request) => !request.endedAt || request.endedAt >= killedAt).length;
      const lost = beforeKill.filter((request) => request.outcome !== 200);
      if (lost.length)
        throw new Error(
          `${lost.length} requests sent to process 2 before SIGTERM did not finish: ${[...new Set(lost.map((r) => r.outcome))].join(', ')}`,
        );
      return `/readyz 503 after ${notReadyAfterMs} ms; ${stayedUp.length} requests to 1 and 3 all 200; ${beforeKill.length} sent to 2 before SIGTERM (${inFlight} + 1 slow in flight) all 200; restarted`;
    },
  );

  await check(7, 'Redis stopped for a moment: requests keep succeeding', async () => {
    const product = await createProduct(apps[0], admin, 20);
    const buyers = await inParallel(6, 6, () => signUp());
    const round = async (label, offset) => {
      for (const [i, app] of apps.entries()) {
        const list = await fetch(`${app.url}/api/products`);
        expectEqual(list.status, 200, `${label}: product list on process ${i + 1}`);
        const order = await placeOrder(app, buyers[offset + i], product.id);
        expectEqual(order.status, 200, `${label}: an order on process ${i + 1}`);
        const refused = await fetch(`${app.url}/api/orders?email=nobody@keen.test`, { headers: { authorization: 'Bearer not-a-token' } });
        if (refused.status !== 401 && refused.status !== 429)
          throw new Error(`${label}: a bad token on process ${i + 1} answered ${refused.status}`);
      }
    };
    await redis.stop();
    await round('Redis down', 0);
    redis = await startRedis();
    await round('Redis back', 3);
    return 'lists, orders and refusals answered on all three, with Redis down and back';
  });
}

/**
 * A real PNG of noise that repeats every `period` rows: about 120 KB to upload (deflate finds the
 * repeats within its window) that becomes about 2.8 MB of WebP once re-encoded (VP8 predicts from the
 * row just above and never finds them), the largest image an upload stores. The larger the object,
 * the further an answer held whole stands above the collector's noise.
 */
function largePng(width = 2000, height = 2000, period = 5) {
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    data.copy(out, 8);
    out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  const rowBytes = width * 3 + 1;
  const tile = randomBytes(rowBytes * period);
  const pixels = Buffer.alloc(rowBytes * height);
  for (let row = 0; row < height; row += 1) {
    tile.copy(pixels, row * rowBytes, (row % period) * rowBytes, (row % period) * rowBytes + rowBytes);
    pixels[row * rowBytes] = 0; // no filter
  }
  return Buffer.concat([
    PNG.subarray(0, 8),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A full garbage collection in `app` (its preload answers SIGUSR2 with one): settles once it is done. */
function collectGarbage(app) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const listen = (chunk) => {
      seen = (seen + chunk).slice(-2 * COLLECTED.length);
      if (!seen.includes(COLLECTED)) return;
      done();
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`process ${app.index + 1} did not collect its garbage within 5 s`));
    }, 5000);
    const done = () => {
      clearTimeout(timer);
      app.child.stdout.off('data', listen);
    };
    app.child.stdout.on('data', listen);
    app.child.kill('SIGUSR2');
  });
}

/**
 * What the process still holds, from its own /metrics right after a full garbage collection:
 * Buffers (external) and the JavaScript heap in use.
 */
async function heldMemoryOf(app) {
  await collectGarbage(app);
  const response = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const text = await response.text();
  const value = (name) => {
    const found = Number(new RegExp(`^keen_nodejs_${name} (\\d+)`, 'm').exec(text)?.[1]);
    if (!Number.isFinite(found))
      throw new Error(`/metrics of process ${app.index + 1} answered ${response.status} without keen_nodejs_${name}`);
    return found;
  };
  const external = value('external_memory_bytes');
  const heap = value('heap_size_used_bytes');
  return { external, heap, total: external + heap };
}

/**
 * Uploads an image that is stored as about 2.8 MB of WebP through `uploader`, then downloads it from
 * `server` while the bucket sends it piece by piece: a process that streams passes the first pieces
 * on before the bucket has sent the last, one that reads the object whole sends everything at once at
 * the end. Half-way through the answer the download pauses and the server's memory is read: if it
 * holds as much more than before as the whole object (Buffers and heap together), the check fails.
 *
 * Against the collector's noise, the server collects its garbage before each reading (see
 * `writeGcPreload`): without that, a process that streams still carries the pieces it has already
 * passed on (measured: 1 to 3 MB of Buffers half-way through a 2.7 MB object) and its heap rises and
 * falls by 10 MB and more, so growth could not be told from an answer held whole. What a streaming
 * process still holds half-way is the few pieces in flight (well under 1 MB); the download is paused
 * meanwhile so that an answer being sent from one whole Buffer is still held when it is read.
 */
async function streamedDownload(uploader, server, session) {
  const form = new FormData();
  form.append('image', new Blob([largePng()], { type: 'image/png' }), 'large.png');
  const upload = await fetch(`${uploader.url}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  });
  const { data } = await upload.json();
  if (upload.status !== 200) throw new Error(`large upload answered ${upload.status} ${JSON.stringify(data)}`);
  const stored = bucket.objects.get(`keen-images${data.url}`)?.body;
  if (!stored || stored.length < 2 * 1024 * 1024) throw new Error(`the bucket holds ${stored?.length} bytes for ${data.url}`);

  const before = await heldMemoryOf(server);
  let midway = null;
  const chunks = [];
  const arrivals = [];
  await new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${data.url}`, (response) => {
      if (response.statusCode !== 200) reject(new Error(`large image answered ${response.statusCode}`));
      let received = 0;
      response.on('data', (chunk) => {
        chunks.push(chunk);
        arrivals.push(performance.now());
        received += chunk.length;
        if (midway === null && received >= stored.length / 2) {
          response.pause();
          midway = heldMemoryOf(server).finally(() => response.resume());
          midway.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
        }
      });
      response.on('end', resolve);
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  if (!Buffer.concat(chunks).equals(stored)) throw new Error('process 3 streamed other bytes than the bucket holds');
  const spreadMs = arrivals.at(-1) - arrivals[0];
  // The bucket takes about 200 ms per 256 KB piece: a streamed answer arrives over most of that time.
  const bucketMs = Math.floor(stored.length / (256 * 1024)) * 200;
  if (spreadMs < bucketMs / 2)
    throw new Error(`the answer arrived within ${Math.round(spreadMs)} ms while the bucket took ${bucketMs} ms: it was held whole`);
  if (midway === null) throw new Error('the answer never reached half of the object');
  const during = await midway;
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const grown = `${mb(during.total - before.total)} (${mb(during.external - before.external)} of Buffers, ${mb(during.heap - before.heap)} of heap)`;
  if (during.total - before.total >= stored.length)
    throw new Error(
      `half-way through the ${mb(stored.length)} image, process 3 held ${grown} more than before it, as much as the whole object: the answer was held whole, not streamed`,
    );
  return `${mb(stored.length)} arrived over ${Math.round(spreadMs)} ms as the bucket sent it; half-way, process 3 held ${grown} more than before, less than the whole object`;
}

/**
 * A client of `server` that reads 8 MB of a large object and then stops reading: the bucket (here at
 * full speed) may run ahead of it only as far as the kernel's socket buffers between them take in
 * (`bufferedAheadCeiling`: 74 MB with Linux's tcp_rmem/tcp_wmem maxima of 32 MB and 4 MB; measured
 * 23 to 43 MB), not send the rest into Keen's memory. The object, put in the bucket directly (an upload
 * is never that large), is larger than that, so only backpressure through Keen can stop the bucket: a
 * server that reads the object whole, or streams it without backpressure, lets the bucket send all of
 * it. Once the client goes away, the server must drop the bucket's answer.
 */
async function pausedDownload(server) {
  const taken = 8 * 1024 * 1024;
  const ceiling = bufferedAheadCeiling();
  const size = Math.max(128 * 1024 * 1024, taken + ceiling + 32 * 1024 * 1024);
  const name = `${randomBytes(16).toString('hex')}.webp`;
  const key = `keen-images/uploads/${name}`;
  bucket.objects.set(key, { body: Buffer.alloc(size, 7), contentType: 'image/webp', lastModified: new Date() });
  const delay = bucket.getChunkDelayMs;
  bucket.getChunkDelayMs = 0;
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const sentBefore = bucket.sent;
  let response;
  try {
    let received = 0;
    response = await new Promise((resolve, reject) => http.get(`${server.url}/uploads/${name}`, resolve).on('error', reject));
    if (response.statusCode !== 200) throw new Error(`the ${mb(size)} object answered ${response.statusCode}`);
    await new Promise((resolve, reject) => {
      response.on('data', (chunk) => {
        received += chunk.length;
        if (received >= taken && !response.isPaused()) {
          response.pause();
          resolve();
        }
      });
      response.on('error', reject);
    });
    // Until the bucket has sent nothing more for half a second (unhindered, it sends the whole object within one or two).
    let sent = bucket.sent - sentBefore;
    for (let still = 0, waited = 0; still < 5 && waited < 20_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = bucket.sent - sentBefore;
      still = now === sent ? still + 1 : 0;
      sent = now;
    }
    if (sent - received > ceiling)
      throw new Error(
        `with its client paused after ${mb(received)}, process 3 had the bucket send ${mb(sent)} of the ${mb(size)} object, more than the socket buffers between them hold (${mb(ceiling)}): it does not hold the bucket back`,
      );
    response.destroy();
    await waitFor("process 3 dropping the bucket's answer once its client went away", () => bucket.sending === 0, 5000);
    return `with its client paused after ${mb(received)} of a ${mb(size)} object, process 3 had the bucket send ${mb(sent)} and stop (socket buffers: at most ${mb(ceiling)} ahead)`;
  } finally {
    response?.destroy();
    bucket.getChunkDelayMs = delay;
    bucket.objects.delete(key);
  }
}

/** A POST whose body arrives in two parts: answers its status once the rest is sent with `finish()`. */
function slowRequest(app) {
  const body = JSON.stringify({ query: '{ products { totalItems } }' });
  let finish;
  const answer = new Promise((resolve) => {
    const request = http.request(
      `${app.url}/graphql`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    request.on('error', (error) => resolve(error.code ?? error.message));
    request.write(body.slice(0, 10));
    finish = () => request.end(body.slice(10));
  });
  return { answer, finish: () => finish() };
}

function cleanUp() {
  return runCleanups(cleanups);
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    void cleanUp().then(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  results.push(false);
  process.stdout.write(`FAIL setup: ${error?.stack ?? error}\n`);
}
const failed = results.filter((ok) => !ok).length;
if (failed) {
  for (const app of apps.filter((candidate) => candidate?.output.trim()))
    process.stdout.write(`\n--- process ${app.index + 1}, last output ---\n${app.output.trim()}\n`);
}
await cleanUp();
process.stdout.write(`\n${results.length - failed} passed, ${failed} failed\n`);
process.exit(failed ? 1 : 0);
