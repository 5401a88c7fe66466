import type { ApolloCache, Reference } from '@apollo/client';

export interface CachedList {
  items: Reference[];
  totalItems: number;
}

function isList(value: unknown): value is CachedList {
  return !!value && typeof value === 'object' && Array.isArray((value as CachedList).items);
}

/**
 * Puts an entity at the head of every cached page list of a Query field (each filter and sort), or
 * of those whose filters it `matches`.
 */
export function prependToLists(
  cache: ApolloCache,
  fieldName: string,
  entity: { __typename?: string; id: string },
  matches: (filters: Record<string, unknown>) => boolean = () => true,
): void {
  const ref = cache.identify(entity as { __typename: string; id: string });
  if (!ref) return;
  cache.modify({
    fields: {
      [fieldName]: (existing: unknown, { storeFieldName }) => {
        if (!isList(existing) || !matches(filtersOf(storeFieldName)) || existing.items.some((item) => item.__ref === ref)) return existing;
        return { ...existing, items: [{ __ref: ref }, ...existing.items], totalItems: existing.totalItems + 1 };
      },
    },
  });
}

/** Drops an entity from every cached list of the given Query fields, then evicts it. */
export function removeFromLists(cache: ApolloCache, fieldNames: string[], entity: { __typename: string; id: string }): void {
  const ref = cache.identify(entity);
  if (!ref) return;
  const without = (existing: unknown) => {
    if (!isList(existing) || !existing.items.some((item) => item.__ref === ref)) return existing;
    return { ...existing, items: existing.items.filter((item) => item.__ref !== ref), totalItems: Math.max(0, existing.totalItems - 1) };
  };
  cache.modify({ fields: Object.fromEntries(fieldNames.map((name) => [name, without])) });
  cache.evict({ id: ref });
  cache.gc();
}

/** An order changed state here: the overview counted from the orders is stale. */
export function forgetOverview(cache: ApolloCache): void {
  cache.evict({ fieldName: 'overview' });
}

/** The filters a cached list was stored under (its key arguments), read back from its store field name. */
function filtersOf(storeFieldName: string): Record<string, unknown> {
  const colon = storeFieldName.indexOf(':');
  if (colon < 0) return {};
  try {
    return (JSON.parse(storeFieldName.slice(colon + 1)) as { options?: Record<string, unknown> | null }).options ?? {};
  } catch {
    return {};
  }
}

/**
 * After a change (a role, an order's status), drops the entity from every cached list of `fieldName`
 * whose filters it no longer matches; lists it still matches keep it, updated by normalisation.
 */
export function leaveListsNoLongerMatching(
  cache: ApolloCache,
  fieldName: string,
  entity: { __typename: string; id: string },
  matches: (filters: Record<string, unknown>) => boolean,
): void {
  const ref = cache.identify(entity);
  if (!ref) return;
  cache.modify({
    fields: {
      [fieldName]: (existing: unknown, { storeFieldName }) => {
        if (!isList(existing) || matches(filtersOf(storeFieldName)) || !existing.items.some((item) => item.__ref === ref)) return existing;
        return {
          ...existing,
          items: existing.items.filter((item) => item.__ref !== ref),
          totalItems: Math.max(0, existing.totalItems - 1),
        };
      },
    },
  });
}

/**
 * A new product in every cached product list, without a refetch: first in newest-first lists, last
 * in oldest-first ones (the default) when they hold every row; a list whose filter it fails keeps
 * without it. Lists whose order cannot be known here (a search's ranking, price or name) are dropped,
 * to be fetched again when shown.
 */
export function addProductToLists(cache: ApolloCache, product: { id: string; quantity: number; minimumQuantity: number }): void {
  const ref = cache.identify({ __typename: 'Product', id: product.id });
  if (!ref) return;
  cache.modify({
    fields: {
      products: (existing: unknown, { storeFieldName, DELETE }) => {
        if (!isList(existing) || existing.items.some((item) => item.__ref === ref)) return existing;
        const { search, sortBy, sortDirection, lowStock, inStock } = filtersOf(storeFieldName);
        if (search || (sortBy != null && sortBy !== 'createdAt')) return DELETE;
        if (lowStock === true && product.quantity > product.minimumQuantity) return existing;
        if (inStock === true && product.quantity < product.minimumQuantity) return existing;
        const totalItems = existing.totalItems + 1;
        if (sortDirection === 'DESC') return { ...existing, items: [{ __ref: ref }, ...existing.items], totalItems };
        const complete = existing.items.length === existing.totalItems;
        return complete ? { ...existing, items: [...existing.items, { __ref: ref }], totalItems } : { ...existing, totalItems };
      },
    },
  });
}
