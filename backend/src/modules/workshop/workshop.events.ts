/** The workshop's events: an order running late, and the new date staff promise it. */
import type { ModuleEvents } from '../keen-module';
import type { OrderPayload } from '../orders';

/** The workshop's settings after an admin changed them or its closed dates. */
export interface WorkshopChangedPayload {
  handlingDays: number;
  capacityPerWeek: number | null;
  closedDates: string[];
}

declare module '../../events/domain-events' {
  interface DomainEventPayloads {
    /** An admin changed the handling days, the capacity or the closed dates: every estimate shown may change. */
    'workshop.changed': WorkshopChangedPayload;
    /** An order passed its latest ship date unshipped (the overdue job, once per order): the staff hear of it. */
    'order.late': OrderPayload;
    /** Staff set a late order's new ship date: its customer gets an apology with it and a link to cancel for a full refund. */
    'order.ship_date_changed': OrderPayload;
  }
}

/** A change of the workshop changes the storefront's estimates; a late order's events change no public answer. */
export const WORKSHOP_EVENTS = {
  'workshop.changed': 'public',
  'order.late': 'private',
  'order.ship_date_changed': 'private',
} as const satisfies ModuleEvents;
