import { countryName } from '@keen/rules/address';
import { BladeHandover, type AgeClearance, type ProductLine } from '../compliance';
import type { OfferedVariant } from './lines';

/**
 * The checkout's second step, clearing the lines: the destination's rules for bladed articles and
 * the buyer's age check (ComplianceService.clearOrder) see each line as its product.
 */

/** A chosen variant's product as the rules for age-restricted products see it. */
export const productLine = (variant: OfferedVariant): ProductLine => ({
  productId: variant.productId,
  productName: variant.productName,
  ageRestricted: variant.productAgeRestricted,
  minimumAge: variant.productMinimumAge,
});

/** The history's note of an age-restricted order placed: the check it relied on and the destination's rule. */
export function clearanceNote({ check, minimumAge, handover, country }: AgeClearance): string {
  const checked = new Date(check.createdAt).toISOString().slice(0, 16).replace('T', ' ');
  const how = handover === BladeHandover.ageVerified ? 'age-verified handover' : 'standard handover';
  return `Age check passed (${check.method}, ${check.ageBracket}, ${checked} UTC, ${check.providerReference}); ${countryName(country)}: ${minimumAge} or over, ${how}`;
}
