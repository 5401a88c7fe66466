/**
 * Input schemas (zod), written once: the server's services parse their input with them (its 400s
 * are their messages), its REST declarations and OpenAPI document describe bodies with them, and
 * the browser's forms validate with them. A separate entry (`@keen/rules/schemas`): pages that need
 * no schema never load zod. Messages are SPEC §5's, word for word; a field's first failing rule
 * gives its message, and the fields are checked in the order they are declared.
 */
import { z } from 'zod';
import {
  ENGRAVING_MAX_LENGTH,
  GIFT_MESSAGE,
  orderTextTooLong,
  WORKSHOP_NOTE,
  ENGRAVING_PRICE,
  isEmailAddress,
  MAX_AMOUNT,
  hasAtMostThreeDecimals,
  TAX_CATEGORIES,
  PRODUCT_KINDS,
  MAX_WHOLE_NUMBER,
  MAX_WHOLE_PRICE,
  MINIMUM_AGE,
  NEW_PRODUCT_ENGRAVING,
  type NumberSetting,
  PHONE_PATTERN,
  phoneFormatMessage,
  REVIEW_DESCRIPTION_MAX_LENGTH,
  REVIEW_DESCRIPTION_REQUIRED,
  settingOutOfRange,
  settingRequired,
  SLUG_FORMAT,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  STARS,
  LEAD_DAYS,
  VARIANT_LEAD_TIME_MODES,
  OPEN_MADE_TO_ORDER_CAP,
  HANDLING_DAYS,
  WORKSHOP_CAPACITY,
  CLOSED_DATE_FORMAT,
  isIsoDate,
  ENGRAVING_PLACEMENTS,
  ENGRAVING_PLACEMENTS_REQUIRED,
  DEFAULT_ENGRAVING_PLACEMENTS,
  engravingPlacementNotOffered,
} from './index';

// The shop's Content-Security-Policy forbids eval, and zod would probe for it (new Function) on its
// first parse of an object: a CSP violation in every form. Parsing without it costs nothing a form feels.
z.config({ jitless: true });

/**
 * Text that must not be blank once trimmed; `message` for missing and blank alike. A blank field
 * stops its other rules (`abort`) unless the schema has a refinement that must still run (an
 * explicit abort skips every refinement of the object around it, `when` or not).
 */
export const requiredText = (message: string, abort = true) => z.string({ error: message }).trim().min(1, { error: message, abort });

/** Required text that fits its column (counted once trimmed): '{label} is Required', '{label} must be at most {n} characters'. */
export const boundedText = (label: string, maxLength: number, abort = true) =>
  requiredText(`${label} is Required`, abort).max(maxLength, `${label} must be at most ${maxLength} characters`);

/** A phone the shop can call, as the form labels it ('Phone', 'Contact Number'). */
export const phone = (label: string, abort = true) =>
  boundedText(label, 40, abort)
    .regex(PHONE_PATTERN, phoneFormatMessage(label))
    .describe('Digits, spaces and dashes after an optional +, 5 to 20 characters');

const WHOLE_NUMBER = 'Must be a whole number';

/** A whole number; a form's empty number field ('') is `required`, not "not a number". */
const wholeNumber = (required: string, notWhole = WHOLE_NUMBER) =>
  z.int({ error: (issue) => (typeof issue.input === 'number' ? notWhole : required) });

/** A whole number from `min` up to what a 32-bit column holds ('{label} must be at most 2000000000'). */
const boundedNumber = (label: string, required: string, min: number, tooSmall: string) =>
  wholeNumber(required).min(min, tooSmall).max(MAX_WHOLE_NUMBER, `${label} must be at most ${MAX_WHOLE_NUMBER}`);

/** A setting the admin enters (an engraving's, a minimum age), within its range: '{label} must be between {min} and {max}'. */
export const setting = (rule: NumberSetting) =>
  wholeNumber(settingRequired(rule)).min(rule.min, settingOutOfRange(rule)).max(rule.max, settingOutOfRange(rule));

