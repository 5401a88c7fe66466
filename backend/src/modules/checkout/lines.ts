import { EMPTY_QUANTITY, formatMoney, isEmailAddress, type MadeToOrder, measureOutOfBounds, MINIMUM_QUANTITY, SHORTAGE } from '@keen/rules';
import type { EntityManager } from 'typeorm';
import { type AppError, badInput, notFound } from '../../common/errors';
import { type Engraving, Product, ProductKind, describe, EFFECTIVE_MADE_TO_ORDER_SQL } from '../catalog';
import type { GiftCardLineInput, OrderLineGiftCard, OrderLineInput, PlaceOrderInput } from '../orders';

/**
 * The checkout's first step, resolving the lines: what each line asks for, checked for shape, and
 * the variant it orders, read with its product's rules in one statement.
 */

/** The largest value an `int` column and a GraphQL Int can hold. */
export const MAX_INT = 2_147_483_647;

/** Most lines one order may have. */
export const MAX_ORDER_LINES = 20;

export interface RequestedLine {
  productId: string;
  /** Required when the product has several variants. */
  variantId: string | null;
  /** The measure asked for, for a made-to-measure variant. */
  customValue: number | null;
  quantity: number;
  engraving: Engraving | null;
  /** A gift-card line's recipient, message and date as given; checked once its product is known (giftCardOf). */
  giftCardInput: GiftCardLineInput | null;
  /** How a refusal names the line: a one-line order keeps the original messages. */
  refuse: (message: string) => AppError;
}

/**
 * The lines asked for, from either form of the input, checked for shape before any database work:
 * ids, whole quantities of at least one, at most MAX_ORDER_LINES, one variant twice only with
 * different engravings or measures.
 */
export function requestedLines(input: PlaceOrderInput): RequestedLine[] {
  const legacy = input.productId != null || input.variantId != null || input.quantity != null || input.engraving != null;
  if (input.lines != null && legacy) throw badInput('Give either lines or productId, quantity and engraving, not both');
  const raw: OrderLineInput[] = input.lines ?? [
    { productId: input.productId ?? '', variantId: input.variantId, quantity: input.quantity as number, engraving: input.engraving },
  ];
  if (!raw.length) throw badInput('An order needs at least one line');
  if (raw.length > MAX_ORDER_LINES) throw badInput(`An order may have at most ${MAX_ORDER_LINES} lines`);
  const seen = new Set<string>();
  return raw.map((line, index) => {
    const refuse = (message: string) => badInput(raw.length === 1 ? message : `Line ${index + 1}: ${message}`);
    const quantity = checkQuantity(line.quantity, refuse);
    const engraving = line.engraving && line.engraving.text !== '' ? line.engraving : null;
    const customValue = line.customValue ?? null;
    if (customValue !== null && !Number.isFinite(customValue)) throw refuse('A measure must be a number');
    const key = [
      line.productId,
      line.variantId ?? '',
      customValue ?? '',
      engraving ? `${engraving.text.normalize('NFC')}\u0000${engraving.font}\u0000${engraving.placement ?? ''}` : '',
    ].join('\u0000');
    if (seen.has(key)) throw refuse('The same product appears on two lines with the same engraving; change the quantity of one instead');
    seen.add(key);
    const giftCardInput = line.giftCard ?? null;
    return { productId: line.productId, variantId: line.variantId ?? null, customValue, quantity, engraving, giftCardInput, refuse };
  });
}

