import type { TestSession } from '../support/harness';
import { sharedApp } from '../support/shared-app';
import { DELETE_VARIANT, type ReadProduct, refusal, SET_OPTIONS, UPDATE_VARIANT, UPDATE_VARIANTS, variantsApi } from '../support/variants';

/**
 * updateProductVariant, updateProductVariants and deleteProductVariant: SKUs unique in the shop,
 * the shared schema's bounds, variants with orders kept, and who may call them.
 */
const shop = sharedApp({ MAX_UNPAID_ORDERS: '100' });
let admin: TestSession;
let buyer: TestSession;
let v: ReturnType<typeof variantsApi>;
beforeAll(async () => {
  v = variantsApi(shop.app);
  [admin, buyer] = await Promise.all([shop.app.adminUser(), shop.app.customer('edit')]);
});

const LENGTH = { name: 'Blade length', values: ['16 cm', '18 cm', '21 cm'] };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const santoku = (quantities = [4, 5, 6]) =>
  v.productWith(
    admin,
    [LENGTH],
    quantities.map((quantity, i) => ({ priceAmount: 5000 + 1000 * i, quantity })),
  );

/** The answer is refused with this code and message, and the product reads as before. */
async function refusedAndUnchanged(product: ReadProduct, answer: Promise<Parameters<typeof refusal>[0]>, code: string, message: string) {
  const events = await v.updatedEvents(product.id);
  expect(refusal(await answer)).toEqual([code, message]);
  expect(await v.read(product.id)).toEqual(product);
  expect(await v.updatedEvents(product.id)).toBe(events);
}

