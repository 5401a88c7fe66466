import type { ModuleEvents } from '../keen-module';

export interface CollectionPayload {
  collectionId: string;
}

declare module '../../events/domain-events' {
  interface DomainEventPayloads {
    /** Made, changed, filled, moved or deleted: its page and the collection lists change. */
    'collection.changed': CollectionPayload;
  }
}

/** The events this module raises: 'public' ones may change a public answer (the read cache forgets), 'private' ones never do. */
export const COLLECTIONS_EVENTS = {
  'collection.changed': 'public',
} as const satisfies ModuleEvents;