/** What an idempotency key stands for: the lines as the order reads them, the phone and the address. */
export function normalisedOrder(input: PlaceOrderInput) {
  const lines = requestedLines(input).map(({ productId, variantId, customValue, quantity, engraving, giftCardInput }) => ({
    productId,
    variantId,
    customValue,
    quantity,
    // Its placement only when given: older fingerprints hold.
    engraving: engraving && {
      text: engraving.text,
      font: engraving.font,
      ...(engraving.placement ? { placement: engraving.placement } : {}),
    },
    // A gift card's amount, recipient and message make it another order (keys only when given: older fingerprints hold).
    ...(giftCardInput && {
      giftCard: {
        amount: giftCardInput.amount ?? null,
        recipientEmail: giftCardInput.recipientEmail ?? null,
        message: giftCardInput.message ?? null,
        sendAt: giftCardInput.sendAt ? new Date(giftCardInput.sendAt).toISOString() : null,
      },
    }),
  }));
  const giftCards = (input.giftCards ?? []).map((code) => code.replace(/[\s-]/g, '').toUpperCase());
  const texts = { giftMessage: input.giftMessage?.trim() || null, workshopNote: input.workshopNote?.trim() || null };
  return {
    ...(texts.giftMessage || texts.workshopNote ? texts : {}),
    lines,
    phone: input.phone,
    address: input.address,
    shippingAddress: input.shippingAddress ?? null,
    shippingMethodId: input.shippingMethodId ?? null,
    discountCode: input.discountCode?.trim().toLowerCase() || null,
    ...(giftCards.length ? { giftCards } : {}),
  };
}

function checkQuantity(value: unknown, refuse: (message: string) => AppError): number {
  if (value === undefined || value === null || value === '') throw refuse(EMPTY_QUANTITY);
  if (typeof value !== 'number' || !Number.isInteger(value)) throw refuse('Quantity must be a whole number');
  // More than any stock column can hold is a shortage, whatever the product.
  if (value > MAX_INT) throw refuse(SHORTAGE);
  if (value < 1) throw refuse(MINIMUM_QUANTITY);
  return value;
}

/** What an order takes from a variant's product: its rules, its tax category and its words for the order. */
export type OrderedProduct = Pick<
  Product,
  | 'id'
  | 'name'
  | 'img'
  | 'description'
  | 'minimumQuantity'
  | 'engravable'
  | 'engravingMaxLength'
  | 'engravingAmount'
  | 'engravingPlacements'
  | 'taxCategory'
  | 'giftCardMinAmount'
  | 'giftCardMaxAmount'
>;

/** The chosen variants' products, by id. */
export const productsOf = (chosen: OfferedVariant[]) => new Map(chosen.map((variant) => [variant.productId, variant.product]));

/** A variant as an order chooses it: its stock, state, product and made-to-measure rule. */
export interface OfferedVariant {
  id: string;
  productId: string;
  /** A gift card's variants are its denominations: no stock taken, no delivery, no tax on the card itself. */
  productKind: ProductKind;
  /** Its product is a bladed article (age checks and per-country rules apply), with its own minimum age or null. */
  productAgeRestricted: boolean;
  productMinimumAge: number | null;
  /** Its price in minor units, as read (an order takes the price again as it takes the units). */
  priceAmount: number;
  /** Grams: its own weight, or its product's. */
  weightGrams: number;
  sku: string;
  img: string | null;
  productName: string;
  name: string;
  quantity: number;
  enabled: boolean;
  /** Made to order (its own days, or its product's when it inherits): units beyond the stock join the workshop queue; null ships from stock only. */
  madeToOrder: MadeToOrder | null;
  /** The most of this variant's made-to-order units that may be open at once; null: no cap. */
  madeToOrderCap: number | null;
  /** Its option values in group order; a custom one is replaced by the measure on the line. */
  options: { name: string; custom: boolean }[];
  /** `surcharge` in minor units. */
  custom: { group: string; min: number; max: number; unit: string; surcharge: number } | null;
  /** Its product's first option group (how a missing choice is named); null without options. */
  firstGroup: string | null;
  product: OrderedProduct;
}

/**
 * Every variant of these products, each with what an order needs of its product: one statement.
 * One product is asked for by `=`: PostgreSQL then keeps one plan for the statement instead of
 * planning it again for each buyer, as it does for `= ANY` of an array of unknown length.
 */