// ---------------------------------------------------------------- people

const EMAIL_REQUIRED = 'Email is Required';
const EMAIL_INVALID = 'Enter a valid email';

/** An e-mail address, trimmed; the rule is `isEmailAddress` (the server's too). */
export const emailAddress = requiredText(EMAIL_REQUIRED).refine(isEmailAddress, EMAIL_INVALID).describe('An e-mail address');

const password = (message: string) => z.string({ error: message }).min(1, message);

export const loginInput = z.object({
  email: emailAddress,
  password: password('Password is Required'),
});
export type LoginInput = z.infer<typeof loginInput>;

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
/** Checked when Signup is pressed: a mismatch is a toast that stops signup (SPEC §5), not a field's error. */
export const passwordsMatch = (values: { password: string; confirmPassword: string }) => values.password === values.confirmPassword;

const personName = boundedText('Name', 120).describe('Their name');
const address = boundedText('Address', 500).describe('Delivery address');

/** Who buys signed out (placeOrder's guest): the e-mail address the order belongs to and the name it ships to. */
export const guestInput = z.object({ email: emailAddress, name: personName });
export type GuestInput = z.infer<typeof guestInput>;

/** The profile sign-up completes (the server's register: GraphQL `register`, REST POST /users). */
export const registerInput = z.object({
  name: personName,
  address,
  phone: phone('Phone'),
});
export type RegisterInput = z.infer<typeof registerInput>;

/**
 * The sign-up form: the profile register takes (its phone labelled Contact Number), the sign-in's
 * e-mail and password, and the terms, which must be agreed to (checked inline).
 */
export const signupInput = registerInput.extend({
  email: emailAddress,
  phone: phone('Contact Number'),
  password: password('Password is Required'),
  confirmPassword: password('Confirm Password is Required'),
  terms: z.boolean().refine((agreed) => agreed, 'Please Agree Terms & Conditions'),
});
export type SignupInput = z.infer<typeof signupInput>;

/** My Profile and the server's updateProfile (REST PUT /users): the fields a customer changes (the e-mail is the sign-in's). */
export const profileInput = z.object({
  name: personName,
  phone: phone('Phone'),
  address,
  img: boundedText('Photo', 2000).describe("The profile photo's URL (from POST /uploads)"),
});
export type ProfileInput = z.infer<typeof profileInput>;

// ---------------------------------------------------------------- orders

/** Optional text of an order, trimmed: blank is none (null), longer than its limit is refused. */
const optionalOrderText = (rule: { label: string; maxLength: number }) =>
  z
    .string({ error: `${rule.label} must be text` })
    .trim()
    .max(rule.maxLength, orderTextTooLong(rule))
    .nullish()
    .transform((text) => text || null);

/** The checkout's gift message and note to the workshop (GraphQL placeOrder, REST POST /orders, the checkout forms). */
export const orderNotesInput = z.object({
  giftMessage: optionalOrderText(GIFT_MESSAGE).describe(
    `Printed on the gift slip, without prices (at most ${GIFT_MESSAGE.maxLength} characters); blank is none`,
  ),
  workshopNote: optionalOrderText(WORKSHOP_NOTE).describe(
    `For the workshop: on the engraving sheet and the order in the dashboard, never in a mail (at most ${WORKSHOP_NOTE.maxLength} characters); blank is none`,
  ),
});
export type OrderNotesInput = z.infer<typeof orderNotesInput>;

// ---------------------------------------------------------------- products

const PRODUCT_PHOTO = 'Product Photo';
export const PRODUCT_PHOTO_REQUIRED = `${PRODUCT_PHOTO} is Required`;

