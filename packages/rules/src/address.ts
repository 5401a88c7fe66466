/**
 * Postal addresses, written once for the address book, checkout and receipts (`@keen/rules/address`):
 * the ISO 3166-1 alpha-2 countries, the input schema with its per-country rules, and the formatters.
 * Country names come from `Intl.DisplayNames`, so no table of names ships.
 */
import { z } from 'zod';
import { BLADE_HANDOVERS, MINIMUM_AGE } from './index';
import { boundedText, phone, requiredText, setting } from './schemas';

// ---------------------------------------------------------------- countries

/** Every officially assigned ISO 3166-1 alpha-2 code. */
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ',
  'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ',
  'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ',
  'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET',
  'FI', 'FJ', 'FK', 'FM', 'FO', 'FR',
  'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY',
  'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT',
  'JE', 'JM', 'JO', 'JP',
  'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ',
  'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY',
  'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ',
  'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ',
  'OM',
  'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY',
  'QA',
  'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ',
  'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ',
  'UA', 'UG', 'UM', 'US', 'UY', 'UZ',
  'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU',
  'WF', 'WS',
  'YE', 'YT',
  'ZA', 'ZM', 'ZW',
] as const; // prettier-ignore

export type CountryCode = (typeof COUNTRY_CODES)[number];

const countryCodes: ReadonlySet<string> = new Set(COUNTRY_CODES);
export const isCountryCode = (code: string): code is CountryCode => countryCodes.has(code);

let regionNames: Intl.DisplayNames | undefined;

/** A country's English name ("United Kingdom" for GB); the code itself for one the runtime cannot name. */
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return regionNames.of(code) ?? code;
}

/** Every country as a select lists it, by English name. */
export function countries(): { code: CountryCode; name: string }[] {
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

// ---------------------------------------------------------------- per-country rules

/** The US states, the District of Columbia, the territories and the military "states" (AA, AE, AP). */
const US_STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN ' +
    'TX UT VT VA WA WV WI WY DC AS GU MP PR VI UM AA AE AP'
  ).split(' '),
);
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));

/** A US state's or Canadian province's 2-letter code: "IL" ends an Illinois address as often as an Israeli one. */
export const isStateOrProvinceCode = (code: string) => US_STATES.has(code) || CA_PROVINCES.has(code);

/** A postcode or region rule: what a valid one looks like, and how to store it. */
interface Rule {
  test: (value: string) => boolean;
  normalize: (value: string) => string;
  message: string;
}

const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();
/** The two halves of a UK or Canadian code: an outward part, a space, the last three characters. */
const spaced = (value: string) => `${compact(value).slice(0, -3)} ${compact(value).slice(-3)}`;

const POSTCODE_RULES: Partial<Record<CountryCode, Rule>> = {
  US: { test: (value) => /^\d{5}(-\d{4})?$/.test(value), normalize: (value) => value, message: 'Enter a US ZIP code like 94103' },
  // The Royal Mail's shape (GIR 0AA included), whatever the case and spacing.
  GB: {
    test: (value) => /^([A-Z]{1,2}\d[A-Z\d]?|GIR)\d[A-Z]{2}$/.test(compact(value)),
    normalize: spaced,
    message: 'Enter a UK postcode like SW1A 1AA',
  },
  // Canada Post never uses D F I O Q U, nor W or Z first.
  CA: {
    test: (value) => /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/.test(compact(value)),
    normalize: spaced,
    message: 'Enter a Canadian postal code like K1A 0B1',
  },
  DE: { test: (value) => /^\d{5}$/.test(value), normalize: (value) => value, message: 'Enter a German postcode like 10115' },
};
/** A postcode where no rule is known: anything up to this long. */
export const POSTCODE_MAX_LENGTH = 12;

const REGION_RULES: Partial<Record<CountryCode, Rule>> = {
  US: {
    test: (value) => US_STATES.has(value.toUpperCase()),
    normalize: (value) => value.toUpperCase(),
    message: 'Enter a US state as its 2-letter code, like CA',
  },
  CA: {
    test: (value) => CA_PROVINCES.has(value.toUpperCase()),
    normalize: (value) => value.toUpperCase(),
    message: 'Enter a Canadian province as its 2-letter code, like ON',
  },
};

/** How a form labels a country's region and postcode, and whether the region is required. */
export function addressLabels(country: string): { region: string; regionRequired: boolean; postalCode: string } {
  switch (country) {
    case 'US':
      return { region: 'State', regionRequired: true, postalCode: 'ZIP code' };
    case 'CA':
      return { region: 'Province', regionRequired: true, postalCode: 'Postal code' };
    case 'GB':
      return { region: 'County (optional)', regionRequired: false, postalCode: 'Postcode' };
    default:
      return { region: 'State / Province / Region (optional)', regionRequired: false, postalCode: 'Postcode' };
  }
}

// ---------------------------------------------------------------- the input

/** Most addresses one customer keeps. */
export const ADDRESS_BOOK_LIMIT = 20;
export const ADDRESS_LIMITS = { name: 120, line1: 200, line2: 200, city: 100, region: 100 };

const optionalText = (label: string, maxLength: number) =>
  z.string().trim().max(maxLength, `${label} must be at most ${maxLength} characters`).optional();

const COUNTRY_REQUIRED = 'Choose a country';

