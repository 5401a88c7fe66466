import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { rowsById } from '../../db/rows-by-id';
import { User } from './user.entity';

/** One request's batched profile look-ups (a review's author, for instance). */
export function usersLoaders(db: DataSource) {
  return {
    userById: rowsById(db, User),
    /** The unrevoked API keys each e-mail created: one statement for a whole page of users. */
    activeApiKeyCount: new DataLoader<string, number>(async (emails) => {
      const rows: { createdBy: string; count: number }[] = await db.query(
        `SELECT "createdBy", count(*)::int AS "count" FROM "api_key"
          WHERE "createdBy" = ANY($1::varchar[]) AND "revokedAt" IS NULL GROUP BY "createdBy"`,
        [emails],
      );
      const counts = new Map(rows.map((row) => [row.createdBy, row.count]));
      return emails.map((email) => counts.get(email) ?? 0);
    }),
  };
}

export type UsersLoaders = ReturnType<typeof usersLoaders>;
