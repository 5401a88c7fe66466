import type { ModuleEvents } from '../keen-module';

/** A product after the change that raised the event. */
export interface ProductPayload {
  productId: string;
  name: string;
  /** Its lowest variant price in minor units of `currency`; `price` is it in major units (129.5). */
  priceAmount: number;
  currency: string;
  price: number;
  quantity: number;
  minimumQuantity: number;
}

declare module '../../events/domain-events' {
  interface DomainEventPayloads {
    'product.created': ProductPayload;
    'product.updated': ProductPayload;
    'product.deleted': ProductPayload;
  }
}

/** The events this module raises: 'public' ones may change a public answer (the read cache forgets), 'private' ones never do. */
export const CATALOG_EVENTS = {
  'product.created': 'public',
  'product.updated': 'public',
  'product.deleted': 'public',
} as const satisfies ModuleEvents;
