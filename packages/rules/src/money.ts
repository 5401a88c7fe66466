/**
 * Money as the shop keeps it: an integer number of the currency's minor units (cents for USD,
 * yen for JPY) and an ISO 4217 code. How many decimals a currency has comes from Intl, never from
 * a constant 100, so a zero-decimal currency works the same way.
 */

/** The largest amount in minor units a price, surcharge or order total may be: the columns are 32-bit. */
export const MAX_AMOUNT = 2_000_000_000;
/** The largest whole price the SPEC's integer fields take: it fits MAX_AMOUNT in a currency of up to 3 decimals. */
export const MAX_WHOLE_PRICE = 2_000_000;

const decimalsByCurrency = new Map<string, number>();

/** The number of decimals of an ISO 4217 currency: 2 for USD and EUR, 0 for JPY, 3 for KWD. */
export function currencyDecimals(currency: string): number {
  const code = currency.toUpperCase();
  let decimals = decimalsByCurrency.get(code);
  if (decimals === undefined) {
    decimals = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    decimalsByCurrency.set(code, decimals);
  }
  return decimals;
}

/** Whether Intl knows the code as a currency (a typo in SHOP_CURRENCY is refused at start). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Za-z]{3}$/.test(code)) return false;
  return Intl.supportedValuesOf('currency').includes(code.toUpperCase());
}

const unitOf = (currency: string) => 10 ** currencyDecimals(currency);

/** Major units (129.5 dollars) to minor units (12950 cents), rounded half up to a whole minor unit. */
export const toMinorUnits = (major: number, currency: string): number => roundHalfUp(major * unitOf(currency));

/** Minor units to major units as a JSON number: 12950 cents is 129.5, 12900 is 129. */
export const toMajorUnits = (minor: number, currency: string): number => {
  const decimals = currencyDecimals(currency);
  return Number((minor / 10 ** decimals).toFixed(decimals));
};

/** Minor units to whole major units, half up: the SPEC's integer price fields. */
export const toWholeMajorUnits = (minor: number, currency: string): number => roundHalfUp(minor / unitOf(currency));

/** Rounds to the nearest integer, halves away from zero (Math.round would take -2.5 to -2). */
export const roundHalfUp = (value: number): number => Math.sign(value) * Math.round(Math.abs(value) + Number.EPSILON * Math.abs(value));

/** Per locale and currency: its formatter, and the amounts it has written (at most WRITTEN_KEPT). */
const formatters = new Map<string, { format: Intl.NumberFormat; written: Map<number, string> }>();
/** An order page writes hundreds of amounts, mostly the same few (0 above all); Intl takes about 2.5 µs for each. */
const WRITTEN_KEPT = 10_000;

/** "$1,250.00", "¥1,250", "€25.80" (in the locale's own order for the locale given). */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = { format: new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }), written: new Map() };
    formatters.set(key, formatter);
  }
  let text = formatter.written.get(minor);
  if (text === undefined) {
    text = formatter.format.format(toMajorUnits(minor, currency));
    if (formatter.written.size >= WRITTEN_KEPT) formatter.written.clear();
    formatter.written.set(minor, text);
  }
  return text;
}

/**
 * The amount an admin types ("129.50", "129,5", "1,250") in minor units, or null when it is not
 * an amount with at most the currency's decimals.
 */
export function parseMajorAmount(text: string, currency: string): number | null {
  const decimals = currencyDecimals(currency);
  const trimmed = text.trim().replace(/[\s,](?=\d{3}(\D|$))/g, '');
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(trimmed);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  return Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || 0);
}

/** A product's tax category; each zone has a rate for each (none set: 0%). */
export const TAX_CATEGORIES = ['standard', 'reduced', 'zero'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** What a product is: goods (a knife, a blade, a whetstone) or a gift card (no stock, delivery or age rule). */
export const PRODUCT_KINDS = ['KNIFE', 'GIFT_CARD'] as const;
export type ProductKindName = (typeof PRODUCT_KINDS)[number];

/** A tax rate's unit: thousandths of a percent, so 100% is 100000, 20% is 20000 and New York's 8.875% is 8875. */
export const MILLI_PERCENT_PER_PERCENT = 1000;
/** 100% in thousandths of a percent. */
export const FULL_RATE_MILLI_PERCENT = 100 * MILLI_PERCENT_PER_PERCENT;

/** A rate in percent (8.875) as stored, in thousandths of a percent (8875); rounds away float noise, not decimals (callers check at most 3). */
export const milliPercentOf = (percent: number): number => Math.round(percent * MILLI_PERCENT_PER_PERCENT);

/** A stored rate (8875) in percent as the APIs answer it (8.875). */
export const percentOfMilliPercent = (milliPercent: number): number => milliPercent / MILLI_PERCENT_PER_PERCENT;

/** Whether a rate in percent has at most 3 decimals (8.875 does, 8.8751 does not). */
export const hasAtMostThreeDecimals = (percent: number): boolean =>
  Math.abs(percent * MILLI_PERCENT_PER_PERCENT - Math.round(percent * MILLI_PERCENT_PER_PERCENT)) < 1e-6;

/**
 * The tax in an amount of minor units at a rate in thousandths of a percent (20000 is 20%, 8875
 * is 8.875%), rounded half up to a whole minor unit: one rule, applied per order line and to
 * shipping. With tax-inclusive prices it is the part of the amount that is tax (20/120 of 45.99 is
 * 7.665: 7.67); otherwise it is added on top (20% of 129.00 is 25.80; 8.875% of 100.00 is 8.875: 8.88).
 */
export function taxOf(amount: number, rateMilliPercent: number, pricesIncludeTax: boolean): number {
  if (!rateMilliPercent) return 0;
  return roundHalfUp(
    (amount * rateMilliPercent) / (pricesIncludeTax ? FULL_RATE_MILLI_PERCENT + rateMilliPercent : FULL_RATE_MILLI_PERCENT),
  );
}