describe('updateProductVariant', () => {
  test('changes SKU, price, stock, photo and enabled; the product follows and the change is an event', async () => {
    const product = await santoku();
    const events = await v.updatedEvents(product.id);
    const [first] = product.variants;
    const changed = await v.updateVariant(admin, first.id, {
      sku: 'SAN-16.a_b/1',
      priceAmount: 4550,
      quantity: 9,
      img: '/images/sixteen.webp',
    });
    expect(changed.variants[0]).toMatchObject({
      sku: 'SAN-16.a_b/1',
      unitPrice: { amount: 4550 },
      quantity: 9,
      img: '/images/sixteen.webp',
      ownImg: '/images/sixteen.webp',
    });
    expect([changed.priceFrom.amount, changed.quantity]).toEqual([4550, 9 + 5 + 6]);
    // "" shows the product's photo again.
    const back = await v.updateVariant(admin, first.id, { img: '' });
    expect(back.variants[0]).toMatchObject({ img: '/images/santoku.svg', ownImg: null, sku: 'SAN-16.a_b/1', unitPrice: { amount: 4550 } });
    expect(await v.updatedEvents(product.id)).toBe(events + 2);
    expect(await v.read(product.id)).toEqual(back);
  });

  test("an SKU is unique in the shop whatever the case, and names who has it; a variant may change its own SKU's case", async () => {
    const owner = await santoku();
    const other = await santoku();
    await v.updateVariant(admin, owner.variants[1].id, { sku: 'KEEN-18' });
    const mine = await v.read(other.id);
    await refusedAndUnchanged(
      mine,
      shop.app.gql(UPDATE_VARIANT, { id: mine.variants[0].id, input: { sku: 'keen-18', priceAmount: 9900 } }, admin),
      'CONFLICT',
      `SKU keen-18 is already used by ${owner.name} 18 cm`,
    );
    // A product without options is named alone.
    const plain = await shop.app.product();
    const [plainVariant] = (await v.read(plain.id)).variants;
    await v.updateVariant(admin, plainVariant.id, { sku: 'PLAIN-1' });
    await refusedAndUnchanged(
      mine,
      shop.app.gql(UPDATE_VARIANT, { id: mine.variants[0].id, input: { sku: 'Plain-1' } }, admin),
      'CONFLICT',
      `SKU Plain-1 is already used by ${plain.name}`,
    );
    expect((await v.updateVariant(admin, owner.variants[1].id, { sku: 'keen-18' })).variants[1].sku).toBe('keen-18');
  });

  test('two admins giving two variants the same SKU at once: one wins, the other is a clean CONFLICT', async () => {
    const product = await santoku();
    const answers = await Promise.all(
      product.variants.map((variant) => shop.app.gql(UPDATE_VARIANT, { id: variant.id, input: { sku: 'RACED-SKU' } }, admin)),
    );
    expect(answers.filter((answer) => !answer.errors)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.errors))
      expect(refusal(answer)).toEqual([
        'CONFLICT',
        expect.stringMatching(/^(SKU RACED-SKU is already used by .+ cm|That SKU was just taken by another variant; choose another)$/),
      ]);
    expect((await v.read(product.id)).variants.filter((x) => x.sku === 'RACED-SKU')).toHaveLength(1);
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['an SKU with a space', { sku: 'SAN 16' }, 'An SKU may hold letters, digits and . _ / - only'],
    ['an SKU starting with a dash', { sku: '-SAN' }, 'An SKU may hold letters, digits and . _ / - only'],
    ['an empty SKU', { sku: '  ' }, 'SKU is Required'],
    ['an SKU of 65 characters', { sku: 'S'.repeat(65) }, 'SKU must be at most 64 characters'],
    ['a price of 0', { priceAmount: 0 }, 'Price must be more than 0'],
    ['a price past the bound', { priceAmount: 2_000_000_001 }, 'Price is too large'],
    ['negative stock', { quantity: -1 }, 'Stock cannot be negative'],
    ['stock past the bound', { quantity: 2_000_000_001 }, 'Stock must be at most 2000000000'],
    ['a photo of 2001 characters', { img: `/${'x'.repeat(2000)}` }, 'Photo must be at most 2000 characters'],
  ])('refuses %s, changing nothing', async (_case, input, message) => {
    const product = await santoku();
    await refusedAndUnchanged(
      product,
      shop.app.gql(UPDATE_VARIANT, { id: product.variants[0].id, input: { priceAmount: 7700, ...input } }, admin),
      'BAD_USER_INPUT',
      message,
    );
  });

  test('unknown and malformed ids are NOT_FOUND', async () => {
    for (const id of [UNKNOWN_ID, 'nope'])
      expect(refusal(await shop.app.gql(UPDATE_VARIANT, { id, input: { priceAmount: 500 } }, admin))).toEqual([
        'NOT_FOUND',
        'Variant not found',
      ]);
  });

  test('a variant retired for its orders cannot be enabled again', async () => {
    const product = await santoku();
    const retired = product.variants[2];
    expect((await v.place(buyer, [{ productId: product.id, variantId: retired.id, quantity: 1 }])).errors).toBeUndefined();
    const after = await v.setOptions(admin, product.id, [{ ...LENGTH, values: ['16 cm', '18 cm'] }]);
    expect(after.variants[2]).toMatchObject({ id: retired.id, name: '21 cm', enabled: false, options: [] });
    await refusedAndUnchanged(
      after,
      shop.app.gql(UPDATE_VARIANT, { id: retired.id, input: { enabled: true } }, admin),
      'CONFLICT',
      "21 cm no longer matches the product's options; it can only stay disabled",
    );
    // Its other fields may still change.
    expect((await v.updateVariant(admin, retired.id, { quantity: 0 })).variants[2]).toMatchObject({ quantity: 0, enabled: false });
  });
});

