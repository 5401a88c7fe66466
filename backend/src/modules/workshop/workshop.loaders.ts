import type { DataSource } from 'typeorm';
import { workshopNow, type WorkshopNow } from './lead-times';

/** One request's look at the workshop: a page of product cards reads its settings and queue once. */
export function workshopLoaders(db: DataSource) {
  let now: Promise<WorkshopNow> | undefined;
  return {
    workshopNow: { load: () => (now ??= workshopNow(db.manager)) },
  };
}

export type WorkshopLoaders = ReturnType<typeof workshopLoaders>;
