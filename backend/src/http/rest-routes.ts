import { registerCatalogRoutes } from '../modules/catalog/catalog.routes';
import { registerOrdersRoutes } from '../modules/orders/orders.routes';
import { registerPaymentsRoutes } from '../modules/payments/payments.routes';
import { registerReportsRoutes } from '../modules/reports/reports.routes';
import { registerReviewsRoutes } from '../modules/reviews/reviews.routes';
import { registerUploadsRoutes } from '../modules/uploads/uploads.routes';
import { registerUsersRoutes } from '../modules/users/users.routes';
import { registerOpenApiRoutes } from './openapi';

/** Every module's REST routes, in one list, so the OpenAPI coverage test sees what the app mounts. */
export const restRegistrations = [
  registerOpenApiRoutes,
  registerCatalogRoutes,
  registerReviewsRoutes,
  registerUsersRoutes,
  registerOrdersRoutes,
  registerPaymentsRoutes,
  registerUploadsRoutes,
  registerReportsRoutes,
];
