/**
 * Variants as the storefront chooses them (issue 36): which combination of option values is which
 * variant, which values can still be bought, and how a chosen variant and its measure are named.
 * Plain functions, shared by the purchase page, the product cards and the cart.
 */
import { measureOutOfBounds } from '@keen/rules';
import type { MoneyValue } from './money';

export { lineName } from '@keen/rules';

export interface PickerValue {
  id: string;
  name: string;
  custom: boolean;
}

export interface CustomOption {
  label: string;
  min: number;
  max: number;
  unit: string;
  surchargeAmount: MoneyValue;
}

export interface PickerGroup {
  id: string;
  name: string;
  values: PickerValue[];
  custom: CustomOption | null;
}

export interface PickerVariant {
  id: string;
  name: string;
  options: { id: string; groupId: string }[];
  unitPrice: MoneyValue;
  quantity: number;
  img: string;
  enabled: boolean;
  /** Made to order in effect (its own days or its product's): ordered beyond its stock; null or absent: from stock only. */
  madeToOrder?: unknown;
}

/**
 * A product's variants as the storefront offers them: a gift card's denominations take no stock
 * (placeOrder counts none), so none of them is ever out of stock whatever its stock field says.
 */
export function withStockRule<V extends { quantity: number }>(product: { kind?: string | null }, variants: V[]): V[] {
  return product.kind === 'GIFT_CARD' ? variants.map((variant) => ({ ...variant, quantity: Number.MAX_SAFE_INTEGER })) : variants;
}

/**
 * When what is chosen ships: the variant's own lead time (made to order in its own days, or in
 * stock only) when it has one, else its product's. `variant` is the chosen one, or a product's only one.
 */
export function leadTimeOf<M, L>(
  product: { madeToOrder: M | null; leadTime: L },
  variant: { leadTimeMode: string; madeToOrder: M | null; leadTime: L } | null | undefined,
): { madeToOrder: M | null; leadTime: L } {
  return variant && variant.leadTimeMode !== 'INHERIT' ? { madeToOrder: variant.madeToOrder, leadTime: variant.leadTime } : product;
}

/** The storefront never offers a disabled variant. */
export const offered = <V extends Pick<PickerVariant, 'enabled'>>(variants: V[]) => variants.filter((variant) => variant.enabled);

/** On sale, and in stock or made to order (the server holds it to its product's cap). */
const buyable = (variant: Pick<PickerVariant, 'enabled' | 'quantity' | 'madeToOrder'>) =>
  variant.enabled && (variant.quantity > 0 || variant.madeToOrder != null);

/** A product to choose from: more than one variant (disabled ones too: the server then wants a variantId). */
export const hasChoice = (variants: unknown[]) => variants.length > 1;

/**
 * The variant a page starts on: the one the link names when it is offered, else the first in stock,
 * else the first offered; null when nothing is offered.
 */
export function initialVariant<V extends PickerVariant>(variants: V[], requested: string | null): V | null {
  const enabled = offered(variants);
  return enabled.find((variant) => variant.id === requested) ?? enabled.find(buyable) ?? enabled[0] ?? null;
}

/** A value every variant of which is sold out or disabled: shown, but not chosen. */
export const valueSoldOut = (variants: PickerVariant[], valueId: string) =>
  !variants.some((variant) => buyable(variant) && variant.options.some((option) => option.id === valueId));

/**
 * The variant after the shopper picks `valueId` in its group, from `current`: the same choices in the
 * other groups when that variant is in stock; else the variant in stock with that value that keeps
 * most of the other choices; else (nothing in stock with it) the same choices if offered at all.
 */
export function pick<V extends PickerVariant>(variants: V[], current: V | null, groupId: string, valueId: string): V | null {
  const kept = (variant: V) =>
    current ? variant.options.filter((option) => option.groupId !== groupId && current.options.some((o) => o.id === option.id)).length : 0;
  const withValue = offered(variants).filter((variant) => variant.options.some((option) => option.id === valueId));
  const byKept = [...withValue].sort((a, b) => kept(b) - kept(a));
  return byKept.find(buyable) ?? byKept[0] ?? null;
}

/** The value a variant has in a group. */
export const valueIn = (variant: Pick<PickerVariant, 'options'> | null, groupId: string) =>
  variant?.options.find((option) => option.groupId === groupId)?.id ?? null;

/** The made-to-measure rule a variant follows, with its group's name; null when it is not made to measure. */
export function customOf(groups: PickerGroup[], variant: Pick<PickerVariant, 'options'> | null) {
  for (const group of groups) {
    const value = group.values.find((candidate) => candidate.id === valueIn(variant, group.id));
    if (value?.custom && group.custom) return { group: group.name, ...group.custom };
  }
  return null;
}

/** What one unit of the variant costs in minor units: its price, plus the surcharge when it is made to measure. */
export const unitPrice = (groups: PickerGroup[], variant: PickerVariant) =>
  variant.unitPrice.amount + (customOf(groups, variant)?.surchargeAmount.amount ?? 0);

/** The server's words when a measure is missing or out of bounds, or null when it is fine. */
export function measureError(custom: NonNullable<ReturnType<typeof customOf>>, raw: string, productName: string): string | null {
  const value = raw.trim() === '' ? NaN : Number(raw);
  if (Number.isFinite(value) && value >= custom.min && value <= custom.max) return null;
  return measureOutOfBounds(custom, productName);
}

/** The variant's name as an order line reads it, its measure in place of the made-to-measure value ("23.5 cm / Walnut"). */
export function variantLabel(groups: PickerGroup[], variant: Pick<PickerVariant, 'name' | 'options'>, measure: number | null): string {
  if (!variant.options.length) return variant.name;
  return groups
    .map((group) => {
      const value = group.values.find((candidate) => candidate.id === valueIn(variant, group.id));
      if (!value) return null;
      return value.custom && group.custom && measure !== null ? `${measure} ${group.custom.unit}` : value.name;
    })
    .filter(Boolean)
    .join(' / ');
}

/** The lowest and highest price of the variants on sale, in minor units: a card says "from" when they differ. */
export function priceRange(
  variants: Pick<PickerVariant, 'unitPrice' | 'enabled'>[],
): { min: number; max: number; currency: string } | null {
  const prices = offered(variants).map((variant) => variant.unitPrice);
  if (!prices.length) return null;
  const amounts = prices.map((price) => price.amount);
  return { min: Math.min(...amounts), max: Math.max(...amounts), currency: prices[0].currency };
}
