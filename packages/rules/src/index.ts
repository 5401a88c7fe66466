/**
 * Rules that the server and the browser's forms both check, written once. The server imports the
 * compiled package; the client bundles this source through the `@keen/rules` alias
 * (frontend/tsconfig.json, vite.config.ts), so it imports nothing.
 */

/** A phone number: digits, spaces and dashes, optionally after a leading +, 5 to 20 characters. */
export const PHONE_PATTERN = /^\+?[0-9][0-9\s-]{4,19}$/;

/** The message for a phone that breaks PHONE_PATTERN; `label` is what the form calls the field. */
export const phoneFormatMessage = (label = 'Phone') => `${label} must be a phone number (digits, spaces, dashes and a leading +)`;

/** The largest whole number an input takes unless it says otherwise: the columns are 32-bit. */
export const MAX_WHOLE_NUMBER = 2_000_000_000;

// ---------------------------------------------------------------- e-mail addresses

/**
 * An e-mail address as the shop takes it (after trimming): a local part without spaces or @, then
 * a domain of at least two dot-separated labels of letters (any alphabet), digits and dashes.
 * `a@b` is refused (no dot); `ünï@exämple.de` is accepted.
 */
const EMAIL_PATTERN = /^[^\s@]+@[\p{L}\p{M}\p{N}-]+(\.[\p{L}\p{M}\p{N}-]+)+$/u;
/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

export const isEmailAddress = (text: string) => text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);

// ---------------------------------------------------------------- quantity (SPEC §5)

export const EMPTY_QUANTITY = 'Empty Quantity';
export const SHORTAGE = 'Product cannot be purchased for product shortage';
export const MINIMUM_QUANTITY = 'Minimum Quantity Required';

/**
 * The purchase form's check of a quantity against the product it sees; the server answers the same
 * messages. A product made to order is made beyond its stock (the server checks its cap).
 */
export function quantityError(
  raw: string | number | null | undefined,
  product: { quantity: number; minimumQuantity: number; madeToOrder?: unknown },
): string | undefined {
  if (raw === '' || raw === null || raw === undefined) return EMPTY_QUANTITY;
  const quantity = Number(raw);
  if (!Number.isFinite(quantity)) return EMPTY_QUANTITY;
  if (quantity > product.quantity && !product.madeToOrder) return SHORTAGE;
  if (quantity < product.minimumQuantity || quantity < 1) return MINIMUM_QUANTITY;
  return undefined;
}

// ---------------------------------------------------------------- a product's slug (its public URL)

/** A product's slug: lowercase ASCII letters and digits in words joined by single dashes, "engraved-santoku-7". */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 80;
export const SLUG_FORMAT = 'Slug may hold only letters a-z, digits and single dashes between words, like engraved-santoku-7';

// ---------------------------------------------------------------- a product's engraving settings

/** A whole-number setting an admin enters: its label and range. */
export interface NumberSetting {
  label: string;
  min: number;
  max: number;
}

export const ENGRAVING_MAX_LENGTH: NumberSetting = { label: 'Engraving length', min: 1, max: 40 };
export const ENGRAVING_PRICE: NumberSetting = { label: 'Engraving price', min: 0, max: 10_000 };
/** A new product's engraving settings unless the admin sets them. */
export const NEW_PRODUCT_ENGRAVING = { engravable: false, engravingMaxLength: 24, engravingPrice: 0 };

export const settingRequired = (setting: NumberSetting) => `${setting.label} is Required`;
export const settingOutOfRange = (setting: NumberSetting) => `${setting.label} must be between ${setting.min} and ${setting.max}`;

// ---------------------------------------------------------------- an engraving's text

export const ENGRAVING_NOT_ALLOWED = 'This product cannot be engraved';
export const ENGRAVING_CHARACTERS = "Engraving may use letters, digits, spaces and . , ' & - !";
export const ENGRAVING_SPACES = 'Engraving may not start or end with a space';
export const ENGRAVING_FONT = 'Choose an engraving font from the list';
export const engravingTooLong = (maxLength: number) => `Engraving is too long (at most ${maxLength} characters)`;

