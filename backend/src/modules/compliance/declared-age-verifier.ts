import { randomUUID } from 'node:crypto';
import { badInput } from '../../common/errors';
import { AgeCheckMethod } from './age-evidence.entity';
import { type AgeCheckRequest, type AgeVerdict, type AgeVerifier, ageOn, verdictForAge } from './age-verifier';

/**
 * A declared date of birth (`AGE_VERIFICATION=declared`): the customer signs that it is theirs and
 * true, and the check is the age it gives. The service keeps the signed declaration with its time
 * and the signer's e-mail address; the date itself is forgotten. Acceptable only where the rules
 * the shop sells under allow a declaration; a real provider's adapter is the stronger check.
 */
export class DeclaredAgeVerifier implements AgeVerifier {
  readonly method = AgeCheckMethod.declared;

  async check({ dateOfBirth, minimumAges, at }: AgeCheckRequest): Promise<AgeVerdict> {
    return verdictForAge(ageOn(dateOfBirth, at), minimumAges, `declared_${randomUUID()}`);
  }

  async submitDocument(): Promise<AgeVerdict> {
    throw badInput('A declared age check takes no document');
  }
}
