import { type AgeCheckMethod, AgeCheckStatus } from './age-evidence.entity';

/**
 * The port every age-check provider implements: Keen's offline test provider, the declared date
 * of birth, and a real provider's adapter at its HTTP boundary (a later step). The contract
 * (test/compliance/age-verifier-contract.test.ts runs it against each provider):
 * - a verdict never carries the date of birth, nor anything it can be recovered from: only the
 *   status, the bracket of the asked ages it falls in (`ageAtLeast`, `ageBelow`), and the provider's reference;
 * - PASSED proves at least the lowest asked age (`ageAtLeast` is one of `minimumAges`), and below the
 *   next asked age (`ageBelow`; null past the highest); FAILED proves below the lowest (`ageBelow`);
 * - NEEDS_DOCUMENT proves nothing yet: `submitDocument` with its reference answers PASSED or FAILED.
 */
export interface AgeVerifier {
  readonly method: AgeCheckMethod;
  check(request: AgeCheckRequest): Promise<AgeVerdict>;
  /** A document for a check that answered NEEDS_DOCUMENT; refused (BAD_USER_INPUT) when the provider never asks for one. */
  submitDocument(request: AgeDocumentRequest): Promise<AgeVerdict>;
}

export interface AgeCheckRequest {
  fullName: string;
  /** YYYY-MM-DD, already checked (`ageCheckInput`); forgotten once the verdict is back. */
  dateOfBirth: string;
  /** The ages the shop needs to know about, ascending: the minimum ages it uses. */
  minimumAges: readonly number[];
  /** When the check is made: ages are counted on this day (UTC). */
  at: Date;
}

export interface AgeDocumentRequest {
  /** The reference of the check that answered NEEDS_DOCUMENT. */
  reference: string;
  /** The provider's token for the uploaded document (its upload happens at the provider, never through Keen). */
  document: string;
  minimumAges: readonly number[];
}

export interface AgeVerdict {
  status: AgeCheckStatus;
  /** The highest of `minimumAges` proven (PASSED); null otherwise. */
  ageAtLeast: number | null;
  /** The lowest of `minimumAges` not reached (PASSED below the highest, FAILED); null when none is known to be out of reach. */
  ageBelow: number | null;
  /** The provider's reference for the check (its session or transaction id). */
  reference: string;
}

/** Whole years from `dateOfBirth` (YYYY-MM-DD) to `at`, counted in UTC: a person born on 29 February turns a year older on 1 March. */
export function ageOn(dateOfBirth: string, at: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number);
  const beforeBirthday = at.getUTCMonth() + 1 < month || (at.getUTCMonth() + 1 === month && at.getUTCDate() < day);
  return at.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}

/**
 * The verdict a date of birth gives: PASSED with the highest minimum age it reaches and the next one
 * up (none past the highest), or FAILED below the lowest.
 */
export function verdictForAge(age: number, minimumAges: readonly number[], reference: string): AgeVerdict {
  const reached = minimumAges.filter((minimum) => age >= minimum);
  const unreached = minimumAges.filter((minimum) => age < minimum);
  const ageBelow = unreached.length ? Math.min(...unreached) : null;
  return reached.length
    ? { status: AgeCheckStatus.PASSED, ageAtLeast: Math.max(...reached), ageBelow, reference }
    : { status: AgeCheckStatus.FAILED, ageAtLeast: null, ageBelow, reference };
}

/** How the evidence and the customer see what a verdict proved: "18+", or "under 18" below the lowest minimum age. */
export function ageBracket(verdict: Pick<AgeVerdict, 'ageAtLeast' | 'ageBelow'>): string | null {
  if (verdict.ageAtLeast !== null) return `${verdict.ageAtLeast}+`;
  return verdict.ageBelow !== null ? `under ${verdict.ageBelow}` : null;
}
