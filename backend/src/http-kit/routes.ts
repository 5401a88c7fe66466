import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { QueryOf } from './query';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The failure statuses a route may answer besides the ones its caller rule and inputs imply (400,
 * and 401/403 for its rule): 401 or 403 too when its work refuses callers its rule lets through
 * (a customer asking about someone else, a token exchange's own token check).
 */
export type FailureStatus = 401 | 403 | 404 | 409 | 413 | 429 | 503;

/** What a route's work reads of its request, whatever server runs it: the path's parameters, the query string, the parsed body. */
export interface RouteRequest extends QueryOf {
  params: Record<string, string>;
  /** The JSON body (an object, or undefined when none was sent); the raw bytes for `body: 'raw'`; the file for `body: 'image'`. */
  body: unknown;
  headers: IncomingHttpHeaders;
  /** A logger whose lines carry the request's id. */
  log: Logger;
  /** The client's address key (through the proxies Keen trusts), for counting failed sign-ins. */
  clientAddress(): string;
}

/**
 * A route's work: it answers a value, sent as JSON with the route's status, unless it wrote the
 * answer itself (a CSV, a redirect). It may set headers (`X-Total-Count`) on `res`.
 */
export type RouteWork<Context> = (request: RouteRequest, res: ServerResponse, context: Context) => Promise<unknown> | unknown;

/** What a route's documentation says of its input and answer; OpenAPI is generated from it (http-kit/openapi.ts). */
export interface RouteSchemas {
  /** Path parameters (`:id` in the path), each a string schema with a description. */
  params?: z.ZodObject;
  /** Query parameters the route reads; for a public read, the ones its cached answers are keyed by. */
  query?: z.ZodObject;
  /** Request headers the route reads (named as sent, e.g. `Idempotency-Key`), each a string schema with a description. */
  headers?: z.ZodObject;
  /** A JSON body; 'image' is a multipart upload (field `image`); 'raw' is the bytes as sent (a signed webhook). */
  body?: z.ZodType | 'image' | 'raw';
  /** The answer's shape, and its status when it is not 200. */
  answer: z.ZodType;
  status?: number;
  /** Headers the answer carries, each a schema with its description. */
  answerHeaders?: Record<string, z.ZodType>;
  /** An answer that is not JSON ('text/csv'). */
  answerType?: string;
  /** A redirect it answers in some cases instead (its work writes it), and when: a moved slug's 301 with `Location`. */
  redirect?: { status: 301; description: string };
}

/**
 * One REST route, declared as data beside its module's service: where it is, who may call it
 * (`Rule`: the app's caller rules, checked before the input is read), what it reads and answers,
 * whether anonymous GETs may be answered from the read cache, and its documentation.
 */
export interface RouteDeclaration<Context, Rule> extends RouteSchemas {
  method: HttpMethod;
  /** Express-style (`/orders/:id`), below the REST layer's mount point. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** Who may call it: checked before its input is read. */
  access: Rule;
  /** Statuses besides those `allow` and the inputs imply. */
  failures?: FailureStatus[];
  /**
   * An anonymous GET may be answered from the read cache, keyed by the declared query parameters
   * (a request with any other is answered, not kept), and by the front door before the rest of
   * the app. Its work reads only the query string.
   */
  publicRead?: boolean;
  work: RouteWork<Context>;
}

/** A module's routes, declared with its own context and the app's caller rules. */
export type Routes<Context, Rule> = readonly RouteDeclaration<Context, Rule>[];

/** The names of a declaration's query parameters. */
export function queryNames(route: Pick<RouteSchemas, 'query'>): readonly string[] {
  return route.query ? Object.keys(route.query.shape) : [];
}

/** `/orders/:id` as OpenAPI writes it: `/orders/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
