import { isCountryCode } from '@keen/rules/address';
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import { addressMetadata } from './address-metadata';

countries.registerLocale(english);

/** A US state's or Canadian province's code (their metadata's region keys): "IL" ends an Illinois address as often as an Israeli one. */
const isStateOrProvinceCode = (code: string) =>
  ['US', 'CA'].some((country) => addressMetadata(country)?.sub_regions?.some((region) => region.key === code));

/** What an order given only an address text is told when the text names no country and the shop delivers abroad. */
export const DELIVERY_COUNTRY_REQUIRED = "Add the delivery country: send shippingAddress, or end the address with the country's name";

/**
 * The country an address text names, or null: its last part (after the last comma, semicolon or
 * line break) as an English country name ("United Kingdom", "UK", "Great Britain") or an ISO
 * 3166-1 code ("GB", "GBR"). A 2-letter part that is also a US state's or Canadian province's code
 * ("Springfield, IL") names no country: it is as likely a state as a country.
 */
export function countryOfAddressText(text: string): string | null {
  const last = text
    .split(/[,;\n]/)
    .map((part) => part.trim().replace(/\.$/, ''))
    .filter(Boolean)
    .at(-1);
  if (!last) return null;
  const upper = last.toUpperCase();
  if (/^[A-Z]{2}$/.test(upper) && isCountryCode(upper)) return isStateOrProvinceCode(upper) ? null : upper;
  if (/^[A-Z]{3}$/.test(upper)) {
    const code = countries.alpha3ToAlpha2(upper);
    if (code && isCountryCode(code)) return code;
  }
  const named = countries.getAlpha2Code(last, 'en');
  return named && isCountryCode(named) ? named : null;
}
