import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIPv6 } from 'node:net';
import { parse as parseQueryString } from 'node:querystring';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../common/errors';
import type { ReadCache } from '../common/read-cache';
import { bodyRefusalOf } from './body';
import { jsonGetAnswer, RecentTags, sendJsonGetAnswer } from './etag';
import type { QueryOf } from './query';

/** A route's work: it gets the request's context (the caller, the services) and answers a value, sent as JSON. */
export type Handler<Context> = (req: Request, res: Response, context: Context) => Promise<unknown> | unknown;

/**
 * A public read's work. It reads only the query string and may set headers (`X-Total-Count`), so
 * that the front door can run it on Node's own request and response, before Express.
 */
export type PublicReadHandler<Context> = (req: QueryOf, res: ServerResponse, context: Context) => Promise<unknown> | unknown;

/** A public read's answer to an anonymous GET, kept in the read cache under `key` (null: not kept). */
export type AnonymousRead = (req: IncomingMessage, res: ServerResponse, key: string | null) => Promise<void>;

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
   * junk parameters cannot fill the cache. Signed-in callers are never answered from it. Once the
   * route has answered, the front door answers its anonymous GETs itself (`PublicReadRoutes`).
   */
  publicRead(handler: PublicReadHandler<Context>, options: { query: readonly string[] }): RequestHandler;
}

/** `contextOf` reads a request's context; `anonymous` is the context of a request without credentials. */
export function createHandlers<Context>(
  contextOf: (req: Request) => Promise<Context>,
  anonymous: Context,
  readCache: ReadCache,
  publicReads: PublicReadRoutes,
): Handlers<Context> {
  const handle = (handler: Handler<Context>) => async (req: Request, res: Response, next: NextFunction) => {
    try {
      const refusal = bodyRefusalOf(req);
      if (refusal) throw refusal;
      const result = await handler(req, res, await contextOf(req));
      if (!res.headersSent) res.json(result);
    } catch (error) {
      next(error);
    }
  };

  const tags = new RecentTags();
  const publicRead = (handler: PublicReadHandler<Context>, { query }: { query: readonly string[] }) => {
    const answer = handle(handler);
    const answerAnonymous: AnonymousRead = async (req, res, key) => {
      const stored = key === null ? null : await readCache.find(key);
      if (stored) return sendJsonGetAnswer(req, res, stored);
      const generation = key === null ? null : await readCache.generation();
      const result = await handler({ query: queryOf(req.url ?? '') }, res, anonymous);
      if (res.headersSent) return;
      const body = JSON.stringify(result);
      const made = jsonGetAnswer(body, res, tags.of(req.url ?? '', body));
      sendJsonGetAnswer(req, res, made);
      if (key !== null) readCache.store(key, generation, made);
    };
    return async (req: Request, res: Response, next: NextFunction) => {
      const key = publicReads.learn(req, query, answerAnonymous);
      if (req.method !== 'GET' || req.headers.authorization !== undefined) return answer(req, res, next);
      try {
        await answerAnonymous(req, res, readCache.enabled ? key : null);
      } catch (error) {
        next(error);
      }
    };
  };

  return { handle, publicRead };
}

/** A request path's query string, parsed as Express parses `req.query` (its default, the "simple" parser). */
function queryOf(url: string): Record<string, unknown> {
  const mark = url.indexOf('?');
  return mark < 0 ? {} : parseQueryString(url.slice(mark + 1));
}

/** A public-read route the front door answers: the request's key in the read cache, the route and its work. */
export interface KnownPublicRead {
  key: string;
  route: string;
  answer: AnonymousRead;
}

/**
 * The public-read routes (path, known query parameters and their work), learnt from the requests
 * they answer, so that the front door can answer the next anonymous GETs itself (app/front-door.ts).
 * Keys are made from the request's path as written: only the route's own spelling is answered there
 * and cached (Express also routes `/API/Products`), so no variety of spellings can fill the cache.
 */
export class PublicReadRoutes {
  private readonly routes = new Map<string, { query: readonly string[]; route: string; answer: AnonymousRead }>();

  /** A declared public-read route (http-kit/express-routes.ts): its full path, its query parameters, its anonymous answer. */
  declare(path: string, query: readonly string[], answer: AnonymousRead): void {
    this.routes.set(path, { query, route: path, answer });
  }

  /** The key of a GET answered by a public-read route; null when it is not to be cached. */
  learn(req: Request, query: readonly string[], answer: AnonymousRead): string | null {
    const route = `${req.baseUrl}${req.route?.path ?? ''}`;
    const [path, search] = splitUrl(req.originalUrl);
    if (path !== route) return null;
    if (!this.routes.has(path)) this.routes.set(path, { query, route, answer });
    return cacheKey(path, search, query);
  }

  /** A GET to a public-read route already seen, with only its own parameters; null for any other request. */
  find(url: string): KnownPublicRead | null {
    const [path, search] = splitUrl(url);
    const known = this.routes.get(path);
    const key = known ? cacheKey(path, search, known.query) : null;
    return key && known ? { key, route: known.route, answer: known.answer } : null;
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
