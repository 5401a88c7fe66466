import { expect, test } from 'vitest';
import { dollars, variantLeadTimeFixture } from '../../../test/fixtures';
import { optionValueFixture } from '../../../test/variantFixtures';
import { checkOptions, draftsOf, inputOf, isRetired, type OptionGroup, type Variant, variantsLost } from './optionsDraft';

const blade: OptionGroup = {
  id: 'g1',
  name: 'Blade length',
  values: [
    optionValueFixture('v16', 'g1', '16 cm'),
    optionValueFixture('v18', 'g1', '18 cm'),
    optionValueFixture('vm', 'g1', 'Made to measure', true),
  ],
  custom: { label: 'Made to measure', min: 12, max: 30, unit: 'cm', surchargeAmount: dollars(40) },
};
const variant = (id: string, options: OptionGroup['values'], enabled = true): Variant => ({
  id,
  productId: 'p1',
  sku: id.toUpperCase(),
  name: options.map((option) => option.name).join(' / '),
  options,
  unitPrice: dollars(100),
  quantity: 1,
  img: '/images/santoku.svg',
  ownImg: null,
  weightGrams: 250,
  ownWeightGrams: null,
  enabled,
  ...variantLeadTimeFixture(),
});
const variants = [variant('a', [blade.values[0]]), variant('b', [blade.values[1]]), variant('m', [blade.values[2]])];

test('the stored groups become drafts: the made-to-measure value is the group’s custom, not a chip', () => {
  const drafts = draftsOf([blade]);
  expect(drafts).toEqual([
    {
      key: 'g1',
      name: 'Blade length',
      values: ['16 cm', '18 cm'],
      custom: { label: 'Made to measure', min: '12', max: '30', unit: 'cm', surcharge: '40.00' },
    },
  ]);
  expect(inputOf(drafts, 'USD')[0].custom).toEqual({ label: 'Made to measure', min: 12, max: 30, unit: 'cm', surchargeAmount: 4000 });
  expect(checkOptions(drafts, 'USD').groups).not.toBeNull();
});

test('a surcharge is typed with cents and sent in minor units; an unreadable one is refused at its field', () => {
  const [draft] = draftsOf([blade]);
  const withSurcharge = (surcharge: string) => [{ ...draft, custom: { ...draft.custom!, surcharge } }];
  expect(inputOf(withSurcharge('12.50'), 'USD')[0].custom?.surchargeAmount).toBe(1250);
  expect(inputOf(withSurcharge('1250'), 'JPY')[0].custom?.surchargeAmount).toBe(1250);
  const refused = checkOptions(withSurcharge('12.345'), 'USD');
  expect(refused.groups).toBeNull();
  expect(refused.fields.get('0.custom.surcharge')).toBe('Enter an amount like 129.50');
});

test('variantsLost: a new group keeps every variant; a dropped value or made-to-measure loses its variant; case does not matter', () => {
  const groups = (values: string[], custom = true, more: { name: string; values: string[] }[] = []) =>
    checkOptions(
      [
        {
          key: 'g1',
          name: 'blade LENGTH',
          values,
          custom: custom ? { label: 'made to measure', min: '12', max: '30', unit: 'cm', surcharge: '0' } : null,
        },
        ...more.map((group, index) => ({ key: `n${index}`, ...group, custom: null })),
      ],
      'USD',
    ).groups!;
  expect(variantsLost(variants, [blade], groups(['16 CM', '18 cm'], true, [{ name: 'Handle', values: ['Walnut', 'Ebony'] }]))).toEqual([]);
  expect(variantsLost(variants, [blade], groups(['16 cm'])).map((lost) => lost.id)).toEqual(['b']);
  expect(variantsLost(variants, [blade], groups(['16 cm', '18 cm'], false)).map((lost) => lost.id)).toEqual(['m']);
  // No options at all: one variant stays, the others go.
  expect(variantsLost(variants, [blade], [])).toHaveLength(2);
  // A retired variant (no options left) is not counted again.
  expect(variantsLost([...variants, variant('old', [], false)], [blade], groups(['16 cm', '18 cm']))).toEqual([]);
});

test('isRetired: a variant without the product’s options, or a named one once the product has none', () => {
  expect(isRetired(variants[0], 1)).toBe(false);
  expect(isRetired(variant('old', [], false), 1)).toBe(true);
  expect(isRetired({ ...variant('only', []), name: '' }, 0)).toBe(false);
  expect(isRetired(variant('old', [], false), 0)).toBe(false);
  expect(isRetired({ ...variant('old', [], false), name: '16 cm' }, 0)).toBe(true);
});
