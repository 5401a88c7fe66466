import { AGE_VERIFIED_BY_DEFAULT } from '@keen/rules';
import { bladeRuleInput, countryName } from '@keen/rules/address';
import type { BladeHandover, BladeRuleFieldsFragment, BladeRuleInput } from '../../../gql/graphql';
import { blankAsAbsent, zodValidate } from '../../../lib/zodForm';

export interface BladeRuleFormValues {
  /** ISO 3166-1 alpha-2; '' until chosen. */
  country: string;
  /** Blank: the shop's default minimum age. */
  minimumAge: number | '';
  allowed: boolean;
  handover: BladeHandover;
}

export const HANDOVER_LABELS: Record<BladeHandover, string> = { ageVerified: 'Age-verified handover', standard: 'Standard' };

/** The handover a country takes unless the shop says otherwise, as the server decides it: age-verified for the UK. */
export const defaultHandover = (country: string): BladeHandover => (AGE_VERIFIED_BY_DEFAULT.includes(country) ? 'ageVerified' : 'standard');

export const bladeRuleFormValues = (rule: BladeRuleFieldsFragment | null): BladeRuleFormValues =>
  rule
    ? { country: rule.country, minimumAge: rule.minimumAge, allowed: rule.allowed, handover: rule.handover }
    : { country: '', minimumAge: '', allowed: true, handover: 'standard' };

// The server's schema (@keen/rules), so that the form says what it would; the handover is a choice of two.
export const validateBladeRule = zodValidate<BladeRuleFormValues>(
  bladeRuleInput.omit({ handover: true }).extend({
    country: blankAsAbsent(bladeRuleInput.shape.country),
    minimumAge: blankAsAbsent(bladeRuleInput.shape.minimumAge),
  }),
);

/** A valid form as setBladeRule takes it; a blank minimum age is the shop's default. */
export const bladeRuleInputOf = (values: BladeRuleFormValues): BladeRuleInput => ({
  country: values.country,
  minimumAge: values.minimumAge === '' ? null : Number(values.minimumAge),
  allowed: values.allowed,
  handover: values.handover,
});

/** Rules by their country's English name, as the page lists them. */
export const byCountryName = (a: { country: string }, b: { country: string }) =>
  countryName(a.country).localeCompare(countryName(b.country), 'en');