/** Letters of any alphabet (with their accents, composed or not), digits, space and . , ' & - ! */
const ENGRAVING_ALLOWED = /^[\p{L}\p{M}0-9 .,'&\-!]*$/u;

/** Characters as an engraving counts them (composed accents count once). */
export const engravingLength = (text: string) => [...text.normalize('NFC')].length;

/** The first rule an engraving's text, font and placement break, or undefined; empty text is no engraving. */
export function engravingError(
  text: string,
  font: string,
  fontIds: readonly string[],
  product: { engravable: boolean; engravingMaxLength: number; engravingPlacements?: readonly string[] | null },
  placement?: string | null,
): string | undefined {
  if (text === '') return undefined;
  if (!product.engravable) return ENGRAVING_NOT_ALLOWED;
  const normalized = text.normalize('NFC');
  if (!ENGRAVING_ALLOWED.test(normalized)) return ENGRAVING_CHARACTERS;
  if (normalized.trim() !== normalized) return ENGRAVING_SPACES;
  if (engravingLength(normalized) > product.engravingMaxLength) return engravingTooLong(product.engravingMaxLength);
  if (!fontIds.includes(font)) return ENGRAVING_FONT;
  const where = engravingPlacementFor(product, placement);
  if ('error' in where) return where.error;
  return undefined;
}

// ---------------------------------------------------------------- where an engraving goes

/** Where on a knife an engraving may go; ids are stored on products and orders, so never rename one. */
export const ENGRAVING_PLACEMENTS = ['BladeLeft', 'BladeRight', 'Spine', 'Bolster', 'Handle'] as const;
export type EngravingPlacementId = (typeof ENGRAVING_PLACEMENTS)[number];
/** What people read for each placement: the purchase page, cart, checkout, engraving sheet, mails and proofs. */
export const ENGRAVING_PLACEMENT_LABELS: Record<EngravingPlacementId, string> = {
  BladeLeft: 'Blade, left face',
  BladeRight: 'Blade, right face',
  Spine: 'Spine',
  Bolster: 'Bolster',
  Handle: 'Handle',
};
/** Where an engraving may go on a product unless the admin says otherwise (and on products made before placements). */
export const DEFAULT_ENGRAVING_PLACEMENTS: readonly EngravingPlacementId[] = ['BladeLeft'];
export const ENGRAVING_PLACEMENTS_REQUIRED = 'Choose at least one place an engraving may go';
export const isEngravingPlacement = (value: unknown): value is EngravingPlacementId =>
  typeof value === 'string' && (ENGRAVING_PLACEMENTS as readonly string[]).includes(value);
/** A placement's label ("Blade, left face"), or the id itself for one this build does not know. */
export const engravingPlacementLabel = (placement: string) =>
  isEngravingPlacement(placement) ? ENGRAVING_PLACEMENT_LABELS[placement] : placement;
const listLabels = (placements: readonly string[]) => placements.map(engravingPlacementLabel).join(', ');
export const engravingPlacementRequired = (offered: readonly string[]) => `Choose where the engraving goes: ${listLabels(offered)}`;
export const engravingPlacementNotOffered = (placement: string, offered: readonly string[]) =>
  `This product cannot be engraved on the ${engravingPlacementLabel(placement)}; choose one of: ${listLabels(offered)}`;

/**
 * Where an engraving goes on `product`: the one asked for when the product offers it, its only
 * placement when none is asked for; otherwise the message that refuses it.
 */
export function engravingPlacementFor(
  product: { engravingPlacements?: readonly string[] | null },
  placement: string | null | undefined,
): { placement: EngravingPlacementId } | { error: string } {
  const offered = (product.engravingPlacements?.length ? product.engravingPlacements : DEFAULT_ENGRAVING_PLACEMENTS).filter(
    isEngravingPlacement,
  );
  if (placement == null || placement === '') {
    return offered.length === 1 ? { placement: offered[0] } : { error: engravingPlacementRequired(offered) };
  }
  if (!isEngravingPlacement(placement) || !offered.includes(placement)) return { error: engravingPlacementNotOffered(placement, offered) };
  return { placement };
}

// ---------------------------------------------------------------- reviews

/** A review's rating: a whole number of stars. */
export const STARS = { min: 1, max: 5 };
export const REVIEW_DESCRIPTION_REQUIRED = 'Product Description is Required';
/** The longest review text the server keeps. */
export const REVIEW_DESCRIPTION_MAX_LENGTH = 2000;

// ---------------------------------------------------------------- orders as people see them

/** An order's short id, as My Orders, All Orders, the payment page and order e-mails show it. */
export const shortOrderId = (id: string) => id.slice(0, 8);

/** A gift message: printed on the gift slip (never beside a price) for whoever receives the parcel. */
export const GIFT_MESSAGE = { label: 'Gift message', maxLength: 300 };
/** A note to the workshop: on the engraving sheet and the order in the dashboard, never in a mail. */
export const WORKSHOP_NOTE = { label: 'Note to the workshop', maxLength: 500 };
/** '{label} must be at most {n} characters', the checkout form's and the server's words alike. */
export const orderTextTooLong = ({ label, maxLength }: { label: string; maxLength: number }) =>
  `${label} must be at most ${maxLength} characters`;

// ---------------------------------------------------------------- gift cards

/** A gift card's code: 16 letters and digits without look-alikes (no 0, O, 1, I), shown in groups of four. */
export const GIFT_CARD_CODE_LENGTH = 16;
export const GIFT_CARD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A code as typed (any case, spaces or dashes between groups) as the shop keeps it; null when it cannot be one. */
export function normaliseGiftCardCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return code.length === GIFT_CARD_CODE_LENGTH && [...code].every((char) => GIFT_CARD_ALPHABET.includes(char)) ? code : null;
}
/** "ABCD-EFGH-JKLM-NPQR". */
export const formatGiftCardCode = (code: string) => code.match(/.{1,4}/g)!.join('-');
/** What a receipt shows of a code: its last four characters. */
export const giftCardLastFour = (code: string) => code.slice(-4);
/** Most gift cards one order may use. */
export const MAX_GIFT_CARDS_PER_ORDER = 5;

