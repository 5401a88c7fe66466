/** Refunds' domain events and what they carry. */
import type { ModuleEvents } from '../keen-module';
import type { RefundPayload } from '../orders';

declare module '../../events/domain-events' {
  interface DomainEventPayloads {
    'refund.created': RefundPayload;
  }
}

/** The order's own move (order.partially_refunded or order.refunded) is what changes public answers. */
export const INVOICING_EVENTS = {
  'refund.created': 'private',
} as const satisfies ModuleEvents;
