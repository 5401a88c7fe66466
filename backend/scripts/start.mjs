// `npm start` (after `npm run build`) and `npm run dev`: starts the Auth Emulator unless a real
// Firebase project is configured, a local mail catcher unless SMTP_URL is set, then the server
// (and, for dev, the compilers in watch mode). The demo shop's prices include tax unless PRICES_INCLUDE_TAX says otherwise.
// Ctrl-C stops every process it started.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from './auth-emulator.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dev = process.argv.includes('--dev');
/** Node.js settings Keen runs with, as the Dockerfile's CMD (see backend/node-args.json in docs/performance.md). */
const nodeArgs = JSON.parse(readFileSync(path.join(root, 'backend', 'node-args.json'), 'utf8'));
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const env = { ...process.env };
const production = env.NODE_ENV === 'production';
const realFirebase = Boolean(env.FIREBASE_SERVICE_ACCOUNT || env.GOOGLE_APPLICATION_CREDENTIALS);
const children = [];
let stopping = false;
let emulator = null;

if (!production && !realFirebase && !env.FIREBASE_AUTH_EMULATOR_HOST) {
  process.stdout.write('Starting the Firebase Auth Emulator (about 15 s)...\n');
  emulator = await startAuthEmulator({
    projectId: env.FIREBASE_PROJECT_ID || 'demo-keen',
    dataDir: path.resolve(env.DATA_DIR || path.join(root, '.data')),
  });
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}

// The demo shop's prices hold the tax, as its seeded UK and EU zone (20% VAT) expects; a shop of
// one's own says so in .env (the server's default is prices without tax).
if (!production && env.SEED_DEMO !== 'false' && env.PRICES_INCLUDE_TAX === undefined) env.PRICES_INCLUDE_TAX = 'true';

// Order e-mails go to a local catcher (maildev) with an inbox in the browser. Keen starts without
// it: should it fail (a port in use), its mail jobs wait and retry.
let mailCatcher = null;
if (!production && !env.SMTP_URL && env.EMAILS?.trim().toLowerCase() !== 'off') {
  const smtpPort = env.MAIL_CATCHER_SMTP_PORT || '1025';
  const webPort = env.MAIL_CATCHER_WEB_PORT || '1080';
  const bin = path.join(root, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
  if (existsSync(bin)) {
    const args = ['--smtp', smtpPort, '--web', webPort, '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--silent'];
    mailCatcher = spawn(process.execPath, [bin, ...args], { cwd: root, stdio: 'ignore' });
    mailCatcher.on('exit', (code) => {
      mailCatcher = null;
      if (!stopping) process.stderr.write(`The mail catcher stopped (exit code ${code}): is port ${smtpPort} or ${webPort} in use?\n`);
    });
    env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
    process.stdout.write(`E-mails: read them at http://localhost:${webPort} (the local mail catcher; set SMTP_URL for a real server)\n`);
  } else {
    process.stderr.write(
      'The mail catcher (maildev) is not installed: order e-mails wait and retry until SMTP_URL points at a mail server\n',
    );
  }
}

function run(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit', ...options });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) void stop(code ?? (signal ? 1 : 0));
  });
  return child;
}

if (dev) {
  const bin = (name) => path.join(root, 'node_modules', '.bin', name);
  run(bin('tsc'), ['-p', 'backend/tsconfig.build.json', '--watch', '--preserveWatchOutput']);
  // Give tsc a moment to emit before node starts watching the output.
  await new Promise((resolve) => setTimeout(resolve, 8000));
  run(process.execPath, [...nodeArgs, '--watch', 'backend/dist/main.js']);
  run(bin('vite'), ['--port', '5173'], { cwd: path.join(root, 'frontend') });
  process.stdout.write('Development: open http://localhost:5173 (hot reload); the API runs on http://localhost:4000\n');
} else {
  run(process.execPath, [...nodeArgs, 'backend/dist/main.js']);
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)));
  await emulator?.stop();
  if (mailCatcher) {
    const gone = new Promise((resolve) => mailCatcher.once('exit', resolve));
    mailCatcher.kill('SIGTERM');
    await gone;
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
