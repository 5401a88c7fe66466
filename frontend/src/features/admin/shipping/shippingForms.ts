import { parseMajorAmount, type TaxCategory } from '@keen/rules';
import { shippingZoneInput } from '@keen/rules/address';
import { shippingMethodInput, taxRateInput } from '@keen/rules/schemas';
import type { FormikErrors } from 'formik';
import type { ShippingMethodFieldsFragment, ShippingZoneFieldsFragment } from '../../../gql/graphql';
import { amountText, unreadableAmount } from '../../../lib/money';
import { zodValidate } from '../../../lib/zodForm';

// The forms check with the server's schemas (@keen/rules), so that they say what it would.

/** A region of a zone: its country, its key (as addresses store it) and its name. */
export interface ZoneRegion {
  country: string;
  region: string;
  name: string;
}

export interface ZoneFormValues {
  name: string;
  /** ISO 3166-1 alpha-2 codes. */
  countries: string[];
  regions: ZoneRegion[];
}

export const zoneFormValues = (zone: ShippingZoneFieldsFragment | null): ZoneFormValues => ({
  name: zone?.name ?? '',
  countries: zone?.countries ?? [],
  regions: zone?.regions.map(({ country, region, name }) => ({ country, region, name })) ?? [],
});

/** A valid form as the server's ShippingZoneInput. */
export const zoneInput = (values: ZoneFormValues) => ({
  name: values.name.trim(),
  countries: values.countries,
  regions: values.regions.map(({ country, region }) => ({ country, region })),
});

export const validateZone = zodValidate<ZoneFormValues>(shippingZoneInput);

export interface MethodFormValues {
  name: string;
  /** As typed, in major units: "4.95". */
  price: string;
  /** As typed, in major units; blank: never free. */
  freeOver: string;
  minDays: number | '';
  maxDays: number | '';
  enabled: boolean;
  /** Priced by weight: the bands, lightest first; off: the flat price. */
  byWeight: boolean;
  /** Each band as typed: grams, and its price in major units. */
  bands: { upToGrams: number | ''; price: string }[];
}

/** A new band: empty. */
export const emptyBand = (): MethodFormValues['bands'][number] => ({ upToGrams: '', price: '' });

export const methodFormValues = (method: ShippingMethodFieldsFragment | null): MethodFormValues =>
  method
    ? {
        name: method.name,
        price: amountText(method.price.amount, method.price.currency),
        freeOver: method.freeOver ? amountText(method.freeOver.amount, method.freeOver.currency) : '',
        minDays: method.minDays,
        maxDays: method.maxDays,
        enabled: method.enabled,
        byWeight: !!method.weightBands?.length,
        bands: method.weightBands?.length
          ? method.weightBands.map((band) => ({ upToGrams: band.upToGrams, price: amountText(band.price.amount, band.price.currency) }))
          : [emptyBand()],
      }
    : { name: '', price: '', freeOver: '', minDays: '', maxDays: '', enabled: true, byWeight: false, bands: [emptyBand()] };

/** A typed amount in minor units: undefined when blank, null when it is not an amount. */
const typedAmount = (text: string, currency: string) => (text.trim() === '' ? undefined : parseMajorAmount(text, currency));

const methodRules = zodValidate<Record<string, unknown>>(shippingMethodInput);

/** The method form's check: amounts read in `currency`, then the server's rules, their messages on the typed fields. */
export function validateMethod(currency: string) {
  return (values: MethodFormValues): FormikErrors<MethodFormValues> => {
    // Priced by weight, the flat price is the first band's.
    const bandPrices = values.bands.map((band) => typedAmount(band.price, currency));
    const price = values.byWeight ? (bandPrices[0] ?? 0) : typedAmount(values.price, currency);
    const freeOver = typedAmount(values.freeOver, currency);
    const weightBands = values.byWeight
      ? values.bands.map((band, index) => ({ upToGrams: band.upToGrams, priceAmount: bandPrices[index] }))
      : null;
    const {
      priceAmount,
      freeOverAmount,
      weightBands: bandErrors,
      ...errors
    } = methodRules({
      ...values,
      priceAmount: price,
      freeOverAmount: freeOver ?? null,
      weightBands,
    });
    const priceError = price === null ? unreadableAmount(currency) : priceAmount;
    const freeOverError = freeOver === null ? unreadableAmount(currency) : freeOverAmount;
    const bandsError = values.byWeight ? bandFieldErrors(values.bands, bandPrices, bandErrors, currency) : undefined;
    return {
      ...(errors as FormikErrors<MethodFormValues>),
      ...(priceError && !values.byWeight ? { price: priceError as string } : {}),
      ...(freeOverError ? { freeOver: freeOverError as string } : {}),
      ...(bandsError ? { bands: bandsError } : {}),
    };
  };
}

/** The rules' messages on each band's fields ("Two weight bands end at 500 g"), an unreadable price first; undefined when all is well. */
function bandFieldErrors(
  bands: MethodFormValues['bands'],
  prices: (number | null | undefined)[],
  errors: unknown,
  currency: string,
): FormikErrors<MethodFormValues>['bands'] {
  const ofBands = (errors ?? []) as ({ upToGrams?: string; priceAmount?: string } | undefined)[];
  const each = bands.map((_, index) => {
    const upToGrams = ofBands[index]?.upToGrams;
    const price = prices[index] === null ? unreadableAmount(currency) : ofBands[index]?.priceAmount;
    return upToGrams || price ? { ...(upToGrams ? { upToGrams } : {}), ...(price ? { price } : {}) } : undefined;
  });
  if (typeof errors === 'string') return errors;
  return each.some(Boolean) ? (each as FormikErrors<MethodFormValues>['bands']) : undefined;
}

/** A valid form as the server's ShippingMethodInput, amounts in minor units. */
export const methodInput = (zoneId: string, values: MethodFormValues, currency: string) => ({
  zoneId,
  name: values.name.trim(),
  price: (values.byWeight ? parseMajorAmount(values.bands[0].price, currency) : parseMajorAmount(values.price, currency)) ?? 0,
  weightBands: values.byWeight
    ? values.bands.map((band) => ({ upToGrams: Number(band.upToGrams), price: parseMajorAmount(band.price, currency) ?? 0 }))
    : null,
  freeOver: typedAmount(values.freeOver, currency) ?? null,
  minDays: Number(values.minDays),
  maxDays: Number(values.maxDays),
  enabled: values.enabled,
});

/** A rate from a number field (blank when the browser cannot read it), or the rules' message for it. */
export function readTaxRate(category: TaxCategory, text: string): { ratePercent: number } | { error: string } {
  const result = taxRateInput.safeParse({ category, ratePercent: text.trim() === '' ? undefined : Number(text) });
  return result.success ? { ratePercent: result.data.ratePercent } : { error: result.error.issues[0]?.message ?? 'Enter a rate' };
}
