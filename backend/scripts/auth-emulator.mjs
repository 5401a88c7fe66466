// Starts the Firebase Auth Emulator (firebase-tools) in its own process group, so that it and
// the Java-free Node processes it spawns can be stopped together.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const EMULATOR_HOST = '127.0.0.1:9099';

export async function isEmulatorUp(host = EMULATOR_HOST) {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Reuses an emulator that is already listening; otherwise starts one. With `dataDir`, accounts
 * are imported from and exported to `<dataDir>/auth` so they survive restarts.
 */
export async function startAuthEmulator({ projectId = 'demo-keen', dataDir = null, log = (line) => process.stderr.write(line) } = {}) {
  if (await isEmulatorUp()) return { host: EMULATOR_HOST, stop: async () => {} };
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', path.join(root, 'firebase.json')];
  if (dataDir) {
    const saved = path.join(dataDir, 'auth');
    if (existsSync(path.join(saved, 'firebase-export-metadata.json'))) args.push('--import', saved);
    args.push('--export-on-exit', saved);
  }
  const firebase = path.join(root, 'node_modules', '.bin', 'firebase');
  const child = spawn(firebase, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_EXPERIMENTS: '' },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let exited = false;
  child.on('exit', () => (exited = true));

  const started = Date.now();
  while (!(await isEmulatorUp())) {
    if (exited || Date.now() - started > 90_000) {
      log(output);
      killGroup(child.pid, 'SIGKILL');
      throw new Error('The Firebase Auth Emulator did not start (see its output above)');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const stop = async () => {
    if (exited) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      return;
    }
    const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  };
  return { host: EMULATOR_HOST, stop };
}

/** Signals the emulator's process group; one that already exited is fine. */
function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}
