import type { DeclareWork } from '../../events/work';
import { GIFT_CARD_MAIL_QUEUE, type GiftCardsService } from './gift-cards.service';

/**
 * A paid order issues its gift cards (one per gift-card line unit, once however often delivered);
 * a cancelled or expired order gives its cards back what it took (once); each card's mail is a job
 * due at its sendAt. A refunded order's cards get theirs back with its credit note (invoicing's
 * `recordWholeRefund`, under the order's lock): a second subscriber on order.refunded would race it
 * and give the cards back twice.
 */
export const giftCardsWork: DeclareWork<{ giftCards: GiftCardsService }> = ({ giftCards }, { mail }) => ({
  queues: mail
    ? [
        {
          name: GIFT_CARD_MAIL_QUEUE,
          options: { retries: 8, retryDelaySeconds: mail.retryDelaySeconds, unique: true, expireInSeconds: 60 },
          handle: (job: { giftCardId: string }) => giftCards.sendMail(job.giftCardId),
        },
      ]
    : [],
  subscribers: [
    { name: 'gift-card-issue', events: ['order.paid'], inOrder: false, handle: (event) => giftCards.issueFor(event.aggregateId) },
    {
      name: 'gift-card-return',
      events: ['order.cancelled', 'order.expired'],
      inOrder: false,
      handle: (event) => giftCards.returnFor(event.aggregateId),
    },
  ],
});
