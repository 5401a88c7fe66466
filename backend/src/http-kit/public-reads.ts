import type { IncomingMessage, ServerResponse } from 'node:http';

/** A public read's answer to an anonymous GET, kept in the read cache under `key` (null: not kept). */
export type AnonymousRead = (req: IncomingMessage, res: ServerResponse, key: string | null) => Promise<void>;

/** A public-read route the front door answers: the request's key in the read cache, the route and its work. */
export interface KnownPublicRead {
  key: string;
  route: string;
  answer: AnonymousRead;
}

/**
 * The public-read routes (path, known query parameters and their work), declared when they are
 * mounted (http-kit/express-routes.ts), so that the front door answers their anonymous GETs itself
 * from the first one on (app/front-door.ts). Keys are made from the request's path as written: only
 * the route's own spelling is answered there and cached (Express also routes `/API/Products`), so no
 * variety of spellings can fill the cache.
 */
export class PublicReadRoutes {
  private readonly routes = new Map<string, { query: readonly string[]; route: string; answer: AnonymousRead }>();

  /** A declared public-read route (http-kit/express-routes.ts): its full path, its query parameters, its anonymous answer. */
  declare(path: string, query: readonly string[], answer: AnonymousRead): void {
    this.routes.set(path, { query, route: path, answer });
  }

  /** A GET to a declared public-read route, with only its own parameters; null for any other request. */
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