const productName = boundedText('Product Name', 120).describe('Unique in the shop, whatever the case');
const productDescription = boundedText('Product Description', 5000);
export const PRODUCT_PRICE_REQUIRED = 'Product Price is Required';
/** The SPEC's whole price, as the product forms still take it. */
export const productPrice = wholeNumber(PRODUCT_PRICE_REQUIRED)
  .min(1, 'Product Price must be at least 1')
  .max(MAX_WHOLE_PRICE, `Product Price must be at most ${MAX_WHOLE_PRICE}`)
  .describe("Unit price in whole units of the shop currency (the SPEC's field); give this or priceAmount");
/** A price in minor units (cents), as the admin's forms send it. */
const amount = (label: string, min: number) =>
  wholeNumber(`${label} is Required`)
    .min(min, min === 0 ? `${label} cannot be negative` : `${label} must be more than 0`)
    .max(MAX_AMOUNT, `${label} is too large`);
const productPriceAmount = amount('Product Price', 1).describe("Unit price in the shop currency's minor units (12950 is $129.50)");
/** The stock: 0 is a product sold out, on a new product as on an update. */
const productQuantity = boundedNumber(
  'Product Quantity',
  'Product Quantity is Required',
  0,
  'Product Quantity cannot be negative',
).describe('Units in stock');
/** SPEC §5: Add Product says 'Product Quantity is Required' for the minimum quantity too, Update Product 'Minimum Quantity is Required'. */
const minimumQuantity = (required: string) =>
  boundedNumber('Minimum Quantity', required, 1, 'Minimum Quantity must be at least 1').describe('Smallest quantity one order may take');
/** A product's slug as an admin sets it: case does not matter (it is kept in lowercase), its words are a-z and digits. */
export const productSlug = boundedText('Slug', SLUG_MAX_LENGTH)
  .toLowerCase()
  .regex(SLUG_PATTERN, SLUG_FORMAT)
  .describe('The product page is /products/{slug}; unique in the shop, whatever the case. The old slug keeps leading to the product');
const productPhoto = boundedText(PRODUCT_PHOTO, 2000).describe("The product photo's URL (an upload's data.url)");
/** One place an engraving may go (the customer's choice, one of the product's engravingPlacements). */
export const engravingPlacement = z
  .enum(ENGRAVING_PLACEMENTS, { error: (issue) => engravingPlacementNotOffered(String(issue.input), ENGRAVING_PLACEMENTS) })
  .describe(`Where the engraving goes: ${ENGRAVING_PLACEMENTS.join(', ')}`);

const engraving = {
  engravable: z.boolean().describe('Whether an order may carry an engraving'),
  engravingMaxLength: setting(ENGRAVING_MAX_LENGTH).describe('Most characters of an engraving'),
  engravingPrice: setting(ENGRAVING_PRICE).describe('Engraving surcharge per unit, whole units of the shop currency'),
  engravingAmount: amount('Engraving price', 0).describe('Engraving surcharge per unit, minor units; instead of engravingPrice'),
  proofRequired: z
    .boolean({ error: 'Proof required must be true or false' })
    .describe('An engraved line waits for a proof the customer approves (default: whether it is engravable)'),
  engravingPlacements: z
    .array(engravingPlacement)
    .min(1, ENGRAVING_PLACEMENTS_REQUIRED)
    .transform((placements) => ENGRAVING_PLACEMENTS.filter((placement) => placements.includes(placement)))
    .describe(
      `Where an engraving may go, at least one of ${ENGRAVING_PLACEMENTS.join(', ')} (default ${DEFAULT_ENGRAVING_PLACEMENTS.join(', ')})`,
    ),
};

/** Whether a product is a bladed article sold only to adults, and its own minimum age over the shop's default. */
const ageRestriction = {
  ageRestricted: z.boolean().describe('A bladed article: sold only after an age check, shipped marked and handed to an adult'),
  minimumAge: setting(MINIMUM_AGE).describe(
    `Its own minimum age (${MINIMUM_AGE.min} to ${MINIMUM_AGE.max}) over the shop's default and the destination's`,
  ),
};

