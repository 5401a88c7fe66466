import type { NextFunction, Request, Response } from 'express';
import { callerFromRequest } from '../context';
import { AppError } from './errors';
import type { Caller } from '../modules/auth/caller';
import type { Services } from '../services';
import { replay, sentAnswer } from './read-cache';

/** What every REST handler gets: the services and the verified caller. */
export interface RestContext {
  services: Services;
  caller: Caller;
}

type Handler = (req: Request, res: Response, context: RestContext) => Promise<unknown> | unknown;

const READS = new Set(['GET', 'HEAD']);

/** The old client's `{ success }` answers: "already exist" (a conflict) is `{ success: false, message }`, not an error. */
export async function successUnlessConflict<T extends { success: true }>(
  work: () => Promise<T>,
): Promise<T | { success: false; message: string }> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return { success: false, message: error.message };
    throw error;
  }
}

/**
 * Wraps a handler: resolves the caller from the Authorization header, and answers the handler's
 * result as JSON (unless it sent a response itself). Thrown AppErrors become `{ message }`.
 * Any call but a read may have written: the read cache forgets its answers before this one is sent
 * (after a failure too, when a signed-in caller might have written part of it; an anonymous
 * caller's failed call wrote nothing, and must not be a way to empty the cache).
 */
export function handle(services: Services, handler: Handler) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const writes = !READS.has(req.method);
    let caller: Caller | null = null;
    try {
      caller = await callerFromRequest(services, req);
      const result = await handler(req, res, { services, caller });
      if (writes) await services.readCache.invalidate();
      if (!res.headersSent) res.json(result);
    } catch (error) {
      if (writes && caller?.user) await services.readCache.invalidate().catch(() => {});
      next(error);
    }
  };
}

/**
 * `handle` for a public read (products, reviews): an anonymous caller is answered from the read
 * cache while nothing has been written since, keyed by the whole URL. Signed-in callers never are.
 */
export function publicRead(services: Services, handler: Handler) {
  const answer = handle(services, handler);
  return async (req: Request, res: Response, next: NextFunction) => {
    const { readCache } = services;
    if (!readCache.enabled || req.headers.authorization !== undefined || req.method !== 'GET') return answer(req, res, next);
    const key = `GET ${req.originalUrl}`;
    try {
      const stored = await readCache.find(key);
      if (stored) return replay(res, stored);
      const generation = await readCache.generation();
      const result = await handler(req, res, { services, caller: { user: null } });
      if (res.headersSent) return;
      const body = JSON.stringify(result);
      res.type('json').send(body);
      const sent = sentAnswer(res, body);
      if (sent) readCache.store(key, generation, sent);
    } catch (error) {
      next(error);
    }
  };
}
