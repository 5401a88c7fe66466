import { DataSource, Logger } from 'typeorm';
import { Product } from '../modules/catalog/product.entity';
import { Order } from '../modules/orders/order.entity';
import { TestPaymentIntent } from '../modules/payments/test-payment-intent.entity';
import { Review } from '../modules/reviews/review.entity';
import { User } from '../modules/users/user.entity';
import { Init1763800000000 } from './migrations/1763800000000-Init';
import { Payments1763900000000 } from './migrations/1763900000000-Payments';
import { Engraving1764300000000 } from './migrations/1764300000000-Engraving';

export const entities = [Product, Order, Review, User, TestPaymentIntent];
export const migrations = [Init1763800000000, Payments1763900000000, Engraving1764300000000];

/** Schema changes only ever come from the committed migrations; `synchronize` stays off. */
export function createDataSource(url: string, { poolSize = 10, logger }: { poolSize?: number; logger?: Logger } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    synchronize: false,
    migrationsTransactionMode: 'each',
    poolSize,
    applicationName: 'keen',
    ...(logger ? { logger, logging: ['query' as const] } : {}),
  });
}
