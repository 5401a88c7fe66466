import type { ModuleEvents } from '../keen-module';

export interface ReviewPayload {
  reviewId: string;
  authorId: string | null;
  /** The knife reviewed; null for a review of the shop. */
  productId: string | null;
  rating: number;
}

declare module '../../events/domain-events' {
  interface DomainEventPayloads {
    'review.added': ReviewPayload;
    'review.removed': ReviewPayload;
  }
}

/** The events this module raises: 'public' ones may change a public answer (the read cache forgets), 'private' ones never do. */
export const REVIEWS_EVENTS = {
  'review.added': 'public',
  'review.removed': 'public',
} as const satisfies ModuleEvents;
