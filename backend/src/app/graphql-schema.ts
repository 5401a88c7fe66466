import { type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { authorizeKey, type KeyAccess } from '../modules/auth/scopes';
import type { GraphQLContext } from '../modules/context';
import { ApiKeysResolver } from '../modules/integrations/api-keys.resolver';
import { WebhooksResolver } from '../modules/integrations/webhooks.resolver';
import { BackgroundJobsResolver } from '../modules/jobs/background-jobs.resolver';
import { CatalogResolver } from '../modules/catalog/catalog.resolver';
import { OrderLinesResolver, OrdersResolver } from '../modules/orders/orders.resolver';
import { PaymentsResolver } from '../modules/payments/payments.resolver';
import { ReportsResolver } from '../modules/reports/reports.resolver';
import { ReviewsResolver } from '../modules/reviews/reviews.resolver';
import { UsersResolver } from '../modules/users/users.resolver';

export const resolvers = [
  ApiKeysResolver,
  WebhooksResolver,
  BackgroundJobsResolver,
  CatalogResolver,
  OrdersResolver,
  OrderLinesResolver,
  PaymentsResolver,
  ReportsResolver,
  ReviewsResolver,
  UsersResolver,
] as const;

/**
 * Services validate input themselves (with the shop's own messages), so type-graphql does not.
 * `@KeyScope`/`@NotForKeys` beside each operation hold API keys to their scopes; people are checked by the services.
 */
export function buildKeenSchema(): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers,
    validate: false,
    authChecker: ({ context }: { context: GraphQLContext }, [access]: KeyAccess[]) => {
      authorizeKey(context.caller, access);
      return true;
    },
  });
}
