import type { ReadCache } from '../common/read-cache';
import { PUBLIC_ANSWER_EVENTS } from './domain-events';
import type { DeclareWork } from './work';

/**
 * The read cache's invalidation, declared here rather than beside the cache: common/ knows nothing
 * of events, and events/ already says which events may change a public answer (the catalogue).
 * A committed change that may be in a public answer: the cache forgets every answer, in any order,
 * before the write's answer is sent.
 */
export const readCacheWork: DeclareWork<{ readCache: ReadCache }> = ({ readCache }) => ({
  subscribers: [{ name: 'read-cache', events: PUBLIC_ANSWER_EVENTS, inOrder: false, inline: true, handle: () => readCache.invalidate() }],
});
