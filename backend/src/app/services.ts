import { setShopTimeZone } from '../common/shop-calendar';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions';
import { RateLimits } from '../common/rate-limits';
import { ReadCache } from '../common/read-cache';
import type { Config } from '../config';
import type { DomainEventName } from '../events/domain-events';
import type { KeenModule } from '../modules/keen-module';
import type { JobQueue } from '../jobs/job-queue';
import { AddressesService } from '../modules/addresses/addresses.service';
import { BackupsService } from '../modules/backups/backups.service';
import { BackgroundJobsService } from '../modules/background-jobs/background-jobs.service';
import { IdempotencyService } from '../modules/idempotency/idempotency.service';
import { ApiKeysService, revokeKeysCreatedBy } from '../modules/integrations/api-keys.service';
import { WebhooksService } from '../modules/integrations/webhooks.service';
import { IdentityService } from '../modules/auth/identity';
import type { GraphQLContextOf, RestContextOf } from '../modules/auth/request-context';
import { GalleryService } from '../modules/catalog/gallery.service';
import { createAgeVerifier } from '../modules/compliance/create-age-verifier';
import { ComplianceService } from '../modules/compliance/compliance.service';
import { CatalogService } from '../modules/catalog/catalog.service';
import { VariantsService } from '../modules/catalog/variants.service';
import { MessagesService } from '../modules/messages/messages.service';
import { ReturnsService } from '../modules/returns/returns.service';
import { ProofsService } from '../modules/proofs/proofs.service';
import { NotificationsService } from '../modules/notifications/notifications.service';
import { OrdersService } from '../modules/orders/orders.service';
import { GuestLinks } from '../modules/orders/guest-links';
import { createPaymentProvider } from '../modules/payments/create-provider';
import { PaymentsService } from '../modules/payments/payments.service';
import { ReportsService } from '../modules/reports/reports.service';
import { CollectionsService } from '../modules/collections/collections.service';
import { ReviewsService } from '../modules/reviews/reviews.service';
import { ShopMoney } from '../modules/shop/money';
import { ShippingService } from '../modules/shipping/shipping.service';
import { StorefrontService } from '../modules/storefront/storefront.service';
import { imageStoreFor } from '../modules/uploads/s3-image-store';
import { UploadsService } from '../modules/uploads/uploads.service';
import type { User } from '../modules/users/user.entity';
import { UsersService } from '../modules/users/users.service';
import { MODULES, type ModuleLoaders } from './modules';
import { CheckoutService } from '../modules/checkout/checkout.service';
import { AdjustmentsService } from '../modules/pricing/adjustments.service';
import { TaxService } from '../modules/pricing/tax/tax.service';
import { DiscountsService } from '../modules/discounts/discounts.service';
import { GiftCardsService } from '../modules/gift-cards/gift-cards.service';
import { PrivacyService } from '../modules/privacy/privacy.service';
import { Documents } from '../modules/invoicing/documents';
import { InvoicingService } from '../modules/invoicing/invoicing.service';
import { WorkshopService } from '../modules/workshop/workshop.service';
import { JOINED_READS } from './modules';

