import type { ApolloCache, Reference } from '@apollo/client';

interface CachedList {
  items: Reference[];
  totalItems: number;
}

/**
 * Removes a deleted row from every cached page of a list field (each filter and sort), so the
 * grids update from the cache; the row's own entry is evicted too.
 */
export function removeFromLists(cache: ApolloCache, fieldName: 'orders' | 'products', typename: string, id: string) {
  cache.modify<Record<string, CachedList>>({
    fields: {
      [fieldName]: (existing: CachedList | Reference, { readField }: { readField: (field: string, from: Reference) => unknown }) => {
        if (!existing || !('items' in existing)) return existing;
        const items = existing.items.filter((item) => readField('id', item) !== id);
        return { ...existing, items, totalItems: existing.totalItems - (existing.items.length - items.length) };
      },
    },
  });
  cache.evict({ id: cache.identify({ __typename: typename, id }) });
  cache.gc();
}
