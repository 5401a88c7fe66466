/** Engraving proofs' domain events and what they carry: what a mail or a webhook needs without reading the proof again. */
import type { ModuleEvents } from '../keen-module';
import type { Order } from '../orders';
import type { OrderProof } from './order-proof.entity';

/** A round of a line's proof after the change that raised the event, with its order's customer. */
export interface ProofPayload {
  proofId: string;
  orderId: string;
  lineId: string;
  /** The line as ordered (its product name). */
  lineName: string;
  version: number;
  /** Open, ChangesRequested or Approved. */
  status: string;
  /** The order's state after the change (InProduction once its last proof was approved). */
  orderState: string;
  /** How many photos it has (their URLs stay out of events: GraphQL Order.proofs answers them). */
  imageCount: number;
  note: string | null;
  engraving: { text: string; font: string | null };
  comment: string | null;
  /** When staff sent it, and when it was answered (ISO 8601). */
  sentAt: string;
  answeredAt: string | null;
  /** Who approved it or asked for changes (an e-mail), or "policy"; null while open. */
  answeredBy: string | null;
  customer: { id: string | null; name: string; email: string };
  /** A guest order: its mails link the proof page by the order's link. */
  guest: boolean;
}

export function proofPayload(
  proof: OrderProof,
  order: Pick<Order, 'state' | 'customerId' | 'userName' | 'email' | 'guestEmail'>,
  lineName: string,
): ProofPayload {
  return {
    proofId: proof.id,
    orderId: proof.orderId,
    lineId: proof.lineId,
    lineName,
    version: proof.version,
    status: proof.status,
    orderState: order.state,
    imageCount: proof.images?.length ?? 0,
    note: proof.note,
    engraving: { text: proof.engravingText, font: proof.engravingFont },
    comment: proof.comment,
    sentAt: new Date(proof.sentAt).toISOString(),
    answeredAt: proof.answeredAt ? new Date(proof.answeredAt).toISOString() : null,
    answeredBy: proof.answeredBy,
    customer: { id: order.customerId, name: order.userName, email: order.email },
    guest: order.guestEmail != null,
  };
}

declare module '../../events/domain-events' {
  interface DomainEventPayloads {
    /** Staff sent a proof of an engraved line: the customer is mailed a link to approve it or ask for changes. */
    'order.proof_requested': ProofPayload;
    /** The customer (or PROOF_POLICY=proceed, answeredBy "policy") approved a proof: evidence of who approved which version when. */
    'order.proof_approved': ProofPayload;
    /** The customer asked for changes to a proof, with a comment: staff are mailed and send the next round. */
    'order.proof_changes_requested': ProofPayload;
    /** A proof was left unanswered PROOF_REMINDER_DAYS: its customer is reminded, once. */
    'order.proof_reminder': ProofPayload;
  }
}

/** None changes a public answer: the order's own moves (AwaitingProof, InProduction) do that. */
export const PROOFS_EVENTS = {
  'order.proof_requested': 'private',
  'order.proof_approved': 'private',
  'order.proof_changes_requested': 'private',
  'order.proof_reminder': 'private',
} as const satisfies ModuleEvents;
