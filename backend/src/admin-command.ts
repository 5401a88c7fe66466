import 'reflect-metadata';
import os from 'node:os';
import { AppError } from './common/errors';
import { createDataSource, migrations } from './app/data-source';
import { ConfigError, loadBackupConfig } from './config';
import { migrate } from './db/migrate';
import { backupStore, openBackup } from './modules/backups/backup-store';
import { restoreBackup, writeBackup } from './modules/backups/dump';
import { restoreImages } from './modules/backups/images';
import { imageStoreFor } from './modules/uploads/s3-image-store';
import { revokeKeysCreatedBy } from './modules/integrations/api-keys.service';
import { StaffGrants } from './modules/users/staff-grants';

const USAGE = [
  'Usage: npm run admin -- grant <email>     make <email> an admin (at their first verified sign-in if not seen yet)',
  '       npm run admin -- revoke <email>    take the admin right (or a waiting grant) back',
  '       npm run admin -- backup [--to DIR] back the database up (to DIR, BACKUP_BUCKET, BACKUP_DIR or DATA_DIR/backups)',
  '       npm run admin -- backups           list the backups kept there',
  '       npm run admin -- restore FILE      restore a backup (a path, or s3://<bucket>/backups/<name>) into an empty database',
  'It works on the database of DATABASE_URL (without it, the embedded PostgreSQL of a running `npm start`).',
].join('\n');

type Answer = { code: number; output: string };

/** The command's words, or null when they make no command. */
function parse(
  args: string[],
): { action: 'grant' | 'revoke' | 'restore'; argument: string } | { action: 'backup'; to?: string } | { action: 'backups' } | null {
  const [action, argument, ...rest] = args;
  if ((action === 'grant' || action === 'revoke' || action === 'restore') && argument && rest.length === 0) return { action, argument };
  if (action === 'backup' && argument === undefined) return { action };
  if (action === 'backup' && argument === '--to' && rest.length === 1 && rest[0]) return { action, to: rest[0] };
  if (action === 'backups' && argument === undefined) return { action };
  return null;
}

/**
 * `npm run admin -- grant|revoke <email>`: the shop operator's way to the first admin, straight in
 * the database (the rules are in modules/users/staff-grants.ts); `backup`, `backups` and `restore`:
 * the database's backups (modules/backups). Answers the exit code and what to print.
 */
export async function runAdminCommand(args: string[], env: Record<string, string | undefined> = process.env): Promise<Answer> {
  const command = parse(args);
  if (!command) {
    const problem = args[0] === undefined ? '' : `Unknown arguments: ${args.join(' ')}\n`;
    return { code: 2, output: `${problem}${USAGE}` };
  }
  const production = env.NODE_ENV?.trim() === 'production';
  const url =
    env.DATABASE_URL?.trim() ||
    (production ? null : `postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_POSTGRES_PORT?.trim() || 54329}/keen`);
  if (!url && command.action !== 'backups')
    return { code: 2, output: 'Setting DATABASE_URL: is required in production: it names the database to change' };
  if (command.action === 'grant' || command.action === 'revoke') return staffCommand(command.action, command.argument, url!);
  try {
    const { backups: settings, s3, dataDir } = loadBackupConfig(env);
    const images = imageStoreFor(s3, dataDir);
    if (command.action === 'backups') {
      const store = backupStore(settings);
      const names = await store.list();
      return { code: 0, output: names.length ? names.join('\n') : `No backups in ${store.where}` };
    }
    if (command.action === 'backup') {
      const made = await reachable(url!, () =>
        writeBackup(url!, backupStore(settings, command.to), images, { encryptionKey: settings.encryptionKey }),
      );
      if ('code' in made) return made;
      const rows = Object.values(made.rows).reduce((sum, count) => sum + count, 0);
      return {
        code: 0,
        output: `Backed up ${rows} rows of ${Object.keys(made.rows).length} tables (schema ${made.schemaVersion}, ${made.bytes} bytes) to ${made.reference}; ${made.imagesCopied} new images copied beside it`,
      };
    }
    const { file, store } = await openBackup(command.argument, settings);
    const restored = await reachable(url!, () => restoreBackup(url!, file, migrations, settings.encryptionKey));
    if ('code' in restored) return restored;
    const rows = Object.values(restored.rows).reduce((sum, count) => sum + count, 0);
    const put = await restoreImages(restored.images, store, images);
    const missing = put.missing.length ? `; ${put.missing.length} images have no copy beside the backup: ${put.missing.join(', ')}` : '';
    return {
      code: 0,
      output: `Restored ${rows} rows of ${Object.keys(restored.rows).length} tables (schema ${restored.schemaVersion}, backed up ${restored.createdAt}) and ${put.restored} images${missing}; start Keen on it`,
    };
  } catch (error) {
    if (error instanceof AppError || error instanceof ConfigError) return { code: 2, output: error.message };
    throw error;
  }
}

/** `work()`, or the answer that PostgreSQL at `url` could not be reached. */
async function reachable<T>(url: string, work: () => Promise<T>): Promise<T | Answer> {
  try {
    return await work();
  } catch (error) {
    if (!isConnectionError(error)) throw error;
    return unreachable(url, error as Error);
  }
}

function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'ETIMEDOUT' || code === '3D000';
}

function unreachable(url: string, error: Error): Answer {
  const where = new URL(url).host;
  return { code: 1, output: `Could not reach PostgreSQL at ${where} (${error.message}): start Keen or set DATABASE_URL` };
}

async function staffCommand(action: 'grant' | 'revoke', email: string, url: string): Promise<Answer> {
  const db = createDataSource(url, { poolSize: 1 });
  try {
    await db.initialize();
  } catch (error) {
    return unreachable(url, error as Error);
  }
  try {
    // The same locked migrations as at start, so a grant may come before the first start.
    await migrate(db);
    const grants = new StaffGrants(db, revokeKeysCreatedBy);
    const actor = `command line (${os.userInfo().username}@${os.hostname()})`;
    const result = action === 'grant' ? await grants.grant(email, actor) : await grants.revoke(email, actor);
    return { code: 0, output: result.message };
  } catch (error) {
    if (error instanceof AppError) return { code: 2, output: error.message };
    throw error;
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  runAdminCommand(process.argv.slice(2)).then(
    ({ code, output }) => {
      (code === 0 ? process.stdout : process.stderr).write(`${output}\n`);
      process.exitCode = code;
    },
    (error: Error) => {
      process.stderr.write(`${error.stack ?? String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
