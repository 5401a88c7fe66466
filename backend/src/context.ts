import DataLoader from 'dataloader';
import { DataSource, In } from 'typeorm';
import { unauthenticated } from './common/errors';
import { Product } from './modules/catalog/product.entity';
import { Caller } from './modules/auth/caller';
import { bearerToken } from './modules/auth/identity';
import { User } from './modules/users/user.entity';
import type { Services } from './services';

/** Batches row look-ups made while resolving one request, so a list costs one query per kind. */
export function createLoaders(db: DataSource) {
  const byId = <T extends { id: string }>(entity: new () => T) =>
    new DataLoader<string, T | null>(async (ids) => {
      const rows = await db.getRepository(entity).findBy({ id: In([...ids]) } as never);
      const found = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => found.get(id) ?? null);
    });
  return { productById: byId(Product), userById: byId(User) };
}

export type Loaders = ReturnType<typeof createLoaders>;

export interface RequestContext {
  caller: Caller;
  services: Services;
  loaders: Loaders;
}

/** The caller behind an `Authorization` header: anonymous without one, an error for a bad one. */
export async function callerFromHeader(services: Services, authorization: string | undefined): Promise<Caller> {
  if (!authorization?.trim()) return { user: null };
  const token = bearerToken(authorization);
  if (!token) throw unauthenticated('Send the token as Authorization: Bearer <token>');
  const identity = await services.identity.verify(token);
  return { user: await services.users.findOrCreate(identity) };
}
