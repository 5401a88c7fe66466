import { MAX_WHOLE_NUMBER } from '@keen/rules';
import { z } from 'zod';
import { DiscountKind, DiscountScope } from './discount.entity';

/** A code as shoppers type it: trimmed; matched whatever the case. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

const whole = (message: string, min: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(MAX_WHOLE_NUMBER, { error: message });
const date = z.date({ error: 'Dates must be ISO 8601 date-times' });

/** What staff send for a discount code, checked in field order: the first rule broken is the 400. */
export const discountInput = z
  .object({
    code: z.string({ error: 'Code is Required' }).trim().regex(CODE_PATTERN, { error: 'A code is 3 to 40 letters, digits, - or _' }),
    kind: z.enum(DiscountKind, { error: 'Kind must be PERCENT, AMOUNT or FREE_SHIPPING' }),
    value: whole('Value must be a whole number', 0).optional(),
    appliesTo: z.enum(DiscountScope, { error: 'appliesTo must be ORDER, PRODUCTS or COLLECTIONS' }).default(DiscountScope.ORDER),
    productIds: z.array(z.uuid({ error: 'Product not found' })).default([]),
    collectionIds: z.array(z.uuid({ error: 'Collection not found' })).default([]),
    minimumSubtotal: whole('The minimum subtotal must be a whole number of minor units, 0 or more', 0).optional(),
    startsAt: date.optional(),
    endsAt: date.optional(),
    usageLimit: whole('The usage limit must be a whole number, at least 1', 1).optional(),
    oncePerCustomer: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .superRefine((input, context) => {
    const refuse = (message: string) => context.addIssue({ code: 'custom', message });
    if (input.kind === DiscountKind.PERCENT && !(input.value !== undefined && input.value >= 1 && input.value <= 100))
      refuse('A percentage must be a whole number from 1 to 100');
    if (input.kind === DiscountKind.AMOUNT && !(input.value !== undefined && input.value >= 1))
      refuse('An amount must be at least 1 minor unit');
    if (input.appliesTo === DiscountScope.PRODUCTS && !input.productIds.length) refuse('Choose at least one product');
    if (input.appliesTo === DiscountScope.COLLECTIONS && !input.collectionIds.length) refuse('Choose at least one collection');
    if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) refuse('The end must be after the start');
  })
  .transform(({ value, minimumSubtotal, ...input }) => ({
    ...input,
    value: input.kind === DiscountKind.FREE_SHIPPING ? 0 : value!,
    productIds: input.appliesTo === DiscountScope.PRODUCTS ? [...new Set(input.productIds)] : [],
    collectionIds: input.appliesTo === DiscountScope.COLLECTIONS ? [...new Set(input.collectionIds)] : [],
    minimumSubtotalAmount: minimumSubtotal ?? null,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
    usageLimit: input.usageLimit ?? null,
  }));
