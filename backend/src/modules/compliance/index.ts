/** The rules for bladed articles and age checks. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { COMPLIANCE_EVENTS } from './compliance.events';
import { AgeEvidence } from './age-evidence.entity';
import { BladeRule } from './blade-rule.entity';
import { ComplianceResolver } from './compliance.resolver';
import { complianceRoutes } from './compliance.routes';
import { complianceWork } from './compliance.work';

export const complianceModule = keenModule({
  name: 'compliance',
  entities: [BladeRule, AgeEvidence],
  resolvers: [ComplianceResolver],
  routes: complianceRoutes,
  work: complianceWork,
  events: COMPLIANCE_EVENTS,
});

export { BladeHandover } from './blade-rule.entity';
export { checkPayload } from './compliance.service';
export type { AgeClearance, ComplianceService, GuestBuyer, ProductLine, ShippableOrder } from './compliance.service';
export type { AgeCheckEvidencePayload, AgeRestrictionPayload } from './compliance.events';
export { ageChecksOf, keptAgeEvidence } from './compliance.privacy';
