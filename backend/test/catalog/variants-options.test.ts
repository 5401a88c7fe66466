import { Product } from '../../src/modules/catalog/product.entity';
import type { TestSession } from '../support/harness';
import { sharedApp } from '../support/shared-app';
import { type OptionGroup, type ReadProduct, refusal, SET_OPTIONS, variantsApi } from '../support/variants';

/**
 * setProductOptions: a variant for every combination, surviving variants kept whole, retired ones
 * disabled when they have orders, the shared schema's refusals, and the product's price and stock
 * following its enabled variants (read anonymously, through the read cache: the event forgets it).
 */
const shop = sharedApp({ MAX_UNPAID_ORDERS: '100' });
let admin: TestSession;
let buyer: TestSession;
let v: ReturnType<typeof variantsApi>;
beforeAll(async () => {
  v = variantsApi(shop.app);
  [admin, buyer] = await Promise.all([shop.app.adminUser(), shop.app.customer('options')]);
});

const LENGTH = { name: 'Blade length', values: ['16 cm', '18 cm'] };
const LENGTHS = { name: 'Blade length', values: ['16 cm', '18 cm', '21 cm'] };
const HANDLE = { name: 'Handle', values: ['Walnut', 'Ebony'] };

/** Each variant as [name, sku, price in cents, quantity, enabled]. */
const rows = (product: ReadProduct) => product.variants.map((x) => [x.name, x.sku, x.unitPrice.amount, x.quantity, x.enabled]);
const byName = (product: ReadProduct, name: string) => product.variants.find((x) => x.name === name)!;
/** The product's price and stock as the enabled variants make them. */
const expectTotals = (product: ReadProduct) => {
  const enabled = product.variants.filter((x) => x.enabled);
  expect(product.priceFrom.amount).toBe(Math.min(...enabled.map((x) => x.unitPrice.amount)));
  expect(product.quantity).toBe(enabled.reduce((sum, x) => sum + x.quantity, 0));
};

test('a product without options hands its one variant to the first of every combination, named in group order', async () => {
  const product = await shop.app.product({ name: 'Engraved Santoku', price: 40, quantity: 9 });
  const before = await v.read(product.id);
  expect(before.optionGroups).toEqual([]);
  expect(before.variants).toEqual([
    expect.objectContaining({
      sku: 'ENGRAVED-SANTOKU',
      name: '',
      unitPrice: { amount: 4000 },
      quantity: 9,
      enabled: true,
      options: [],
      ownImg: null,
    }),
  ]);
  const events = await v.updatedEvents(product.id);

  const after = await v.setOptions(admin, product.id, [LENGTHS, HANDLE]);
  expect(after.optionGroups.map((group) => [group.name, group.values.map((value) => value.name), group.custom])).toEqual([
    ['Blade length', ['16 cm', '18 cm', '21 cm'], null],
    ['Handle', ['Walnut', 'Ebony'], null],
  ]);
  expect(rows(after)).toEqual([
    ['16 cm / Walnut', 'ENGRAVED-SANTOKU', 4000, 9, true],
    ['16 cm / Ebony', 'ENGRAVED-SANTOKU-16-CM-EBONY', 4000, 0, true],
    ['18 cm / Walnut', 'ENGRAVED-SANTOKU-18-CM-WALNUT', 4000, 0, true],
    ['18 cm / Ebony', 'ENGRAVED-SANTOKU-18-CM-EBONY', 4000, 0, true],
    ['21 cm / Walnut', 'ENGRAVED-SANTOKU-21-CM-WALNUT', 4000, 0, true],
    ['21 cm / Ebony', 'ENGRAVED-SANTOKU-21-CM-EBONY', 4000, 0, true],
  ]);
  expect(after.variants[0].id).toBe(before.variants[0].id);
  // Each variant's options are one value per group, in group order.
  const [lengths, handles] = after.optionGroups;
  expect(after.variants[1].options.map((o) => o.id)).toEqual([lengths.values[0].id, handles.values[1].id]);
  expect(new Set(after.variants.map((x) => x.sku.toLowerCase())).size).toBe(6);
  expect([after.priceFrom.amount, after.quantity]).toEqual([4000, 9]);
  expect(await v.updatedEvents(product.id)).toBe(events + 1);
  // The anonymous read (cached before the change) shows the new variants.
  expect(await v.read(product.id)).toEqual(after);
});

