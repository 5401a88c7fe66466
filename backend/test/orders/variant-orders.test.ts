import { Product } from '../../src/modules/catalog/product.entity';
import { ProductVariantRow } from '../../src/modules/catalog/variant.entity';
import { Order, OrderState } from '../../src/modules/orders/order.entity';
import { OrderLine } from '../../src/modules/orders/order-line.entity';
import type { TestSession } from '../support/harness';
import { sharedApp } from '../support/shared-app';
import { contact, type ReadProduct, type ReadVariant, refusal, variantsApi } from '../support/variants';

/**
 * Orders per variant: the variant chosen (or the product's only one), its stock and holds, the
 * made-to-measure value and its surcharge, and the older inputs that name only the product.
 */
const shop = sharedApp({ MAX_UNPAID_ORDERS: '1000' });
let admin: TestSession;
let buyer: TestSession;
let v: ReturnType<typeof variantsApi>;
beforeAll(async () => {
  v = variantsApi(shop.app);
  [admin, buyer] = await Promise.all([shop.app.adminUser(), shop.app.customer('variant-buyer')]);
});

const MEASURE = { label: 'Made to measure', min: 12, max: 30, unit: 'cm', surchargeAmount: 4050 };
const LENGTH = { name: 'Blade length', values: ['16 cm', '21 cm'], custom: MEASURE };
const HANDLE = { name: 'Handle', values: ['Walnut', 'Ebony'] };

/** Engraved Santoku-like: 16 cm, 21 cm and made to measure, in walnut or ebony; price $100.50 + $10 per variant, stock 5 each. */
let counter = 0;
async function santoku(): Promise<ReadProduct> {
  counter += 1;
  return v.productWith(
    admin,
    [LENGTH, HANDLE],
    Array.from({ length: 6 }, (_, i) => ({ priceAmount: 10050 + 1000 * i, quantity: 5 })),
    { name: `Engraved Santoku ${counter}` },
  );
}
const named = (product: ReadProduct, name: string) => product.variants.find((x) => x.name === name)!;
/** A variant's price in cents. */
const cents = (variant: ReadVariant) => variant.unitPrice.amount;
const variantStock = async (id: string) => (await shop.app.db.getRepository(ProductVariantRow).findOneByOrFail({ id })).quantity;
const productStock = async (id: string) => (await shop.app.db.getRepository(Product).findOneByOrFail({ id })).quantity;

