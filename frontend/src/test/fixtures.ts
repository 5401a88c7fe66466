import { expect } from 'vitest';
import type { DocumentNode } from 'graphql';
import { formatMoney, toMinorUnits } from '@keen/rules';
import { createCache } from '../lib/apollo';

/** A Money as the server answers it (minor units, en-US): money(12950) is $129.50. */
export const money = (amount: number, currency = 'USD') => ({
  __typename: 'Money',
  amount,
  currency,
  formatted: formatMoney(amount, currency, 'en-US'),
});

/** A whole or decimal dollar amount as a Money: dollars(129.5) is 12950 cents. */
export const dollars = (amount: number) => money(toMinorUnits(amount, 'USD'));

/** A product's LeadTimeFields as the server answers them: in stock, shipping in 2 days; `made` for made to order in 20-30 days. */
export const leadTimeFixture = (made = false) => ({
  madeToOrder: made ? { __typename: 'MadeToOrderDays', minDays: 20, maxDays: 30 } : null,
  leadTime: {
    __typename: 'LeadTime',
    madeToOrder: made,
    text: made ? 'Made to order: ships in 4-6 weeks' : 'In stock: ships in 2 days',
    shipWindow: made
      ? { __typename: 'ShipWindow', earliest: '2027-02-01', latest: '2027-02-12', text: 'Ships between 1 and 12 February' }
      : { __typename: 'ShipWindow', earliest: '2027-01-12', latest: '2027-01-12', text: 'Ships on 12 January' },
  },
});

/**
 * A variant's VariantLeadTimeFields: INHERIT (as its product, in stock in 2 days) unless `made` gives
 * its own made-to-order days (`text` then says them).
 */
export const variantLeadTimeFixture = (made?: { minDays: number; maxDays: number; text: string }) => ({
  leadTimeMode: (made ? 'MADE_TO_ORDER' : 'INHERIT') as 'MADE_TO_ORDER' | 'INHERIT',
  madeToOrder: made ? { __typename: 'MadeToOrderDays', minDays: made.minDays, maxDays: made.maxDays } : null,
  leadTime: {
    __typename: 'LeadTime',
    madeToOrder: Boolean(made),
    text: made ? made.text : 'In stock: ships in 2 days',
    shipWindow: made
      ? { __typename: 'ShipWindow', earliest: '2027-02-01', latest: '2027-02-12', text: 'Ships between 1 and 12 February' }
      : { __typename: 'ShipWindow', earliest: '2027-01-12', latest: '2027-01-12', text: 'Ships on 12 January' },
  },
});

/**
 * Answers that the tests' mocked operations share: each is a whole object of its GraphQL type (so
 * a query that reads it misses no field), and a test overrides what it is about.
 */

/**
 * Casey's unpaid order of two "Knife {id}" at $50 each (every OrderFields field); unless the
 * overrides give `lines`, its one line repeats the order's (overridden) product fields. `price`
 * and `totalPrice` overrides are in dollars.
 */
export const orderFixture = (id: string, overrides: Record<string, unknown> = {}) => {
  const { price = 50, totalPrice = 100, ...rest } = overrides as OrderOverrides;
  const order = { ...orderFields(id, totalPrice), ...rest };
  return { ...order, lines: overrides.lines ?? [lineFixture(`${id}-1`, { ...order, price, totalPrice })] };
};

/** One OrderLine as the server answers it. */
export const lineFixture = (
  id: string,
  line: { name: string; img: string; quantity: number; price: number; totalPrice: number; engraving: unknown },
) => ({
  __typename: 'OrderLine',
  id,
  name: line.name,
  variantName: null,
  sku: null,
  img: line.img,
  quantity: line.quantity,
  refundedQuantity: 0,
  unitAmount: dollars(line.price),
  lineAmount: dollars(line.totalPrice),
  discount: dollars(0),
  engraving: line.engraving,
  product: null,
  // No proof asked for: the line is engraved as ordered.
  proofRequired: false,
  proofApproved: false,
});

type OrderOverrides = { name?: string; img?: string; quantity?: number; price?: number; totalPrice?: number; engraving?: unknown };