const taxCategory = z
  .enum(TAX_CATEGORIES, { error: `Tax category must be one of ${TAX_CATEGORIES.join(', ')}` })
  .describe('Which of its zone’s tax rates applies');

const giftCardAmount = (end: string) =>
  z
    .int({ error: `The ${end} amount of a gift card must be a whole number of minor units` })
    .min(1, `The ${end} amount of a gift card must be at least 1 minor unit`)
    .max(MAX_AMOUNT, `The ${end} amount of a gift card is too large`)
    .nullable()
    .describe(`The ${end} a gift card's buyer may choose, minor units (both or neither; null: its denominations only)`);

const productKind = z
  .enum(PRODUCT_KINDS, { error: `Kind must be one of ${PRODUCT_KINDS.join(', ')}` })
  .describe(
    'KNIFE (goods: stock, delivery, age rules where set) or GIFT_CARD (no stock, delivery or age rule; its variants are its denominations)',
  );

/** Made to order: the fewest and most working days to make one, and the cap of open made-to-order units per variant (null: none). */
const madeToOrder = {
  madeToOrderMinDays: setting(LEAD_DAYS)
    .nullable()
    .describe('Made to order: the fewest working days to make one (with madeToOrderMaxDays); null: shipped from stock'),
  madeToOrderMaxDays: setting({ ...LEAD_DAYS, label: 'Most days to make' })
    .nullable()
    .describe('Made to order: the most working days to make one'),
  madeToOrderCap: setting(OPEN_MADE_TO_ORDER_CAP)
    .nullable()
    .describe('Made to order: the most units of each variant waiting in the workshop queue at once; null: no cap'),
};

/** A product's or variant's weight in grams, what delivery prices by weight count. */
export const weightInGrams = (label: string) =>
  boundedNumber(label, `${label} is Required`, 0, `${label} cannot be negative`).describe('In grams');
const productWeight = weightInGrams('Weight').describe('In grams, packed: what delivery priced by weight counts');

/** Add Product (the server's createProduct, REST POST /products). Engraving settings left out are the shop's defaults. */
export const addProductInput = z.object({
  name: productName,
  description: productDescription,
  price: productPrice.optional(),
  priceAmount: productPriceAmount.optional(),
  quantity: productQuantity,
  minimumQuantity: minimumQuantity('Product Quantity is Required'),
  img: productPhoto,
  engravable: engraving.engravable.default(NEW_PRODUCT_ENGRAVING.engravable),
  engravingMaxLength: engraving.engravingMaxLength.default(NEW_PRODUCT_ENGRAVING.engravingMaxLength),
  engravingPrice: engraving.engravingPrice.optional(),
  engravingAmount: engraving.engravingAmount.optional(),
  proofRequired: engraving.proofRequired.optional(),
  engravingPlacements: engraving.engravingPlacements.default([...DEFAULT_ENGRAVING_PLACEMENTS]),
  taxCategory: taxCategory.default('standard'),
  ageRestricted: ageRestriction.ageRestricted.default(false),
  minimumAge: ageRestriction.minimumAge.optional(),
  kind: productKind.default('KNIFE'),
  giftCardMinAmount: giftCardAmount('least').optional(),
  giftCardMaxAmount: giftCardAmount('most').optional(),
  madeToOrderMinDays: madeToOrder.madeToOrderMinDays.optional(),
  madeToOrderMaxDays: madeToOrder.madeToOrderMaxDays.optional(),
  madeToOrderCap: madeToOrder.madeToOrderCap.optional(),
  weightGrams: productWeight.optional(),
});
export type AddProductInput = z.infer<typeof addProductInput>;

/**
 * Update Product (the server's updateProduct, REST PUT /products/{id}): price, stock, minimum
 * quantity and photo; a field left out (the form's name, description and slug, an engraving
 * setting) stays as it is.
 */
