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
