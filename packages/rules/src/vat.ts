let regionNames: Intl.DisplayNames | undefined;
const countryName = (code: string) =>
  (regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })).of(code) ?? code;

/**
 * VAT numbers of business buyers in the EU and the UK: each country's prefix (Greece's is EL,
 * Northern Ireland's XI beside GB) and the format of what follows it, from the European
 * Commission's VIES formats and HMRC's. Only the format is checked, not that the number is registered.
 */
const VAT_FORMATS: Record<string, { prefixes: readonly string[]; pattern: RegExp; example: string }> = {
  AT: { prefixes: ['AT'], pattern: /^U\d{8}$/, example: 'ATU12345678' },
  BE: { prefixes: ['BE'], pattern: /^[01]\d{9}$/, example: 'BE0123456789' },
  BG: { prefixes: ['BG'], pattern: /^\d{9,10}$/, example: 'BG123456789' },
  CY: { prefixes: ['CY'], pattern: /^\d{8}[A-Z]$/, example: 'CY12345678L' },
  CZ: { prefixes: ['CZ'], pattern: /^\d{8,10}$/, example: 'CZ12345678' },
  DE: { prefixes: ['DE'], pattern: /^\d{9}$/, example: 'DE123456789' },
  DK: { prefixes: ['DK'], pattern: /^\d{8}$/, example: 'DK12345678' },
  EE: { prefixes: ['EE'], pattern: /^\d{9}$/, example: 'EE123456789' },
  GR: { prefixes: ['EL'], pattern: /^\d{9}$/, example: 'EL123456789' },
  ES: { prefixes: ['ES'], pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/, example: 'ESX1234567X' },
  FI: { prefixes: ['FI'], pattern: /^\d{8}$/, example: 'FI12345678' },
  FR: { prefixes: ['FR'], pattern: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, example: 'FR12345678901' },
  HR: { prefixes: ['HR'], pattern: /^\d{11}$/, example: 'HR12345678901' },
  HU: { prefixes: ['HU'], pattern: /^\d{8}$/, example: 'HU12345678' },
  IE: { prefixes: ['IE'], pattern: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/, example: 'IE1234567T' },
  IT: { prefixes: ['IT'], pattern: /^\d{11}$/, example: 'IT12345678901' },
  LT: { prefixes: ['LT'], pattern: /^(\d{9}|\d{12})$/, example: 'LT123456789' },
  LU: { prefixes: ['LU'], pattern: /^\d{8}$/, example: 'LU12345678' },
  LV: { prefixes: ['LV'], pattern: /^\d{11}$/, example: 'LV12345678901' },
  MT: { prefixes: ['MT'], pattern: /^\d{8}$/, example: 'MT12345678' },
  NL: { prefixes: ['NL'], pattern: /^\d{9}B\d{2}$/, example: 'NL123456789B01' },
  PL: { prefixes: ['PL'], pattern: /^\d{10}$/, example: 'PL1234567890' },
  PT: { prefixes: ['PT'], pattern: /^\d{9}$/, example: 'PT123456789' },
  RO: { prefixes: ['RO'], pattern: /^\d{2,10}$/, example: 'RO1234567890' },
  SE: { prefixes: ['SE'], pattern: /^\d{10}01$/, example: 'SE123456789001' },
  SI: { prefixes: ['SI'], pattern: /^\d{8}$/, example: 'SI12345678' },
  SK: { prefixes: ['SK'], pattern: /^\d{10}$/, example: 'SK1234567890' },
  GB: { prefixes: ['GB', 'XI'], pattern: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/, example: 'GB123456789' },
};

/** The EU's member states (ISO 3166-1 alpha-2): where a reverse charge may apply. */
export const EU_COUNTRIES: readonly string[] = Object.keys(VAT_FORMATS).filter((country) => country !== 'GB');

/** Whether buyers delivered to `country` may give a VAT number: the EU's member states and the UK. */
export function takesVatNumber(country: string): boolean {
  return country in VAT_FORMATS;
}

/** A VAT number as stored: upper case, without spaces, dots or dashes. */
export function normalizeVatNumber(raw: string): string {
  return raw.replace(/[\s.-]/g, '').toUpperCase();
}

/** The message for a VAT number that is not one of `country`'s ("Enter a VAT number for Germany, like DE123456789"). */
export function vatNumberMessage(country: string): string {
  const format = VAT_FORMATS[country];
  return format
    ? `Enter a VAT number for ${countryName(country)}, like ${format.example}`
    : `VAT numbers are taken for EU and UK addresses only, not for ${countryName(country)}`;
}

/**
 * `raw` checked as a VAT number of the delivery country: its prefix must be the country's (EL for
 * Greece; GB or XI for the UK) and the rest its format. Answers it normalised, or the message.
 */
export function checkVatNumber(raw: string, country: string): { vatNumber: string } | { error: string } {
  const format = VAT_FORMATS[country];
  if (!format) return { error: vatNumberMessage(country) };
  const vatNumber = normalizeVatNumber(raw);
  const prefix = format.prefixes.find((candidate) => vatNumber.startsWith(candidate));
  if (!prefix || !format.pattern.test(vatNumber.slice(prefix.length))) return { error: vatNumberMessage(country) };
  return { vatNumber };
}

/** The note an invoice without VAT under the reverse charge must carry. */
export const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC). Intra-Community supply of goods exempt under Article 138.';

/** Whether an order is charged no VAT: the shop allows it, the buyer gave a VAT number, and ships to another EU country than the shop's. */
export function isReverseCharge(allowed: boolean, shopCountry: string, country: string, vatNumber: string | null | undefined): boolean {
  return allowed && !!vatNumber && country !== shopCountry && EU_COUNTRIES.includes(country);
}
