/** Gift cards' domain events and what they carry: never a whole code, only its last four characters. */
import type { ModuleEvents } from '../keen-module';

/** A card issued: for a paid gift-card line unit, or by staff by hand. */
export interface GiftCardIssuedPayload {
  giftCardId: string;
  /** The last four characters of its code: "ABCD". */
  lastFour: string;
  /** Minor units of `currency`. */
  initialAmount: number;
  currency: string;
  /** The order that bought it; null for a card issued by hand. */
  orderId: string | null;
  recipientEmail: string | null;
  expiresAt: string | null;
  sendAt: string | null;
}

/** A card paid part or all of an order. */
export interface GiftCardRedeemedPayload {
  giftCardId: string;
  lastFour: string;
  orderId: string;
  /** What it paid, minor units. */
  amount: number;
  /** What is left on it after. */
  balance: number;
  currency: string;
}

declare module '../../events/domain-events' {
  interface DomainEventPayloads {
    'gift_card.issued': GiftCardIssuedPayload;
    'gift_card.redeemed': GiftCardRedeemedPayload;
  }
}

/** Neither changes a public answer. */
export const GIFT_CARD_EVENTS = {
  'gift_card.issued': 'private',
  'gift_card.redeemed': 'private',
} as const satisfies ModuleEvents;
