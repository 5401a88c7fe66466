import { addProductInput, PRODUCT_PHOTO_REQUIRED, PRODUCT_PRICE_REQUIRED, updateProductInput } from '@keen/rules/schemas';
import {
  ENGRAVING_PRICE,
  MAX_AMOUNT,
  parseMajorAmount,
  settingOutOfRange,
  settingRequired,
  type TaxCategory,
  toMinorUnits,
} from '@keen/rules';
import { z } from 'zod';
import { UNREADABLE_AMOUNT } from '../../lib/money';
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
    if (amount === null) return void context.addIssue({ code: 'custom', message: UNREADABLE_AMOUNT });
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

const omitted = { img: true, priceAmount: true, engravingAmount: true } as const;

/** The product's own minimum age; blank leaves the shop's default and the destination's. */
const minimumAge = blankAsAbsent(addProductInput.shape.minimumAge);

/** Add Product in the shop's currency: the server takes the amounts as priceAmount and engravingAmount. */
export const addProductSchema = (currency: string) => addProductInput.omit(omitted).extend({ photo, minimumAge, ...amounts(currency) });

/** Name and description stay as they are; the current photo counts until a new one is chosen. */
export const updateProductSchema = (currency: string) =>
  updateProductInput.omit(omitted).extend({ photo, minimumAge, ...amounts(currency) });

export interface ProductFormValues {
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
  taxCategory: TaxCategory;
  /** A bladed article: sold after an age check, shipped marked and handed to an adult. */
  ageRestricted: boolean;
  /** Its own minimum age; blank for the shop's default and the destination's. */
  minimumAge: number | '';
  /** Update Product only: the product page's address, /products/{slug}. */
  slug?: string;
}
