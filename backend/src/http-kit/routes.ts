import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The failure statuses a route may answer besides the ones its caller rule and inputs imply (400,
 * and 401/403 for its rule): 401 or 403 too when its work refuses callers its rule lets through
 * (a customer asking about someone else, a token exchange's own token check).
 */
export type FailureStatus = 401 | 403 | 404 | 409 | 413 | 429 | 503;

/** A declared JSON body's schema; 'image' is a multipart upload (field `image`); 'raw' is the bytes as sent (a signed webhook). */
export type RouteBody = z.ZodType | 'image' | 'raw';

/** What a `body: 'image'` route's work reads: the uploaded file's bytes (undefined when none was sent), read when it asks. */
export type ImageReader = () => Promise<Buffer | undefined>;

/** What a declared schema parses its part of the request into; nothing, when the route declares none. */
type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : Record<string, never>;
type ParsedBody<Body> = Body extends z.ZodType
  ? z.output<Body>
  : Body extends 'image'
    ? ImageReader
    : Body extends 'raw'
      ? Buffer | undefined
      : undefined;

/**
 * What a route's work gets, whatever server runs it: its path parameters, query string, headers
 * (by their declared names) and body, each parsed by the route's declared schema.
 */
export interface RouteRequest<
  Params extends z.ZodObject | undefined = z.ZodObject | undefined,
  Query extends z.ZodObject | undefined = z.ZodObject | undefined,
  Headers extends z.ZodObject | undefined = z.ZodObject | undefined,
  Body extends RouteBody | undefined = RouteBody | undefined,
> {
  params: Parsed<Params>;
  query: Parsed<Query>;
  headers: Parsed<Headers>;
  body: ParsedBody<Body>;
  /** A logger whose lines carry the request's id. */
  log: Logger;
  /** The client's address key (through the proxies Keen trusts), for counting failed sign-ins. */
  clientAddress(): string;
}

/** What a route's documentation says of its input and answer; OpenAPI is generated from it (http-kit/openapi.ts). */
export interface RouteSchemas<
  Params extends z.ZodObject | undefined = z.ZodObject | undefined,
  Query extends z.ZodObject | undefined = z.ZodObject | undefined,
  Headers extends z.ZodObject | undefined = z.ZodObject | undefined,
  Body extends RouteBody | undefined = RouteBody | undefined,
> {
  /** Path parameters (`:id` in the path), each a string schema with a description. */
  params?: Params;
  /** Query parameters the route reads (`param` in http-kit/query.ts); for a public read, the ones its cached answers are keyed by. */
  query?: Query;
  /** Request headers the route reads (named as sent, e.g. `Idempotency-Key`), each a string schema with a description. */
  headers?: Headers;
  /** A JSON body (`jsonBody` and `field` in http-kit/body.ts), an upload or the raw bytes. */
  body?: Body;
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
 * whether anonymous GETs may be answered from the read cache, and its documentation. The router
 * parses the request with its schemas: a part that does not parse is a 400 with the first issue's
 * message, and the work gets the parsed input.
 */
export interface RouteDeclaration<
  Context,
  Rule,
  Params extends z.ZodObject | undefined = z.ZodObject | undefined,
  Query extends z.ZodObject | undefined = z.ZodObject | undefined,
  Headers extends z.ZodObject | undefined = z.ZodObject | undefined,
  Body extends RouteBody | undefined = RouteBody | undefined,
> extends RouteSchemas<Params, Query, Headers, Body> {
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
  /**
   * The route's work on its parsed input: it answers a value, sent as JSON with the route's
   * status, unless it wrote the answer itself (a CSV, a redirect). It may set headers
   * (`X-Total-Count`) on `res`.
   */
  work(request: RouteRequest<Params, Query, Headers, Body>, res: ServerResponse, context: Context): Promise<unknown> | unknown;
}

/**
 * Declares routes with a module's context and the app's caller rules: `route({ ... })` infers the
 * input its work gets from its schemas.
 */
export const routeDeclarer =
  <Context, Rule>() =>
  <
    Params extends z.ZodObject | undefined = undefined,
    Query extends z.ZodObject | undefined = undefined,
    Headers extends z.ZodObject | undefined = undefined,
    Body extends RouteBody | undefined = undefined,
  >(
    route: RouteDeclaration<Context, Rule, Params, Query, Headers, Body>,
  ): RouteDeclaration<Context, Rule> =>
    route;

/** A module's routes, declared with its own context and the app's caller rules. */
export type Routes<Context, Rule> = readonly RouteDeclaration<Context, Rule>[];

/** The names of a declaration's query parameters. */
export function queryNames(route: Pick<RouteSchemas, 'query'>): readonly string[] {
  return route.query ? Object.keys(route.query.shape) : [];
}

/** `/orders/:id` as OpenAPI writes it: `/orders/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
