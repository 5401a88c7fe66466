// `npm run test:e2e`: starts Keen as `npm start` does (on its own port, with a fresh data folder),
// waits until it is ready, runs the Playwright specs in Debian's Chromium, then stops everything.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
if (!existsSync(path.join(root, 'backend', 'dist', 'main.js')) || !existsSync(path.join(root, 'frontend', 'dist', 'index.html'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const port = process.env.E2E_PORT ?? '4173';
const baseUrl = `http://localhost:${port}`;
if (
  await fetch(`${baseUrl}/healthz`).then(
    () => true,
    () => false,
  )
) {
  console.error(`Something already answers on ${baseUrl}; stop it or set E2E_PORT`);
  process.exit(1);
}
// The mail catcher npm start runs, on ports of this run's own (so runs side by side never share an inbox).
const mailSmtpPort = process.env.E2E_MAIL_SMTP_PORT ?? String(Number(port) + 10_000);
const mailWebPort = process.env.E2E_MAIL_WEB_PORT ?? String(Number(port) + 20_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keen-e2e-'));
const server = spawn(process.execPath, [path.join(root, 'backend', 'scripts', 'start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: port,
    DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: process.env.E2E_POSTGRES_PORT ?? '54349',
    LOG_LEVEL: 'warn',
    MAIL_CATCHER_SMTP_PORT: mailSmtpPort,
    MAIL_CATCHER_WEB_PORT: mailWebPort,
    JOB_POLL_SECONDS: '0.5',
    // Every spec buys, pays, reviews and uploads as the same demo accounts; these limits have their own backend tests.
    MAX_UNPAID_ORDERS: '100',
    MAX_HELD_UNITS_PER_PRODUCT: '1000',
    MAX_UNPAID_GUEST_ORDERS_PER_ADDRESS: '100',
    RATE_LIMIT_ORDERS: '1000',
    RATE_LIMIT_REVIEWS: '1000',
    RATE_LIMIT_UPLOADS: '1000',
    RATE_LIMIT_PAYMENT_INTENTS: '1000',
    IDEMPOTENCY_KEYS_PER_HOUR: '1000',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let serverExited = false;
server.on('exit', () => (serverExited = true));

async function stopServer() {
  if (!serverExited) {
    const gone = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await gone;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

let code = 1;
try {
  const started = Date.now();
  for (;;) {
    if (serverExited) throw new Error('Keen exited before it was ready');
    if (Date.now() - started > 180_000) throw new Error('Keen was not ready within 180 s');
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready && !serverExited) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const playwright = spawn(
    path.join(root, 'node_modules', '.bin', 'playwright'),
    ['test', '-c', path.join(here, 'playwright.config.ts'), ...process.argv.slice(2)],
    {
      cwd: root,
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_MAIL_INBOX_URL: `http://127.0.0.1:${mailWebPort}` },
      stdio: 'inherit',
    },
  );
  code = await new Promise((resolve) => playwright.on('exit', (exitCode) => resolve(exitCode ?? 1)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopServer();
}
process.exit(code);
