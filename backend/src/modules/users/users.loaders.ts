import type { DataSource } from 'typeorm';
import { rowsById } from '../../db/rows-by-id';
import { User } from './user.entity';

/** One request's batched profile look-ups (a review's author, for instance). */
export function usersLoaders(db: DataSource) {
  return { userById: rowsById(db, User) };
}

export type UsersLoaders = ReturnType<typeof usersLoaders>;
