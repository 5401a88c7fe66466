import { type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { CatalogResolver } from '../modules/catalog/catalog.resolver';
import { OrdersResolver } from '../modules/orders/orders.resolver';
import { PaymentsResolver } from '../modules/payments/payments.resolver';
import { ReportsResolver } from '../modules/reports/reports.resolver';
import { ReviewsResolver } from '../modules/reviews/reviews.resolver';
import { UsersResolver } from '../modules/users/users.resolver';

export const resolvers = [CatalogResolver, OrdersResolver, PaymentsResolver, ReportsResolver, ReviewsResolver, UsersResolver] as const;

/** Services validate input themselves (with the shop's own messages), so type-graphql does not. */
export function buildKeenSchema(): Promise<GraphQLSchema> {
  return buildSchema({ resolvers, validate: false });
}