/**
 * An address as a shopper enters it; its fields do not abort on a blank, so that the country's
 * rules below still run. The region and postcode follow the country's rule where one
 * is known (checked even while other fields are wrong, so a form shows every message at once); the
 * answer is normalised (upper-case UK and Canadian postcodes with one space, state codes in capitals)
 * and empty optional fields are null.
 */
export const addressInput = z
  .object({
    name: boundedText('Full name', ADDRESS_LIMITS.name, false).describe("The recipient's name"),
    line1: boundedText('Address', ADDRESS_LIMITS.line1, false).describe('Street and number'),
    line2: optionalText('Address line 2', ADDRESS_LIMITS.line2).describe('Flat, suite, building (optional)'),
    city: boundedText('City', ADDRESS_LIMITS.city, false),
    region: optionalText('Region', ADDRESS_LIMITS.region).describe('State, province or county; a 2-letter code for US and CA'),
    postalCode: z.string().trim().optional().describe('Postcode or ZIP code, checked per country'),
    country: requiredText(COUNTRY_REQUIRED, false)
      .toUpperCase()
      .refine(isCountryCode, 'Choose a country from the list')
      .describe('ISO 3166-1 alpha-2 code'),
    phone: phone('Phone', false),
  })
  .superRefine(
    (address, context) => {
      const country = typeof address.country === 'string' ? address.country.trim().toUpperCase() : '';
      const labels = addressLabels(country);
      const region = typeof address.region === 'string' ? address.region.trim() : '';
      const regionRule = REGION_RULES[country as CountryCode];
      if (labels.regionRequired && region === '')
        context.addIssue({ code: 'custom', path: ['region'], message: `${labels.region} is Required` });
      else if (regionRule && !regionRule.test(region)) context.addIssue({ code: 'custom', path: ['region'], message: regionRule.message });

      const postalCode = typeof address.postalCode === 'string' ? address.postalCode.trim() : '';
      const postcodeRule = POSTCODE_RULES[country as CountryCode];
      const postcodeIssue = (message: string) => context.addIssue({ code: 'custom', path: ['postalCode'], message });
      if (postalCode === '') postcodeIssue(`${labels.postalCode} is Required`);
      else if (postcodeRule && !postcodeRule.test(postalCode)) postcodeIssue(postcodeRule.message);
      else if (postalCode.length > POSTCODE_MAX_LENGTH)
        postcodeIssue(`${labels.postalCode} must be at most ${POSTCODE_MAX_LENGTH} characters`);
    },
    // Runs whatever else failed: a country's messages show beside the others'.
    { when: () => true },
  )
  .transform(({ line2, region, postalCode, ...address }) => {
    const country = address.country as CountryCode;
    return {
      ...address,
      country,
      line2: line2 || null,
      region: region ? (REGION_RULES[country]?.normalize(region) ?? region) : null,
      postalCode: POSTCODE_RULES[country]?.normalize(postalCode!) ?? postalCode!,
    };
  });
/** The form's values (every field a string). */
export type AddressInput = z.input<typeof addressInput>;
/** What the server stores: normalised, empty optional fields null. */
export type ParsedAddress = z.output<typeof addressInput>;

// ---------------------------------------------------------------- formatting

/** An address as stored or shown: optional parts may be null. */
export interface PostalAddress {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postalCode: string;
  country: string;
}

/** The lines of an address as a label or receipt prints them, in the country's usual order, ending with the country. */
export function formatAddressLines(address: PostalAddress): string[] {
  const { name, line1, line2, city, region, postalCode, country } = address;
  const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');
  let locality: string[];
  if (country === 'US' || country === 'CA' || country === 'AU') locality = [join(`${city},`, region, postalCode)];
  else if (country === 'GB') locality = [city, region ?? '', postalCode];
  else locality = [join(postalCode, city), region ?? ''];
  return [name, line1, line2 ?? '', ...locality, countryName(country)].filter((line) => line !== '');
}

/** An address on one line ("Casey Blade, 1 Forge Lane, Sheffield, S1 2HE, United Kingdom"), for the order's text address. */
export const formatAddress = (address: PostalAddress) => formatAddressLines(address).join(', ');

// ---------------------------------------------------------------- where the shop ships

/** An ISO 3166-1 alpha-2 code as an admin types it (any case, spaces around). */
const countryCode = z
  .string({ error: 'Country is Required' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: (issue) => `${String(issue.input)} is not a country code (ISO 3166-1 alpha-2, such as US or GB)` });

/** A shipping zone: its name and the countries it covers (a country is in one zone at most). */
export const shippingZoneInput = z.object({
  name: boundedText('Zone name', 60),
  countries: z.array(countryCode).min(1, 'Give the zone at least one country').max(250, 'A zone has at most 250 countries'),
});
export type ShippingZoneInput = z.infer<typeof shippingZoneInput>;

/**
 * A country's rule for bladed articles: whether they may be sent there, the minimum age of the
 * buyer (the shop's default when left out) and the parcel's handover (age-verified for the UK
 * unless given, standard elsewhere).
 */
export const bladeRuleInput = z.object({
  country: countryCode,
  minimumAge: setting(MINIMUM_AGE).optional(),
  allowed: z.boolean({ error: 'Say whether blades may be sent there' }),
  handover: z.enum(BLADE_HANDOVERS, { error: `Handover must be ${BLADE_HANDOVERS.join(' or ')}` }).optional(),
});
export type BladeRuleInput = z.infer<typeof bladeRuleInput>;
