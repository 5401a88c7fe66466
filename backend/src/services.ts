import type { DataSource } from 'typeorm';
import type { Config } from './config';
import { IdentityService } from './modules/auth/identity';
import { CatalogService } from './modules/catalog/catalog.service';
import { OrdersService } from './modules/orders/orders.service';
import { createPaymentProvider } from './modules/payments/create-provider';
import { PaymentsService } from './modules/payments/payments.service';
import { ReviewsService } from './modules/reviews/reviews.service';
import { UsersService } from './modules/users/users.service';

/** One instance of each service per process; GraphQL resolvers and REST routes share them. */
export function createServices(db: DataSource, config: Config) {
  return {
    identity: new IdentityService(config),
    users: new UsersService(db, config.adminEmails),
    catalog: new CatalogService(db),
    orders: new OrdersService(db),
    reviews: new ReviewsService(db),
    payments: new PaymentsService(db, createPaymentProvider(db, config)),
  };
}

export type Services = ReturnType<typeof createServices>;
