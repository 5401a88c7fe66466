import { DataSource, type Logger } from 'typeorm';
import { DEFAULT_POOL_SETTINGS, type PoolSettings } from '../config';
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
import { Discounts1766900000000 } from '../db/migrations/1766900000000-Discounts';
import { ContactMessages1767000000000 } from '../db/migrations/1767000000000-ContactMessages';
import { GiftCards1767100000000 } from '../db/migrations/1767100000000-GiftCards';
import { GiftCardAmounts1767200000000 } from '../db/migrations/1767200000000-GiftCardAmounts';
import { GuestOrders1767300000000 } from '../db/migrations/1767300000000-GuestOrders';
import { GiftMessageAndWorkshopNote1767400000000 } from '../db/migrations/1767400000000-GiftMessageAndWorkshopNote';
import { PrivacyRequests1767400000001 } from '../db/migrations/1767400000001-PrivacyRequests';
import { RefundsAndInvoices1767500000000 } from '../db/migrations/1767500000000-RefundsAndInvoices';
import { PrivateQuotes1767700000000 } from '../db/migrations/1767700000000-PrivateQuotes';
import { Returns1767800000000 } from '../db/migrations/1767800000000-Returns';
import { LeadTimes1767900000000 } from '../db/migrations/1767900000000-LeadTimes';
import { ParcelWeights1768000000000 } from '../db/migrations/1768000000000-ParcelWeights';
import { EngravingProofs1768100000000 } from '../db/migrations/1768100000000-EngravingProofs';
import { EngravingPlacements1768200000000 } from '../db/migrations/1768200000000-EngravingPlacements';
import { TaxBeyondOneRate1768300000000 } from '../db/migrations/1768300000000-TaxBeyondOneRate';
import { MilliPercentRatesAndTaxReversals1768400000000 } from '../db/migrations/1768400000000-MilliPercentRatesAndTaxReversals';
import { VariantLeadTimes1768500000000 } from '../db/migrations/1768500000000-VariantLeadTimes';
import { PreparedStatementsClient } from '../db/prepared-statements';
import { MODULES } from './modules';

/** Every module's entities. */
export const entities = MODULES.flatMap((module) => module.entities ?? []);
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
  Discounts1766900000000,
  ContactMessages1767000000000,
  GiftCards1767100000000,
  GiftCardAmounts1767200000000,
  GuestOrders1767300000000,
  GiftMessageAndWorkshopNote1767400000000,
  PrivacyRequests1767400000001,
  RefundsAndInvoices1767500000000,
  PrivateQuotes1767700000000,
  Returns1767800000000,
  LeadTimes1767900000000,
  ParcelWeights1768000000000,
  EngravingProofs1768100000000,
  EngravingPlacements1768200000000,
  TaxBeyondOneRate1768300000000,
  MilliPercentRatesAndTaxReversals1768400000000,
  VariantLeadTimes1768500000000,
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
