import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/free-port';
import { createTestDatabase, startTestApp } from '../support/harness';

test('on close: /readyz answers 503 at once, requests are served through the drain delay, a request in flight finishes, then the listener is gone', async () => {
  const app = await startTestApp({ DRAIN_DELAY_SECONDS: '1' });
  const { port } = new URL(app.url);
  const body = JSON.stringify({ query: '{ __typename }' });

  // A request in flight: headers and half of its body now, the rest after the listener has closed.
  let answered: (value: { status: number; body: string }) => void;
  const inFlight = new Promise<{ status: number; body: string }>((resolve) => (answered = resolve));
  const slow = http.request(
    {
      host: '127.0.0.1',
      port,
      path: '/graphql',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    },
    (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => answered({ status: res.statusCode!, body: text }));
    },
  );
  slow.write(body.slice(0, 10));
  await new Promise((resolve) => setTimeout(resolve, 100));

  const startedAt = Date.now();
  let closedAt = 0;
  const closing = app.close().then(() => (closedAt = Date.now()));
  const ready = await fetch(`${app.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

  await new Promise((resolve) => setTimeout(resolve, 1500));
  await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
  expect(closedAt).toBe(0);
  slow.end(body.slice(10));

  expect(await inFlight).toEqual({ status: 200, body: expect.stringContaining('"__typename":"Query"') });
  await closing;
  expect(closedAt - startedAt).toBeGreaterThanOrEqual(1000);
});

describe('`node main` as a process: SIGTERM stops it within seconds with exit code 0, after the drain (not cut off by the 15 s deadline)', () => {
  test.each([
    ['on DATABASE_URL', true],
    ['on its embedded PostgreSQL (npm start), which Keen stops after the drain', false],
  ])(
    '%s',
    async (_name, givenDatabase) => {
      const database = givenDatabase ? await createTestDatabase() : null;
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keen-sigterm-'));
      const backend = path.resolve(__dirname, '..', '..');
      // NODE_ENV=development, as `npm start`: libraries that install their own signal handlers skip them under NODE_ENV=test.
      const child = spawn(process.execPath, ['--require', path.join(__dirname, '..', 'support', 'require-typescript.cjs'), 'src/main.ts'], {
        cwd: backend,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'development',
          PORT: '0',
          ...(database ? { DATABASE_URL: database.url } : { EMBEDDED_POSTGRES_PORT: String(await freePort()) }),
          DATA_DIR: dataDir,
          SEED_DEMO: 'false',
          EMAILS: 'off',
          ACCESS_TOKEN_SECRET: 'a'.repeat(64),
          FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
          FIREBASE_PROJECT_ID: 'demo-keen',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        let output = '';
        const url = await new Promise<string>((resolve, reject) => {
          child.stdout.on('data', (chunk) => {
            output += chunk;
            const running = /Keen is running at (\S+)/.exec(output);
            if (running) resolve(running[1]);
          });
          child.stderr.on('data', (chunk) => (output += chunk));
          child.once('exit', (code) => reject(new Error(`Keen exited (${code}) before it was running:\n${output}`)));
        });
        expect((await fetch(`${url}/readyz`)).status).toBe(200);

        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        const signalledAt = Date.now();
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(Date.now() - signalledAt).toBeLessThan(5000);
        expect(output).toContain('"msg":"shutting down"');
        // Nothing cut off at the end: no connection was still open when the database stopped.
        expect(output).not.toContain('terminating connection');
        expect(output).not.toContain('still open');
      } finally {
        child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
        await database?.drop();
      }
    },
    180_000,
  );
});