// ---------------------------------------------------------------- integrations (API keys, webhooks)

/** What an API key may be allowed to do; an admin picks some when creating a key. */
export const API_KEY_SCOPES = [
  'catalog:read',
  'catalog:write',
  'orders:read',
  'orders:write',
  'users:read',
  'users:write',
  'reports:read',
  'compliance:read',
  'compliance:write',
  'discounts:write',
  'messages:read',
  'messages:write',
  'giftcards:write',
  'invoices:read',
] as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The domain events a webhook endpoint may receive. */
export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.paid',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'order.expired',
  'order.refunded',
  'order.partially_refunded',
  'order.price_adjusted',
  'order.age_check_passed',
  'order.age_check_failed',
  'product.created',
  'product.updated',
  'product.deleted',
  'gift_card.issued',
  'gift_card.redeemed',
  'return.requested',
  'return.approved',
  'return.received',
  'order.awaiting_proof',
  'order.in_production',
  'order.proof_requested',
  'order.proof_approved',
  'order.proof_changes_requested',
] as const;

// ---------------------------------------------------------------- blades: age checks and per-country rules

/** A minimum age the shop sets (per country, per product, or its default). */
export const MINIMUM_AGE: NumberSetting = { label: 'Minimum age', min: 16, max: 25 };
/** Where a parcel of blades is handed over: only to an adult whose age the carrier checks, or as any parcel. */
export const BLADE_HANDOVERS = ['age-verified', 'standard'] as const;
export type BladeHandover = (typeof BLADE_HANDOVERS)[number];
/** The countries whose law asks for an age-verified handover unless the shop's rule says otherwise (UK: Offensive Weapons Act 2019, s.39). */
export const AGE_VERIFIED_BY_DEFAULT: readonly string[] = ['GB'];

