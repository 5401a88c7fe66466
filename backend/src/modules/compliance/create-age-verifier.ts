import type { AgeCheckSettings } from '../../config';
import type { AgeVerifier } from './age-verifier';
import { DeclaredAgeVerifier } from './declared-age-verifier';
import { TestAgeVerifier } from './test-age-verifier';

/** The provider `AGE_VERIFICATION` names (config.ts refuses `test` in production and makes production choose). */
export function createAgeVerifier(settings: Pick<AgeCheckSettings, 'provider'>): AgeVerifier {
  switch (settings.provider) {
    case 'declared':
      return new DeclaredAgeVerifier();
    case 'test':
      return new TestAgeVerifier();
  }
}