export const updateProductInput = z.object({
  name: productName.optional(),
  description: productDescription.optional(),
  slug: productSlug.optional(),
  price: productPrice.optional(),
  priceAmount: productPriceAmount.optional(),
  quantity: productQuantity,
  minimumQuantity: minimumQuantity('Minimum Quantity is Required'),
  img: productPhoto,
  engravable: engraving.engravable.optional(),
  engravingMaxLength: engraving.engravingMaxLength.optional(),
  engravingPrice: engraving.engravingPrice.optional(),
  engravingAmount: engraving.engravingAmount.optional(),
  proofRequired: engraving.proofRequired.optional(),
  engravingPlacements: engraving.engravingPlacements.optional(),
  taxCategory: taxCategory.optional(),
  ageRestricted: ageRestriction.ageRestricted.optional(),
  minimumAge: ageRestriction.minimumAge.optional(),
  kind: productKind.optional(),
  giftCardMinAmount: giftCardAmount('least').optional(),
  giftCardMaxAmount: giftCardAmount('most').optional(),
  madeToOrderMinDays: madeToOrder.madeToOrderMinDays.optional(),
  madeToOrderMaxDays: madeToOrder.madeToOrderMaxDays.optional(),
  madeToOrderCap: madeToOrder.madeToOrderCap.optional(),
  weightGrams: productWeight.optional(),
});
export type UpdateProductInput = z.infer<typeof updateProductInput>;

// ---------------------------------------------------------------- age checks

const DATE_OF_BIRTH_FORMAT = 'Enter your date of birth as YYYY-MM-DD';
/** The oldest date of birth the form takes: nobody alive is older. */
const OLDEST_AGE = 130;

/** A calendar date (YYYY-MM-DD) that exists: 2000-02-30 does not. */
const isCalendarDate = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/**
 * What a customer gives for an age check: their full name and date of birth (checked, never kept),
 * and, where the shop takes declarations, their signature of it.
 */
export const ageCheckInput = z.object({
  fullName: boundedText('Full name', 120).describe('As on an identity document'),
  dateOfBirth: requiredText('Date of birth is Required')
    .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_OF_BIRTH_FORMAT)
    .refine(isCalendarDate, DATE_OF_BIRTH_FORMAT)
    .refine((text) => text <= new Date().toISOString().slice(0, 10), 'Your date of birth cannot be in the future')
    .refine((text) => Number(text.slice(0, 4)) >= new Date().getUTCFullYear() - OLDEST_AGE, DATE_OF_BIRTH_FORMAT)
    .describe('YYYY-MM-DD; checked and then forgotten: only the age bracket is kept'),
  declaration: z
    .boolean()
    .optional()
    .describe('The customer signs that the date of birth is theirs and true (the declared method needs it)'),
});
export type AgeCheckInput = z.infer<typeof ageCheckInput>;

// ---------------------------------------------------------------- reviews

/** SPEC §5: an empty rating reads 'Product Name is Required' (sic). */
const STARS_REQUIRED = 'Product Name is Required';

/** A review as a customer writes it; the author's name, e-mail and photo come from their profile. */
export const reviewInput = z.object({
  star: wholeNumber(STARS_REQUIRED, 'Ratings must be a whole number')
    .min(STARS.min, `Ratings must be at least ${STARS.min}`)
    .max(STARS.max, `Ratings must be at most ${STARS.max}`)
    .describe(`Rating, ${STARS.min} to ${STARS.max} stars (also accepted as text: "4")`),
  description: requiredText(REVIEW_DESCRIPTION_REQUIRED)
    .max(REVIEW_DESCRIPTION_MAX_LENGTH, `Product Description must be at most ${REVIEW_DESCRIPTION_MAX_LENGTH} characters`)
    .describe(`The review, at most ${REVIEW_DESCRIPTION_MAX_LENGTH} characters`),
});
export type ReviewInput = z.infer<typeof reviewInput>;

