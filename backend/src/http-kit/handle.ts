import { isIPv6 } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../common/errors';
import { answerToStore, type ReadCache, replay } from '../common/read-cache';

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

export function createHandlers<Context>(
  contextOf: (req: Request) => Promise<Context>,
  readCache: ReadCache,
  publicReads: PublicReadRoutes,
): Handlers<Context> {
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
      const cacheable = readCache.enabled && req.headers.authorization === undefined && req.method === 'GET';
      const key = cacheable ? publicReads.learn(req, query) : null;
      if (key === null) return answer(req, res, next);
      try {
        const stored = req.readCacheMiss === key ? null : await readCache.find(key);
        if (stored) return replay(res, stored);
        const generation = await readCache.generation();
        const result = await handler(req, res, await contextOf(req));
        if (res.headersSent) return;
        const body = JSON.stringify(result);
        res.type('json').send(body);
        const sent = answerToStore(res.statusCode, (name) => res.getHeader(name), body);
        if (sent) readCache.store(key, generation, sent);
      } catch (error) {
        next(error);
      }
    };
  };

  return { handle, publicRead };
}

declare module 'http' {
  interface IncomingMessage {
    /** The read-cache key already looked up, and missed, before the request reached its route. */
    readCacheMiss?: string;
  }
}

/**
 * The public-read routes (path and known query parameters), learnt from the requests they answer,
 * so that a cached answer can be found before routing (app/front-door.ts). Keys are made from the
 * request's path as written: only the route's own spelling is cached (Express also routes
 * `/API/Products`), so no variety of spellings can fill the cache.
 */
export class PublicReadRoutes {
  private readonly routes = new Map<string, { query: readonly string[]; route: string }>();

  /** The key of a GET answered by a public-read route; null when it is not to be cached. */
  learn(req: Request, query: readonly string[]): string | null {
    const route = `${req.baseUrl}${req.route?.path ?? ''}`;
    const [path, search] = splitUrl(req.originalUrl);
    if (path !== route) return null;
    if (!this.routes.has(path)) this.routes.set(path, { query, route });
    return cacheKey(path, search, query);
  }

  /** The key and route of a GET to a public-read route already seen; null for any other request. */
  keyOf(url: string): { key: string; route: string } | null {
    const [path, search] = splitUrl(url);
    const known = this.routes.get(path);
    const key = known ? cacheKey(path, search, known.query) : null;
    return key && known ? { key, route: known.route } : null;
  }
}

function splitUrl(url: string): [path: string, search: string] {
  const mark = url.indexOf('?');
  return mark < 0 ? [url, ''] : [url.slice(0, mark), url.slice(mark + 1)];
}

/** `GET path?known=...` with the known parameters in a fixed order; null when the request has others or repeats one. */
function cacheKey(path: string, search: string, known: readonly string[]): string | null {
  const params = new URLSearchParams(search);
  for (const name of params.keys()) if (!known.includes(name) || params.getAll(name).length > 1) return null;
  const kept = known.filter((name) => params.has(name)).map((name) => [name, params.get(name)!]);
  return `GET ${path} ${JSON.stringify(kept)}`;
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
  return clientAddressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

/** `clientAddress` for an address found before Express (app/front-door.ts). */
export function clientAddressKey(address: string): string {
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
