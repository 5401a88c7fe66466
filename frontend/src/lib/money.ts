import { useSyncExternalStore } from 'react';
import { currencyDecimals, formatMoney as formatIn, toMajorUnits } from '@keen/rules';

/** Who the shop is and how it charges (the server's SHOP_* settings). */
export interface ShopSettings {
  /** ISO 4217: what every amount is in. */
  currency: string;
  /** BCP 47: how amounts are written. */
  locale: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  pricesIncludeTax: boolean;
}

/**
 * How the browser writes amounts: every amount is an integer of minor units with its currency,
 * written with Intl in the shop's locale. The server's `Money.formatted` is used where a Money is
 * at hand; formatMoney writes what the client adds up itself (cart, purchase total) the same way.
 * Until /config.json has answered (after the first paint, lib/config.ts) the shop is taken to be
 * the default US one; the dashboard, behind a sign-in, always has it.
 */
const DEFAULT_SHOP: ShopSettings = { currency: 'USD', locale: 'en-US', country: 'US', pricesIncludeTax: false };

let shop = DEFAULT_SHOP;
const listeners = new Set<() => void>();

/** The shop's settings from the runtime config; components reading them through useShop render again. */
export function knowShop(next: ShopSettings): void {
  shop = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentShop = () => shop;

/** The shop's currency and locale, rendering again when the runtime config brings them. */
export function useShop(): ShopSettings {
  return useSyncExternalStore(subscribe, currentShop, currentShop);
}

/** An amount in minor units of `currency` as the shop writes it: "$1,250.00", "¥1,250". */
export const formatMoney = (amount: number, currency: string) => formatIn(amount, currency, shop.locale);

/** formatMoney for a component, which renders again when the shop's locale arrives. */
export function useFormatMoney(): (amount: number, currency: string) => string {
  const { locale } = useShop();
  return (amount, currency) => formatIn(amount, currency, locale);
}

/** How the shop writes the currency alone ("$", "€", "¥"): an amount field's adornment. */
export const currencySymbol = (currency: string) =>
  new Intl.NumberFormat(shop.locale, { style: 'currency', currency }).formatToParts(0).find((part) => part.type === 'currency')?.value ??
  currency;

/** An amount as an admin's field starts: "129.50", without symbol or grouping (parseMajorAmount reads it back). */
export const amountText = (amount: number, currency: string) => toMajorUnits(amount, currency).toFixed(currencyDecimals(currency));

/** What an amount field says of text parseMajorAmount cannot read, with an example in the shop's currency (129.50, or 12950 in yen). */
export const unreadableAmount = (currency: string) => `Enter an amount like ${amountText(12950, currency)}`;

/** Money as the server answers it (MoneyFields). */
export interface MoneyValue {
  amount: number;
  currency: string;
  formatted: string;
}
