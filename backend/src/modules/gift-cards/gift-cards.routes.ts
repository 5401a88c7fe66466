import { z } from 'zod';
import { field, jsonBody } from '../../http-kit/body';
import { restRoute, type RestRoutes } from '../auth';
import type { ShopMoney } from '../shop';
import type { GiftCardsService } from './gift-cards.service';

type Services = { giftCards: GiftCardsService; shop: ShopMoney };

const route = restRoute<Services>();

/** `POST /api/gift-cards/balance`: GraphQL's giftCardBalance for REST clients; the code is in the body, never in an access log's URL. */
export const giftCardsRoutes: RestRoutes<Services> = [
  route({
    method: 'POST',
    path: '/gift-cards/balance',
    tag: 'Gift cards',
    summary: "Anyone: a gift card code's balance and expiry (the code in the body, so it is never in a URL)",
    description:
      'An unknown and a disabled code get the same 400 ("There is no gift card •••• ABCD"), and every look-up counts against the client ' +
      "address's allowance: at most RATE_LIMIT_GIFT_CARD_CODES a minute (then 429), shared with GraphQL giftCardBalance.",
    access: { allow: 'public' },
    body: jsonBody({
      code: field.text().describe('The code as printed (any case; dashes or spaces between groups allowed); required'),
    }).describe('The code to look up'),
    failures: [429],
    answer: z.object({
      lastFour: z.string().describe('The last four characters of its code ("ABCD")'),
      balance: z.number().min(0).describe('What is left on it, in major units of its currency (25.5 is $25.50)'),
      currency: z.string().describe('ISO 4217'),
      expiresAt: z.string().nullable().describe('After this (ISO 8601) it pays nothing; null: never'),
    }),
    work: async ({ body, clientAddress }, _res, { services }) => {
      const answer = await services.giftCards.balance(clientAddress(), body.code ?? '');
      return {
        lastFour: answer.lastFour,
        balance: services.shop.major(answer.balanceAmount, answer.currency),
        currency: answer.currency,
        expiresAt: answer.expiresAt ? new Date(answer.expiresAt).toISOString() : null,
      };
    },
  }),
];
