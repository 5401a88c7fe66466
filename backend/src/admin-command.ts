import 'reflect-metadata';
import os from 'node:os';
import { AppError } from './common/errors';
import { createDataSource } from './app/data-source';
import { migrate } from './db/migrate';
import { revokeKeysCreatedBy } from './modules/integrations/api-keys.service';
import { StaffGrants } from './modules/users/staff-grants';

const USAGE = [
  'Usage: npm run admin -- grant <email>     make <email> an admin (at their first verified sign-in if not seen yet)',
  '       npm run admin -- revoke <email>    take the admin right (or a waiting grant) back',
  'It changes the database of DATABASE_URL (without it, the embedded PostgreSQL of a running `npm start`).',
].join('\n');

/**
 * `npm run admin -- grant|revoke <email>`: the shop operator's way to the first admin, straight in
 * the database (the rules are in modules/users/staff-grants.ts). Answers the exit code and what to print.
 */
export async function runAdminCommand(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<{ code: number; output: string }> {
  const [action, email, ...rest] = args;
  if ((action !== 'grant' && action !== 'revoke') || !email || rest.length > 0) {
    const problem = action === undefined ? '' : `Unknown arguments: ${args.join(' ')}\n`;
    return { code: 2, output: `${problem}${USAGE}` };
  }
  const production = env.NODE_ENV?.trim() === 'production';
  const url =
    env.DATABASE_URL?.trim() ||
    (production ? null : `postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_POSTGRES_PORT?.trim() || 54329}/keen`);
  if (!url) return { code: 2, output: 'Setting DATABASE_URL: is required in production: it names the database to change' };

  const db = createDataSource(url, { poolSize: 1 });
  try {
    await db.initialize();
  } catch (error) {
    const where = new URL(url).host;
    return { code: 1, output: `Could not reach PostgreSQL at ${where} (${(error as Error).message}): start Keen or set DATABASE_URL` };
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