export function offeredVariants(db: EntityManager, productIds: string[]): Promise<OfferedVariant[]> {
  const single = productIds.length === 1;
  return db.query(
    `SELECT v."id", v."productId", v."priceAmount", coalesce(v."weightGrams", p."weightGrams") AS "weightGrams", v."sku", v."img", p."name" AS "productName", v."name", v."quantity", v."enabled",
            ${EFFECTIVE_MADE_TO_ORDER_SQL} AS "madeToOrder",
            p."madeToOrderCap",
            p."ageRestricted" AS "productAgeRestricted", p."kind" AS "productKind", p."minimumAge" AS "productMinimumAge",
            coalesce((SELECT json_agg(json_build_object('name', o."name", 'custom', o."custom") ORDER BY g."position")
                        FROM "product_variant_option" vo JOIN "product_option_value" o ON o."id" = vo."valueId"
                        JOIN "product_option_group" g ON g."id" = o."groupId" WHERE vo."variantId" = v."id"), '[]') AS "options",
            (SELECT json_build_object('group', g."name", 'min', g."customMin", 'max', g."customMax", 'unit', g."customUnit", 'surcharge', g."customSurchargeAmount")
               FROM "product_variant_option" vo JOIN "product_option_value" o ON o."id" = vo."valueId" AND o."custom"
               JOIN "product_option_group" g ON g."id" = o."groupId" WHERE vo."variantId" = v."id") AS "custom",
            (SELECT g."name" FROM "product_option_group" g WHERE g."productId" = v."productId" ORDER BY g."position" LIMIT 1) AS "firstGroup",
            json_build_object('id', p."id", 'name', p."name", 'img', p."img", 'description', p."description",
                              'minimumQuantity', p."minimumQuantity", 'engravable', p."engravable", 'engravingMaxLength', p."engravingMaxLength",
                              'engravingAmount', p."engravingAmount", 'engravingPlacements', p."engravingPlacements", 'taxCategory', p."taxCategory",
                              'giftCardMinAmount', p."giftCardMinAmount", 'giftCardMaxAmount', p."giftCardMaxAmount") AS "product"
       FROM "product_variant" v JOIN "product" p ON p."id" = v."productId"
      WHERE ${single ? 'v."productId" = $1' : 'v."productId" = ANY($1::uuid[])'}
      ORDER BY v."position", v."id"`,
    [single ? productIds[0] : productIds],
  );
}

/** "Engraved Santoku 18 cm / Walnut", or the product's name for its only variant. */
export const describeVariant = (variant: Pick<OfferedVariant, 'productName' | 'name'>) => describe(variant.productName, variant.name);

/** The variant a line orders, checked: named (or the product's only one), enabled, and measured within bounds if made to measure. */
export async function chooseVariant(db: EntityManager, line: RequestedLine, offered: OfferedVariant[]): Promise<OfferedVariant> {
  const ofProduct = offered.filter((variant) => variant.productId === line.productId);
  if (!ofProduct.length && !(await db.getRepository(Product).existsBy({ id: line.productId }))) throw notFound('Product');
  // Variants retired for their orders lost their options; without options, the product's own one has no name.
  const live = ofProduct.filter((candidate) => (candidate.firstGroup === null ? candidate.name === '' : candidate.options.length > 0));
  const variant = line.variantId ? ofProduct.find((candidate) => candidate.id === line.variantId) : live.length === 1 ? live[0] : undefined;
  if (!variant) {
    if (line.variantId || !ofProduct.length) throw notFound('Variant');
    throw line.refuse(`Choose a ${(ofProduct[0].firstGroup ?? 'variant').toLowerCase()} for ${ofProduct[0].productName}`);
  }
  if (!variant.enabled) throw line.refuse(`${describeVariant(variant)} is not available`);
  const { custom } = variant;
  if (custom) {
    const value = line.customValue;
    if (value === null || value < custom.min || value > custom.max) throw line.refuse(measureOutOfBounds(custom, variant.productName));
  } else if (line.customValue !== null) throw line.refuse(`${describeVariant(variant)} is not made to measure`);
  return variant;
}

