import path from 'node:path';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { RateLimits } from './common/rate-limits';
import { ReadCache } from './common/read-cache';
import type { Config } from './config';
import { IdentityService } from './modules/auth/identity';
import { CatalogService } from './modules/catalog/catalog.service';
import { OrdersService } from './modules/orders/orders.service';
import { createPaymentProvider } from './modules/payments/create-provider';
import { PaymentsService } from './modules/payments/payments.service';
import { ReportsService } from './modules/reports/reports.service';
import { ReviewsService } from './modules/reviews/reviews.service';
import { LocalDiskImageStore } from './modules/uploads/image-store';
import { S3ImageStore } from './modules/uploads/s3-image-store';
import { UploadsService } from './modules/uploads/uploads.service';
import { UsersService } from './modules/users/users.service';

/** One instance of each service per process; GraphQL resolvers and REST routes share them. */
export function createServices(db: DataSource, config: Config, logger: Logger) {
  const limits = RateLimits.create(config.rateLimits, logger);
  const identity = new IdentityService(config);
  const users = new UsersService(db, config.adminEmails, identity);
  const catalog = new CatalogService(db);
  const provider = createPaymentProvider(db, config);
  const orders = new OrdersService(db, provider, config.orders, logger, limits);
  return {
    limits,
    readCache: ReadCache.create(config.readCache, logger),
    identity,
    users,
    catalog,
    orders,
    reviews: new ReviewsService(db, limits),
    payments: new PaymentsService(db, provider, logger),
    uploads: new UploadsService(
      db,
      config.s3 ? new S3ImageStore(config.s3) : new LocalDiskImageStore(path.join(config.dataDir, 'uploads')),
      limits,
    ),
    reports: new ReportsService(db, catalog, orders, users),
  };
}

export type Services = ReturnType<typeof createServices>;
