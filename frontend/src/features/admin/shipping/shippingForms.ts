import { parseMajorAmount, type TaxCategory } from '@keen/rules';
import { shippingZoneInput } from '@keen/rules/address';
import { shippingMethodInput, taxRateInput } from '@keen/rules/schemas';
import type { FormikErrors } from 'formik';
import type { ShippingMethodFieldsFragment, ShippingZoneFieldsFragment } from '../../../gql/graphql';
import { amountText, unreadableAmount } from '../../../lib/money';
import { zodValidate } from '../../../lib/zodForm';

// The forms check with the server's schemas (@keen/rules), so that they say what it would.

export interface ZoneFormValues {
  name: string;
  /** ISO 3166-1 alpha-2 codes. */
  countries: string[];
}

export const zoneFormValues = (zone: ShippingZoneFieldsFragment | null): ZoneFormValues => ({
  name: zone?.name ?? '',
  countries: zone?.countries ?? [],
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
}

export const methodFormValues = (method: ShippingMethodFieldsFragment | null): MethodFormValues =>
  method
    ? {
        name: method.name,
        price: amountText(method.price.amount, method.price.currency),
        freeOver: method.freeOver ? amountText(method.freeOver.amount, method.freeOver.currency) : '',
        minDays: method.minDays,
        maxDays: method.maxDays,
        enabled: method.enabled,
      }
    : { name: '', price: '', freeOver: '', minDays: '', maxDays: '', enabled: true };

/** A typed amount in minor units: undefined when blank, null when it is not an amount. */
const typedAmount = (text: string, currency: string) => (text.trim() === '' ? undefined : parseMajorAmount(text, currency));

const methodRules = zodValidate<Record<string, unknown>>(shippingMethodInput);

/** The method form's check: amounts read in `currency`, then the server's rules, their messages on the typed fields. */
export function validateMethod(currency: string) {
  return (values: MethodFormValues): FormikErrors<MethodFormValues> => {
    const price = typedAmount(values.price, currency);
    const freeOver = typedAmount(values.freeOver, currency);
    const { priceAmount, freeOverAmount, ...errors } = methodRules({ ...values, priceAmount: price, freeOverAmount: freeOver ?? null });
    const priceError = price === null ? unreadableAmount(currency) : priceAmount;
    const freeOverError = freeOver === null ? unreadableAmount(currency) : freeOverAmount;
    return {
      ...(errors as FormikErrors<MethodFormValues>),
      ...(priceError ? { price: priceError as string } : {}),
      ...(freeOverError ? { freeOver: freeOverError as string } : {}),
    };
  };
}

/** A valid form as the server's ShippingMethodInput, amounts in minor units. */
export const methodInput = (zoneId: string, values: MethodFormValues, currency: string) => ({
  zoneId,
  name: values.name.trim(),
  price: parseMajorAmount(values.price, currency) ?? 0,
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
