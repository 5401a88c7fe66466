import { randomInt } from 'node:crypto';
import { GIFT_CARD_ALPHABET, GIFT_CARD_CODE_LENGTH, giftCardLastFour, MAX_GIFT_CARDS_PER_ORDER, normaliseGiftCardCode } from '@keen/rules';
import { badInput } from '../../common/errors';

/** A new code: 16 characters drawn by the OS's CSPRNG from 32 (80 bits), unguessable within the look-up's rate limit. */
export function newGiftCardCode(): string {
  let code = '';
  for (let index = 0; index < GIFT_CARD_CODE_LENGTH; index++) code += GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)];
  return code;
}

/** How a refusal names a code the buyer typed: its last four characters, never the whole. */
export const namedCode = (typed: string) => `Gift card •••• ${giftCardLastFour(typed.replace(/[\s-]/g, '').toUpperCase())}`;

/**
 * The codes an order names, as the shop keeps them, in the buyer's order: at most
 * MAX_GIFT_CARDS_PER_ORDER, each once, each shaped like a code (400 naming its last four otherwise).
 */
export function orderGiftCardCodes(typed: readonly string[] | null | undefined): string[] {
  if (typed == null) return [];
  if (!Array.isArray(typed) || typed.some((code) => typeof code !== 'string')) throw badInput('giftCards must be a list of codes');
  const given = typed.filter((code) => code.trim() !== '');
  if (given.length > MAX_GIFT_CARDS_PER_ORDER) throw badInput(`An order may use at most ${MAX_GIFT_CARDS_PER_ORDER} gift cards`);
  const codes: string[] = [];
  for (const code of given) {
    const normalised = normaliseGiftCardCode(code);
    if (!normalised) throw badInput(`${namedCode(code)} is not a gift card code`);
    if (codes.includes(normalised)) throw badInput(`${namedCode(code)} is given twice`);
    codes.push(normalised);
  }
  return codes;
}
