/**
 * Rules that the server and the browser's forms both check, written once. The client imports this
 * file through the `@keen/form-rules` alias (frontend/tsconfig.json, vite.config.ts and
 * vitest.config.ts), so it imports nothing.
 */

/** A phone number: digits, spaces and dashes, optionally after a leading +, 5 to 20 characters. */
export const PHONE_PATTERN = /^\+?[0-9][0-9\s-]{4,19}$/;

/** The message for a phone that breaks PHONE_PATTERN; `label` is what the form calls the field. */
export const phoneFormatMessage = (label = 'Phone') => `${label} must be a phone number (digits, spaces, dashes and a leading +)`;

export const ENGRAVING_NOT_ALLOWED = 'This product cannot be engraved';
export const ENGRAVING_CHARACTERS = "Engraving may use letters, digits, spaces and . , ' & - !";
export const ENGRAVING_SPACES = 'Engraving may not start or end with a space';
export const ENGRAVING_FONT = 'Choose an engraving font from the list';
export const engravingTooLong = (maxLength: number) => `Engraving is too long (at most ${maxLength} characters)`;

/** Letters of any alphabet (with their accents, composed or not), digits, space and . , ' & - ! */
const ENGRAVING_ALLOWED = /^[\p{L}\p{M}0-9 .,'&\-!]*$/u;

/** Characters as an engraving counts them (composed accents count once). */
export const engravingLength = (text: string) => [...text.normalize('NFC')].length;

/** The first rule an engraving's text and font break, or undefined; empty text is no engraving. */
export function engravingError(
  text: string,
  font: string,
  fontIds: readonly string[],
  product: { engravable: boolean; engravingMaxLength: number },
): string | undefined {
  if (text === '') return undefined;
  if (!product.engravable) return ENGRAVING_NOT_ALLOWED;
  const normalized = text.normalize('NFC');
  if (!ENGRAVING_ALLOWED.test(normalized)) return ENGRAVING_CHARACTERS;
  if (normalized.trim() !== normalized) return ENGRAVING_SPACES;
  if (engravingLength(normalized) > product.engravingMaxLength) return engravingTooLong(product.engravingMaxLength);
  if (!fontIds.includes(font)) return ENGRAVING_FONT;
  return undefined;
}