describe('re-saving keeps what survives', () => {
  let product: ReadProduct;
  beforeAll(async () => {
    product = await v.productWith(
      admin,
      [LENGTHS, HANDLE],
      [
        { priceAmount: 10000, quantity: 1 },
        { priceAmount: 11050, quantity: 2 },
        { priceAmount: 12000, quantity: 3 },
        { priceAmount: 13000, quantity: 4 },
        { priceAmount: 14000, quantity: 5 },
        { priceAmount: 15000, quantity: 6 },
      ],
    );
    expectTotals(product);
    expect([product.priceFrom.amount, product.quantity]).toEqual([10000, 21]);
  });
  const kept = (from: ReadProduct, to: ReadProduct, names: string[]) => {
    for (const name of names)
      expect(byName(to, name)).toMatchObject({
        id: byName(from, name).id,
        sku: byName(from, name).sku,
        unitPrice: byName(from, name).unitPrice,
        quantity: byName(from, name).quantity,
        enabled: true,
      });
  };

  test('a value added keeps every existing variant (id, SKU, price, stock) and adds the new combinations at the product price without stock', async () => {
    const before = product;
    const events = await v.updatedEvents(product.id);
    product = await v.setOptions(admin, product.id, [{ ...LENGTHS, values: [...LENGTHS.values, '24 cm'] }, HANDLE]);
    expect(product.variants.map((x) => x.name)).toEqual([
      '16 cm / Walnut',
      '16 cm / Ebony',
      '18 cm / Walnut',
      '18 cm / Ebony',
      '21 cm / Walnut',
      '21 cm / Ebony',
      '24 cm / Walnut',
      '24 cm / Ebony',
    ]);
    kept(
      before,
      product,
      before.variants.map((x) => x.name),
    );
    expect(product.variants.slice(6).map((x) => [x.unitPrice.amount, x.quantity, x.enabled])).toEqual([
      [10000, 0, true],
      [10000, 0, true],
    ]);
    // Option values that stay keep their ids too.
    expect(product.optionGroups[0].values.slice(0, 3)).toEqual(before.optionGroups[0].values);
    expectTotals(product);
    expect(await v.updatedEvents(product.id)).toBe(events + 1);
    expect(await v.read(product.id)).toEqual(product);
  });

  test('a value removed deletes its variants without orders and disables those with orders, keeping their names', async () => {
    const ordered = byName(product, '21 cm / Ebony');
    const placed = await v.place(buyer, [{ productId: product.id, variantId: ordered.id, quantity: 2 }]);
    expect(placed.errors).toBeUndefined();
    const before = await v.read(product.id);
    expect(byName(before, '21 cm / Ebony').quantity).toBe(4);

    product = await v.setOptions(admin, product.id, [{ ...LENGTHS, values: ['16 cm', '18 cm', '24 cm'] }, HANDLE]);
    expect(product.variants.map((x) => [x.name, x.enabled, x.options.length])).toEqual([
      ['16 cm / Walnut', true, 2],
      ['16 cm / Ebony', true, 2],
      ['18 cm / Walnut', true, 2],
      ['18 cm / Ebony', true, 2],
      ['24 cm / Walnut', true, 2],
      ['24 cm / Ebony', true, 2],
      // Kept for its order, out of the combinations.
      ['21 cm / Ebony', false, 0],
    ]);
    expect(byName(product, '21 cm / Ebony')).toMatchObject({ id: ordered.id, sku: ordered.sku, quantity: 4 });
    kept(
      before,
      product,
      product.variants.filter((x) => x.enabled).map((x) => x.name),
    );
    // 21 cm / Walnut had no orders: gone.
    expect(product.variants.find((x) => x.id === byName(before, '21 cm / Walnut').id)).toBeUndefined();
    // The disabled variant's 4 units no longer count.
    expectTotals(product);
    expect(product.quantity).toBe(1 + 2 + 3 + 4);
    expect(await v.read(product.id)).toEqual(product);
  });

  test('a group added keeps each variant on the first combination that agrees with it; the retired one stays retired', async () => {
    const before = product;
    product = await v.setOptions(admin, product.id, [
      { ...LENGTHS, values: ['16 cm', '18 cm', '24 cm'] },
      HANDLE,
      { name: 'Steel', values: ['Carbon', 'Stainless'] },
    ]);
    expect(product.variants).toHaveLength(13);
    for (const old of before.variants.filter((x) => x.enabled))
      expect(byName(product, `${old.name} / Carbon`)).toMatchObject({
        id: old.id,
        sku: old.sku,
        unitPrice: old.unitPrice,
        quantity: old.quantity,
      });
    expect(byName(product, '16 cm / Walnut / Stainless')).toMatchObject({ unitPrice: { amount: 10000 }, quantity: 0, enabled: true });
    expect(byName(product, '21 cm / Ebony')).toMatchObject({ enabled: false, options: [] });
    expectTotals(product);
    expect(await v.read(product.id)).toEqual(product);
  });

  test('a group removed keeps the first variant agreeing with each combination and deletes the rest (they have no orders)', async () => {
    const before = product;
    product = await v.setOptions(admin, product.id, [{ ...LENGTHS, values: ['16 cm', '18 cm', '24 cm'] }, HANDLE]);
    expect(product.variants.map((x) => x.name)).toEqual([
      '16 cm / Walnut',
      '16 cm / Ebony',
      '18 cm / Walnut',
      '18 cm / Ebony',
      '24 cm / Walnut',
      '24 cm / Ebony',
      '21 cm / Ebony',
    ]);
    for (const name of product.variants.filter((x) => x.enabled).map((x) => x.name))
      expect(byName(product, name).id).toBe(byName(before, `${name} / Carbon`).id);
    expectTotals(product);
  });

  test('no options at all leaves one variant, the first enabled one', async () => {
    const first = product.variants[0];
    product = await v.setOptions(admin, product.id, []);
    expect(product.optionGroups).toEqual([]);
    expect(product.variants.map((x) => [x.id, x.name, x.enabled, x.options])).toEqual([
      [first.id, '', true, []],
      [byName(product, '21 cm / Ebony').id, '21 cm / Ebony', false, []],
    ]);
    expect([product.priceFrom.amount, product.quantity]).toEqual([first.unitPrice.amount, first.quantity]);
  });

  test('without options, the retired variant stays retired: it cannot be enabled, nor inherit a combination', async () => {
    const retired = byName(product, '21 cm / Ebony');
    const enabling = await shop.app.gql(
      'mutation($id: ID!) { updateProductVariant(id: $id, input: { enabled: true }) { id } }',
      { id: retired.id },
      admin,
    );
    expect(refusal(enabling)).toEqual(['CONFLICT', "21 cm / Ebony no longer matches the product's options; it can only stay disabled"]);
    product = await v.setOptions(admin, product.id, [LENGTH]);
    expect(product.variants.map((x) => [x.name, x.enabled, x.options.length])).toEqual([
      ['16 cm', true, 1],
      ['18 cm', true, 1],
      ['21 cm / Ebony', false, 0],
    ]);
    expect(byName(product, '21 cm / Ebony').id).toBe(retired.id);
    expectTotals(product);
  });
});

