import { useEffect } from 'react';
import { Stack } from '@mui/material';
import type { FormikProps } from 'formik';
import { addressRules, fieldLabel, isCountryCode, type LocalityField, type PostalAddress } from '@keen/rules/address';
import FormikTextField from '../FormikTextField';
import { zodValidate } from '../../lib/zodForm';
import CountrySelect from './CountrySelect';
import { addressInput, useAddressMetadata } from './addressMetadata';

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
    'values' | 'touched' | 'errors' | 'handleChange' | 'handleBlur' | 'setFieldValue' | 'setFieldTouched' | 'validateForm'
  >;
  /** Prefixes the inputs' ids, so that two address forms can share a page. */
  idPrefix: string;
  /** Countries listed first in the country select. */
  preferredCountries?: readonly string[];
}

const AUTOCOMPLETE: Record<LocalityField, string> = { city: 'address-level2', region: 'address-level1', postalCode: 'postal-code' };
/** Until a country's metadata is in, the fields most countries have. */
const LOADING_FIELDS: LocalityField[] = ['city', 'region', 'postalCode'];
const LOADING_LABELS: Record<LocalityField, string> = { city: 'City', region: 'Region', postalCode: 'Postcode' };

/**
 * An address's fields, bound to a formik form validated with `validateAddress`: the city, region
 * and postcode the chosen country's addresses have, in their order and with their labels (from
 * its metadata, loaded when the country is chosen), the region chosen from the country's list
 * where it has one, and the browser's autofill hints.
 */
export default function AddressFields({ formik, idPrefix, preferredCountries = ['US', 'GB'] }: AddressFieldsProps) {
  const { country } = formik.values;
  const metadata = useAddressMetadata(country);
  const rules = metadata && isCountryCode(country) ? addressRules(country, metadata) : null;
  const id = (field: string) => `${idPrefix}-${field}`;
  const countryError = formik.touched.country ? formik.errors.country : undefined;
  const { validateForm } = formik;

  // The country's own rules apply once its metadata is in.
  useEffect(() => {
    if (metadata) void validateForm();
  }, [metadata, validateForm]);

  const field = (name: LocalityField) => {
    const label = rules ? fieldLabel(rules, name) : LOADING_LABELS[name];
    const regions = name === 'region' ? rules?.regions : null;
    return regions ? (
      <FormikTextField
        key={name}
        formik={formik}
        id={id(name)}
        name={name}
        label={label}
        select
        autoComplete={AUTOCOMPLETE[name]}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{rules?.required.region ? `Choose ${label.toLowerCase()}` : 'None'}</option>
        {regions.map((region) => (
          <option key={region.key} value={region.key}>
            {region.name}
          </option>
        ))}
      </FormikTextField>
    ) : (
      <FormikTextField key={name} formik={formik} id={id(name)} name={name} label={label} autoComplete={AUTOCOMPLETE[name]} />
    );
  };

  return (
    <Stack spacing={2}>
      <CountrySelect
        id={id('country')}
        value={country}
        preferred={preferredCountries}
        onChange={(code) => {
          // Another country's region is not on this one's list.
          if (code !== country) void formik.setFieldValue('region', '', false);
          void formik.setFieldValue('country', code);
        }}
        onBlur={() => formik.setFieldTouched('country')}
        error={countryError}
      />
      <FormikTextField formik={formik} id={id('name')} name="name" label="Full name" autoComplete="name" />
      <FormikTextField formik={formik} id={id('line1')} name="line1" label="Address" autoComplete="address-line1" />
      <FormikTextField formik={formik} id={id('line2')} name="line2" label="Address line 2 (optional)" autoComplete="address-line2" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(rules?.fields ?? LOADING_FIELDS).map(field)}
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
