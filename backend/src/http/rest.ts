import express, { NextFunction, Request, Response, Router } from 'express';
import type { Logger } from 'pino';
import { callerFromRequest } from '../context';
import type { Caller } from '../modules/auth/caller';
import { STRIPE_WEBHOOK_PATH } from '../modules/payments/webhook-path';
import type { Services } from '../services';
import { callerErrorOf, sendCallerError } from './http-errors';

/** What every REST handler gets: the services and the verified caller. */
export interface RestContext {
  services: Services;
  caller: Caller;
}

type Handler = (req: Request, res: Response, context: RestContext) => Promise<unknown> | unknown;

/**
 * Wraps a handler: resolves the caller from the Authorization header, and answers the handler's
 * result as JSON (unless it sent a response itself). Thrown AppErrors become `{ message }`.
 */
export function handle(services: Services, handler: Handler) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const caller = await callerFromRequest(services, req);
      const result = await handler(req, res, { services, caller });
      if (!res.headersSent) res.json(result);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The REST compatibility layer at /api: the old client's paths and answer shapes, as thin
 * routes over the same services the GraphQL API uses. Errors answer `{ message }`.
 * Each module adds its routes with a `register...Routes(router, services)` function.
 */
export function createRestRouter(services: Services, logger: Logger, registrations: ((router: Router, services: Services) => void)[] = []): Router {
  const router = express.Router();
  const json = express.json({ limit: '1mb' });
  router.use((req, res, next) => (req.path === STRIPE_WEBHOOK_PATH ? next() : json(req, res, next)));
  for (const register of registrations) register(router, services);

  router.use((_req, res) => {
    res.status(404).json({ message: 'No such API route' });
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const callerError = callerErrorOf(error);
    if (callerError) {
      if (callerError.code === 'SERVICE_UNAVAILABLE') logger.warn({ err: error }, 'REST request failed: a service is unavailable');
      sendCallerError(res, callerError);
      return;
    }
    if (error instanceof SyntaxError && 'body' in error) {
      res.status(400).json({ message: 'The request body is not valid JSON' });
      return;
    }
    logger.error({ err: error }, 'REST request failed');
    res.status(500).json({ message: 'Something went wrong on our side; please try again' });
  });
  return router;
}
