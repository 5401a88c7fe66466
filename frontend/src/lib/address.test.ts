import { describe, expect, test } from 'vitest';
import {
  addressInput,
  addressLabels,
  COUNTRY_CODES,
  countries,
  countryName,
  formatAddress,
  formatAddressLines,
  isCountryCode,
} from '@keen/rules/address';
import { zodValidate } from './zodForm';

const messages = zodValidate(addressInput);
const us = {
  name: 'Casey Blade',
  line1: '500 Market St',
  line2: '',
  city: 'San Francisco',
  region: 'ca',
  postalCode: '94103',
  country: 'US',
  phone: '+1 415 555 0100',
};
const gb = { ...us, city: 'Sheffield', region: '', postalCode: 's1 2he', country: 'GB' };
const ca = { ...us, city: 'Ottawa', region: 'on', postalCode: 'k1a0b1', country: 'CA' };
const de = { ...us, city: 'Berlin', region: '', postalCode: '10117', country: 'DE' };

describe('countries', () => {
  test('every ISO 3166-1 alpha-2 code, once, named in English by Intl', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('DE')).toBe('Germany');
    expect(isCountryCode('US')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
    const listed = countries();
    expect(listed).toHaveLength(249);
    expect(listed.map((country) => country.name)).toEqual(
      [...listed.map((country) => country.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });
});

describe('the address rules (the server parses with the same schema)', () => {
  test('valid addresses are normalised: codes in capitals, UK and Canadian postcodes with one space, empty optional parts null', () => {
    expect(addressInput.parse(us)).toMatchObject({ region: 'CA', postalCode: '94103', line2: null, country: 'US' });
    expect(addressInput.parse({ ...us, postalCode: '94103-1234' }).postalCode).toBe('94103-1234');
    expect(addressInput.parse(gb)).toMatchObject({ postalCode: 'S1 2HE', region: null });
    expect(addressInput.parse({ ...gb, postalCode: ' sw1a1aa ' }).postalCode).toBe('SW1A 1AA');
    expect(addressInput.parse({ ...gb, postalCode: 'GIR 0AA' }).postalCode).toBe('GIR 0AA');
    expect(addressInput.parse(ca)).toMatchObject({ region: 'ON', postalCode: 'K1A 0B1' });
    expect(addressInput.parse(de).postalCode).toBe('10117');
    expect(addressInput.parse({ ...de, country: 'fr', postalCode: '75001' }).country).toBe('FR');
  });

  test.each([
    [{ ...us, postalCode: '9410' }, { postalCode: 'Enter a US ZIP code like 94103' }],
    [{ ...us, postalCode: '94103-12' }, { postalCode: 'Enter a US ZIP code like 94103' }],
    [{ ...us, region: '' }, { region: 'State is Required' }],
    [{ ...us, region: 'ZZ' }, { region: 'Enter a US state as its 2-letter code, like CA' }],
    [{ ...gb, postalCode: '12345' }, { postalCode: 'Enter a UK postcode like SW1A 1AA' }],
    [{ ...gb, postalCode: '' }, { postalCode: 'Postcode is Required' }],
    [{ ...ca, postalCode: 'D1A 0B1' }, { postalCode: 'Enter a Canadian postal code like K1A 0B1' }],
    [{ ...ca, region: 'QQ' }, { region: 'Enter a Canadian province as its 2-letter code, like ON' }],
    [{ ...de, postalCode: '101170' }, { postalCode: 'Enter a German postcode like 10115' }],
    [{ ...de, country: 'FR', postalCode: '1234567890123' }, { postalCode: 'Postcode must be at most 12 characters' }],
    [{ ...de, country: '' }, { country: 'Choose a country' }],
    [{ ...de, country: 'XX' }, { country: 'Choose a country from the list' }],
    [{ ...de, phone: 'call me' }, { phone: 'Phone must be a phone number (digits, spaces, dashes and a leading +)' }],
    [{ ...de, line2: 'x'.repeat(201) }, { line2: 'Address line 2 must be at most 200 characters' }],
  ])('%o: %o', (values, expected) => {
    expect(messages(values)).toEqual(expected);
  });

  test("a blank form shows every field's message at once, the country's rules included", () => {
    expect(messages({ name: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US', phone: '' })).toEqual({
      name: 'Full name is Required',
      line1: 'Address is Required',
      city: 'City is Required',
      region: 'State is Required',
      postalCode: 'ZIP code is Required',
      phone: 'Phone is Required',
    });
  });

  test('labels follow the country', () => {
    expect(addressLabels('US')).toEqual({ region: 'State', regionRequired: true, postalCode: 'ZIP code' });
    expect(addressLabels('CA')).toMatchObject({ region: 'Province', postalCode: 'Postal code' });
    expect(addressLabels('GB')).toMatchObject({ region: 'County (optional)', regionRequired: false });
    expect(addressLabels('JP').region).toBe('State / Province / Region (optional)');
  });
});

describe('formatting', () => {
  const stored = {
    name: 'Casey Blade',
    line1: '500 Market St',
    line2: 'Suite 2',
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94103',
    country: 'US',
  };
  test('one line for the order, in the country order', () => {
    expect(formatAddress(stored)).toBe('Casey Blade, 500 Market St, Suite 2, San Francisco, CA 94103, United States');
    expect(formatAddress({ ...stored, line2: null, region: null, city: 'Berlin', postalCode: '10117', country: 'DE' })).toBe(
      'Casey Blade, 500 Market St, 10117 Berlin, Germany',
    );
  });
  test('lines for a receipt: a UK postcode on its own line', () => {
    expect(formatAddressLines({ ...stored, line2: null, region: null, city: 'Sheffield', postalCode: 'S1 2HE', country: 'GB' })).toEqual([
      'Casey Blade',
      '500 Market St',
      'Sheffield',
      'S1 2HE',
      'United Kingdom',
    ]);
  });
});
