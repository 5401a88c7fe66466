import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { countAnswered, routeOf } from '../common/metrics';
import { requestLogger } from './access-log';

/**
 * Starts a request's answer: its id (`X-Request-Id`), its access-log line and its metrics once it
 * is answered, the headers every answer carries. `route` is its metrics label when the caller
 * knows it (a fast path); null for a request Express routes, labelled by its matched route.
 */
export type StartAnswer = (req: IncomingMessage, res: ServerResponse, route: string | null) => void;

export interface PipelineParts {
  logger: Logger;
  /** Headers every answer carries (the security headers), worked out once. */
  headers: readonly (readonly [string, string])[];
  /** The client's address, through the proxies Keen trusts (as Express's `req.ip`). */
  addressOf: (req: IncomingMessage) => string | undefined;
}

/**
 * The work every request gets, once, whoever answers it (the front door, app/front-door.ts, calls
 * it before answering or handing the request to Express, whose chain does none of it again).
 */
export function requestPipeline({ logger, headers, addressOf }: PipelineParts): StartAnswer {
  const logRequest = requestLogger(logger, addressOf);
  return (req, res, route) => {
    const started = performance.now();
    const writeLine = logRequest(req, res, started);
    // One listener for both, once answered: only then is Express's matched route known.
    res.on('finish', () => {
      countAnswered(req.method ?? 'GET', route ?? routeOf(req, res), res.statusCode, started);
      writeLine?.();
    });
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}
