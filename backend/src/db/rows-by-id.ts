import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { plainRows } from '../common/list';

/** Each entity's read of rows by id: every column under its property's name. */
const statements = new WeakMap<object, string>();

function byIdStatement(db: DataSource, entity: new () => unknown): string {
  let sql = statements.get(entity);
  if (!sql) {
    const { columns, tableName, name } = db.getMetadata(entity);
    if (columns.some((column) => column.transformer)) throw new Error(`${name} has a column transformer: its rows are not plain`);
    const list = columns.map((column) => `"${column.databaseName}" AS "${column.propertyName}"`).join(', ');
    sql = `SELECT ${list} FROM "${tableName}" WHERE "id" = ANY($1::uuid[])`;
    statements.set(entity, sql);
  }
  return sql;
}

/**
 * Batches one request's look-ups of rows by id, so resolving a whole list costs one query. The rows
 * are plain (for entities without getters or column transformers, as GraphQL reads them): TypeORM's
 * hydration of the products on My Orders' page cost it 15% of its CPU.
 */
export function rowsById<Row extends { id: string }>(db: DataSource, entity: new () => Row): DataLoader<string, Row | null> {
  return new DataLoader<string, Row | null>(async (ids) => {
    const rows = await plainRows<Row>(db, byIdStatement(db, entity), [ids]);
    const found = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => found.get(id) ?? null);
  });
}