describe('choosing the variant', () => {
  test('a product with several variants needs one, named by its first group', async () => {
    const product = await santoku();
    expect(refusal(await v.place(buyer, [{ productId: product.id, quantity: 1 }]))).toEqual([
      'BAD_USER_INPUT',
      `Choose a blade length for ${product.name}`,
    ]);
    const plain = await shop.app.product();
    expect(
      refusal(
        await v.place(buyer, [
          { productId: plain.id, quantity: 1 },
          { productId: product.id, quantity: 1 },
        ]),
      ),
    ).toEqual(['BAD_USER_INPUT', `Line 2: Choose a blade length for ${product.name}`]);
    expect(await productStock(plain.id)).toBe(10);
    expect(await shop.app.db.getRepository(Order).countBy({ productId: plain.id })).toBe(0);
  });

  test("another product's variant, an unknown variant and a malformed id are Variant not found; a disabled variant is not available", async () => {
    const product = await santoku();
    const other = await santoku();
    for (const variantId of [other.variants[0].id, '00000000-0000-4000-8000-000000000000', 'nope'])
      expect(refusal(await v.place(buyer, [{ productId: product.id, variantId, quantity: 1 }]))).toEqual([
        'NOT_FOUND',
        'Variant not found',
      ]);
    const ebony = named(product, '16 cm / Ebony');
    await v.updateVariant(admin, ebony.id, { enabled: false });
    expect(refusal(await v.place(buyer, [{ productId: product.id, variantId: ebony.id, quantity: 1 }]))).toEqual([
      'BAD_USER_INPUT',
      `${product.name} 16 cm / Ebony is not available`,
    ]);
    expect(await variantStock(ebony.id)).toBe(5);
    expect(await variantStock(other.variants[0].id)).toBe(5);
  });

  test("stock is taken from the chosen variant only; the product's stock follows; a cancel gives it back", async () => {
    const product = await santoku();
    const chosen = named(product, '21 cm / Walnut');
    const placed = await v.place(buyer, [{ productId: product.id, variantId: chosen.id, quantity: 3 }]);
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeOrder).toMatchObject({
      totals: { total: { amount: 3 * cents(chosen) } },
      lines: [
        {
          product: { id: product.id },
          variantId: chosen.id,
          variantName: '21 cm / Walnut',
          sku: chosen.sku,
          customValue: null,
          name: product.name,
          quantity: 3,
          unitAmount: { amount: cents(chosen) },
          lineAmount: { amount: 3 * cents(chosen) },
        },
      ],
    });
    const after = await v.read(product.id);
    expect(after.variants.map((x) => x.quantity)).toEqual(product.variants.map((x) => (x.id === chosen.id ? 2 : 5)));
    expect(after.quantity).toBe(product.quantity - 3);
    expect(await productStock(product.id)).toBe(product.quantity - 3);
    // More than the variant has is a shortage, though the product has plenty.
    expect(refusal(await v.place(buyer, [{ productId: product.id, variantId: chosen.id, quantity: 3 }]))).toEqual([
      'BAD_USER_INPUT',
      'Product cannot be purchased for product shortage',
    ]);

    const cancel = await shop.app.gql('mutation($id: ID!) { cancelOrder(id: $id) { state } }', { id: placed.data!.placeOrder.id }, buyer);
    expect(cancel.errors).toBeUndefined();
    expect(await variantStock(chosen.id)).toBe(5);
    expect((await v.read(product.id)).quantity).toBe(product.quantity);
  });

  test('an expired hold gives the units back to their variants', async () => {
    const product = await santoku();
    const [a, b] = [named(product, '16 cm / Walnut'), named(product, '21 cm / Ebony')];
    const placed = await v.place(buyer, [
      { productId: product.id, variantId: a.id, quantity: 2 },
      { productId: product.id, variantId: b.id, quantity: 4 },
    ]);
    expect(placed.errors).toBeUndefined();
    const id = placed.data!.placeOrder.id;
    expect([await variantStock(a.id), await variantStock(b.id), await productStock(product.id)]).toEqual([3, 1, product.quantity - 6]);
    await shop.app.db.query(`UPDATE "order" SET "createdAt" = now() - interval '1 day' WHERE id = $1`, [id]);
    expect(await shop.app.services.orders.expireOverdue()).toContain(id);
    expect((await shop.app.db.getRepository(Order).findOneByOrFail({ id })).state).toBe(OrderState.Expired);
    expect([await variantStock(a.id), await variantStock(b.id), await productStock(product.id)]).toEqual([5, 5, product.quantity]);
    expect((await v.read(product.id)).quantity).toBe(product.quantity);
  });

  test('lines of one product in different variants are separate lines, each named and priced by its variant', async () => {
    const product = await santoku();
    const [a, b] = [named(product, '16 cm / Ebony'), named(product, '21 cm / Walnut')];
    const placed = await v.place(buyer, [
      { productId: product.id, variantId: a.id, quantity: 1 },
      { productId: product.id, variantId: b.id, quantity: 2 },
    ]);
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeOrder.lines.map((line) => [line.variantName, line.sku, line.quantity, line.unitAmount])).toEqual([
      ['16 cm / Ebony', a.sku, 1, { amount: cents(a) }],
      ['21 cm / Walnut', b.sku, 2, { amount: cents(b) }],
    ]);
    expect(placed.data!.placeOrder.totals.total.amount).toBe(cents(a) + 2 * cents(b));
    // The same variant twice (no engraving, no measure) is one line.
    expect(
      refusal(
        await v.place(buyer, [
          { productId: product.id, variantId: a.id, quantity: 1 },
          { productId: product.id, variantId: a.id, quantity: 1 },
        ]),
      ),
    ).toEqual([
      'BAD_USER_INPUT',
      'Line 2: The same product appears on two lines with the same engraving; change the quantity of one instead',
    ]);
  });
});

