import { expect, test } from 'vitest';
import { dollars } from '../test/fixtures';
import { santokuGroups, santokuVariants } from '../test/variantFixtures';
import { customOf, initialVariant, lineName, measureError, pick, priceRange, unitPrice, valueSoldOut, variantLabel } from './variants';

const byName = (variants: ReturnType<typeof santokuVariants>, name: string) => variants.find((variant) => variant.name === name)!;

test('a page starts on the variant its link names, else the first in stock, else the first on sale; never on a disabled one', () => {
  const variants = santokuVariants();
  expect(initialVariant(variants, 'v18-ebony')?.name).toBe('18 cm / Ebony');
  // A sold-out variant may still be linked to: it shows, sold out.
  expect(initialVariant(variants, 'v16-walnut')?.name).toBe('16 cm / Walnut');
  expect(initialVariant(variants, null)?.name).toBe('18 cm / Walnut');
  expect(initialVariant(variants, 'no-such-variant')?.name).toBe('18 cm / Walnut');
  const disabled = variants.map((variant) => (variant.id === 'v18-walnut' ? { ...variant, enabled: false } : variant));
  expect(initialVariant(disabled, 'v18-walnut')?.name).toBe('18 cm / Ebony');
  const soldOut = variants.map((variant) => ({ ...variant, quantity: 0 }));
  expect(initialVariant(soldOut, null)?.name).toBe('16 cm / Walnut');
  expect(
    initialVariant(
      variants.map((variant) => ({ ...variant, enabled: false })),
      null,
    ),
  ).toBeNull();
});

test('a value is sold out when every variant with it has no stock or is disabled', () => {
  const variants = santokuVariants();
  expect(valueSoldOut(variants, 'v16')).toBe(true);
  expect(valueSoldOut(variants, 'v18')).toBe(false);
  expect(valueSoldOut(variants, 'ebony')).toBe(false);
  const ebonyGone = variants.map((variant) =>
    variant.options.some((option) => option.id === 'ebony') && variant.quantity > 0 ? { ...variant, enabled: false } : variant,
  );
  expect(valueSoldOut(ebonyGone, 'ebony')).toBe(true);
  expect(valueSoldOut(ebonyGone, 'walnut')).toBe(false);
});

test('a variant made to order is never sold out: it is ordered beyond its stock, and a page may start on it', () => {
  const days = { __typename: 'MadeToOrderDays', minDays: 20, maxDays: 30 };
  // The 16 cm blades are forged to order: none on hand, still on sale.
  const variants = santokuVariants().map((variant) =>
    variant.options.some((option) => option.id === 'v16') ? { ...variant, madeToOrder: days } : { ...variant, madeToOrder: null },
  );
  expect(valueSoldOut(variants, 'v16')).toBe(false);
  const soldOut = variants.map((variant) => ({ ...variant, quantity: 0 }));
  expect(initialVariant(soldOut, null)?.name).toBe('16 cm / Walnut');
  expect(valueSoldOut(soldOut, 'v18')).toBe(true);
  expect(pick(soldOut, byName(soldOut, '18 cm / Ebony'), 'g-length', 'v16')?.name).toBe('16 cm / Ebony');
});

test('picking a value keeps the other choices when that combination is in stock, else moves to one in stock', () => {
  const variants = santokuVariants();
  const walnut18 = byName(variants, '18 cm / Walnut');
  expect(pick(variants, walnut18, 'g-handle', 'ebony')?.name).toBe('18 cm / Ebony');
  expect(pick(variants, walnut18, 'g-length', 'vmm')?.name).toBe('Made to measure / Walnut');
  // 18 cm / Ebony sold out: Ebony moves to the made-to-measure length, the only Ebony in stock.
  const ebony18Gone = variants.map((variant) => (variant.name === '18 cm / Ebony' ? { ...variant, quantity: 0 } : variant));
  expect(pick(ebony18Gone, byName(ebony18Gone, '18 cm / Walnut'), 'g-handle', 'ebony')?.name).toBe('Made to measure / Ebony');
  // Nothing with the value is in stock: the same other choices, sold out.
  expect(pick(variants, byName(variants, '18 cm / Ebony'), 'g-length', 'v16')?.name).toBe('16 cm / Ebony');
  expect(pick(variants, null, 'g-handle', 'ebony')?.name).toBe('18 cm / Ebony');
});

test('a made-to-measure variant adds its surcharge, checks its measure in the bounds with the server words, and names the measure', () => {
  const variants = santokuVariants();
  const measured = byName(variants, 'Made to measure / Ebony');
  const custom = customOf(santokuGroups, measured)!;
  expect(custom).toMatchObject({ group: 'Blade length', min: 12, max: 30, unit: 'cm', surchargeAmount: dollars(40) });
  expect(customOf(santokuGroups, byName(variants, '18 cm / Ebony'))).toBeNull();
  // In cents: $180 and the $40 surcharge.
  expect(unitPrice(santokuGroups, measured)).toBe(22000);
  expect(unitPrice(santokuGroups, byName(variants, '18 cm / Ebony'))).toBe(15000);

  const message = 'Enter a blade length from 12 to 30 cm for Engraved Santoku';
  for (const raw of ['', ' ', 'abc', '11.9', '30.5', '-20']) expect(measureError(custom, raw, 'Engraved Santoku')).toBe(message);
  for (const raw of ['12', '23.5', '30']) expect(measureError(custom, raw, 'Engraved Santoku')).toBeNull();

  expect(variantLabel(santokuGroups, measured, 23.5)).toBe('23.5 cm / Ebony');
  expect(variantLabel(santokuGroups, byName(variants, '18 cm / Walnut'), null)).toBe('18 cm / Walnut');
  expect(variantLabel([], { name: '', options: [] }, null)).toBe('');
});

test('a line reads "product, variant"; a line without a variant name reads as the product', () => {
  expect(lineName('Engraved Santoku', '18 cm / Walnut')).toBe('Engraved Santoku, 18 cm / Walnut');
  expect(lineName('Engraved Santoku', null)).toBe('Engraved Santoku');
  expect(lineName('Engraved Santoku', '')).toBe('Engraved Santoku');
  expect(lineName('Engraved Santoku', undefined)).toBe('Engraved Santoku');
});

test('the price range counts only the variants on sale, in minor units', () => {
  expect(priceRange([{ unitPrice: dollars(90), enabled: true }])).toEqual({ min: 9000, max: 9000, currency: 'USD' });
  expect(
    priceRange([
      { unitPrice: dollars(129.5), enabled: true },
      { unitPrice: dollars(80), enabled: false },
      { unitPrice: dollars(150), enabled: true },
    ]),
  ).toEqual({ min: 12950, max: 15000, currency: 'USD' });
  expect(priceRange([{ unitPrice: dollars(80), enabled: false }])).toBeNull();
});
