import { addProductInput, PRODUCT_PHOTO_REQUIRED, PRODUCT_PRICE_REQUIRED, updateProductInput } from '@keen/rules/schemas';
import {
  ENGRAVING_PRICE,
  type EngravingPlacementId,
  MADE_TO_ORDER_DAYS_ORDER,
  MAX_AMOUNT,
  parseMajorAmount,
  settingOutOfRange,
  settingRequired,
  type ProductKindName,
  type TaxCategory,
  toMinorUnits,
} from '@keen/rules';
import { z } from 'zod';
import { unreadableAmount } from '../../lib/money';
import { blankAsAbsent } from '../../lib/zodForm';

/** The form holds the chosen file (or the current photo's URL) where the server takes the uploaded photo's URL. */
const photo = z.custom<File | string>(
  (value) => value instanceof File || (typeof value === 'string' && value !== ''),
  PRODUCT_PHOTO_REQUIRED,
);

interface AmountRules {
  required: string;
  /** Said of 0 (and of nothing below `min`). */
  tooSmall: string;
  min: number;
  max: number;
  tooLarge: string;
}

/** An amount as the admin types it ("129.50"), read in `currency`'s minor units by parseMajorAmount. */
const typedAmount = (currency: string, rules: AmountRules) =>
  z.string().superRefine((text, context) => {
    if (text.trim() === '') return void context.addIssue({ code: 'custom', message: rules.required });
    const amount = parseMajorAmount(text, currency);
    if (amount === null) return void context.addIssue({ code: 'custom', message: unreadableAmount(currency) });
    if (amount < rules.min) context.addIssue({ code: 'custom', message: rules.tooSmall });
    else if (amount > rules.max) context.addIssue({ code: 'custom', message: rules.tooLarge });
  });

/** The price (at least one minor unit; the SPEC's words for 0) and the engraving surcharge, typed with cents. */
const amounts = (currency: string) => ({
  price: typedAmount(currency, {
    required: PRODUCT_PRICE_REQUIRED,
    tooSmall: 'Product Price must be at least 1',
    min: 1,
    max: MAX_AMOUNT,
    tooLarge: 'Product Price is too large',
  }),
  engravingPrice: typedAmount(currency, {
    required: settingRequired(ENGRAVING_PRICE),
    tooSmall: settingOutOfRange(ENGRAVING_PRICE),
    min: 0,
    max: toMinorUnits(ENGRAVING_PRICE.max, currency),
    tooLarge: settingOutOfRange(ENGRAVING_PRICE),
  }),
});

/** A gift card's own-amount bounds as typed: both blank (its denominations only) or both amounts, the most not below the least. */
const giftCardBounds = (currency: string) => {
  const bound = z.string().superRefine((text, context) => {
    if (text.trim() === '') return;
    const amount = parseMajorAmount(text, currency);
    if (amount === null) context.addIssue({ code: 'custom', message: unreadableAmount(currency) });
    else if (amount < 1) context.addIssue({ code: 'custom', message: 'Enter an amount above 0' });
    else if (amount > MAX_AMOUNT) context.addIssue({ code: 'custom', message: 'This amount is too large' });
  });
  return { giftCardMinAmount: bound, giftCardMaxAmount: bound };
};

/** Both bounds or neither; the most at least the least (each read already by its own field's check). */
function checkBounds(values: { giftCardMinAmount: string; giftCardMaxAmount: string }, currency: string, context: z.RefinementCtx) {
  const [least, most] = [values.giftCardMinAmount, values.giftCardMaxAmount].map((text) => text.trim());
  if (least === '' && most === '') return;
  if (least === '' || most === '') {
    const path = [least === '' ? 'giftCardMinAmount' : 'giftCardMaxAmount'];
    return void context.addIssue({ code: 'custom', path, message: 'Give both amounts a buyer may choose between, or neither' });
  }
  const [low, high] = [parseMajorAmount(least, currency), parseMajorAmount(most, currency)];
  if (low !== null && high !== null && high < low)
    context.addIssue({ code: 'custom', path: ['giftCardMaxAmount'], message: 'The most a buyer may choose must be at least the least' });
}

const omitted = { img: true, priceAmount: true, engravingAmount: true, giftCardMinAmount: true, giftCardMaxAmount: true } as const;

/** The product's own minimum age; blank leaves the shop's default and the destination's. */
const minimumAge = blankAsAbsent(addProductInput.shape.minimumAge);