describe('made to measure', () => {
  let product: ReadProduct;
  beforeAll(async () => {
    product = await santoku();
  });

  test('the measure is required and within bounds; a normal variant takes none', async () => {
    const measured = named(product, 'Made to measure / Walnut');
    const expected = `Enter a blade length from 12 to 30 cm for ${product.name}`;
    for (const customValue of [undefined, null, 11.9, 30.5, -1])
      expect(refusal(await v.place(buyer, [{ productId: product.id, variantId: measured.id, customValue, quantity: 1 }]))).toEqual([
        'BAD_USER_INPUT',
        expected,
      ]);
    expect(
      refusal(
        await v.place(buyer, [{ productId: product.id, variantId: named(product, '16 cm / Walnut').id, customValue: 20, quantity: 1 }]),
      ),
    ).toEqual(['BAD_USER_INPUT', `${product.name} 16 cm / Walnut is not made to measure`]);
    expect((await v.read(product.id)).quantity).toBe(product.quantity);
  });

  test('the unit price is the variant price plus the surcharge; the line names the measure and keeps it', async () => {
    const measured = named(product, 'Made to measure / Ebony');
    const placed = await v.place(buyer, [
      { productId: product.id, variantId: measured.id, customValue: 23.5, quantity: 2 },
      // Two measures of one variant are two lines.
      { productId: product.id, variantId: measured.id, customValue: 12, quantity: 1 },
    ]);
    expect(placed.errors).toBeUndefined();
    const unitAmount = cents(measured) + MEASURE.surchargeAmount;
    expect(placed.data!.placeOrder.lines).toEqual([
      expect.objectContaining({
        variantId: measured.id,
        variantName: '23.5 cm / Ebony',
        sku: measured.sku,
        customValue: 23.5,
        unitAmount: { amount: unitAmount },
        lineAmount: { amount: 2 * unitAmount },
      }),
      expect.objectContaining({
        variantId: measured.id,
        variantName: '12 cm / Ebony',
        customValue: 12,
        unitAmount: { amount: unitAmount },
        lineAmount: { amount: unitAmount },
      }),
    ]);
    expect(placed.data!.placeOrder.totals.total.amount).toBe(3 * unitAmount);
    const stored = await shop.app.db
      .getRepository(OrderLine)
      .find({ where: { orderId: placed.data!.placeOrder.id }, order: { position: 'ASC' } });
    expect(stored.map((line) => [line.variantName, line.customValue, line.unitAmount, line.currency])).toEqual([
      ['23.5 cm / Ebony', 23.5, unitAmount, 'USD'],
      ['12 cm / Ebony', 12, unitAmount, 'USD'],
    ]);
    expect(await variantStock(measured.id)).toBe(2);
  });
});