describe('refusals, in the shared schema’s words, change nothing', () => {
  const five = (name: string) => ({ name, values: ['a', 'b', 'c', 'd', 'e'] });
  test.each<[string, OptionGroup[], string]>([
    ['a group twice, whatever the case', [LENGTH, { name: 'blade LENGTH', values: ['x'] }], 'The option blade LENGTH appears twice'],
    ['a value twice, whatever the case', [{ name: 'Handle', values: ['Walnut', 'walnut'] }], 'Handle has the value walnut twice'],
    ['a group without values', [LENGTH, { name: 'Handle', values: [] }], 'Give Handle at least one value'],
    ['more than 3 groups', [five('A'), five('B'), five('C'), five('D')], 'A product may have at most 3 options'],
    ['more than 100 variants', [five('A'), five('B'), five('C')], 'These options make 125 variants; a product may have at most 100'],
    [
      'two made-to-measure groups',
      [
        { ...LENGTH, custom: { label: 'Made to measure', min: 12, max: 30, unit: 'cm', surchargeAmount: 4000 } },
        { ...HANDLE, custom: { label: 'Your wood', min: 1, max: 2, unit: 'kg', surchargeAmount: 500 } },
      ],
      'Only one option may be made to measure',
    ],
    ['an empty group name', [{ name: ' ', values: ['x'] }], 'Option name is Required'],
    [
      'a measure whose largest is below its smallest',
      [{ ...LENGTH, custom: { label: 'Made to measure', min: 30, max: 12, unit: 'cm', surchargeAmount: 4000 } }],
      'Largest measure must be at least the smallest',
    ],
  ])('%s', async (_case, groups, message) => {
    const product = await v.productWith(admin, [LENGTH, HANDLE], [{ priceAmount: 7000, quantity: 3 }]);
    const events = await v.updatedEvents(product.id);
    expect(refusal(await shop.app.gql(SET_OPTIONS, { productId: product.id, groups }, admin))).toEqual(['BAD_USER_INPUT', message]);
    expect(await v.read(product.id)).toEqual(product);
    expect(await v.updatedEvents(product.id)).toBe(events);
  });

  test('an unknown product is NOT_FOUND', async () => {
    const answer = await shop.app.gql(SET_OPTIONS, { productId: '00000000-0000-4000-8000-000000000000', groups: [LENGTH] }, admin);
    expect(refusal(answer)).toEqual(['NOT_FOUND', 'Product not found']);
  });

  test('anonymous is UNAUTHENTICATED before the input is read; a customer is FORBIDDEN', async () => {
    const product = await shop.app.product();
    const bad = [{ name: '', values: [] }];
    expect(refusal(await shop.app.gql(SET_OPTIONS, { productId: product.id, groups: bad }))[0]).toBe('UNAUTHENTICATED');
    expect(refusal(await shop.app.gql(SET_OPTIONS, { productId: product.id, groups: [LENGTH] }, buyer))[0]).toBe('FORBIDDEN');
    expect((await v.read(product.id)).variants).toHaveLength(1);
  });
});

