import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { countWhenAnswered } from '../common/metrics';
import type { ReadCache, StoredAnswer } from '../common/read-cache';
import { ifNoneMatchNames } from '../http-kit/etag';
import type { PublicReadRoutes } from '../http-kit/handle';
import type { PublicQueries } from './graphql-handler';

/** The largest GraphQL body read here; larger ones go to Express untouched (its limit is 1 MB). */
const MAX_PEEKED_BODY = 64 * 1024;

export interface ReplayFirstParts {
  readCache: ReadCache;
  publicReads: PublicReadRoutes;
  publicQueries: PublicQueries;
  /** Headers every answer carries (the security headers). */
  headers: readonly (readonly [string, string])[];
  /** The access log's work for one request (its id, and its line once answered). */
  logRequest: (req: IncomingMessage, res: ServerResponse) => void;
}

declare module 'http' {
  interface IncomingMessage {
    /** The parsed JSON body, once read (express.json then leaves it as it is). */
    body?: unknown;
    /** True when the body was read and is not JSON. */
    unreadableBody?: boolean;
  }
}

/**
 * Answers an anonymous public read from the read cache before Express sees it, and hands every
 * other request to `app`. A cached answer costs a lookup and a write; through Express's chain it
 * cost ten times that. What the chain does for every answer is done here too: the security
 * headers, the request id and access-log line, the request metrics, ETag and 304. A miss goes on
 * to the route, which then does not look the key up again (`readCacheMiss`).
 */
export function replayFirst(parts: ReplayFirstParts, app: RequestListener): RequestListener {
  const { readCache, publicReads, publicQueries } = parts;
  const lookUp = (req: IncomingMessage, res: ServerResponse, key: string, route: string) =>
    readCache.find(key).then(
      (stored) => {
        if (stored) return send(parts, req, res, stored, route);
        req.readCacheMiss = key;
        app(req, res);
      },
      () => app(req, res),
    );

  return (req, res) => {
    if (!readCache.enabled || req.headers.authorization !== undefined) return app(req, res);
    if (req.method === 'GET') {
      const found = publicReads.keyOf(req.url ?? '');
      return found ? void lookUp(req, res, found.key, found.route) : app(req, res);
    }
    if (req.method === 'POST' && req.url === '/graphql' && isSmallJson(req)) {
      return void readBody(req).then(
        (text) => {
          try {
            req.body = JSON.parse(text);
          } catch {
            // The route answers it as it answers any unreadable body.
            req.unreadableBody = true;
            return app(req, res);
          }
          const key = publicQueries.keyOf(req.body);
          return typeof key === 'string' ? lookUp(req, res, key, '/graphql') : app(req, res);
        },
        () => app(req, res),
      );
    }
    app(req, res);
  };
}

/**
 * A JSON body in UTF-8 of a known, small length, not compressed: read here; anything else is left
 * to Express (express.json decodes the other charsets a client may declare).
 */
function isSmallJson(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length']);
  return (
    /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i.test(req.headers['content-type'] ?? '') &&
    req.headers['content-encoding'] === undefined &&
    Number.isInteger(length) &&
    length > 0 &&
    length <= MAX_PEEKED_BODY
  );
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}

function send(parts: ReplayFirstParts, req: IncomingMessage, res: ServerResponse, stored: StoredAnswer, route: string): void {
  countWhenAnswered(req.method ?? 'GET', res, () => route);
  parts.logRequest(req, res);
  for (const [name, value] of parts.headers) res.setHeader(name, value);
  for (const [name, value] of Object.entries(stored.headers)) res.setHeader(name, value);
  if (req.method === 'GET' && isFresh(req, stored.headers.etag)) {
    res.removeHeader('content-type');
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('content-length', Buffer.byteLength(stored.body));
  res.statusCode = 200;
  res.end(stored.body);
}

/** As Express judges a GET fresh: its If-None-Match names the answer's ETag, and it did not ask for no-cache. */
function isFresh(req: IncomingMessage, etag: string | undefined): boolean {
  if (!etag || /(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers['cache-control'] ?? '')) return false;
  return ifNoneMatchNames(req.headers['if-none-match'], etag);
}
