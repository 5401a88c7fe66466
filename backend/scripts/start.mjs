// `npm start` (after `npm run build`) and `npm run dev`: starts the Auth Emulator unless a real
// Firebase project is configured, then the server (and, for dev, the compilers in watch mode).
// Ctrl-C stops every process it started.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from './auth-emulator.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dev = process.argv.includes('--dev');
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const env = { ...process.env };
const production = env.NODE_ENV === 'production';
const realFirebase = Boolean(env.FIREBASE_SERVICE_ACCOUNT || env.GOOGLE_APPLICATION_CREDENTIALS);
const children = [];
let emulator = null;

if (!production && !realFirebase && !env.FIREBASE_AUTH_EMULATOR_HOST) {
  process.stdout.write('Starting the Firebase Auth Emulator (about 15 s)...\n');
  emulator = await startAuthEmulator({
    projectId: env.FIREBASE_PROJECT_ID || 'demo-keen',
    dataDir: path.resolve(env.DATA_DIR || path.join(root, '.data')),
  });
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
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
  run(process.execPath, ['--watch', 'backend/dist/main.js']);
  run(bin('vite'), ['--port', '5173'], { cwd: path.join(root, 'frontend') });
  process.stdout.write('Development: open http://localhost:5173 (hot reload); the API runs on http://localhost:4000\n');
} else {
  run(process.execPath, ['backend/dist/main.js']);
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)));
  await emulator?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