/** One instance of each service per process; GraphQL resolvers and REST routes share them. */
export function createServices(db: DataSource, config: Config, logger: Logger, jobs: JobQueue) {
  const limits = RateLimits.create(config.rateLimits, logger);
  const identity = new IdentityService(config);
  const users = new UsersService(db, config.adminEmails, identity, revokeKeysCreatedBy);
  const shop = new ShopMoney(config.shop);
  setShopTimeZone(config.shop.timeZone);
  const compliance = new ComplianceService(db, createAgeVerifier(config.ageChecks), config.ageChecks, limits);
  const catalog = new CatalogService(
    db,
    shop,
    compliance,
    JOINED_READS.filter((join) => join.type === 'Product'),
  );
  const gallery = new GalleryService(db, shop);
  const { secretKey: stripeKey, apiUrl: stripeApiUrl } = config.stripe;
  const tax = new TaxService(db, config.shop, stripeKey ? { secretKey: stripeKey, apiUrl: stripeApiUrl } : null, logger);
  const shipping = new ShippingService(db, shop, tax);
  const provider = createPaymentProvider(db, config);
  const idempotency = new IdempotencyService(db, config.idempotencyKeysPerHour);
  const images = imageStoreFor(config.s3, config.dataDir);
  const uploads = new UploadsService(db, images, limits, config.s3?.publicUrl ?? null, config.uploads);
  const readCache = ReadCache.create(config.readCache, logger);
  const orders = new OrdersService(db, provider, config.orders, logger, config.shop, compliance);
  const adjustments = new AdjustmentsService(db, provider, shop, tax);
  const discounts = new DiscountsService(db, limits, shop);
  // A guest order's link: its token is made from the order's id under the server's secret (never stored).
  const guestLinks = new GuestLinks(config.accessTokenSecret, config.shopUrl);
  const invoicing = new InvoicingService(db, provider, shop, config.invoices, logger, new Documents(config.invoices, shop));
  const notifications = config.mail ? new NotificationsService(db, config.mail, jobs, logger, guestLinks, invoicing) : null;
  const giftCards = new GiftCardsService(db, limits, config.shop.currency, config.shop.locale, jobs, notifications, logger);
  const checkout = new CheckoutService(
    db,
    config.orders,
    limits,
    idempotency,
    shipping,
    config.shop,
    tax,
    compliance,
    discounts,
    giftCards,
    guestLinks,
    () => readCache.changes,
  );
  const reviews = new ReviewsService(db, limits, (url) => uploads.isOwnUpload(url));
  const collections = new CollectionsService(db);
  const messages = new MessagesService(
    db,
    limits,
    shop,
    { store: (bytes, allowanceKey) => uploads.storeImage(bytes, allowanceKey), isOwnUpload: (url) => uploads.isOwnUpload(url) },
    logger,
    { placeQuote: (caller, request) => checkout.placeQuote(caller, request), adjustments, links: guestLinks, shopUrl: config.shopUrl },
  );
  return {
    shop,
    shipping,
    tax,
    compliance,
    limits,
    readCache,
    identity,
    users,
    addresses: new AddressesService(db),
    catalog,
    gallery,
    collections,
    storefront: new StorefrontService(db, catalog, reviews, gallery, collections, readCache, {
      name: config.shop.name,
      url: config.shopUrl,
      currency: config.shop.currency,
    }),
    variants: new VariantsService(db, config.shop.currency),
    checkout,
    adjustments,
    discounts,
    giftCards,
    orders,
    invoicing,
    idempotency,
    reviews,
    payments: new PaymentsService(db, provider, logger, idempotency, limits, config.orders.invoicePrefix),
    uploads,
    messages,
    returns: new ReturnsService(db, config.returns, {
      refund: (caller, orderId, request, within) => invoicing.refund(caller, orderId, request, within),
      isOwnUpload: (url) => uploads.isOwnUpload(url),
    }),
    proofs: new ProofsService(db, config.proofs, { isOwnUpload: (url) => uploads.isOwnUpload(url) }),
    reports: new ReportsService(db, catalog, orders, users, shop),
    privacy: new PrivacyService(db, identity, orders, config.ageChecks.retentionYears),
    backgroundJobs: new BackgroundJobsService(jobs),
    /** The daily backup; null unless BACKUPS=on. */
    backups: config.backups.daily ? new BackupsService((db.options as PostgresDataSourceOptions).url!, config.backups, images) : null,
    /** Order e-mails; null with EMAILS=off (and in tests without SMTP_URL). */
    notifications,
    apiKeys: new ApiKeysService(db),
    webhooks: new WebhooksService(db, jobs, config.webhooks, logger),
    workshop: new WorkshopService(db),
  };
}

/** Every module's services and the app's read cache; each module's context names the ones it uses. */
export type AppServices = ReturnType<typeof createServices>;

/** Every module, as the app's services fit it. */
export const APP_MODULES: readonly KeenModule<AppServices>[] = MODULES;

/** Every domain event the modules raise, and those that may change a public answer. */
export const DOMAIN_EVENTS = APP_MODULES.flatMap((module) => Object.entries(module.events ?? {})) as [
  DomainEventName,
  'public' | 'private',
][];
export const PUBLIC_ANSWER_EVENTS = DOMAIN_EVENTS.filter(([, reach]) => reach === 'public').map(([name]) => name);

function allLoaders(db: DataSource, services: AppServices): ModuleLoaders {
  return Object.assign({}, ...APP_MODULES.map((module) => module.loaders?.(db, services) ?? {})) as ModuleLoaders;
}

/**
 * Every module's batch loaders, afresh for each GraphQL request, made when a resolver first reaches
 * for one: most requests (a product list, a mutation) use none.
 */
export function createRequestLoaders(db: DataSource, services: AppServices): ModuleLoaders {
  let made: ModuleLoaders | undefined;
  return new Proxy({} as ModuleLoaders, {
    get: (_target, name) => (made ??= allLoaders(db, services))[name as keyof ModuleLoaders],
  });
}

/** A REST request's context as the app builds it: the caller's whole profile row and every service. */
export type AppRestContext = RestContextOf<AppServices, User>;

/** A GraphQL request's context as the app builds it. */
export type AppGraphQLContext = GraphQLContextOf<AppServices, ModuleLoaders, User>;