describe('the older inputs that name only the product', () => {
  test('GraphQL legacy fields, lines without variantId and REST POST /api/orders order a product without options', async () => {
    const plain = await shop.app.product({ price: 30, quantity: 10 });
    const [only] = (await v.read(plain.id)).variants;
    const legacy = await shop.app.gql(
      'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id lines { variantId variantName sku unitPrice } } }',
      { input: { ...contact, productId: plain.id, quantity: 1 } },
      buyer,
    );
    expect(legacy.errors).toBeUndefined();
    expect(legacy.data!.placeOrder.lines).toEqual([{ variantId: only.id, variantName: null, sku: only.sku, unitPrice: 30 }]);
    expect((await v.place(buyer, [{ productId: plain.id, quantity: 2 }])).errors).toBeUndefined();
    // The legacy fields name a variant too.
    const product = await santoku();
    const chosen = named(product, '21 cm / Walnut');
    const legacyVariant = await shop.app.gql(
      'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { lines { variantId variantName unitPrice } } }',
      { input: { ...contact, productId: product.id, variantId: chosen.id, quantity: 1 } },
      buyer,
    );
    expect(legacyVariant.data?.placeOrder.lines).toEqual([
      // The deprecated whole-dollar field, rounded half up.
      { variantId: chosen.id, variantName: '21 cm / Walnut', unitPrice: Math.round(cents(chosen) / 100) },
    ]);

    const rest = await shop.api('POST', '/orders', { as: buyer, body: { productCode: plain.id, quantity: 3, ...contact } });
    expect(rest.status).toBe(200);
    expect(rest.body.lines).toEqual([
      {
        productCode: plain.id,
        name: plain.name,
        variantName: null,
        sku: only.sku,
        img: plain.img,
        quantity: 3,
        unitPrice: 30,
        engraving: null,
        lineTotal: 90,
        discount: 0,
        proofRequired: false,
        proofStatus: null,
      },
    ]);
    expect(await variantStock(only.id)).toBe(10 - 6);
    expect((await v.read(plain.id)).quantity).toBe(4);
  });

  test('REST refuses a product with several variants in the same words, and its order lines name the variant', async () => {
    const product = await santoku();
    const rest = await shop.api('POST', '/orders', { as: buyer, body: { productCode: product.id, quantity: 1, ...contact } });
    expect(rest.status).toBe(400);
    expect(JSON.stringify(rest.body)).toContain(`Choose a blade length for ${product.name}`);
    const chosen = named(product, '21 cm / Ebony');
    const placed = await v.place(buyer, [{ productId: product.id, variantId: chosen.id, quantity: 1 }]);
    const read = await shop.api('GET', `/orders/${placed.data!.placeOrder.id}`, { as: buyer });
    expect(read.status).toBe(200);
    expect(read.body.lines).toEqual([
      expect.objectContaining({ productCode: product.id, variantName: '21 cm / Ebony', sku: chosen.sku, unitPrice: cents(chosen) / 100 }),
    ]);
  });

  test('a product that went back to no options is ordered by its id alone, though it keeps a variant retired for its orders', async () => {
    const product = await v.productWith(
      admin,
      [{ name: 'Handle', values: ['Oak', 'Ash'] }],
      [
        { priceAmount: 2000, quantity: 4 },
        { priceAmount: 2500, quantity: 4 },
      ],
    );
    const ash = product.variants[1];
    expect((await v.place(buyer, [{ productId: product.id, variantId: ash.id, quantity: 1 }])).errors).toBeUndefined();
    const plain = await v.setOptions(admin, product.id, []);
    expect(plain.variants.map((x) => [x.name, x.enabled])).toEqual([
      ['', true],
      ['Ash', false],
    ]);
    const placed = await v.place(buyer, [{ productId: product.id, quantity: 2 }]);
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeOrder.lines[0]).toMatchObject({ variantId: plain.variants[0].id, variantName: null, unitPrice: 20 });
    expect((await shop.api('POST', '/orders', { as: buyer, body: { productId: product.id, quantity: 1, ...contact } })).status).toBe(200);
    expect(await variantStock(plain.variants[0].id)).toBe(1);
  });
});

describe('the hoarding cap counts per variant', () => {
  const capped = sharedApp({ MAX_HELD_UNITS_PER_PRODUCT: '3', MAX_UNPAID_ORDERS: '100' });

  test('units held of one variant do not limit another variant of the same product', async () => {
    const c = variantsApi(capped.app);
    const [owner, hoarder] = [await capped.app.adminUser(), await capped.app.customer('hoarder')];
    const product = await c.productWith(
      owner,
      [{ name: 'Steel', values: ['Carbon', 'Stainless'] }],
      [
        { priceAmount: 5000, quantity: 20 },
        { priceAmount: 6000, quantity: 20 },
      ],
      { name: 'Capped Gyuto' },
    );
    const [carbon, stainless] = product.variants;
    expect(refusal(await c.place(hoarder, [{ productId: product.id, variantId: carbon.id, quantity: 4 }]))).toEqual([
      'BAD_USER_INPUT',
      'An order may hold at most 3 units of Capped Gyuto Carbon until it is paid',
    ]);
    expect((await c.place(hoarder, [{ productId: product.id, variantId: carbon.id, quantity: 2 }])).errors).toBeUndefined();
    expect(refusal(await c.place(hoarder, [{ productId: product.id, variantId: carbon.id, quantity: 2 }]))).toEqual([
      'BAD_USER_INPUT',
      'You already hold 2 unpaid units of Capped Gyuto Carbon; pay for or cancel an order first',
    ]);
    // A cart of both: the carbon unit fills its cap exactly; the stainless units count on their own.
    expect(
      (
        await c.place(hoarder, [
          { productId: product.id, variantId: carbon.id, quantity: 1 },
          { productId: product.id, variantId: stainless.id, quantity: 3 },
        ])
      ).errors,
    ).toBeUndefined();
    expect(refusal(await c.place(hoarder, [{ productId: product.id, variantId: stainless.id, quantity: 1 }]))).toEqual([
      'BAD_USER_INPUT',
      'You already hold 3 unpaid units of Capped Gyuto Stainless; pay for or cancel an order first',
    ]);
    const after = await c.read(product.id);
    expect(after.variants.map((x) => x.quantity)).toEqual([17, 17]);
    expect(after.quantity).toBe(34);
  });
});