const orderFields = (id: string, totalPrice: number) => ({
  __typename: 'Order',
  id,
  guest: false,
  userName: 'Casey Blade',
  name: `Knife ${id}`,
  email: 'casey@keen.test',
  description: `Details of ${id}`,
  img: `/images/${id}.svg`,
  quantity: 2,
  currency: 'USD',
  totals: totalsFixture(totalPrice),
  adjustments: [],
  shippingMethodName: null,
  shippingAddress: null,
  giftCardPayments: [],
  giftCardsIssued: [],
  status: 'Pending',
  paid: false,
  state: 'AwaitingPayment',
  deliveredAt: null,
  returns: [],
  transactionId: null,
  trackingCarrier: null,
  trackingNumber: null,
  engraving: null,
  giftMessage: null,
  workshopNote: null,
  shipBy: null,
  late: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  // Unpaid: no invoice yet, nothing refunded.
  invoiceNumber: null,
  invoiceUrl: null,
  refunds: [],
  // A consumer's order: no VAT number, VAT charged.
  vatNumber: null,
  vatReverseCharge: false,
  // Not a bladed article: no age check, parcel notice or age-verified delivery.
  ageRestricted: false,
  minimumAge: null,
  deliveryHandover: null,
  parcelNotice: null,
  ageVerifiedDelivery: null,
});

/** OrderTotals in dollars: by default the lines' subtotal alone (no adjustment, shipping or tax), as a shop without shipping zones charges. */
export const totalsFixture = (subtotal: number, shipping = 0, tax = 0, total = subtotal + shipping + tax) => ({
  __typename: 'OrderTotals',
  subtotal: dollars(subtotal),
  adjustments: dollars(0),
  discount: dollars(0),
  shipping: dollars(shipping),
  tax: dollars(tax),
  total: dollars(total),
  giftCards: dollars(0),
  amountDue: dollars(total),
  refunded: dollars(0),
});

/** The option groups and variants of a product without options: one variant, named "", with its price (a Money), stock and photo. */
export const oneVariantFixture = (product: { id: string; priceFrom: ReturnType<typeof money>; quantity: number; img: string }) => ({
  optionGroups: [],
  variants: [
    {
      __typename: 'ProductVariant',
      id: `${product.id}-v`,
      name: '',
      options: [],
      unitPrice: product.priceFrom,
      quantity: product.quantity,
      img: product.img,
      enabled: true,
      ...variantLeadTimeFixture(),
    },
  ],
});

/** An order line's engraving as the server answers it; its surcharge in dollars. */
export const engravingFixture = (text: string, font: string, unitPrice = 15, placement = 'BladeLeft') => ({
  __typename: 'OrderEngraving',
  text,
  font,
  placement,
  unitAmount: dollars(unitPrice),
});

/** Casey's completed profile (every UserFields field). */
export const userFixture = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'User',
  id: 'u1',
  name: 'Casey Blade',
  email: 'casey@keen.test',
  phone: '5550100',
  address: '1 Forge Lane',
  img: null,
  role: 'user',
  orderEmails: true,
  ...overrides,
});

/** A cache that already holds an empty first page of a list, as an earlier visit to its page leaves it. */
export function cacheWithEmptyList(query: DocumentNode, variables: object, field: string, listType: string) {
  const cache = createCache();
  cache.writeQuery({ query, variables, data: { [field]: { __typename: listType, totalItems: 0, items: [] } } });
  return cache;
}

/** True when `sent` is `expected` plus a string `idempotencyKey` (a fresh UUID each attempt, so tests match any). */
function withSomeKey(sent: unknown, expected: Record<string, unknown>): boolean {
  const { idempotencyKey, ...rest } = sent as Record<string, unknown>;
  try {
    expect(rest).toEqual(expected);
  } catch {
    return false;
  }
  return typeof idempotencyKey === 'string';
}

/** A mock's variables matcher: these variables and any idempotency key. */
export const anyKey = (expected: Record<string, unknown>) => (variables: Record<string, unknown>) => withSomeKey(variables, expected);

