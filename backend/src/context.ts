import DataLoader from 'dataloader';
import type { Request } from 'express';
import { type DataSource, In } from 'typeorm';
import { unauthenticated } from './common/errors';
import { Product } from './modules/catalog/product.entity';
import { type Caller } from './modules/auth/caller';
import { limitFailedSignIns } from './modules/auth/failed-sign-ins';
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

/** The address failed sign-ins are counted by (the proxy's client address behind a trusted proxy). */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * The caller behind a request's `Authorization` header: anonymous without one, an error for a bad
 * one. Bad tokens count as failed sign-ins of the client's address.
 */
export async function callerFromRequest(services: Services, req: Request): Promise<Caller> {
  const authorization = req.headers.authorization;
  if (!authorization?.trim()) return { user: null };
  return limitFailedSignIns(services.limits, clientAddress(req), async () => {
    const token = bearerToken(authorization);
    if (!token) throw unauthenticated('Send the token as Authorization: Bearer <token>');
    const identity = await services.identity.verify(token);
    const user = await services.users.findOrCreate(identity);
    if (identity.accessTokenValidSince !== undefined && identity.accessTokenValidSince !== user.tokensValidSince.getTime()) {
      throw unauthenticated('The access token is no longer valid (a role change or a sign-out); please sign in again');
    }
    return { user, emailVerified: identity.emailVerified };
  });
}