/** Units asked for per variant, over every line; a gift card's count none (it takes no stock, though its row is still read and locked). */
export function unitsByVariant(lines: RequestedLine[], chosen: OfferedVariant[]): Map<string, number> {
  const units = new Map<string, number>();
  lines.forEach((line, index) => {
    const stocked = chosen[index].productKind !== ProductKind.GIFT_CARD;
    units.set(chosen[index].id, (units.get(chosen[index].id) ?? 0) + (stocked ? line.quantity : 0));
  });
  return units;
}

/**
 * Each line's units that join the workshop queue: a made-to-order variant's stock (`fromStock`, by
 * variant) goes to its lines in order, the rest of them is made; other lines queue nothing.
 */
export function queuedUnits(
  lines: readonly { quantity: number }[],
  chosen: OfferedVariant[],
  fromStock: ReadonlyMap<string, number>,
): number[] {
  const left = new Map(fromStock);
  return lines.map((line, index) => {
    const variant = chosen[index];
    if (!variant.madeToOrder || variant.productKind === ProductKind.GIFT_CARD) return 0;
    const stocked = Math.min(left.get(variant.id) ?? 0, line.quantity);
    left.set(variant.id, (left.get(variant.id) ?? 0) - stocked);
    return line.quantity - stocked;
  });
}

/** The latest a gift card's mail may be set for, from now. */
const GIFT_CARD_SEND_WITHIN_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * A line's gift-card delivery, checked: a gift card's recipient (an e-mail address, or none for the
 * buyer), message (at most 500 characters) and date (within a year; a past one is now); null for any
 * other product, which may not have one.
 */
export function giftCardOf(line: RequestedLine, variant: OfferedVariant): OrderLineGiftCard | null {
  const given = line.giftCardInput;
  if (variant.productKind !== ProductKind.GIFT_CARD) {
    if (given) throw line.refuse(`${variant.productName} is not a gift card`);
    return null;
  }
  const email = given?.recipientEmail?.trim() || null;
  if (email !== null && !isEmailAddress(email)) throw line.refuse("Enter a valid e-mail address for the gift card's recipient");
  const message = given?.message?.trim() || null;
  if (message !== null && message.length > 500) throw line.refuse("The gift card's message may be at most 500 characters");
  const sendAt = given?.sendAt ?? null;
  if (sendAt !== null && (Number.isNaN(sendAt.getTime()) || sendAt.getTime() > Date.now() + GIFT_CARD_SEND_WITHIN_MS))
    throw line.refuse("The gift card's sending date must be within a year");
  return {
    recipientEmail: email?.toLowerCase() ?? null,
    message,
    sendAt: sendAt && sendAt.getTime() > Date.now() ? sendAt.toISOString() : null,
  };
}

/**
 * The amount a gift-card line's buyer chose, checked against its product's bounds (in the shop's
 * currency, named in the refusal); null without one, when the variant's price applies.
 */
export function chosenAmount(line: RequestedLine, variant: OfferedVariant, currency: string): number | null {
  const amount = line.giftCardInput?.amount ?? null;
  if (amount === null || variant.productKind !== ProductKind.GIFT_CARD) return null;
  const { giftCardMinAmount: min, giftCardMaxAmount: max } = variant.product;
  if (min == null || max == null) throw line.refuse(`${variant.productName} comes in its amounts only`);
  if (!Number.isInteger(amount) || amount < min || amount > max)
    throw line.refuse(`Choose an amount from ${formatMoney(min, currency)} to ${formatMoney(max, currency)} for ${variant.productName}`);
  return amount;
}

/** Not enough of a variant left for the lines that want it; a one-line order keeps the original message. */
export function shortage(lines: RequestedLine[], variant: Pick<OfferedVariant, 'productName' | 'name' | 'quantity'>): AppError {
  if (lines.length === 1) return badInput(SHORTAGE);
  const name = describeVariant(variant);
  return badInput(variant.quantity > 0 ? `Only ${variant.quantity} left of ${name}` : `${name} is sold out`);
}
