import DataLoader from 'dataloader';
import { type DataSource, In } from 'typeorm';
import type { RateLimits } from '../common/rate-limits';
import type { Caller } from './auth/caller';
import type { IdentityService } from './auth/identity';
import { Product } from './catalog/product.entity';
import type { CatalogService } from './catalog/catalog.service';
import type { ApiKeysService } from './integrations/api-keys.service';
import type { WebhooksService } from './integrations/webhooks.service';
import type { BackgroundJobsService } from './jobs/background-jobs.service';
import type { OrderLine } from './orders/order-line.entity';
import type { OrdersService } from './orders/orders.service';
import type { PaymentsService } from './payments/payments.service';
import type { ReportsService } from './reports/reports.service';
import type { ReviewsService } from './reviews/reviews.service';
import type { UploadsService } from './uploads/uploads.service';
import { User } from './users/user.entity';
import type { UsersService } from './users/users.service';

/** The services resolvers and routes reach; the app builds one of each per process (app/services.ts). */
export interface Services {
  limits: RateLimits;
  identity: IdentityService;
  users: UsersService;
  catalog: CatalogService;
  orders: OrdersService;
  reviews: ReviewsService;
  payments: PaymentsService;
  uploads: UploadsService;
  reports: ReportsService;
  backgroundJobs: BackgroundJobsService;
  apiKeys: ApiKeysService;
  webhooks: WebhooksService;
}

/** Batches row look-ups made while resolving one request, so a list costs one query per kind. */
export function createLoaders(db: DataSource, services: Services) {
  const byId = <T extends { id: string }>(entity: new () => T) =>
    new DataLoader<string, T | null>(async (ids) => {
      const rows = await db.getRepository(entity).findBy({ id: In([...ids]) } as never);
      const found = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => found.get(id) ?? null);
    });
  return {
    productById: byId(Product),
    userById: byId(User),
    /** Each order's lines, in position order: one statement for a whole list of orders. */
    orderLines: new DataLoader<string, OrderLine[]>(async (ids) => {
      const lines = await services.orders.linesOf(ids);
      return ids.map((id) => lines.get(id) ?? []);
    }),
    /** Whether a review's author has a paid order: one statement for a whole list of reviews. */
    isPaidCustomer: new DataLoader<string, boolean>(async (ids) => {
      const paid = await services.reviews.paidCustomers(ids);
      return ids.map((id) => paid.has(id));
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;

/** What a REST route's handler gets: the verified caller and the services. */
export interface RestContext {
  caller: Caller;
  services: Services;
}

/** What a GraphQL resolver gets: the same, and this request's loaders. */
export interface GraphQLContext extends RestContext {
  loaders: Loaders;
}
