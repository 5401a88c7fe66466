import type { ModuleEvents } from '../keen-module';

/** A contact message as it arrived (message.received): what the staff mail shows. */
export interface MessageReceivedPayload {
  messageId: string;
  /** `QUESTION` or `COMMISSION`. */
  kind: string;
  name: string;
  email: string;
  message: string;
  /** The knife it is about, as it was named then; null for none. */
  productName: string | null;
  /** The budget as the shop writes money ("$300.00"); null for none. */
  budget: string | null;
  photoCount: number;
}

/** Staff answered a contact message (message.replied): the reply mail goes to its sender. */
export interface MessageRepliedPayload {
  messageId: string;
  replyId: string;
  kind: string;
  /** The sender's address, as they typed it. */
  to: string;
  /** What staff wrote; the mail carries this text alone, never the sender's. */
  text: string;
  /** When the message was sent (ISO 8601). */
  sentAt: string;
}

declare module '../../events/domain-events' {
  interface DomainEventPayloads {
    /** A visitor sent a question or a commission request through the contact form. */
    'message.received': MessageReceivedPayload;
    'message.replied': MessageRepliedPayload;
  }
}

/** The events this module raises: 'public' ones may change a public answer (the read cache forgets), 'private' ones never do. */
export const MESSAGES_EVENTS = {
  'message.received': 'private',
  'message.replied': 'private',
} as const satisfies ModuleEvents;
