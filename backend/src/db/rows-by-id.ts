import DataLoader from 'dataloader';
import { type DataSource, In } from 'typeorm';

/** Batches one request's look-ups of rows by id, so resolving a whole list costs one query. */
export function rowsById<Row extends { id: string }>(db: DataSource, entity: new () => Row): DataLoader<string, Row | null> {
  return new DataLoader<string, Row | null>(async (ids) => {
    const rows = await db.getRepository(entity).findBy({ id: In([...ids]) } as never);
    const found = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => found.get(id) ?? null);
  });
}
