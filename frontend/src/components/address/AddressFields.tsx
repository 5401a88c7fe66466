import { Stack } from '@mui/material';
import type { FormikProps } from 'formik';
import { addressInput, addressLabels, type PostalAddress } from '@keen/rules/address';
import FormikTextField from '../FormikTextField';
import { zodValidate } from '../../lib/zodForm';
import CountrySelect from './CountrySelect';

/** An address form's values: every field a string ('' when empty). */
export interface AddressFormValues {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
}

/** The shared address rules (the server's too) as formik's `validate`. */
export const validateAddress = zodValidate<AddressFormValues>(addressInput);

/** A form's starting values: a saved address, or an empty one in `country`. */
export function addressFormValues(address: (PostalAddress & { phone: string }) | null, country = ''): AddressFormValues {
  return {
    name: address?.name ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    region: address?.region ?? '',
    postalCode: address?.postalCode ?? '',
    country: address?.country ?? country,
    phone: address?.phone ?? '',
  };
}

export interface AddressFieldsProps {
  formik: Pick<
    FormikProps<AddressFormValues>,
    'values' | 'touched' | 'errors' | 'handleChange' | 'handleBlur' | 'setFieldValue' | 'setFieldTouched'
  >;
  /** Prefixes the inputs' ids, so that two address forms can share a page. */
  idPrefix: string;
  /** Countries listed first in the country select. */
  preferredCountries?: readonly string[];
}

/**
 * An address's fields, bound to a formik form validated with `validateAddress`. The region and
 * postcode fields are labelled for the chosen country, with the browser's autofill hints.
 */
export default function AddressFields({ formik, idPrefix, preferredCountries = ['US', 'GB'] }: AddressFieldsProps) {
  const labels = addressLabels(formik.values.country);
  const id = (field: string) => `${idPrefix}-${field}`;
  const countryError = formik.touched.country ? formik.errors.country : undefined;
  return (
    <Stack spacing={2}>
      <CountrySelect
        id={id('country')}
        value={formik.values.country}
        preferred={preferredCountries}
        onChange={(code) => formik.setFieldValue('country', code)}
        onBlur={() => formik.setFieldTouched('country')}
        error={countryError}
      />
      <FormikTextField formik={formik} id={id('name')} name="name" label="Full name" autoComplete="name" />
      <FormikTextField formik={formik} id={id('line1')} name="line1" label="Address" autoComplete="address-line1" />
      <FormikTextField formik={formik} id={id('line2')} name="line2" label="Address line 2 (optional)" autoComplete="address-line2" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormikTextField formik={formik} id={id('city')} name="city" label="City" autoComplete="address-level2" />
        <FormikTextField formik={formik} id={id('region')} name="region" label={labels.region} autoComplete="address-level1" />
        <FormikTextField formik={formik} id={id('postalCode')} name="postalCode" label={labels.postalCode} autoComplete="postal-code" />
      </Stack>
      <FormikTextField
        formik={formik}
        id={id('phone')}
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
      />
    </Stack>
  );
}
