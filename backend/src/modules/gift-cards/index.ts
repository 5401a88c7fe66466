/** Gift cards: issued on payment or by staff, spent at checkout as a tender, every change a ledger row. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { GiftCard, GiftCardLedgerEntry } from './gift-card.entity';
import { GIFT_CARD_EVENTS } from './gift-cards.events';
import { giftCardsLoaders } from './gift-cards.loaders';
import { GiftCardLedgerResolver, GiftCardsResolver, OrderGiftCardsResolver } from './gift-cards.resolver';
import { giftCardsRoutes } from './gift-cards.routes';
import type { GiftCardsService } from './gift-cards.service';
import { giftCardsWork } from './gift-cards.work';

export const giftCardsModule = keenModule({
  name: 'gift-cards',
  entities: [GiftCard, GiftCardLedgerEntry],
  resolvers: [GiftCardsResolver, GiftCardLedgerResolver, OrderGiftCardsResolver],
  routes: giftCardsRoutes,
  work: giftCardsWork,
  loaders: (_db, { giftCards }: { giftCards: GiftCardsService }) => giftCardsLoaders(giftCards),
  events: GIFT_CARD_EVENTS,
});

export type { GiftCardsService } from './gift-cards.service';
export { returnPartToCards } from './gift-card-ledger';
export type { CardPayment } from './gift-card-ledger';
export type { GiftCardIssuedPayload, GiftCardRedeemedPayload } from './gift-cards.events';
