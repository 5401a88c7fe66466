import { dollars, leadTimeFixture, variantLeadTimeFixture } from './fixtures';

/** A value of a product's option group, as the server answers ProductOptionGroup.values. */
export const optionValueFixture = (id: string, groupId: string, name: string, custom = false) => ({
  __typename: 'ProductOptionValue' as const,
  id,
  groupId,
  name,
  custom,
});

/**
 * A santoku in two blade lengths and two handles, plus a made-to-measure length (12 to 30 cm,
 * +$40), as the server answers Product.optionGroups and Product.variants. 16 cm is sold out in
 * both handles; a test overrides what it is about.
 */
export const santokuGroups = [
  {
    __typename: 'ProductOptionGroup',
    id: 'g-length',
    name: 'Blade length',
    values: [
      optionValueFixture('v16', 'g-length', '16 cm'),
      optionValueFixture('v18', 'g-length', '18 cm'),
      optionValueFixture('vmm', 'g-length', 'Made to measure', true),
    ],
    custom: { __typename: 'CustomOptionValue', label: 'Made to measure', min: 12, max: 30, unit: 'cm', surchargeAmount: dollars(40) },
  },
  {
    __typename: 'ProductOptionGroup',
    id: 'g-handle',
    name: 'Handle',
    values: [optionValueFixture('walnut', 'g-handle', 'Walnut'), optionValueFixture('ebony', 'g-handle', 'Ebony')],
    custom: null,
  },
];

const option = (id: string) => ({
  __typename: 'ProductOptionValue',
  id,
  groupId: id === 'walnut' || id === 'ebony' ? 'g-handle' : 'g-length',
});

const variant = (length: string, handle: string, name: string, price: number, quantity: number, img = '/images/santoku.svg') => ({
  __typename: 'ProductVariant',
  id: `${length}-${handle}`,
  name,
  options: [option(length), option(handle)],
  unitPrice: dollars(price),
  quantity,
  img,
  enabled: true,
  ...variantLeadTimeFixture(),
});

export const santokuVariants = () => [
  variant('v16', 'walnut', '16 cm / Walnut', 100, 0),
  variant('v16', 'ebony', '16 cm / Ebony', 120, 0),
  variant('v18', 'walnut', '18 cm / Walnut', 130, 4),
  variant('v18', 'ebony', '18 cm / Ebony', 150, 2, '/uploads/ebony.webp'),
  variant('vmm', 'walnut', 'Made to measure / Walnut', 160, 5),
  variant('vmm', 'ebony', 'Made to measure / Ebony', 180, 5),
];

/** Every field the purchase page and the cart read of the santoku. */
export const santokuProduct = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'Product',
  id: 's1',
  name: 'Engraved Santoku',
  img: '/images/santoku.svg',
  description: 'Hollow edge',
  priceFrom: dollars(100),
  quantity: 16,
  minimumQuantity: 1,
  engravable: false,
  engravingMaxLength: 24,
  engravingSurcharge: dollars(0),
  engravingPlacements: ['BladeLeft'],
  proofRequired: false,
  ageRestricted: false,
  minimumAge: null,
  ...leadTimeFixture(),
  optionGroups: santokuGroups,
  variants: santokuVariants(),
  ...overrides,
});
