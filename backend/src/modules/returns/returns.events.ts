/** Returns' domain events and what they carry: the plain JSON a mail or a webhook needs without reading the return again. */
import type { ModuleEvents } from '../keen-module';
import type { Order } from '../orders';
import type { ReturnRequest } from './return.entity';

/** A return after the change that raised the event. */
export interface ReturnPayload {
  returnId: string;
  rmaNumber: string;
  state: string;
  orderId: string;
  /** The order's invoice, which a refund's credit note refers to. */
  invoiceNumber: string | null;
  customer: { id: string | null; name: string; email: string };
  /** One of ReturnReason (FAULTY, CHANGED_MIND...), and the customer's own words. */
  reason: string;
  details: string | null;
  /** Why an admin declined it; null otherwise. */
  declineReason: string | null;
  lines: { orderLineId: string; name: string; quantity: number; receivedQuantity: number | null; restock: boolean }[];
  photoCount: number;
  /** When it was asked for (ISO 8601). */
  createdAt: string;
}

export function returnPayload(
  row: ReturnRequest,
  order: Pick<Order, 'invoiceNumber' | 'customerId' | 'userName' | 'email'>,
): ReturnPayload {
  return {
    returnId: row.id,
    rmaNumber: row.rmaNumber,
    state: row.state,
    orderId: row.orderId,
    invoiceNumber: order.invoiceNumber,
    customer: { id: order.customerId, name: order.userName, email: order.email },
    reason: row.reason,
    details: row.details,
    declineReason: row.declineReason,
    lines: (row.lines ?? []).map((line) => ({
      orderLineId: line.orderLineId,
      name: line.name,
      quantity: line.quantity,
      receivedQuantity: line.receivedQuantity,
      restock: line.restock,
    })),
    photoCount: row.photos?.length ?? 0,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

declare module '../../events/domain-events' {
  interface DomainEventPayloads {
    /** A customer asked to return units of a delivered order: staff approve or decline it. */
    'return.requested': ReturnPayload;
    /** An admin approved a return: the customer gets the instructions by mail. */
    'return.approved': ReturnPayload;
    /** An admin declined a return, with a reason the customer gets by mail. */
    'return.declined': ReturnPayload;
    /** The returned units arrived; `lines` say how many of each, and which went back to stock. */
    'return.received': ReturnPayload;
    /** The received units were refunded (the refund's own refund.created carries the credit note). */
    'return.refunded': ReturnPayload;
  }
}

/** None changes a public answer: the order's own moves (refunds, restocks) do that. */
export const RETURNS_EVENTS = {
  'return.requested': 'private',
  'return.approved': 'private',
  'return.declined': 'private',
  'return.received': 'private',
  'return.refunded': 'private',
} as const satisfies ModuleEvents;
