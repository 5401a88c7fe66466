import type { ApolloCache } from '@apollo/client';
import { removeFromLists } from '../../lib/listCache';

/** Drops a deleted order from every cached order list, then from the cache itself. */
export function removeOrderFromCache(cache: ApolloCache, id: string): void {
  removeFromLists(cache, ['myOrders', 'orders'], { __typename: 'Order', id });
}