/** A mock's variables matcher: an `input` of these fields and any idempotency key. */
export const inputWithAnyKey = (expected: Record<string, unknown>) => (variables: Record<string, unknown>) =>
  withSomeKey(variables.input, expected);

/** A saved address of Casey's book (every SavedAddress field): in San Francisco unless overridden. */
export const addressFixture = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'Address',
  id,
  name: 'Casey Blade',
  line1: `${id} Market St`,
  line2: null,
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94103',
  country: 'US',
  phone: '+1 415 555 0100',
  isDefault: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** A saved address as placeOrder and shippingOptions take it (its book fields left out). */
export const shippingAddressOf = (address: ReturnType<typeof addressFixture>) => {
  const { __typename, id: _id, isDefault: _isDefault, createdAt: _createdAt, ...input } = address;
  return input;
};

/** An address as an order keeps it (every ShippingAddressFields field): 500 Market St, San Francisco, unless overridden. */
export const postalAddressFixture = (overrides: Record<string, unknown> = {}) => ({
  ...shippingAddressOf(addressFixture('500', overrides)),
  __typename: 'PostalAddress',
});

/** Overrides that move an address to Sheffield, UK (line1 aside): a postcode on its own line and no region. */
export const SHEFFIELD = { city: 'Sheffield', region: null, postalCode: 'S1 2HE', country: 'GB', phone: '+44 114 496 0000' };

/**
 * A checkout page's answer with the delivery choices it spreads: `me` with this address book (and
 * no age check yet, unless `me` gives its `ageVerification`), and the countries the shop ships to
 * (none: a shop without shipping zones, whose orders ship free and untaxed).
 */
export const withDelivery = (me: object, addresses: unknown[], shippingCountries: string[] = []) => ({
  me: { ageVerification: null, ...me, addresses },
  shippingCountries,
});

/** A shipping option for an order of `subtotal` dollars, with its price, tax and total in dollars. */
export const shippingOptionFixture = (
  id: string,
  name: string,
  {
    subtotal = 100,
    price = 0,
    tax = 0,
    minDays = 2,
    maxDays = 4,
    total = subtotal + price + tax,
  }: { subtotal?: number; price?: number; tax?: number; minDays?: number; maxDays?: number; total?: number } = {},
) => ({
  __typename: 'ShippingOption',
  id,
  name,
  minDays,
  maxDays,
  price: dollars(price),
  totals: totalsFixture(subtotal, price, tax, total),
  giftCardPayments: [] as unknown[],
});

/** orderQuote's answer: these delivery options, or (none to choose) the order's totals and the cards' shares. */
export const quoteFixture = (
  options: unknown[],
  { totals = null, giftCardPayments = [], notOffered = [] }: { totals?: unknown; giftCardPayments?: unknown[]; notOffered?: string[] } = {},
) => ({ orderQuote: { __typename: 'OrderQuote', options, notOffered, totals, giftCardPayments } });

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Casey's age check as the server answers it, made just now: a pass is current for a year, a
 * failure holds checkout for a day, a check awaiting its document has neither bracket nor end.
 */
export const ageVerificationFixture = (status: 'PASSED' | 'FAILED' | 'NEEDS_DOCUMENT', overrides: Record<string, unknown> = {}) => ({
  __typename: 'AgeVerification',
  id: 'check-1',
  status,
  method: 'test',
  checkedAt: new Date().toISOString(),
  ageBracket: status === 'PASSED' ? '18+' : status === 'FAILED' ? 'under 18' : null,
  validUntil: status === 'NEEDS_DOCUMENT' ? null : new Date(Date.now() + (status === 'PASSED' ? 365 : 1) * DAY_MS).toISOString(),
  ...overrides,
});

/** A review as the review fields and addReview's answer read it: of the shop unless `productId` and `product` say a knife. */
export function reviewFixture(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Review',
    id: 'r9',
    userName: 'Casey Blade',
    name: 'Casey Blade',
    description: 'Razor sharp',
    img: null,
    star: 5,
    verifiedBuyer: false,
    createdAt: '2026-11-22T10:00:00.000Z',
    productId: null,
    product: null,
    ...overrides,
  };
}
