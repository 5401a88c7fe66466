import { DataSource, type Logger } from 'typeorm';
import { DEFAULT_POOL_SETTINGS, type PoolSettings } from '../config';
import { Address } from '../modules/addresses/address.entity';
import { Product } from '../modules/catalog/product.entity';
import { Collection, CollectionProduct } from '../modules/collections/collection.entity';
import { ProductSlugHistory } from '../modules/catalog/product-slug.entity';
import { ProductImage } from '../modules/catalog/product-image.entity';
import { AgeEvidence } from '../modules/compliance/age-evidence.entity';
import { BladeRule } from '../modules/compliance/blade-rule.entity';
import { ProductOptionGroupRow, ProductOptionValueRow, ProductVariantOption, ProductVariantRow } from '../modules/catalog/variant.entity';
import { IdempotencyKey } from '../modules/idempotency/idempotency-key.entity';
import { ApiKey } from '../modules/integrations/api-key.entity';
import { WebhookDelivery, WebhookEndpoint } from '../modules/integrations/webhook.entity';
import { OrderEvent } from '../modules/orders/order-event.entity';
import { Order } from '../modules/orders/order.entity';
import { OrderLine } from '../modules/orders/order-line.entity';
import { TestPaymentIntent } from '../modules/payments/test-payment-intent.entity';
import { Review } from '../modules/reviews/review.entity';
import { StaffGrant, StaffRoleEvent } from '../modules/users/staff-grant.entity';
import { User } from '../modules/users/user.entity';
import { Init1763800000000 } from '../db/migrations/1763800000000-Init';
import { Payments1763900000000 } from '../db/migrations/1763900000000-Payments';
import { TrustedIdentity1764100000000 } from '../db/migrations/1764100000000-TrustedIdentity';
import { OrderStates1764200000000 } from '../db/migrations/1764200000000-OrderStates';
import { Engraving1764300000000 } from '../db/migrations/1764300000000-Engraving';
import { ProductSearch1764400000000 } from '../db/migrations/1764400000000-ProductSearch';
import { ScheduledRuns1764500000000 } from '../db/migrations/1764500000000-ScheduledRuns';
import { DomainEvents1764600000000 } from '../db/migrations/1764600000000-DomainEvents';
import { StaffGrants1764700000000 } from '../db/migrations/1764700000000-StaffGrants';
import { OrderEmails1764900000000 } from '../db/migrations/1764900000000-OrderEmails';
import { Integrations1765000000000 } from '../db/migrations/1765000000000-Integrations';
import { OrderLines1765100000000 } from '../db/migrations/1765100000000-OrderLines';
import { WebhookDeliveryRules1765200000000 } from '../db/migrations/1765200000000-WebhookDeliveryRules';
import { HeldMail1765400000000 } from '../db/migrations/1765400000000-HeldMail';
import { ProductVariants1765500000000 } from '../db/migrations/1765500000000-ProductVariants';
import { IdempotencyKeys1765600000000 } from '../db/migrations/1765600000000-IdempotencyKeys';
import { MoneyInMinorUnits1765700000000 } from '../db/migrations/1765700000000-MoneyInMinorUnits';
import { AddressBook1765800000000 } from '../db/migrations/1765800000000-AddressBook';
import { ShippingAndTax1766000000000 } from '../db/migrations/1766000000000-ShippingAndTax';
import { ProductSlugs1766100000000 } from '../db/migrations/1766100000000-ProductSlugs';
import { SellingBlades1766200000000 } from '../db/migrations/1766200000000-SellingBlades';
import { ProductReviews1766300000000 } from '../db/migrations/1766300000000-ProductReviews';
import { Collections1766400000000 } from '../db/migrations/1766400000000-Collections';
import { ProductGalleries1766500000000 } from '../db/migrations/1766500000000-ProductGalleries';
import { UnpaidOrdersByCustomer1766600000000 } from '../db/migrations/1766600000000-UnpaidOrdersByCustomer';
import { AgeBracketsAndRules1766700000000 } from '../db/migrations/1766700000000-AgeBracketsAndRules';
import { OrderAdjustments1766800000000 } from '../db/migrations/1766800000000-OrderAdjustments';
import { OrderAdjustment } from '../modules/pricing/order-adjustment.entity';
import { PreparedStatementsClient } from '../db/prepared-statements';

import { ShippingMethodRow, ShippingZoneCountry, ShippingZoneRow, TaxRateRow } from '../modules/shipping/shipping.entity';

export const entities = [
  Product,
  ProductSlugHistory,
  ProductImage,
  Collection,
  CollectionProduct,
  ProductOptionGroupRow,
  ProductOptionValueRow,
  ProductVariantRow,
  ProductVariantOption,
  Order,
  OrderLine,
  OrderEvent,
  OrderAdjustment,
  ShippingZoneRow,
  ShippingZoneCountry,
  ShippingMethodRow,
  TaxRateRow,
  Review,
  User,
  TestPaymentIntent,
  StaffGrant,
  StaffRoleEvent,
  ApiKey,
  WebhookEndpoint,
  WebhookDelivery,
  IdempotencyKey,
  Address,
  BladeRule,
  AgeEvidence,
];
export const migrations = [
  Init1763800000000,
  Payments1763900000000,
  TrustedIdentity1764100000000,
  OrderStates1764200000000,
  Engraving1764300000000,
  ProductSearch1764400000000,
  ScheduledRuns1764500000000,
  DomainEvents1764600000000,
  StaffGrants1764700000000,
  OrderEmails1764900000000,
  Integrations1765000000000,
  OrderLines1765100000000,
  WebhookDeliveryRules1765200000000,
  HeldMail1765400000000,
  ProductVariants1765500000000,
  IdempotencyKeys1765600000000,
  MoneyInMinorUnits1765700000000,
  AddressBook1765800000000,
  ShippingAndTax1766000000000,
  ProductSlugs1766100000000,
  SellingBlades1766200000000,
  ProductReviews1766300000000,
  Collections1766400000000,
  ProductGalleries1766500000000,
  UnpaidOrdersByCustomer1766600000000,
  AgeBracketsAndRules1766700000000,
  OrderAdjustments1766800000000,
];

/** Schema changes only ever come from the committed migrations; `synchronize` stays off. */
export function createDataSource(
  url: string,
  { poolSize = 10, logger, pool = DEFAULT_POOL_SETTINGS }: { poolSize?: number; logger?: Logger; pool?: PoolSettings } = {},
): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    synchronize: false,
    migrationsTransactionMode: 'each',
    poolSize,
    applicationName: 'keen',
    // node-postgres sets these on each new connection; its pool waits at most connectionTimeoutMillis for a free one.
    extra: {
      statement_timeout: pool.statementTimeoutMs,
      idle_in_transaction_session_timeout: pool.idleInTransactionTimeoutMs,
      connectionTimeoutMillis: pool.connectionTimeoutMs,
      Client: PreparedStatementsClient,
    },
    ...(logger ? { logger, logging: ['query' as const] } : {}),
  });
}
