import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import { readJsonBodies } from '../http-kit/body';
import { sendRestFailure } from '../http-kit/errors';
import { AppError } from '../common/errors';
import { mountRoutes } from '../http-kit/express-routes';
import { clientAddress } from '../http-kit/client-address';
import type { PublicReadRoutes } from '../http-kit/public-reads';
import type { Routes } from '../http-kit/routes';
import { authorize, type RestAccess, restRule } from '../modules/auth/access';
import { callerFromRequest } from './request-caller';
import { MAX_IMAGE_BYTES } from '../modules/uploads/uploads.service';
import { DOCUMENT_PATH, restDocument } from './rest-document';
import { APP_MODULES, type AppRestContext, type AppServices } from './services';

/** Every module's REST routes, in one table (Express matches them in the modules' order). */
export const restRoutes: Routes<AppRestContext, RestAccess> = APP_MODULES.flatMap((module) => module.routes ?? []);

/** `/api/openapi.json`, generated from the table. */
export const restApiDocument = restDocument(restRoutes);

/** The paths of the routes that read the raw bytes (`body: 'raw'`, a signed webhook; fixed paths): no JSON parser may read them first. */
const rawBodyPaths = new Set(restRoutes.filter((route) => route.body === 'raw').map((route) => route.path));

/**
 * The REST compatibility layer at /api: the old client's paths and answer shapes, as declared
 * routes over the same services the GraphQL API uses (http-kit/express-routes.ts mounts them).
 * Errors answer `{ message }`.
 */
export function createRestRouter(services: AppServices, logger: Logger, publicReads: PublicReadRoutes): Router {
  const router = express.Router();
  const json = readJsonBodies('1mb');
  router.use((req, res, next) => (rawBodyPaths.has(req.path) ? next() : json(req, res, next)));
  router.get(DOCUMENT_PATH, (_req, res) => {
    res.json(restApiDocument);
  });
  mountRoutes(router, restRoutes, {
    contextOf: async (req: Request) => ({
      caller: await callerFromRequest(services, req.headers.authorization, () => clientAddress(req)),
      services,
    }),
    anonymous: { caller: { user: null }, services },
    authorize: (access, { caller }, query) => authorize(caller, restRule(access, query)),
    readCache: services.readCache,
    publicReads,
    base: '/api',
    maxImageBytes: MAX_IMAGE_BYTES,
    logger,
  });

  router.use(() => {
    throw new AppError('NOT_FOUND', 'No such API route');
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    sendRestFailure(res, error, logger);
  });
  return router;
}
