import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type FieldPolicy, type Reference } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';

interface ListPage {
  items: Reference[];
  totalItems: number;
  [key: string]: unknown;
}
type ListOptions = { options?: { skip?: number; take?: number } | null } | null;

const DEFAULT_TAKE = 20;

/**
 * One cached list per filter and sort (skip/take are not part of the key). Pages merge by offset,
 * and a read answers a page only when every row of it is cached, so a longer page than the
 * cached one goes to the network instead of answering a short list.
 */
export function offsetListPolicy(filterKeys: string[]): FieldPolicy<ListPage> {
  return {
    keyArgs: ['options', filterKeys],
    merge(existing, incoming, { args }) {
      const skip = (args as ListOptions)?.options?.skip ?? 0;
      const take = (args as ListOptions)?.options?.take ?? DEFAULT_TAKE;
      const before = existing?.items ?? [];
      if (skip > before.length) return incoming;
      const items = [...before.slice(0, skip), ...incoming.items];
      if (incoming.items.length === take) items.push(...before.slice(skip + take));
      return { ...incoming, items: items.slice(0, Math.max(incoming.totalItems, items.length)) };
    },
    read(existing, { args, canRead }) {
      if (!existing) return undefined;
      const skip = (args as ListOptions)?.options?.skip ?? 0;
      const take = (args as ListOptions)?.options?.take ?? DEFAULT_TAKE;
      const all = existing.items.filter((item) => canRead(item));
      const items = all.slice(skip, skip + take);
      const expected = Math.max(0, Math.min(take, existing.totalItems - skip));
      if (items.length < expected) return undefined;
      return { ...existing, items };
    },
  };
}

/** Which types implement each interface of the schema, so the cache matches fragments on them (lib/apollo.test.ts holds it to backend/schema.graphql). */
export const POSSIBLE_TYPES = { AddressLines: ['Address', 'PostalAddress'] };

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    possibleTypes: POSSIBLE_TYPES,
    typePolicies: {
      Query: {
        fields: {
          products: offsetListPolicy(['search', 'sortBy', 'sortDirection', 'lowStock', 'inStock', 'collection']),
          reviews: offsetListPolicy(['search', 'sortBy', 'sortDirection', 'productId']),
          myOrders: offsetListPolicy(['search', 'sortBy', 'sortDirection', 'state', 'status', 'paid', 'engraved']),
          orders: offsetListPolicy(['search', 'sortBy', 'sortDirection', 'state', 'status', 'paid', 'engraved']),
          users: offsetListPolicy(['search', 'sortBy', 'sortDirection', 'role']),
          // The whole list, each time: a retry's answer replaces it.
          failedJobs: { merge: false },
          scheduledJobs: { merge: false },
          // The dashboard's zones, always read whole: a deleted zone leaves the list.
          shippingZones: { merge: false },
          bladeRules: { merge: false },
          product: { read: (existing, { args, toReference }) => existing ?? toReference({ __typename: 'Product', id: args?.id }) },
          order: { read: (existing, { args, toReference }) => existing ?? toReference({ __typename: 'Order', id: args?.id }) },
        },
      },
      // The address book is always answered and rewritten whole (features/profile/addresses).
      User: { fields: { addresses: { merge: false } } },
      // A method's price and totals depend on the lines and address asked about: each answer keeps its own.
      ShippingOption: { keyFields: false },
      // One rule per country: setBladeRule's answer updates its row in place.
      BladeRule: { keyFields: ['country'] },
    },
  });
}

/** Adds `Authorization: Bearer <Firebase ID token>` while someone is signed in. */
export function authLink(getToken: () => Promise<string | null>): ApolloLink {
  return new SetContextLink(async (prevContext) => {
    const token = await getToken();
    if (!token) return {};
    return { headers: { ...(prevContext.headers as Record<string, string> | undefined), Authorization: `Bearer ${token}` } };
  });
}

export function createApolloClient(getToken: () => Promise<string | null>, link?: ApolloLink): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([authLink(getToken), link ?? new HttpLink({ uri: '/graphql' })]),
    cache: createCache(),
  });
}
