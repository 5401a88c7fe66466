// The parts `npm run test:replicas` (test-replicas.mjs) and `npm run test:chaos` (test-chaos.mjs)
// both start and talk to: a private redis-server, Keen processes from backend/dist, Auth Emulator
// accounts and GraphQL over plain HTTP.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const backend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Node.js settings Keen runs with, as `npm start` and the Dockerfile run it. */
const keenNodeArgs = JSON.parse(readFileSync(path.join(backend, 'node-args.json'), 'utf8'));

export function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export async function waitFor(what, condition, timeoutMs) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A private redis-server on `port` (refused when the port is taken: `setting` names the variable that moves it). */
export async function startRedis(port, setting) {
  if (await portAnswers(port)) throw new Error(`port ${port} is taken: set ${setting} to a free port for the private redis-server`);
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('error', () => undefined);
  await waitFor('redis-server start', () => portAnswers(port), 10_000);
  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Starts Keen process `index` from backend/dist on `port` with only `env`, with Keen's Node.js
 * settings (backend/node-args.json) and then `nodeArgs` before main.js. Its last output is kept
 * for the report of a failure.
 */
export function startKeen({ index, port, env, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...keenNodeArgs, ...nodeArgs, path.join(backend, 'dist', 'main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const app = { index, url: `http://127.0.0.1:${port}`, child, output: '', exitCode: undefined, env, nodeArgs, port };
  const keep = (chunk) => (app.output = (app.output + chunk).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  app.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve((app.exitCode = code ?? signal))));
  return app;
}

export async function stopKeen(app) {
  if (app.exitCode !== undefined) return;
  app.child.kill('SIGTERM');
  const timer = setTimeout(() => app.child.kill('SIGKILL'), 20_000);
  await app.exited;
  clearTimeout(timer);
}

/** Whether `app` answers /readyz with 200; throws once it has exited. */
export async function isReady(app) {
  if (app.exitCode !== undefined)
    throw new Error(`process ${app.index + 1} exited (${app.exitCode}): ${app.output.trim().split('\n').slice(-5).join(' | ')}`);
  try {
    return (await fetch(`${app.url}/readyz`, { signal: AbortSignal.timeout(2000) })).status === 200;
  } catch {
    return false;
  }
}

/** The Auth Emulator at `host`: its REST calls, and new accounts. */
export function emulatorAccounts(host) {
  async function call(route, body, headers = {}) {
    const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return response.json();
  }

  /**
   * A new account; the token comes from a sign-in after the sign-up (see docs/testing.md, "Traps in tests").
   * `verified` marks the e-mail verified first, through the emulator's admin API: staff rights and customers' mails need it.
   */
  async function signUp(email = `replicas-${randomBytes(5).toString('hex')}@keen.test`, { verified = false } = {}) {
    const account = { email, password: 'secret-password-1', returnSecureToken: true };
    const { localId } = await call('accounts:signUp?key=demo-api-key', { ...account, displayName: 'Replica Buyer' });
    if (!localId) throw new Error(`emulator signUp failed for ${email}`);
    if (verified) await call('projects/demo-keen/accounts:update', { localId, emailVerified: true }, { authorization: 'Bearer owner' });
    const answer = await call('accounts:signInWithPassword?key=demo-api-key', account);
    if (!answer.idToken) throw new Error(`emulator signInWithPassword failed: ${JSON.stringify(answer)}`);
    return { email, token: answer.idToken };
  }

  return { call, signUp };
}

/** A GraphQL operation on `app` as `session` (or anonymous): its data, or throws its first error. */
export async function gql(app, queryText, variables, session) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session.token}` } : {}) },
    body: JSON.stringify({ query: queryText, variables }),
    signal: AbortSignal.timeout(20_000),
  });
  const answer = await response.json();
  if (answer.errors) throw new Error(`${queryText.split('(')[0]}: ${answer.errors[0].message}`);
  return answer.data;
}

/** `count` tasks, at most `width` at a time. */
export async function inParallel(count, width, task) {
  const answers = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        answers[i] = await task(i);
      }
    }),
  );
  return answers;
}

/** Runs `cleanups` last to first, each once, reporting (not throwing) what fails. */
export async function runCleanups(cleanups) {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      process.stderr.write(`clean-up: ${error?.message ?? error}\n`);
    }
  }
}
