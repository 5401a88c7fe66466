import { useEffect, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { CartProductQuery as CartProductResult } from '../../gql/graphql';
import { CartProductQuery } from './operations';
import type { CartLine } from '../../lib/cart';

export type FreshProduct = NonNullable<CartProductResult['product']>;

/**
 * Reads every cart product from the server once when the cart (or checkout) opens: prices and
 * stock may have changed since the lines were added. Null for a product that no longer exists.
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

/** What stands between a line and checkout, given its product as the shop has it now; null when nothing does. */
export function lineProblem(line: CartLine, product: FreshProduct | null | undefined): string | null {
  if (product === undefined) return null;
  if (product === null) return `${line.seen.name} is no longer sold; remove it`;
  if (product.quantity < product.minimumQuantity) return `${product.name} is sold out; remove it`;
  if (product.quantity < line.quantity) return `Only ${product.quantity} left of ${product.name}`;
  if (line.quantity < product.minimumQuantity) return `${product.name}: at least ${product.minimumQuantity} per order`;
  if (line.engraving && !product.engravable) return `${product.name} can no longer be engraved; remove it`;
  return null;
}

/** A price of a line's unit that the shop has changed since the cart showed it. */
export interface PriceChange {
  what: 'price' | 'engraving price';
  from: number;
  to: number;
}

/**
 * What changed in the price of one unit of the line, as the shop charges it now: the product's
 * price, and on an engraved line its engraving surcharge per unit. Empty when the cart's total is
 * still what the order would cost.
 */
export function priceChanges(line: CartLine, product: FreshProduct | null | undefined): PriceChange[] {
  if (!product) return [];
  const changes: PriceChange[] = [];
  if (product.price !== line.seen.price) changes.push({ what: 'price', from: line.seen.price, to: product.price });
  if (line.engraving && product.engravingPrice !== line.seen.engravingPrice) {
    changes.push({ what: 'engraving price', from: line.seen.engravingPrice, to: product.engravingPrice });
  }
  return changes;
}