test('new products whose names make the same SKU, added at the same moment, are all added with SKUs of their own', async () => {
  const names = ['Twin knife', 'Twin-Knife', 'Twin_knife', 'TWIN  KNIFE!', 'twin.knife'].map((name) => `${name} ${UNKNOWN_ID.slice(-4)}`);
  const answers = await Promise.all(
    names.map((name) =>
      shop.app.gql<{ createProduct: { id: string; variants: { sku: string }[] } }>(
        'mutation($input: ProductInput!) { createProduct(input: $input) { id variants { sku } } }',
        { input: { name, description: 'A twin', price: 10, quantity: 1, minimumQuantity: 1, img: '/images/santoku.svg' } },
        admin,
      ),
    ),
  );
  expect(answers.map((answer) => answer.errors)).toEqual(names.map(() => undefined));
  const skus = answers.map((answer) => answer.data!.createProduct.variants[0].sku).sort();
  expect(skus).toEqual(['TWIN-KNIFE-0000', 'TWIN-KNIFE-0000-2', 'TWIN-KNIFE-0000-3', 'TWIN-KNIFE-0000-4', 'TWIN-KNIFE-0000-5']);

  // Their options at the same moment: each new variant's SKU is free too.
  const options = await Promise.all(
    answers.map((answer) =>
      shop.app.gql<{ setProductOptions: ReadProduct }>(
        SET_OPTIONS,
        { productId: answer.data!.createProduct.id, groups: [{ name: 'Blade length', values: ['16 cm', '18 cm'] }] },
        admin,
      ),
    ),
  );
  expect(options.map((answer) => answer.errors)).toEqual(names.map(() => undefined));
  const variantSkus = options.flatMap((answer) => answer.data!.setProductOptions.variants.map((x) => x.sku.toLowerCase()));
  expect(new Set(variantSkus).size).toBe(10);
  expect(variantSkus.filter((sku) => sku.startsWith('twin-knife-0000-18-cm'))).toHaveLength(5);
});

describe('the product form (updateProduct, PUT /api/products/:id)', () => {
  const UPDATE_PRODUCT = 'mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { price quantity } }';
  const form = { minimumQuantity: 1, img: '/images/santoku.svg' };

  test('sets the price and stock of a product with several variants only by leaving them as they are', async () => {
    const product = await santoku();
    expect(refusal(await shop.app.gql(UPDATE_PRODUCT, { id: product.id, input: { ...form, price: 1, quantity: 1 } }, admin))).toEqual([
      'BAD_USER_INPUT',
      `${product.name} has 3 variants: set prices and stock on its variants`,
    ]);
    const same = await shop.app.gql(
      UPDATE_PRODUCT,
      { id: product.id, input: { ...form, price: product.priceFrom.amount / 100, quantity: product.quantity } },
      admin,
    );
    expect(same.errors).toBeUndefined();
    expect(await v.read(product.id)).toMatchObject({ variants: product.variants });
  });

  test('a product back without options sets its own variant from the form, though it keeps a variant retired for its orders', async () => {
    const product = await santoku();
    expect((await v.place(buyer, [{ productId: product.id, variantId: product.variants[1].id, quantity: 1 }])).errors).toBeUndefined();
    const plain = await v.setOptions(admin, product.id, []);
    expect(plain.variants.map((x) => [x.name, x.enabled])).toEqual([
      ['', true],
      ['18 cm', false],
    ]);
    const answer = await shop.app.gql(UPDATE_PRODUCT, { id: product.id, input: { ...form, price: 77, quantity: 8 } }, admin);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.updateProduct).toEqual({ price: 77, quantity: 8 });
    const after = await v.read(product.id);
    expect(after.variants.map((x) => [x.name, x.unitPrice.amount, x.quantity, x.enabled])).toEqual([
      ['', 7700, 8, true],
      ['18 cm', 6000, 4, false],
    ]);
    const put = await shop.api('PUT', `/products/${product.id}`, { as: admin, body: { ...form, price: 78, quantity: 9 } });
    expect(put.status).toBe(200);
    expect((await v.read(product.id)).variants[0]).toMatchObject({ unitPrice: { amount: 7800 }, quantity: 9 });
  });
});