// ---------------------------------------------------------------- variants

/** How far a product may vary: groups, values of a group, variants in all. */
export const OPTION_LIMITS = { groups: 3, valuesPerGroup: 20, variants: 100, nameLength: 40 };
const optionName = (label: string) =>
  requiredText(`${label} is Required`).max(OPTION_LIMITS.nameLength, `${label} must be at most ${OPTION_LIMITS.nameLength} characters`);
const MAX_VARIANT_NUMBER = 2_000_000_000;
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A group's made-to-measure value: the buyer types a number between min and max; each unit costs the surcharge more. */
export const customOptionInput = z
  .object({
    label: optionName('Made-to-measure label'),
    min: z.number({ error: 'Smallest measure is Required' }).positive('Smallest measure must be more than 0'),
    max: z.number({ error: 'Largest measure is Required' }).max(100_000, 'Largest measure must be at most 100000'),
    unit: requiredText('Unit is Required').max(12, 'Unit must be at most 12 characters'),
    surcharge: wholeNumber('Surcharge is Required')
      .min(0, 'Surcharge cannot be negative')
      .max(100_000, 'Surcharge must be at most 100000')
      .describe('Whole units of the shop currency; or give surchargeAmount')
      .optional(),
    surchargeAmount: wholeNumber('Surcharge is Required')
      .min(0, 'Surcharge cannot be negative')
      .max(MAX_AMOUNT, 'Surcharge is too large')
      .describe("Minor units of the shop currency (1500 is $15.00) added to each unit's price")
      .optional(),
  })
  .refine((custom) => custom.max >= custom.min, { error: 'Largest measure must be at least the smallest', path: ['max'] });
export type CustomOptionInput = z.infer<typeof customOptionInput>;

export const optionGroupInput = z.object({
  name: optionName('Option name'),
  values: z
    .array(optionName('Option value'))
    .max(OPTION_LIMITS.valuesPerGroup, `An option may have at most ${OPTION_LIMITS.valuesPerGroup} values`),
  custom: customOptionInput.nullish(),
});
export type OptionGroupInput = z.infer<typeof optionGroupInput>;

/** Every option group of a product, in order; the variants are every combination of their values. */
export const productOptionsInput = z
  .array(optionGroupInput)
  .max(OPTION_LIMITS.groups, `A product may have at most ${OPTION_LIMITS.groups} options`)
  .superRefine((groups, context) => {
    const fail = (message: string) => context.addIssue({ code: 'custom', message });
    groups.forEach((group, index) => {
      if (groups.findIndex((other) => sameName(other.name, group.name)) < index) fail(`The option ${group.name} appears twice`);
      const values = [...group.values, ...(group.custom ? [group.custom.label] : [])];
      if (!values.length) fail(`Give ${group.name} at least one value`);
      values.forEach((value, at) => {
        if (values.findIndex((other) => sameName(other, value)) < at) fail(`${group.name} has the value ${value} twice`);
      });
    });
    if (groups.filter((group) => group.custom).length > 1) fail('Only one option may be made to measure');
    const variants = groups.reduce((count, group) => count * (group.values.length + (group.custom ? 1 : 0)), 1);
    if (variants > OPTION_LIMITS.variants)
      fail(`These options make ${variants} variants; a product may have at most ${OPTION_LIMITS.variants}`);
  });