/** Made to order: its fewest and most working days and its cap of open units; blank is none. */
const madeToOrder = {
  madeToOrderMinDays: blankAsAbsent(addProductInput.shape.madeToOrderMinDays),
  madeToOrderMaxDays: blankAsAbsent(addProductInput.shape.madeToOrderMaxDays),
  madeToOrderCap: blankAsAbsent(addProductInput.shape.madeToOrderCap),
};

/** Its weight in grams; blank: 0 on a new product, unchanged on an update. */
const weightGrams = blankAsAbsent(addProductInput.shape.weightGrams);

/** Both days or neither, the most at least the fewest (the server's rule and words). */
function checkDays(values: { madeToOrderMinDays?: unknown; madeToOrderMaxDays?: unknown }, context: z.RefinementCtx) {
  const [min, max] = [values.madeToOrderMinDays, values.madeToOrderMaxDays].map((days) => (typeof days === 'number' ? days : null));
  if ((min === null) !== (max === null))
    context.addIssue({
      code: 'custom',
      path: [min === null ? 'madeToOrderMinDays' : 'madeToOrderMaxDays'],
      message: 'Give both the fewest and the most days to make it, or neither',
    });
  else if (min !== null && max !== null && max < min)
    context.addIssue({ code: 'custom', path: ['madeToOrderMaxDays'], message: MADE_TO_ORDER_DAYS_ORDER });
}

/** Add Product in the shop's currency: the server takes the amounts as priceAmount and engravingAmount. */
export const addProductSchema = (currency: string) =>
  addProductInput
    .omit(omitted)
    .extend({ photo, minimumAge, weightGrams, ...madeToOrder, ...amounts(currency), ...giftCardBounds(currency) })
    .superRefine((values, context) => {
      checkBounds(values, currency, context);
      checkDays(values, context);
    });

/** Name and description stay as they are; the current photo counts until a new one is chosen. */
export const updateProductSchema = (currency: string) =>
  updateProductInput
    .omit(omitted)
    .extend({ photo, minimumAge, weightGrams, ...madeToOrder, ...amounts(currency), ...giftCardBounds(currency) })
    .superRefine((values, context) => {
      checkBounds(values, currency, context);
      checkDays(values, context);
    });

export interface ProductFormValues {
  /** A knife (or blade, or whetstone) or a gift card. */
  kind: ProductKindName;
  name: string;
  description: string;
  /** As typed, in major units: "129.50". */
  price: string;
  quantity: number | '';
  minimumQuantity: number | '';
  /** A newly chosen file, or the current photo's URL. */
  photo: File | string | null;
  engravable: boolean;
  engravingMaxLength: number | '';
  /** As typed, in major units. */
  engravingPrice: string;
  /** An engraved line waits for a proof the customer approves before it is engraved. */
  proofRequired: boolean;
  /** Where an engraving may go, at least one (checkboxes). */
  engravingPlacements: EngravingPlacementId[];
  taxCategory: TaxCategory;
  /** A bladed article: sold after an age check, shipped marked and handed to an adult. */
  ageRestricted: boolean;
  /** Its own minimum age; blank for the shop's default and the destination's. */
  minimumAge: number | '';
  /** Made to order: the fewest and most working days to make one, and the cap of open units per variant; blank: none. */
  madeToOrderMinDays: number | '';
  madeToOrderMaxDays: number | '';
  madeToOrderCap: number | '';
  /** In grams, packed: what delivery priced by weight counts; blank: 0 (unchanged on an update). */
  weightGrams: number | '';
  /** A gift card's least and most amount its buyer may choose, as typed; both blank: its denominations only. */
  giftCardMinAmount: string;
  giftCardMaxAmount: string;
  /** Update Product only: the product page's address, /products/{slug}. */
  slug?: string;
}

/**
 * The values as a gift card is saved: the server refuses a gift card with an age rule or an
 * engraving, and counts no stock for it (its stock field is hidden; a blank one is 0).
 */
export function asKind(values: ProductFormValues): ProductFormValues {
  if (values.kind !== 'GIFT_CARD') return { ...values, giftCardMinAmount: '', giftCardMaxAmount: '' };
  return {
    ...values,
    quantity: values.quantity === '' ? 0 : values.quantity,
    ageRestricted: false,
    minimumAge: '',
    engravable: false,
    madeToOrderMinDays: '',
    madeToOrderMaxDays: '',
    madeToOrderCap: '',
  };
}
