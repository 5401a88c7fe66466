import DataLoader from 'dataloader';
import type { CardPayment } from './gift-card-ledger';
import type { GiftCardsService, IssuedCard } from './gift-cards.service';

/** One request's batched reads of gift cards. */
export function giftCardsLoaders(giftCards: GiftCardsService) {
  return {
    /** What each card paid of each order: one statement for a whole list of orders. */
    orderGiftCardPayments: new DataLoader<string, CardPayment[]>(async (orderIds) => {
      const rows = await giftCards.paymentsOf(orderIds);
      return orderIds.map((id) => rows.filter((row) => row.orderId === id));
    }),
    /** The cards each order bought. */
    orderIssuedGiftCards: new DataLoader<string, IssuedCard[]>(async (orderIds) => {
      const rows = await giftCards.issuedBy(orderIds);
      return orderIds.map((id) => rows.filter((row) => row.orderId === id));
    }),
  };
}

export type GiftCardsLoaders = ReturnType<typeof giftCardsLoaders>;
