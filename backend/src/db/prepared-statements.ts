import { createHash } from 'node:crypto';
import { Client, types } from 'pg';

// A calendar date (a ship window's) stays its text, 2027-01-12, in raw statements as TypeORM reads it:
// the driver would make it a Date at the process's local midnight.
types.setTypeParser(types.builtins.DATE, (text) => text);

/** Reads, and writes sent with parameters (so a text with values written into it is never kept). */
const READ = /^\s*(SELECT|WITH)\b/i;
const WRITE = /^\s*(INSERT|UPDATE|DELETE)\b/i;
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
 * The pg client TypeORM's pool makes: a statement TypeORM sends as plain SQL text goes as a named
 * one, so PostgreSQL parses it once per connection and, once it has seen a few runs, keeps one plan
 * for it: the hot lists cost a third of the database CPU that way, and an order's writes planned
 * again for each buyer cost half as much as running them. TypeORM lists every column it selects,
 * so a prepared read keeps its row type; statements live as long as their connection.
 */
export class PreparedStatementsClient extends Client {
  constructor(...args: ConstructorParameters<typeof Client>) {
    super(...args);
    // The pool listens while the connection is idle, TypeORM while a query runner holds it; a drop
    // (a PostgreSQL restart) between the two, or its second error as the pool closes it, had no
    // listener and ended the process. Whoever holds the connection learns of it from its next query.
    this.on('error', () => undefined);
  }

  override query(...args: unknown[]): never {
    const [text, values] = args;
    const prepared =
      typeof text === 'string' && (Array.isArray(values) ? READ.test(text) || WRITE.test(text) : values === undefined && READ.test(text));
    const name = prepared ? nameOf(text) : undefined;
    const call = Client.prototype.query as (...callArgs: unknown[]) => never;
    return name ? call.call(this, { name, text, values }, ...args.slice(2)) : call.apply(this, args);
  }
}
