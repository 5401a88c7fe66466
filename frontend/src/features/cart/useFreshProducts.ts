import { useEffect, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { CartProductQuery as CartProductResult } from '../../gql/graphql';
import { CartProductQuery } from './operations';
import { type CartLine, seenOf } from '../../lib/cart';
import { customOf, leadTimeOf, lineName, measureError, unitPrice } from '../../lib/variants';

export type FreshProduct = NonNullable<CartProductResult['product']>;
type FreshVariant = FreshProduct['variants'][number];

/**
 * Reads every cart product from the server once when the cart (or checkout) opens: prices and
 * stock (its variants') may have changed since the lines were added. Null for a product that no longer exists.
 */
export function useFreshProducts(lines: CartLine[]) {
  const client = useApolloClient();
  const ids = [...new Set(lines.map((line) => line.productId))].sort().join(',');
  const [state, setState] = useState<{ ids: string; products: Map<string, FreshProduct | null> | null; error: unknown }>({
    ids: '',
    products: null,
    error: null,
  });
  useEffect(() => {
    let current = true;
    const wanted = ids ? ids.split(',') : [];
    Promise.all(wanted.map((id) => client.query({ query: CartProductQuery, variables: { id }, fetchPolicy: 'network-only' })))
      .then((answers) => {
        if (current) setState({ ids, products: new Map(wanted.map((id, i) => [id, answers[i].data?.product ?? null])), error: null });
      })
      .catch((error: unknown) => {
        if (current) setState({ ids, products: null, error });
      });
    return () => {
      current = false;
    };
  }, [client, ids]);
  // Lines added or removed since keep the answer already read for the others.
  return { products: state.products, loading: state.ids !== ids && !state.products, error: state.error };
}

/**
 * The variant a line orders as the shop has it now: the one it names, or a line stored before
 * variants orders the product's only variant. `null` when that variant is gone; `'choose'` when an
 * older line meets a product that now has several.
 */
export function freshVariant(line: CartLine, product: FreshProduct): FreshVariant | null | 'choose' {
  if (line.variantId) return product.variants.find((variant) => variant.id === line.variantId) ?? null;
  return product.variants.length === 1 ? product.variants[0] : 'choose';
}

/** The line's `seen` as the shop sells it now: its variant's photo, unit price (with a measure's surcharge) and stock. */
export function freshSeen(line: CartLine, product: FreshProduct): CartLine['seen'] {
  const variant = freshVariant(line, product);
  if (!line.variantId || !variant || variant === 'choose') return seenOf(product);
  return seenOf(product, { img: variant.img, unitAmount: unitPrice(product.optionGroups, variant), quantity: variant.quantity });
}

/** What stands between a line and checkout, given its product as the shop has it now; null when nothing does. */
export function lineProblem(line: CartLine, product: FreshProduct | null | undefined): string | null {
  if (product === undefined) return null;
  const name = lineName(product?.name ?? line.seen.name, line.variantName);
  if (product === null) return `${name} is no longer sold; remove it`;
  const variant = freshVariant(line, product);
  // The server's words (orders.service.ts): the first option group names what to choose.
  if (variant === 'choose') return `Choose a ${(product.optionGroups[0]?.name ?? 'variant').toLowerCase()} for ${product.name}`;
  if (variant === null) return `${name} is no longer sold; remove it`;
  if (!variant.enabled) return `${name} is not available; remove it`;
  const stock = variant.quantity;
  // Made to order (the variant's own lead time, else its product's): what the stock lacks is made (the server checks its cap).
  const { madeToOrder } = leadTimeOf(product, variant);
  if (!madeToOrder && stock < product.minimumQuantity) return `${name} is sold out; remove it`;
  if (!madeToOrder && stock < line.quantity) return `Only ${stock} left of ${name}`;
  if (line.quantity < product.minimumQuantity) return `${name}: at least ${product.minimumQuantity} per order`;
  if (line.engraving && !product.engravable) return `${name} can no longer be engraved; remove it`;
  const custom = customOf(product.optionGroups, variant);
  if (custom) return measureError(custom, String(line.customValue ?? ''), product.name);
  return null;
}

/** A price of a line's unit that the shop has changed since the cart showed it: amounts in minor units of their currencies. */
export interface PriceChange {
  what: 'price' | 'engraving price';
  from: { amount: number; currency: string };
  to: { amount: number; currency: string };
}

/**
 * What changed in the price of one unit of the line, as the shop charges it now: its variant's
 * price (with a measure's surcharge), and on an engraved line its engraving surcharge per unit.
 * Empty when the cart's total is still what the order would cost.
 */
export function priceChanges(line: CartLine, product: FreshProduct | null | undefined): PriceChange[] {
  const variant = product && freshVariant(line, product);
  if (!product || !variant || variant === 'choose') return [];
  const fresh = freshSeen(line, product);
  const changes: PriceChange[] = [];
  // A line seen in another currency (kept from before the shop changed it) has changed as a whole.
  const sameCurrency = fresh.currency === line.seen.currency;
  const change = (what: PriceChange['what'], from: number, to: number) => {
    if (!sameCurrency || from !== to) {
      changes.push({ what, from: { amount: from, currency: line.seen.currency }, to: { amount: to, currency: fresh.currency } });
    }
  };
  change('price', line.seen.unitAmount, fresh.unitAmount);
  if (line.engraving) change('engraving price', line.seen.engravingAmount, fresh.engravingAmount);
  return changes;
}