export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** What the admin may change on a variant; absent fields stay as they are. */
export const productVariantInput = z.object({
  sku: requiredText('SKU is Required')
    .max(64, 'SKU must be at most 64 characters')
    .regex(SKU_PATTERN, 'An SKU may hold letters, digits and . _ / - only')
    .optional(),
  price: wholeNumber('Price is Required')
    .min(1, 'Price must be at least 1')
    .max(MAX_WHOLE_PRICE, `Price must be at most ${MAX_WHOLE_PRICE}`)
    .describe('Whole units of the shop currency; or give priceAmount')
    .optional(),
  priceAmount: amount('Price', 1).describe('Minor units of the shop currency (12950 is $129.50)').optional(),
  quantity: wholeNumber('Stock is Required')
    .min(0, 'Stock cannot be negative')
    .max(MAX_VARIANT_NUMBER, `Stock must be at most ${MAX_VARIANT_NUMBER}`)
    .optional(),
  img: z.string().trim().max(2000, 'Photo must be at most 2000 characters').nullish(),
  enabled: z.boolean().optional(),
  weightGrams: weightInGrams('Weight').nullish().describe("Its own weight in grams (a made-to-measure size); null: its product's"),
  leadTimeMode: z
    .enum(VARIANT_LEAD_TIME_MODES, { error: `Lead time must be one of ${VARIANT_LEAD_TIME_MODES.join(', ')}` })
    .optional()
    .describe("INHERIT: its product's lead time; MADE_TO_ORDER: in its own days (give both); IN_STOCK: shipped from stock only"),
  madeToOrderMinDays: madeToOrder.madeToOrderMinDays
    .optional()
    .describe('With leadTimeMode MADE_TO_ORDER: the fewest working days to make one'),
  madeToOrderMaxDays: madeToOrder.madeToOrderMaxDays
    .optional()
    .describe('With leadTimeMode MADE_TO_ORDER: the most working days to make one'),
});
export type ProductVariantInput = z.infer<typeof productVariantInput>;

// ---------------------------------------------------------------- shipping and tax

const days = (label: string) =>
  wholeNumber(`${label} is Required`).min(0, `${label} cannot be negative`).max(365, `${label} must be at most 365`);

/** A way of delivering to a zone: its price, the order total from which it is free, and how long it takes. */
export const shippingMethodInput = z
  .object({
    name: boundedText('Method name', 60),
    priceAmount: amount('Shipping price', 0).describe('Minor units of the shop currency (495 is $4.95)'),
    freeOverAmount: amount('Free shipping threshold', 1)
      .nullish()
      .describe('Orders whose subtotal reaches this ship free; null: never free'),
    minDays: days('Fastest delivery days'),
    maxDays: days('Slowest delivery days'),
    enabled: z.boolean().default(true),
    weightBands: z
      .array(
        z.object({
          upToGrams: boundedNumber('Band weight', 'Band weight is Required', 1, 'Band weight must be more than 0 g'),
          priceAmount: amount('Band price', 0),
        }),
      )
      .max(20, 'A method has at most 20 weight bands')
      .nullish()
      .describe('Prices by the weight of the order, lightest band first; null or []: the flat priceAmount'),
  })
  .refine((method) => method.maxDays >= method.minDays, {
    error: 'Slowest delivery days must be at least the fastest',
    path: ['maxDays'],
  })
  .superRefine(({ weightBands }, context) => {
    weightBands?.forEach((band, index) => {
      const before = weightBands[index - 1];
      if (!before || band.upToGrams > before.upToGrams) return;
      context.addIssue({
        code: 'custom',
        path: ['weightBands', index, 'upToGrams'],
        message:
          band.upToGrams === before.upToGrams
            ? `Two weight bands end at ${formatGrams(band.upToGrams)}`
            : `Weight bands go from lightest to heaviest: ${formatGrams(band.upToGrams)} comes after ${formatGrams(before.upToGrams)}`,
      });
    });
  });
export type ShippingMethodInput = z.infer<typeof shippingMethodInput>;

/** A weight as a person writes it: "500 g", "2 kg", "1.25 kg". */
export const formatGrams = (grams: number) => (grams >= 1000 ? `${Number((grams / 1000).toFixed(3))} kg` : `${grams} g`);

/** A band of a method priced by weight: orders up to `upToGrams` (inclusive) pay `priceAmount`. */
export interface WeightBand {
  upToGrams: number;
  priceAmount: number;
}

