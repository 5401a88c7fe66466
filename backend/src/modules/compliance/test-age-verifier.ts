import { randomUUID } from 'node:crypto';
import { TEST_AGE_DOCUMENTS, TEST_NEEDS_DOCUMENT_NAME } from '@keen/rules';
import { badInput } from '../../common/errors';
import { AgeCheckMethod, AgeCheckStatus } from './age-evidence.entity';
import { type AgeCheckRequest, type AgeDocumentRequest, type AgeVerdict, type AgeVerifier, ageOn, verdictForAge } from './age-verifier';

/**
 * The offline test provider (`AGE_VERIFICATION=test`, the default outside production, refused in
 * production), documented like Stripe's test cards: a date of birth 18 or more years back (the
 * lowest minimum age the shop uses) passes, a younger one fails; the full name "Needs Document"
 * answers NEEDS_DOCUMENT, and then the document `test_document_adult` passes and
 * `test_document_minor` fails.
 */
export class TestAgeVerifier implements AgeVerifier {
  readonly method = AgeCheckMethod.test;

  async check({ fullName, dateOfBirth, minimumAges, at }: AgeCheckRequest): Promise<AgeVerdict> {
    const reference = `test_age_${randomUUID()}`;
    if (fullName.trim().toLowerCase() === TEST_NEEDS_DOCUMENT_NAME.toLowerCase())
      return { status: AgeCheckStatus.NEEDS_DOCUMENT, ageAtLeast: null, ageBelow: null, reference };
    return verdictForAge(ageOn(dateOfBirth, at), minimumAges, reference);
  }

  async submitDocument({ reference, document, minimumAges }: AgeDocumentRequest): Promise<AgeVerdict> {
    if (document === TEST_AGE_DOCUMENTS.adult)
      return { status: AgeCheckStatus.PASSED, ageAtLeast: Math.max(...minimumAges), ageBelow: null, reference };
    if (document === TEST_AGE_DOCUMENTS.minor)
      return { status: AgeCheckStatus.FAILED, ageAtLeast: null, ageBelow: Math.min(...minimumAges), reference };
    throw badInput(`Unknown test document: send ${TEST_AGE_DOCUMENTS.adult} (passes) or ${TEST_AGE_DOCUMENTS.minor} (fails)`);
  }
}
