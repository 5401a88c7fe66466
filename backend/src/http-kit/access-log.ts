import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/**
 * A request id a caller may choose (a proxy's or a client's trace id): anything else, such as a tab,
 * a newline look-alike or a screenful of text, would be echoed in the answer and written in the log.
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Probes are asked every few seconds; a line each would drown the log. */
const UNLOGGED = new Set(['/healthz', '/readyz', '/metrics']);

const ids = new WeakMap<IncomingMessage, string>();
const loggers = new WeakMap<IncomingMessage, Logger>();

/**
 * The request's id, as the request pipeline (http-kit/pipeline.ts) gave it: the caller's
 * `X-Request-Id` when it is a plain token (REQUEST_ID), else a new UUID.
 */
export const requestIdOf = (req: IncomingMessage): string => ids.get(req) ?? '';

/** A logger whose lines carry the request's id, made only when a handler logs. */
export function requestLog(logger: Logger, req: IncomingMessage): Logger {
  let child = loggers.get(req);
  if (!child) loggers.set(req, (child = logger.child({ reqId: requestIdOf(req) })));
  return child;
}

/** Writes a request's access-log line; called once its answer is sent. */
export type LineWriter = () => void;

/** A query's `token=` value (a guest order's link) is a credential: the log keeps its name, never its value. */
export function withoutTokens(url: string | undefined): string | undefined {
  return url?.includes('token=') ? url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]') : url;
}

/**
 * The access log's work for each request (the request pipeline's part, http-kit/pipeline.ts): gives
 * the request its id, answered in `X-Request-Id`, and answers the writer of its line (begun at
 * `started`, performance.now()), for the caller to call once the answer is sent; none for a request
 * that is not logged. One line per answered request (method, path, status, time, client, user
 * agent: never a header that could carry a credential), cheaper than logging every request's
 * headers through redaction, which cost about a tenth of a cached answer's time.
 */
export function requestLogger(logger: Logger, clientAddress: (req: IncomingMessage) => string | undefined) {
  const logs = logger.isLevelEnabled('info');
  // The line's fields are fixed and hold no credential: the logger's redaction would only cost
  // (it tripled the time of writing each line).
  const lines = logger.child({}, { redact: [] });
  return (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, started: number): LineWriter | undefined => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    ids.set(req, id);
    res.setHeader('x-request-id', id);
    if (!logs || UNLOGGED.has(req.url ?? '')) return undefined;
    return () => {
      const line = {
        reqId: id,
        req: {
          method: req.method,
          url: withoutTokens(req.originalUrl ?? req.url),
          remoteAddress: clientAddress(req),
          userAgent: req.headers['user-agent'],
        },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (res.statusCode >= 500) lines.error(line, 'request failed');
      else lines.info(line, 'request completed');
    };
  };
}