test('a made-to-measure group adds its value to the group, flagged custom, and makes its variants', async () => {
  const measure = { label: 'Made to measure', min: 12, max: 30, unit: 'cm' };
  const product = await v.productWith(admin, [{ ...LENGTH, custom: { ...measure, surchargeAmount: 4050 } }, HANDLE]);
  expect(product.optionGroups[0]).toMatchObject({
    custom: { ...measure, surchargeAmount: { amount: 4050 } },
    values: [
      { name: '16 cm', custom: false },
      { name: '18 cm', custom: false },
      { name: 'Made to measure', custom: true },
    ],
  });
  expect(product.variants.map((x) => x.name)).toEqual([
    '16 cm / Walnut',
    '16 cm / Ebony',
    '18 cm / Walnut',
    '18 cm / Ebony',
    'Made to measure / Walnut',
    'Made to measure / Ebony',
  ]);
  expect(byName(product, 'Made to measure / Ebony').options.map((o) => o.custom)).toEqual([true, false]);
});

test("the product's price is its lowest enabled variant price and its stock the enabled variants' stock, after every change", async () => {
  const product = await v.productWith(
    admin,
    [LENGTH],
    [
      { priceAmount: 9000, quantity: 5 },
      { priceAmount: 7050, quantity: 2 },
    ],
  );
  expect([product.priceFrom.amount, product.quantity]).toEqual([7050, 7]);
  const cheap = product.variants[1];
  const disabled = await v.updateVariant(admin, cheap.id, { enabled: false });
  expect([disabled.priceFrom.amount, disabled.quantity]).toEqual([9000, 5]);
  // The columns the lists sort and filter by follow too.
  expect(await shop.app.db.getRepository(Product).findOneByOrFail({ id: product.id })).toMatchObject({ priceAmount: 9000, quantity: 5 });
  const again = await v.updateVariant(admin, cheap.id, { enabled: true, priceAmount: 9500 });
  expect([again.priceFrom.amount, again.quantity]).toEqual([9000, 7]);
  expect(await v.read(product.id)).toEqual(again);
});
