/** A customer's age checks as domain events: raised with the check, before any order exists; their aggregate is the customer. */
import type { ModuleEvents } from '../keen-module';

/** A completed age check, as the evidence keeps it: never the date of birth. */
export interface AgeCheckEvidencePayload {
  checkId: string;
  /** The provider: `test`, `declared`, or a real provider's name. */
  method: string;
  status: string;
  /** e.g. "18+" or "under 18". */
  ageBracket: string | null;
  providerReference: string;
  checkedAt: string;
}

/** The destination's rule an age-restricted order was placed under, the check it relied on (order.placed) and how it shipped. */
export interface AgeRestrictionPayload {
  /** ISO 3166-1 alpha-2. */
  country: string;
  minimumAge: number;
  /** `age-verified`: the carrier hands the parcel only to an adult whose age it checks. */
  handover: string;
  /** The age check the order relied on, as it was when placed (order.placed only). */
  check: AgeCheckEvidencePayload | null;
  /** Whether it was shipped with an age-verified delivery service (once shipped). */
  ageVerifiedDelivery: boolean | null;
}

/** A customer's age check came back passed or failed (order.age_check_passed, order.age_check_failed). */
export interface AgeCheckPayload extends AgeCheckEvidencePayload {
  /** A guest's check (placed signed out) has no id: its e-mail is the one they gave, not verified. */
  customer: { id: string | null; name: string; email: string };
}

declare module '../../events/domain-events' {
  interface DomainEventPayloads {
    'order.age_check_passed': AgeCheckPayload;
    'order.age_check_failed': AgeCheckPayload;
  }
}

/** The events this module raises: 'public' ones may change a public answer (the read cache forgets), 'private' ones never do. */
export const COMPLIANCE_EVENTS = {
  'order.age_check_passed': 'private',
  'order.age_check_failed': 'private',
} as const satisfies ModuleEvents;
