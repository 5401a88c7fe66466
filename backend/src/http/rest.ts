import express, { NextFunction, Request, Response, Router } from 'express';
import type { Logger } from 'pino';
import { AppError } from '../common/errors';
import type { Services } from '../services';

/**
 * The REST compatibility layer at /api: the old client's paths and answer shapes, as thin
 * routes over the same services the GraphQL API uses. Errors answer `{ message }`.
 */
export function createRestRouter(_services: Services, logger: Logger): Router {
  const router = express.Router();
  router.use(express.json({ limit: '1mb' }));

  router.use((_req, res) => {
    res.status(404).json({ message: 'No such API route' });
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof AppError) {
      res.status(error.status).json({ message: error.message });
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