/** The price of the first band `grams` fits in (bands lightest first), or null when it is heavier than every band. */
export const bandPrice = (bands: readonly WeightBand[], grams: number): number | null =>
  bands.find((band) => grams <= band.upToGrams)?.priceAmount ?? null;

/** Why a method is not offered for an order of `grams`, or null when it may carry it. */
export function tooHeavyFor(method: { name: string; weightBands: readonly WeightBand[] | null }, grams: number): string | null {
  const bands = method.weightBands ?? [];
  if (!bands.length || bandPrice(bands, grams) !== null) return null;
  return `Too heavy for ${method.name}: at most ${formatGrams(bands[bands.length - 1].upToGrams)}`;
}

/** Why a tax rate with more than 3 decimals is refused: rates are kept in thousandths of a percent. */
export const TAX_RATE_DECIMALS_MESSAGE = 'A tax rate has at most 3 decimals, like 8.875';

/** A zone's tax rate for one category, in percent with at most 3 decimals (20, 5.5, 8.875, 0). */
export const taxRateInput = z.object({
  category: z.enum(TAX_CATEGORIES, { error: `Tax category must be one of ${TAX_CATEGORIES.join(', ')}` }),
  ratePercent: z
    .number({ error: 'Rate is Required' })
    .min(0, 'Rate cannot be negative')
    .max(100, 'Rate must be at most 100')
    .refine(hasAtMostThreeDecimals, TAX_RATE_DECIMALS_MESSAGE),
});
export type TaxRateInput = z.infer<typeof taxRateInput>;

// ---------------------------------------------------------------- collections

/** A collection as an admin makes or changes it; its slug comes from the name unless given. */
export const collectionInput = z.object({
  name: boundedText('Name', 80).describe('1 to 80 characters'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(SLUG_MAX_LENGTH, `Slug must be at most ${SLUG_MAX_LENGTH} characters`)
    .refine((slug) => slug === '' || SLUG_PATTERN.test(slug), SLUG_FORMAT)
    .nullish()
    .describe('Its page is /collections/{slug}; made from the name when absent or empty'),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').nullish().describe('At most 2,000 characters'),
  image: z
    .string()
    .trim()
    .max(2000, 'Picture must be at most 2000 characters')
    .nullish()
    .describe("A picture's URL (an upload's data.url)"),
});
export type CollectionInput = z.infer<typeof collectionInput>;

// ---------------------------------------------------------------- galleries

/** What a gallery photo's alt text may be: what it shows, for people who cannot see it. */
export const imageAlt = z
  .string()
  .trim()
  .max(250, 'Alt text must be at most 250 characters')
  .describe('What the photo shows; at most 250 characters');

/** A photo added to a product's gallery. */
export const productImageInput = z.object({
  url: productPhoto,
  alt: imageAlt.nullish(),
});
export type ProductImageInput = z.infer<typeof productImageInput>;

// ---------------------------------------------------------------- the workshop (lead times)

/** The workshop's settings, as the admin's Workshop page sets them. */
export const workshopSettingsInput = z.object({
  handlingDays: setting(HANDLING_DAYS).describe('Working days an in-stock order takes to ship'),
  capacityPerWeek: setting(WORKSHOP_CAPACITY)
    .nullish()
    .describe('Units of made-to-order work a week: the queue lengthens the estimate by its units over this; null: it does not'),
});
export type WorkshopSettingsInput = z.infer<typeof workshopSettingsInput>;

/** A day the workshop is closed (a holiday, a knife show), with a note for the admins. */
export const closedDateInput = z.object({
  date: z.string({ error: CLOSED_DATE_FORMAT }).refine(isIsoDate, CLOSED_DATE_FORMAT).describe('YYYY-MM-DD'),
  note: z.string().trim().max(80, "A closed date's note may have at most 80 characters").default(''),
});
