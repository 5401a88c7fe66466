import { createHash } from 'node:crypto';
import { Client } from 'pg';

/** Reads only: a write's plan is cheap next to its work, and its text varies more. */
const READ = /^\s*(SELECT|WITH)\b/i;
/** Distinct statement texts this process prepares; any beyond are sent unnamed (lists of ids of every length, say). */
const MAX_PREPARED = 500;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_PREPARED) {
    name = `keen_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The pg client TypeORM's pool makes: a read TypeORM sends as plain SQL text goes as a named
 * statement, so PostgreSQL parses and plans it once per connection and then only binds and runs
 * it (the hot lists cost a third of the database CPU that way). TypeORM lists every column it
 * selects, so a prepared read keeps its row type; statements live as long as their connection.
 */
export class PreparedReadsClient extends Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name = typeof text === 'string' && (values === undefined || Array.isArray(values)) && READ.test(text) ? nameOf(text) : undefined;
    const call = Client.prototype.query as (...callArgs: unknown[]) => never;
    return name ? call.call(this, { name, text, values }, ...args.slice(2)) : call.apply(this, args);
  }
}
