import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Brackets, type DataSource, type EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { badInput } from './errors';

export enum SortDirection {
  ASC = 'ASC',
  DESC = 'DESC',
}
registerEnumType(SortDirection, {
  name: 'SortDirection',
  description: 'Which way a list is sorted',
  valuesConfig: { ASC: { description: 'Smallest, oldest or A first' }, DESC: { description: 'Largest, newest or Z first' } },
});

export const MAX_TAKE = 100;
/** Longer search text only makes the database work harder; nobody types more. */
export const MAX_SEARCH_LENGTH = 100;

@InputType({ description: 'Paging shared by every list: skip rows, then take at most 100.' })
export class PageOptions {
  @Field(() => Int, { defaultValue: 0, description: 'Rows to pass over before the page starts (0 or more)' })
  skip: number = 0;

  @Field(() => Int, { defaultValue: 20, description: 'At most 100' })
  take: number = 20;

  @Field(() => SortDirection, { nullable: true, description: "The sort's direction; each list has its own default" })
  sortDirection?: SortDirection;

  @Field(() => String, { nullable: true, description: 'Case-insensitive text search, at most 100 characters' })
  search?: string;
}

export interface Page {
  skip: number;
  take: number;
}

/** Checks a list's paging, and its search text when it has one. */
export function checkPage(options: { skip?: number | null; take?: number | null; search?: string | null } | undefined): Page {
  const skip = options?.skip ?? 0;
  const take = options?.take ?? 20;
  if (!Number.isInteger(skip) || skip < 0) throw badInput('skip must be a whole number of at least 0');
  if (!Number.isInteger(take) || take < 1 || take > MAX_TAKE) throw badInput(`take must be a whole number from 1 to ${MAX_TAKE}`);
  if ((options?.search?.length ?? 0) > MAX_SEARCH_LENGTH) throw badInput(`search must be at most ${MAX_SEARCH_LENGTH} characters`);
  return { skip, take };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%" only. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ListSpec {
  /** Columns of the query's main alias that `search` matches, case-insensitively. */
  searchColumns: string[];
  /** The sort when the caller names none. */
  defaultSort: string;
  defaultDirection: SortDirection;
}

/**
 * One page of a list, the same way for every list: the caller's filters are already on `query`;
 * this adds the search, the sort (ties broken by id, so pages never overlap), the page and the count.
 */
export async function pageOf<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  options: PageOptions & { sortBy?: string | null },
  spec: ListSpec,
): Promise<{ items: T[]; totalItems: number }> {
  const { skip, take } = checkPage(options);
  const alias = query.alias;
  if (options.search) {
    const pattern = likePattern(options.search);
    query.andWhere(
      new Brackets((where) => spec.searchColumns.forEach((column) => where.orWhere(`${alias}.${column} ILIKE :pattern`, { pattern }))),
    );
  }
  query.orderBy(`${alias}.${options.sortBy ?? spec.defaultSort}`, options.sortDirection ?? spec.defaultDirection).addOrderBy(`${alias}.id`);
  return fetchPage(query, { skip, take });
}

/**
 * The page's rows and the count over every page, in one statement (a window count over the
 * filtered rows); a page past the end asks for the count on its own. `query` must have no joins
 * (OFFSET/LIMIT then count rows, not joined pairs) and its sort, ending in a unique column.
 */
async function fetchPage<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  { skip, take }: Page,
): Promise<{ items: T[]; totalItems: number }> {
  const { entities, raw } = await query
    .addSelect('COUNT(*) OVER ()', 'total_items')
    .offset(skip)
    .limit(take)
    .getRawAndEntities<{ total_items: string }>();
  if (raw.length) return { items: entities, totalItems: Number(raw[0].total_items) };
  return { items: [], totalItems: skip ? await query.offset(undefined).limit(undefined).orderBy().getCount() : 0 };
}

/** Binds a value to a statement: answers its placeholder ($1, $2...). */
export type Bind = (value: unknown) => string;

/** A list statement in parts: `where` and `orderBy` bind their values, so placeholders are numbered for them. */
export interface RowsQuery {
  /** Column names or expressions, each with its own quoting or alias. */
  columns: readonly string[];
  from: string;
  where: (bind: Bind) => string[];
  orderBy: (bind: Bind) => string;
}

/**
 * One page of a hot list as plain rows, for lists read on every visit: one statement (rows and the
 * count over every page together), prepared by name (db/prepared-statements.ts), with no query builder
 * and no entity hydration (on these lists they cost more than the query). A page past the end asks
 * for the count on its own. Each row also carries the count as `totalItems`, which no answer reads
 * (copying every row without it would cost more). `orderBy` must end in a unique column.
 */
export async function rowsPage<Row extends object>(
  db: DataSource,
  query: RowsQuery,
  { skip, take }: Page,
): Promise<{ items: Row[]; totalItems: number }> {
  const values: unknown[] = [];
  const bind: Bind = (value) => `$${values.push(value)}`;
  const conditions = query.where(bind);
  const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
  const whereValues = values.length;
  const orderBy = query.orderBy(bind);
  const rows = await plainRows<Row & { totalItems: number }>(
    db,
    `SELECT ${query.columns.map((column) => `${column}, `).join('')}count(*) OVER ()::int AS "totalItems" FROM ${query.from}${where} ORDER BY ${orderBy} LIMIT ${bind(take)} OFFSET ${bind(skip)}`,
    values,
  );
  if (rows.length) return { items: rows, totalItems: rows[0].totalItems };
  if (!skip) return { items: [], totalItems: 0 };
  const [{ total }] = await plainRows<{ total: number }>(
    db,
    `SELECT count(*)::int AS total FROM ${query.from}${where}`,
    values.slice(0, whereValues),
  );
  return { items: [], totalItems: total };
}

/**
 * A read sent to TypeORM's connection pool itself, logged by TypeORM's logger as its own queries
 * are: its query runner around pg (a runner object, events, a result object, the release) cost
 * 4-6% of an uncached list's answer in an A/B. pg's errors come as they are (not QueryFailedError).
 */
export async function plainRows<Row>(db: DataSource, sql: string, values: unknown[]): Promise<Row[]> {
  db.logger.logQuery(sql, values);
  const pool = (db.driver as unknown as { master: { query(text: string, values: unknown[]): Promise<{ rows: Row[] }> } }).master;
  return (await pool.query(sql, values)).rows;
}

/**
 * `plainRows` as a manager's `query`, for the readers that take one (a catalogue's variants): for
 * reads outside a transaction only, since each goes to whichever pooled connection is free.
 */
export function plainQueries(db: DataSource): Pick<EntityManager, 'query'> {
  return { query: async <T>(sql: string, values: unknown[] = []) => (await plainRows(db, sql, values)) as T };
}

/** `{ items, totalItems }` for one item type (type-graphql's generic type pattern). */
export function ListResult<T extends object>(itemType: new () => T) {
  @ObjectType({ simpleResolvers: true })
  abstract class ListResultClass {
    @Field(() => [itemType], { description: 'The rows of this page, in the asked order' })
    items!: T[];

    @Field(() => Int, { description: 'Rows that match the filter, over every page' })
    totalItems!: number;
  }
  return ListResultClass;
}
