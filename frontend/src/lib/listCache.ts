import type { ApolloCache, Reference } from '@apollo/client';

export interface CachedList {
  items: Reference[];
  totalItems: number;
}

function isList(value: unknown): value is CachedList {
  return !!value && typeof value === 'object' && Array.isArray((value as CachedList).items);
}

/** Puts an entity at the head of every cached page list of a Query field (each filter and sort). */
export function prependToLists(cache: ApolloCache, fieldName: string, entity: { __typename?: string; id: string }): void {
  const ref = cache.identify(entity as { __typename: string; id: string });
  if (!ref) return;
  cache.modify({
    fields: {
      [fieldName]: (existing: unknown) => {
        if (!isList(existing) || existing.items.some((item) => item.__ref === ref)) return existing;
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

/** Drops a deleted order from every cached order list (the admin grid and My Orders) and the overview counted from them. */
export function removeOrderFromCache(cache: ApolloCache, id: string): void {
  removeFromLists(cache, ['orders', 'myOrders'], { __typename: 'Order', id });
  cache.evict({ fieldName: 'overview' });
}