/** A country whose rule refuses blades: the refused line is named, and the rest of the cart can still be bought. */
export const bladesNotDelivered = (product: string, country: string) => `We can't deliver ${product} to ${country}.`;
/** An age-restricted line without a current passed age check that meets the destination's minimum age. */
export const ageCheckRequired = (product: string) => `Confirm your age to buy ${product}`;
/** A failed age check: age-restricted checkout waits 24 hours, and the failure is never explained beyond this. */
export const AGE_CHECK_FAILED = "We couldn't confirm your age";
/** Shipping an age-restricted order to an age-verified destination without such a service. */
export const ageVerifiedDeliveryRequired = (country: string) =>
  `Age-restricted orders to ${country} ship only with an age-verified delivery service`;
/** The declared provider's age check needs the customer's signed declaration. */
export const AGE_DECLARATION_REQUIRED = 'Sign the declaration to confirm your age';
/** Age checks need a verified e-mail address: the evidence names the address that signed it. */
export const AGE_CHECK_EMAIL_UNVERIFIED = 'Verify your e-mail address before checking your age';
/** An age check whose bracket the time since an earlier check cannot explain: refused, and recorded as such. */
export const AGE_CHECK_CONTRADICTS = 'This age check contradicts an earlier one; contact the shop';
/** The words on the packing slip and engraving sheet of an age-restricted order, in large type. */
export const bladedArticleNotice = (minimumAge: number) =>
  `Contains a bladed article. Deliver only into the hands of a person aged ${minimumAge} or over.`;
/** The offline test provider's document tokens, as Stripe's test cards: the first passes, the second fails. */
export const TEST_AGE_DOCUMENTS = { adult: 'test_document_adult', minor: 'test_document_minor' } as const;
/** The offline test provider answers "document required" for this full name (any case). */
export const TEST_NEEDS_DOCUMENT_NAME = 'Needs Document';

/** How a line names what was ordered: "Engraved Santoku, 18 cm / Walnut", or the product alone when it has no options. */
export const lineName = (product: string, variant: string | null | undefined) => (variant ? `${product}, ${variant}` : product);

/** A made-to-measure line whose measure is missing or out of its option's bounds. */
export const measureOutOfBounds = (custom: { group: string; min: number; max: number; unit: string }, productName: string) =>
  `Enter a ${custom.group.toLowerCase()} from ${custom.min} to ${custom.max} ${custom.unit} for ${productName}`;

export * from './money';
export * from './lead-time';
export * from './vat';

/** Widths Keen stores beside each uploaded image (`<name>-800w.webp`), for `srcset`. */
export const RESPONSIVE_WIDTHS = [400, 800, 1600] as const;
const UPLOADED_WEBP = /^(.*\/uploads\/[0-9a-f]{32})\.webp$/;

/**
 * The product page's main photo is at most 560 CSS pixels wide, the screen's width on a phone: its
 * `sizes`, which the page's <img> and the server's preload of it must both give (one download, not two).
 */
export const PRODUCT_PHOTO_SIZES = '(max-width: 600px) 100vw, 560px';

/** The `srcset` of an image Keen re-encoded on upload; undefined for other images (the demo drawings, older uploads). */
export function responsiveSrcSet(url: string): string | undefined {
  const base = UPLOADED_WEBP.exec(url)?.[1];
  return base && RESPONSIVE_WIDTHS.map((width) => `${base}-${width}w.webp ${width}w`).join(', ');
}
