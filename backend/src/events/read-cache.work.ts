import type { ReadCache } from '../common/read-cache';
import type { DomainEventName } from './domain-events';
import type { DeclareWork } from './work';

/**
 * The read cache's invalidation, declared here rather than beside the cache: common/ knows nothing
 * of events. On a committed change that may be in a public answer (`publicEvents`, as the modules
 * declare them), the cache forgets every answer, in any order, before the write's answer is sent.
 */
export const readCacheWork =
  (publicEvents: readonly DomainEventName[]): DeclareWork<{ readCache: ReadCache }> =>
  ({ readCache }) => ({
    subscribers: [{ name: 'read-cache', events: publicEvents, inOrder: false, inline: true, handle: () => readCache.invalidate() }],
  });
