import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../src/app/data-source';
import { ensureDatabase } from '../src/db/database';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { migrate } from '../src/db/migrate';
import { loadConfig } from '../src/config';
import { IdentityService } from '../src/modules/auth/identity';
import type { User } from '../src/modules/users/user.entity';
import nodeArgs from '../node-args.json';
import type { Target } from './load';

/**
 * What a bench makes and must undo: a work folder, a database (on BENCH_DATABASE_URL's server, or an
 * embedded PostgreSQL), and the processes it starts. `cleanUp` removes them all, once; a process
 * exit before then still kills the children and removes the folder.
 */
export class BenchRun {
  readonly work: string;
  /** What went wrong while measuring (a process that exited, errors under load): the bench then exits 1. */
  readonly problems: string[] = [];
  db: DataSource | null = null;
  private readonly children: ChildProcess[] = [];
  private embedded: EmbeddedDatabase | null = null;
  private serverUrl: string | null = null;
  private databaseName: string | null = null;
  private cleaning: Promise<void> | null = null;

  constructor(readonly name: string) {
    this.work = mkdtempSync(path.join(os.tmpdir(), `keen-${name}-`));
    process.on('exit', () => {
      for (const child of this.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(this.work, { recursive: true, force: true });
    });
  }

  get cleaningUp(): boolean {
    return this.cleaning !== null;
  }

  /** The DATA_DIR of the Keen processes it starts. */
  get dataDir(): string {
    return path.join(this.work, 'data');
  }

  /** A migrated database of its own, on `given`'s server or an embedded one; answers its URL. */
  async createDatabase(given = process.env.BENCH_DATABASE_URL): Promise<string> {
    let url: string;
    if (given) {
      this.serverUrl = given;
      this.databaseName = `keen_${this.name.replace(/\W/g, '_')}_${process.pid}`;
      url = await ensureDatabase(given, this.databaseName);
    } else {
      this.embedded = await startEmbeddedPostgres({ dataDir: path.join(this.work, 'pg'), port: await freePort(), persistent: false });
      url = await ensureDatabase(this.embedded.url, 'keen');
    }
    this.db = createDataSource(url, { poolSize: 2 });
    await this.db.initialize();
    await migrate(this.db);
    return url;
  }

  /** Where the database runs, for the bench's header. */
  describeDatabase(postmaster: number): string {
    return this.embedded
      ? `embedded PostgreSQL (pid ${postmaster})`
      : `server ${redact(this.serverUrl!)} (pid ${postmaster}, shared: its other work counts too)`;
  }

  get databaseKind(): 'embedded' | 'server' {
    return this.embedded ? 'embedded' : 'server';
  }

  /**
   * Keen's environment for a run over `databaseUrl`: development mode (ID tokens from the Auth
   * Emulator), a secret of its own, no demo data and no e-mails (no mail server here: they would only
   * fail and retry during the rounds); `extra` adds to it or overrides.
   */
  keenEnvironment(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
    return {
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099',
      FIREBASE_PROJECT_ID: 'demo-keen',
      DATA_DIR: this.dataDir,
      SEED_DEMO: 'false',
      EMAILS: 'off',
      ...extra,
    };
  }

  /**
   * Starts `node args` with only `env` (and PATH, HOME, PORT), its output to a file; answers once
   * `readyPath` answers 2xx. Every process runs with Keen's Node.js settings (backend/node-args.json),
   * Keen as it is deployed and its references on the same runtime: this process's Node.js, which the
   * npm scripts make the production image's (`npx -p node@<the Dockerfile's version>`).
   */
  async startProcess(name: Target['name'], args: string[], env: Record<string, string>, readyPath: string): Promise<Target> {
    const port = await freePort();
    const logFile = path.join(this.work, `${name.replace(/\W/g, '-')}.log`);
    const log = openSync(logFile, 'a');
    // Output goes to a file, as a deployment pipes it to its log collector.
    const child = spawn(process.execPath, [...nodeArgs, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    this.children.push(child);
    const target: Target = { name, url: `http://127.0.0.1:${port}`, pid: child.pid!, exited: false };
    child.once('exit', (code, signal) => {
      target.exited = true;
      if (!this.cleaning) this.problems.push(`${name} exited during the bench (${code ?? signal}); its log ends:\n${logTail(logFile)}`);
    });
    for (const started = Date.now(); !(await reachable(`${target.url}${readyPath}`));) {
      if (target.exited || Date.now() - started > 60_000)
        throw new Error(`${name} did not become ready; its log ends:\n${logTail(logFile)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return target;
  }

  /**
   * A private redis-server on a free port (the shared store of several Keen processes), stopped by
   * `cleanUp`; answers its URL. Needs `redis-server` on PATH (Debian's package, as .ci/run installs).
   */
  async startRedis(): Promise<string> {
    const port = await freePort();
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    let failure: Error | null = null;
    child.once('error', (error: NodeJS.ErrnoException) => {
      failure =
        error.code === 'ENOENT'
          ? new Error(
              'redis-server is not on PATH, and several Keen processes share their store through one (Debian: apt-get install redis-server)',
            )
          : error;
    });
    for (const started = Date.now(); !(await connects(port));) {
      if (failure) throw failure;
      if (child.exitCode !== null || Date.now() - started > 10_000) {
        child.kill('SIGKILL');
        throw new Error(`redis-server did not start on port ${port}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    this.children.push(child);
    child.once('exit', (code, signal) => {
      if (!this.cleaning) this.problems.push(`redis-server exited during the bench (${code ?? signal})`);
    });
    return `redis://127.0.0.1:${port}`;
  }

  /** Runs `first` (work that needs the database or the processes), then stops and removes everything; once. */
  cleanUp(first: () => Promise<void> = async () => undefined): Promise<void> {
    this.cleaning ??= (async () => {
      await first();
      await Promise.all(this.children.map(stopChild));
      await this.db?.destroy().catch(() => undefined);
      if (this.serverUrl && this.databaseName) {
        const admin = new Client({ connectionString: this.serverUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS "${this.databaseName}" WITH (FORCE)`);
        await admin.end();
      }
      await this.embedded?.stop();
      rmSync(this.work, { recursive: true, force: true });
    })();
    return this.cleaning;
  }
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

/** Keen access tokens for `users` (as the REST exchange issues them), signed with the secret of Keen's `env`. */
export async function accessTokensFor(
  env: Record<string, string>,
  users: Pick<User, 'email' | 'name' | 'tokensValidSince'>[],
): Promise<string[]> {
  const identity = new IdentityService(loadConfig(env));
  const tokens = users.map((user) =>
    identity.issueAccessToken({ email: user.email, name: user.name, picture: null, emailVerified: true }, user.tokensValidSince),
  );
  await identity.close();
  return tokens;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export async function reachable(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

export function whole(name: string, fallback: number): number {
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
