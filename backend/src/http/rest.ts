import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import { STRIPE_WEBHOOK_PATH } from '../modules/payments/webhook-path';
import type { Services } from '../services';
import { callerErrorOf, sendCallerError } from './http-errors';

/**
 * The REST compatibility layer at /api: the old client's paths and answer shapes, as thin
 * routes over the same services the GraphQL API uses. Errors answer `{ message }`.
 * Each module adds its routes with a `register...Routes(router, services)` function.
 */
export function createRestRouter(
  services: Services,
  logger: Logger,
  registrations: ((router: Router, services: Services) => void)[] = [],
): Router {
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
