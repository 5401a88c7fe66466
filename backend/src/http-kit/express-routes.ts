import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import multer, { MulterError } from 'multer';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { badInput, tooLarge } from '../common/errors';
import type { ReadCache } from '../common/read-cache';
import { requestLog } from './access-log';
import { bodyRefusalOf } from './body';
import { jsonGetAnswer, RecentTags, sendGetAnswer } from './etag';
import { clientAddress, clientAddressKey } from './client-address';
import type { PublicReadRoutes } from './public-reads';
import { type ImageReader, queryNames, type RouteBody, type RouteDeclaration, type RouteRequest } from './routes';

/** How the app runs its declared routes: who is calling, whether they may, and the read cache. */
export interface RouteRuntime<Context, Rule> {
  /** The request's context (its caller from the Authorization header, the services). */
  contextOf(req: Request): Promise<Context>;
  /** The context of a request that sends no credentials. */
  anonymous: Context;
  /** Throws the refusal when the context's caller may not call a route declared with `rule` (which may depend on the raw query string). */
  authorize(rule: Rule, context: Context, query: Record<string, unknown>): void;
  readCache: ReadCache;
  publicReads: PublicReadRoutes;
  /** Where the router is mounted ('/api'): the front door answers public reads by their full path. */
  base: string;
  /** The largest upload a `body: 'image'` route reads. */
  maxImageBytes: number;
  logger: Logger;
}

/**
 * Mounts declared routes on an Express router. For each request: the context, then the caller
 * rule (before any input is read), then the path parameters, query, headers and body, each parsed
 * by its declared schema (the first bad one a 400), then the work with that input; the value it
 * answers goes out as JSON with the declared status. A public read is also given to the front door
 * (`PublicReadRoutes`) as soon as it is mounted, keyed by its declared query parameters.
 */
export function mountRoutes<Context, Rule>(
  router: Router,
  routes: readonly RouteDeclaration<Context, Rule>[],
  runtime: RouteRuntime<Context, Rule>,
): void {
  const tags = new RecentTags();
  const readImage = multer({ storage: multer.memoryStorage(), limits: { fileSize: runtime.maxImageBytes, files: 1, fields: 10 } }).single(
    'image',
  );
  const raw = express.raw({ type: '*/*', limit: '1mb' });

  for (const route of routes) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const status = route.status ?? 200;
    const run: RequestHandler = async (req, res, next) => {
      try {
        const context = await runtime.contextOf(req);
        runtime.authorize(route.access, context, req.query);
        const refusal = bodyRefusalOf(req);
        if (refusal) throw refusal;
        const input = {
          params: parsed(route.params, req.params),
          query: parsed(route.query, req.query),
          headers: declaredHeaders(route.headers, req.headers),
          body: bodyOf(route.body, req, () => imageReader(readImage, req, res, runtime.maxImageBytes)),
        };
        const result = await route.work(routeRequest(req, input, runtime.logger), res, context);
        if (!res.headersSent) res.status(status).json(result);
      } catch (error) {
        next(error);
      }
    };
    const handlers: RequestHandler[] = route.body === 'raw' ? [raw, run] : [run];

    if (route.publicRead) {
      const query = queryNames(route);
      const answerAnonymous = async (req: IncomingMessage, res: ServerResponse, key: string | null) => {
        const stored = key === null ? null : await runtime.readCache.find(key);
        if (stored) return sendGetAnswer(req, res, stored);
        const generation = key === null ? null : await runtime.readCache.generation();
        const url = req.url ?? '';
        const result = await route.work(
          {
            params: {},
            query: parsed(route.query, queryOf(url)),
            body: undefined,
            headers: {},
            // Made only when the work logs: a child logger per request would cost every answer.
            get log() {
              return requestLog(runtime.logger, req);
            },
            // An anonymous read signs no one in: the peer's address, not resolved through proxies, is never counted.
            clientAddress: () => clientAddressKey(req.socket.remoteAddress ?? 'unknown'),
          },
          res,
          runtime.anonymous,
        );
        if (res.headersSent) return;
        const body = JSON.stringify(result);
        const made = jsonGetAnswer(body, res, tags.of(url, body));
        sendGetAnswer(req, res, made);
        if (key !== null) runtime.readCache.store(key, generation, made);
      };
      const path = `${runtime.base}${route.path}`;
      runtime.publicReads.declare(path, query, answerAnonymous);
      // Behind Express: an anonymous GET in the route's own spelling is answered the same way; any other through `run`.
      handlers.unshift(async (req, res, next) => {
        if (req.headers.authorization !== undefined) return next();
        const found = runtime.publicReads.find(req.originalUrl);
        if (!found || found.route !== path) return next();
        try {
          await answerAnonymous(req, res, runtime.readCache.enabled ? found.key : null);
        } catch (error) {
          next(error);
        }
      });
    }
    router[method](route.path, ...handlers);
  }
}

/** A part of the request as its declared schema parses it (nothing when it declares none); a bad one is a 400 with the first issue's message. */
function parsed(schema: z.ZodType | undefined, value: unknown): RouteRequest['params'] {
  if (!schema) return {};
  const result = schema.safeParse(value);
  if (!result.success) throw badInput(result.error.issues[0].message);
  return result.data as RouteRequest['params'];
}

/** The declared body: its upload's reader, its raw bytes, or the JSON body parsed (an absent one reads as `{}`). */
function bodyOf(body: RouteBody | undefined, req: Request, upload: () => ImageReader): RouteRequest['body'] {
  if (body === 'image') return upload();
  if (body === 'raw') return Buffer.isBuffer(req.body) ? req.body : undefined;
  return body && parsed(body, req.body ?? {});
}

/** The declared headers, by their declared names (`Idempotency-Key`; Node's are in lowercase), parsed. */
function declaredHeaders(schema: z.ZodObject | undefined, headers: IncomingHttpHeaders): RouteRequest['headers'] {
  if (!schema) return {};
  return parsed(schema, Object.fromEntries(Object.keys(schema.shape).map((name) => [name, headers[name.toLowerCase()]])));
}

function routeRequest(req: Request, input: Pick<RouteRequest, 'params' | 'query' | 'headers' | 'body'>, logger: Logger): RouteRequest {
  return {
    ...input,
    get log() {
      return requestLog(logger, req);
    },
    clientAddress: () => clientAddress(req),
  };
}

/** The upload of a `body: 'image'` route, read only when its work asks (after it has checked the caller's allowance). */
function imageReader(parse: RequestHandler, req: Request, res: Response, maxBytes: number): ImageReader {
  return () =>
    new Promise((resolve, reject) => {
      parse(req, res, (error: unknown) => {
        if (error instanceof MulterError) {
          if (error.code === 'LIMIT_FILE_SIZE') reject(tooLarge(`The image must be at most ${Math.round(maxBytes / 1024 / 1024)} MB`));
          else reject(badInput(error.code === 'LIMIT_UNEXPECTED_FILE' ? 'Send one image in the multipart field "image"' : error.message));
        } else if (error) {
          reject(badInput('Send the image as multipart/form-data'));
        } else {
          resolve(req.file?.buffer);
        }
      });
    });
}

/** A request path's query string, parsed as Express parses `req.query` (its default, the "simple" parser). */
function queryOf(url: string): Record<string, unknown> {
  const mark = url.indexOf('?');
  return mark < 0 ? {} : parseQueryString(url.slice(mark + 1));
}
