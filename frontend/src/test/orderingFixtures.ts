import type { CartLine } from '../lib/cart';
import { dollars, leadTimeFixture, type money, oneVariantFixture } from './fixtures';

/**
 * What the checkout and purchase tests order: a product without options, its cart line and the
 * customer, each as the server answers it or the cart keeps it; a test overrides what it is about.
 */

interface ProductOverrides {
  name?: string;
  img?: string;
  description?: string;
  priceFrom?: ReturnType<typeof money>;
  quantity?: number;
  minimumQuantity?: number;
  engravable?: boolean;
  engravingMaxLength?: number;
  engravingSurcharge?: ReturnType<typeof money>;
  ageRestricted?: boolean;
  minimumAge?: number | null;
  [field: string]: unknown;
}

/** "Knife {id}" at $50 with 9 in stock, as CartProduct and PurchasePage answer it (every OrderableProductFields field). */
export const knifeFixture = (id = 'k1', overrides: ProductOverrides = {}) => {
  const fields = {
    __typename: 'Product',
    id,
    name: `Knife ${id}`,
    img: '/images/k.svg',
    description: '',
    priceFrom: dollars(50),
    quantity: 9,
    minimumQuantity: 1,
    engravable: false,
    engravingMaxLength: 24,
    engravingSurcharge: dollars(0),
    engravingPlacements: ['BladeLeft'],
    proofRequired: false,
    ageRestricted: false,
    minimumAge: null as number | null,
    ...leadTimeFixture(),
    // PurchasePage asks for it (a gift card's page is another form).
    kind: 'KNIFE',
    giftCardMinAmount: null as number | null,
    giftCardMaxAmount: null as number | null,
    ...overrides,
  };
  // The product's own fields last: a test that gives variants keeps them.
  return { ...oneVariantFixture(fields), ...fields };
};

/** The purchase page's knife: $120, 10 in stock, at least 2 an order. */
export const chefKnifeFixture = knifeFixture('p1', {
  name: 'Damascus Chef Knife',
  img: '/images/chef.svg',
  description: 'Folded steel',
  priceFrom: dollars(120),
  quantity: 10,
  minimumQuantity: 2,
});

/** One "Knife {id}" in the cart, with no variant named (a line stored before variants), as the customer saw it when adding it. */
export const knifeLineFixture = (
  productId = 'k1',
  { quantity = 1, seen = {} }: { quantity?: number; seen?: Partial<CartLine['seen']> } = {},
): CartLine => ({
  productId,
  quantity,
  engraving: null,
  seen: {
    name: `Knife ${productId}`,
    img: '/images/k.svg',
    unitAmount: 5000,
    engravingAmount: 0,
    currency: 'USD',
    minimumQuantity: 1,
    stock: 9,
    ...seen,
  },
});

/** Casey as the purchase page's query answers `me`. */
export const customerFixture = { __typename: 'User', id: 'u1', name: 'Casey Blade', email: 'casey@keen.test', phone: '5550100' };
