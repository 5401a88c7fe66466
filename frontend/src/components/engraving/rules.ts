/**
 * The engraving rules, mirrored from the server (backend/src/modules/catalog/engraving.ts) with
 * the same messages, so the form says what the server would before the order is sent.
 */
export const ENGRAVING_NOT_ALLOWED = 'This product cannot be engraved';
export const ENGRAVING_CHARACTERS = "Engraving may use letters, digits, spaces and . , ' & - !";
export const ENGRAVING_SPACES = 'Engraving may not start or end with a space';
export const ENGRAVING_FONT = 'Choose an engraving font from the list';
export const engravingTooLong = (maxLength: number) => `Engraving is too long (at most ${maxLength} characters)`;

const allowedCharacters = /^[\p{L}\p{M}0-9 .,'&\-!]*$/u;

export interface EngravingProduct {
  engravable: boolean;
  engravingMaxLength: number;
}

/** Characters as the server counts them (composed accents count once). */
export const engravingLength = (text: string) => [...text.normalize('NFC')].length;

/** The first rule the text breaks, or undefined; empty text is no engraving. */
export function engravingError(text: string, font: string, fontIds: readonly string[], product: EngravingProduct): string | undefined {
  if (text === '') return undefined;
  if (!product.engravable) return ENGRAVING_NOT_ALLOWED;
  const normalized = text.normalize('NFC');
  if (!allowedCharacters.test(normalized)) return ENGRAVING_CHARACTERS;
  if (normalized.trim() !== normalized) return ENGRAVING_SPACES;
  if (engravingLength(normalized) > product.engravingMaxLength) return engravingTooLong(product.engravingMaxLength);
  if (!fontIds.includes(font)) return ENGRAVING_FONT;
  return undefined;
}