describe('updateProductVariants', () => {
  test('sets the same price, stock or enabled on the variants named, and only those', async () => {
    const product = await santoku();
    const [a, b, c] = product.variants;
    const events = await v.updatedEvents(product.id);
    const answer = await shop.app.gql<{ updateProductVariants: ReadProduct }>(
      UPDATE_VARIANTS,
      { ids: [c.id, a.id], input: { priceAmount: 3300, quantity: 1 } },
      admin,
    );
    expect(answer.errors).toBeUndefined();
    const after = answer.data!.updateProductVariants;
    expect(after.variants.map((x) => [x.id, x.unitPrice.amount, x.quantity])).toEqual([
      [a.id, 3300, 1],
      [b.id, b.unitPrice.amount, b.quantity],
      [c.id, 3300, 1],
    ]);
    expect([after.priceFrom.amount, after.quantity]).toEqual([3300, 1 + b.quantity + 1]);
    const disabled = await shop.app.gql<{ updateProductVariants: ReadProduct }>(
      UPDATE_VARIANTS,
      { ids: [a.id, c.id], input: { enabled: false } },
      admin,
    );
    expect([disabled.data!.updateProductVariants.priceFrom.amount, disabled.data!.updateProductVariants.quantity]).toEqual([
      b.unitPrice.amount,
      b.quantity,
    ]);
    expect(await v.updatedEvents(product.id)).toBe(events + 2);
    expect(await v.read(product.id)).toEqual(disabled.data!.updateProductVariants);
  });

  test('refuses an SKU, no variant, variants of two products, bad numbers and unknown ids, changing nothing', async () => {
    const product = await santoku();
    const other = await santoku();
    const ids = product.variants.map((x) => x.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ids, input: { sku: 'SAME' } }, 'BAD_USER_INPUT', 'An SKU belongs to one variant: change it on its own'],
      [{ ids: [], input: { priceAmount: 500 } }, 'BAD_USER_INPUT', 'Choose at least one variant'],
      [
        { ids: [ids[0], other.variants[0].id], input: { priceAmount: 500 } },
        'BAD_USER_INPUT',
        'Change the variants of one product at a time',
      ],
      [{ ids, input: { quantity: -3 } }, 'BAD_USER_INPUT', 'Stock cannot be negative'],
      [{ ids: [ids[0], UNKNOWN_ID], input: { priceAmount: 500 } }, 'NOT_FOUND', 'Variant not found'],
      [{ ids: [ids[0], 'nope'], input: { priceAmount: 500 } }, 'NOT_FOUND', 'Variant not found'],
    ];
    for (const [variables, code, message] of cases)
      await refusedAndUnchanged(product, shop.app.gql(UPDATE_VARIANTS, variables, admin), code, message);
    expect(await v.read(other.id)).toEqual(other);
  });
});

describe('deleteProductVariant', () => {
  test('deletes a variant without orders; the product follows', async () => {
    const product = await santoku();
    const answer = await shop.app.gql<{ deleteProductVariant: ReadProduct }>(DELETE_VARIANT, { id: product.variants[0].id }, admin);
    expect(answer.errors).toBeUndefined();
    const after = answer.data!.deleteProductVariant;
    expect(after.variants.map((x) => x.name)).toEqual(['18 cm', '21 cm']);
    expect([after.priceFrom.amount, after.quantity]).toEqual([6000, 11]);
    expect(await v.read(product.id)).toEqual(after);
  });

  test('a variant with orders can only be disabled; the last variant stays', async () => {
    const product = await santoku();
    const ordered = product.variants[1];
    expect((await v.place(buyer, [{ productId: product.id, variantId: ordered.id, quantity: 1 }])).errors).toBeUndefined();
    const withOrder = await v.read(product.id);
    await refusedAndUnchanged(
      withOrder,
      shop.app.gql(DELETE_VARIANT, { id: ordered.id }, admin),
      'CONFLICT',
      `${product.name} 18 cm has orders: disable it instead`,
    );
    await shop.app.gql(DELETE_VARIANT, { id: product.variants[0].id }, admin);
    await shop.app.gql(DELETE_VARIANT, { id: product.variants[2].id }, admin);
    const plain = await shop.app.product();
    const only = await v.read(plain.id);
    await refusedAndUnchanged(
      only,
      shop.app.gql(DELETE_VARIANT, { id: only.variants[0].id }, admin),
      'CONFLICT',
      'A product keeps at least one variant',
    );
    expect(refusal(await shop.app.gql(DELETE_VARIANT, { id: UNKNOWN_ID }, admin))).toEqual(['NOT_FOUND', 'Variant not found']);
  });

  test('a variant retired for its orders does not count as one the product keeps', async () => {
    const product = await v.productWith(
      admin,
      [{ name: 'Handle', values: ['Oak', 'Ash'] }],
      [
        { priceAmount: 2000, quantity: 2 },
        { priceAmount: 2500, quantity: 1 },
      ],
    );
    const [oak, ash] = product.variants;
    expect((await v.place(buyer, [{ productId: product.id, variantId: ash.id, quantity: 1 }])).errors).toBeUndefined();
    const retiredAsh = await v.setOptions(admin, product.id, [{ name: 'Handle', values: ['Oak'] }]);
    expect(retiredAsh.variants.map((x) => [x.id, x.enabled])).toEqual([
      [oak.id, true],
      [ash.id, false],
    ]);
    await refusedAndUnchanged(
      retiredAsh,
      shop.app.gql(DELETE_VARIANT, { id: oak.id }, admin),
      'CONFLICT',
      'A product keeps at least one variant',
    );
  });

  test('two deletes at once of the last two variants leave one', async () => {
    const product = await v.productWith(admin, [{ name: 'Handle', values: ['Oak', 'Ash'] }]);
    const answers = await Promise.all(product.variants.map((variant) => shop.app.gql(DELETE_VARIANT, { id: variant.id }, admin)));
    expect(answers.filter((answer) => !answer.errors)).toHaveLength(1);
    expect(refusal(answers.find((answer) => answer.errors)!)).toEqual(['CONFLICT', 'A product keeps at least one variant']);
    expect((await v.read(product.id)).variants).toHaveLength(1);
  });
});

