import { addressesModule } from '../modules/addresses';
import { backgroundJobsModule } from '../modules/background-jobs';
import { backupsModule } from '../modules/backups';
import { catalogModule } from '../modules/catalog';
import { checkoutModule } from '../modules/checkout';
import { collectionsModule } from '../modules/collections';
import { complianceModule } from '../modules/compliance';
import { discountsModule } from '../modules/discounts';
import { giftCardsModule } from '../modules/gift-cards';
import { idempotencyModule } from '../modules/idempotency';
import { integrationsModule } from '../modules/integrations';
import { invoicingModule } from '../modules/invoicing';
import { messagesModule } from '../modules/messages';
import { returnsModule } from '../modules/returns';
import { proofsModule } from '../modules/proofs';
import { notificationsModule } from '../modules/notifications';
import { ordersModule } from '../modules/orders';
import { paymentsModule } from '../modules/payments';
import { pricingModule } from '../modules/pricing';
import { privacyModule } from '../modules/privacy';
import { reportsModule } from '../modules/reports';
import { reviewsModule } from '../modules/reviews';
import { shippingModule } from '../modules/shipping';
import { shopModule } from '../modules/shop';
import { uploadsModule } from '../modules/uploads';
import { usersModule } from '../modules/users';
import { workshopModule } from '../modules/workshop';
import type { JoinedRead, KeenModule } from '../modules/keen-module';

/**
 * Every module the app is made of, each declared in its `modules/<name>/index.ts`. The REST routes
 * are matched in this order; the rest (entities, resolvers, work, loaders) is taken from here too.
 */
export const MODULES = [
  catalogModule,
  reviewsModule,
  usersModule,
  ordersModule,
  checkoutModule,
  paymentsModule,
  invoicingModule,
  uploadsModule,
  reportsModule,
  complianceModule,
  addressesModule,
  discountsModule,
  giftCardsModule,
  backgroundJobsModule,
  backupsModule,
  collectionsModule,
  idempotencyModule,
  integrationsModule,
  messagesModule,
  returnsModule,
  proofsModule,
  notificationsModule,
  pricingModule,
  privacyModule,
  shippingModule,
  shopModule,
  workshopModule,
] as const;

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never;

/** Every module's batch loaders together, as a resolver's context names them. */
export type ModuleLoaders = UnionToIntersection<
  (typeof MODULES)[number] extends infer M ? (M extends KeenModule<never, infer Loaders> ? Loaders : never) : never
>;

/** Every module's joined reads (see `JoinedRead`): fields a one-row read of another module fetches in its own statement. */
export const JOINED_READS: readonly JoinedRead[] = MODULES.flatMap((module): readonly JoinedRead[] => module.joins ?? []);
