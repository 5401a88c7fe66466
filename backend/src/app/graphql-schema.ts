import { type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { type Access, authorize } from '../modules/auth/access';
import { AddressesResolver } from '../modules/addresses/addresses.resolver';
import { ApiKeysResolver } from '../modules/integrations/api-keys.resolver';
import { WebhooksResolver } from '../modules/integrations/webhooks.resolver';
import { BackgroundJobsResolver } from '../modules/background-jobs/background-jobs.resolver';
import { CatalogResolver } from '../modules/catalog/catalog.resolver';
import { GalleryResolver, ProductImageResolver } from '../modules/catalog/gallery.resolver';
import { CollectionsResolver } from '../modules/collections/collections.resolver';
import { ComplianceResolver } from '../modules/compliance/compliance.resolver';
import { CustomOptionValuePriceResolver, ProductVariantPriceResolver, VariantsResolver } from '../modules/catalog/variants.resolver';
import { OrderEngravingResolver, OrderLinesResolver, OrdersResolver } from '../modules/orders/orders.resolver';
import { PaymentsResolver } from '../modules/payments/payments.resolver';
import { CheckoutResolver } from '../modules/checkout/checkout.resolver';
import { OrderLineAdjustmentResolver, OrderPricingResolver } from '../modules/pricing/adjustments.resolver';
import { ReportsResolver } from '../modules/reports/reports.resolver';
import { ProductRatingResolver, ReviewsResolver } from '../modules/reviews/reviews.resolver';
import { ShippingResolver } from '../modules/shipping/shipping.resolver';
import { ShopResolver } from '../modules/shop/shop.resolver';
import { UsersResolver } from '../modules/users/users.resolver';
import type { AppGraphQLContext } from './services';

export const resolvers = [
  AddressesResolver,
  ApiKeysResolver,
  WebhooksResolver,
  BackgroundJobsResolver,
  CatalogResolver,
  GalleryResolver,
  ProductImageResolver,
  CollectionsResolver,
  ComplianceResolver,
  VariantsResolver,
  ProductVariantPriceResolver,
  CustomOptionValuePriceResolver,
  OrdersResolver,
  CheckoutResolver,
  OrderLinesResolver,
  OrderEngravingResolver,
  OrderPricingResolver,
  OrderLineAdjustmentResolver,
  PaymentsResolver,
  ReportsResolver,
  ReviewsResolver,
  ProductRatingResolver,
  ShippingResolver,
  ShopResolver,
  UsersResolver,
] as const;

/**
 * Services validate input themselves (with the shop's own messages), so type-graphql does not.
 * `@Allow` beside each operation says who may call it, people and keys alike; it is checked before
 * the arguments are read, and the services check their caller again.
 */
export async function buildKeenSchema(): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers,
    validate: false,
    authChecker: ({ context }: { context: AppGraphQLContext }, [access]: Access[]) => {
      authorize(context.caller, access);
      return true;
    },
  });
  // type-graphql gives the root types no description of their own; GraphiQL shows these first.
  schema.getQueryType()!.description =
    'Reads. The catalogue and reviews are public; the rest needs a signed-in user (Authorization: Bearer <token>) or an API key with the scope the field names.';
  schema.getMutationType()!.description =
    'Writes. Each says who may call it; a refused call changes nothing and answers an error with a code (UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT, NOT_FOUND, CONFLICT, RATE_LIMITED; placeOrder also AGE_CHECK_REQUIRED and AGE_CHECK_FAILED).';
  return schema;
}
