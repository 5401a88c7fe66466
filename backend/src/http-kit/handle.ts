import { isIPv6 } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../common/errors';
import { type ReadCache, replay, sentAnswer } from '../common/read-cache';

/** A route's work: it gets the request's context (the caller, the services) and answers a value, sent as JSON. */
export type Handler<Context> = (req: Request, res: Response, context: Context) => Promise<unknown> | unknown;

/** The wrappers every REST route is written with; the app binds them to how it reads a request's context. */
export interface Handlers<Context> {
  /**
   * Resolves the request's context (the caller from the Authorization header), and answers the
   * handler's result as JSON unless it sent a response itself. Thrown errors go to the router's
   * error answer (`{ message }`).
   */
  handle(handler: Handler<Context>): RequestHandler;
  /**
   * `handle` for a public read (products, reviews): an anonymous GET is answered from the read
   * cache while nothing has been written since. The key holds the route's own query parameters
   * (`query`), in a fixed order; a request with any other parameter is answered but not kept, so
   * junk parameters cannot fill the cache. Signed-in callers are never answered from it.
   */
  publicRead(handler: Handler<Context>, options: { query: readonly string[] }): RequestHandler;
}

export function createHandlers<Context>(contextOf: (req: Request) => Promise<Context>, readCache: ReadCache): Handlers<Context> {
  const handle = (handler: Handler<Context>) => async (req: Request, res: Response, next: NextFunction) => {
    try {
      const result = await handler(req, res, await contextOf(req));
      if (!res.headersSent) res.json(result);
    } catch (error) {
      next(error);
    }
  };

  const publicRead = (handler: Handler<Context>, { query }: { query: readonly string[] }) => {
    const answer = handle(handler);
    return async (req: Request, res: Response, next: NextFunction) => {
      const key = readCache.enabled && req.headers.authorization === undefined && req.method === 'GET' ? cacheKey(req, query) : null;
      if (key === null) return answer(req, res, next);
      try {
        const stored = await readCache.find(key);
        if (stored) return replay(res, stored);
        const generation = await readCache.generation();
        const result = await handler(req, res, await contextOf(req));
        if (res.headersSent) return;
        const body = JSON.stringify(result);
        res.type('json').send(body);
        const sent = sentAnswer(res, body);
        if (sent) readCache.store(key, generation, sent);
      } catch (error) {
        next(error);
      }
    };
  };

  return { handle, publicRead };
}

/** `GET path?known=...` with the known parameters in a fixed order; null when the request has others or repeats one. */
function cacheKey(req: Request, known: readonly string[]): string | null {
  const params = new URL(req.originalUrl, 'http://keen').searchParams;
  for (const name of params.keys()) if (!known.includes(name) || params.getAll(name).length > 1) return null;
  const kept = known.filter((name) => params.has(name)).map((name) => [name, params.get(name)!]);
  return `GET ${req.path} ${JSON.stringify(kept)}`;
}

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
 * The address failed sign-ins are counted by (the proxy's client address behind a trusted proxy).
 * An IPv6 client is keyed by its /64: one subscriber usually holds a whole /64, and could
 * otherwise take a fresh address for every attempt.
 */
export function clientAddress(req: Request): string {
  return addressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

function addressKey(address: string): string {
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
