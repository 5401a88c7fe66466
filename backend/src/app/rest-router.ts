import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import { bodyRefusal, sendJson, sendRestFailure } from '../http-kit/errors';
import { mountRoutes } from '../http-kit/express-routes';
import { clientAddress, createHandlers, type PublicReadRoutes } from '../http-kit/handle';
import type { Routes } from '../http-kit/routes';
import { type Access, authorize } from '../modules/auth/access';
import { callerFromRequest } from '../modules/request-caller';
import { authorizeKey, routeKeyAccess } from '../modules/auth/scopes';
import { registerCatalogRoutes } from '../modules/catalog/catalog.routes';
import { registerOrdersRoutes } from '../modules/orders/orders.routes';
import { registerPaymentsRoutes } from '../modules/payments/payments.routes';
import { STRIPE_WEBHOOK_PATH } from '../modules/payments/webhook-path';
import { registerReportsRoutes } from '../modules/reports/reports.routes';
import { reviewsRoutes } from '../modules/reviews/reviews.routes';
import { registerUploadsRoutes } from '../modules/uploads/uploads.routes';
import { MAX_IMAGE_BYTES } from '../modules/uploads/uploads.service';
import { registerUsersRoutes } from '../modules/users/users.routes';
import { registerOpenApiRoutes } from './openapi';
import { restDocument } from './rest-document';
import type { AppRestContext, AppServices } from './services';

/** Every module's declared REST routes, in one table. */
export const restRoutes: Routes<AppRestContext, Access> = [...reviewsRoutes];

/** `/api/openapi.json`, generated from the table. */
export const restApiDocument = restDocument(restRoutes);

/** The modules whose routes are not declared as data yet. */
const restRegistrations = [
  registerCatalogRoutes,
  registerUsersRoutes,
  registerOrdersRoutes,
  registerPaymentsRoutes,
  registerUploadsRoutes,
  registerReportsRoutes,
];

/**
 * The REST compatibility layer at /api: the old client's paths and answer shapes, as thin
 * routes over the same services the GraphQL API uses. Errors answer `{ message }`.
 * Each module adds its routes with a `register...Routes(router, handlers)` function.
 */
export function createRestRouter(services: AppServices, logger: Logger, publicReads: PublicReadRoutes): Router {
  const router = express.Router();
  const json = express.json({ limit: '1mb' });
  router.use((req, res, next) => (req.path === STRIPE_WEBHOOK_PATH ? next() : json(req, res, next)));
  const callerContext = async (req: Request): Promise<AppRestContext> => ({
    caller: await callerFromRequest(services, req.headers.authorization, () => clientAddress(req)),
    services,
  });
  registerOpenApiRoutes(router, () => restApiDocument);
  mountRoutes(router, restRoutes, {
    contextOf: callerContext,
    anonymous: { caller: { user: null }, services },
    authorize: (access, { caller }) => authorize(caller, access),
    readCache: services.readCache,
    publicReads,
    base: '/api',
    maxImageBytes: MAX_IMAGE_BYTES,
    logger,
  });
  const handlers = createHandlers<AppRestContext>(
    async (req) => {
      const context = await callerContext(req);
      // An API key reaches only routes that declare its scope (`keyScope`); the others refuse keys.
      authorizeKey(context.caller, routeKeyAccess(req));
      return context;
    },
    { caller: { user: null }, services },
    services.readCache,
    publicReads,
  );
  for (const register of restRegistrations) register(router, handlers);

  router.use((_req, res) => {
    res.status(404).json({ message: 'No such API route' });
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const refusal = bodyRefusal(error);
    if (refusal) return sendJson(res, refusal.status, { message: refusal.message });
    sendRestFailure(res, error, logger);
  });
  return router;
}