describe('who may edit variants', () => {
  let product: ReadProduct;
  /** Each mutation, with input the service would refuse (so only the caller is judged first). */
  const calls = () =>
    [
      [SET_OPTIONS, { productId: product.id, groups: [{ name: '', values: [] }] }],
      [UPDATE_VARIANT, { id: product.variants[0].id, input: { priceAmount: 0 } }],
      [UPDATE_VARIANTS, { ids: [], input: { priceAmount: 0 } }],
      [DELETE_VARIANT, { id: UNKNOWN_ID }],
    ] as const;
  const keyWith = async (scopes: string[]) => {
    const answer = await shop.app.gql<{ createApiKey: { secret: string } }>(
      'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }',
      { input: { name: `Key ${scopes.join(' ')}`, scopes } },
      admin,
    );
    return answer.data!.createApiKey.secret;
  };
  beforeAll(async () => {
    product = await santoku();
  });

  test('anonymous callers are UNAUTHENTICATED before any input error; customers and keys without catalog:write are FORBIDDEN', async () => {
    const readOnly = await keyWith(['catalog:read', 'orders:write']);
    for (const [query, variables] of calls()) {
      expect(refusal(await shop.app.gql(query, variables))[0]).toBe('UNAUTHENTICATED');
      expect(refusal(await shop.app.gql(query, variables, buyer))[0]).toBe('FORBIDDEN');
      expect(refusal(await shop.app.gql(query, variables, readOnly))[0]).toBe('FORBIDDEN');
    }
    expect(await v.read(product.id)).toEqual(product);
  });

  test('a key with catalog:write may edit variants', async () => {
    const writer = await keyWith(['catalog:write']);
    const answer = await shop.app.gql<{ updateProductVariant: ReadProduct }>(
      UPDATE_VARIANT,
      { id: product.variants[0].id, input: { priceAmount: 1200 } },
      writer,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.updateProductVariant.variants[0].unitPrice.amount).toBe(1200);
    const options = await shop.app.gql(SET_OPTIONS, { productId: product.id, groups: [{ name: 'Handle', values: ['Oak'] }] }, writer);
    expect(options.errors).toBeUndefined();
    const [only] = (await v.read(product.id)).variants;
    expect(only).toMatchObject({ id: product.variants[0].id, name: 'Oak', unitPrice: { amount: 1200 } });
    expect((await shop.app.gql(DELETE_VARIANT, { id: only.id }, writer)).errors?.[0].message).toBe('A product keeps at least one variant');
  });
});
