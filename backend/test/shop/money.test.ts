import { currencyDecimals, formatMoney, parseMajorAmount, toMajorUnits, toMinorUnits, toWholeMajorUnits } from '@keen/rules';
import { ConfigError, loadConfig } from '../../src/config';
import { MoneyInMinorUnits1765700000000 } from '../../src/db/migrations/1765700000000-MoneyInMinorUnits';
import { TestPaymentIntent } from '../../src/modules/payments/test-payment-intent.entity';
import { codeOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { type MigratedDatabase, migratedAcross } from '../support/migrated-database';
import { restClient } from '../support/rest-client';

/**
 * Money in minor units with a currency (issue 37): the shared helpers' rounding and formatting,
 * the migration of whole-dollar rows, the `shop` query, USD and JPY shops from the price an admin
 * enters to the amount the payment intent is made for, REST's major units and the settings'
 * refusals.
 */

const contact = { phone: '+1 555 0100', address: '1 Money Street' };
const CREATE_PRODUCT = `mutation($input: ProductInput!) {
  createProduct(input: $input) { id price priceFrom { amount currency formatted } engravingSurcharge { amount currency formatted } }
}`;
const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    id currency totalPrice
    totals { subtotal { amount currency } shipping { amount currency } tax { amount currency } total { amount currency formatted } }
    lines { quantity unitAmount { amount currency } lineAmount { amount currency formatted } unitPrice lineTotal }
  }
}`;
const CREATE_INTENT = 'mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { id amount currency } }';
const PAY_WITH_CARD =
  'mutation($orderId: ID!, $card: TestCardInput!) { confirmTestCardPayment(orderId: $orderId, card: $card) { id paid transactionId } }';
const SUCCESS_CARD = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };

const newProduct = (input: Record<string, unknown>) => ({
  description: 'Hand-forged',
  quantity: 20,
  minimumQuantity: 1,
  img: '/images/santoku.svg',
  ...input,
});

interface PlacedOrder {
  id: string;
  currency: string;
  totalPrice: number;
  totals: Record<'subtotal' | 'shipping' | 'tax' | 'total', { amount: number; currency: string; formatted?: string }>;
  lines: { quantity: number; unitAmount: { amount: number }; lineAmount: { amount: number; formatted: string }; unitPrice: number }[];
}

/** Places the order, pays it with the offline provider's success card, and answers the order and its intent. */
async function placeAndPay(app: TestApp, as: TestSession, lines: Record<string, unknown>[]) {
  const placed = await app.gql<{ placeOrder: PlacedOrder }>(PLACE, { input: { ...contact, lines } }, as);
  expect(placed.errors).toBeUndefined();
  const order = placed.data!.placeOrder;
  const created = await app.gql<{ createPaymentIntent: { id: string; amount: number; currency: string } }>(
    CREATE_INTENT,
    { orderId: order.id },
    as,
  );
  expect(created.errors).toBeUndefined();
  const intent = created.data!.createPaymentIntent;
  const paid = await app.gql(PAY_WITH_CARD, { orderId: order.id, card: SUCCESS_CARD }, as);
  expect(paid.errors).toBeUndefined();
  expect(paid.data!.confirmTestCardPayment).toEqual({ id: order.id, paid: true, transactionId: intent.id });
  // What the provider holds, not only what the mutation answered.
  const stored = await app.db.getRepository(TestPaymentIntent).findOneByOrFail({ id: intent.id });
  return { order, intent, stored };
}

describe('the money helpers of @keen/rules', () => {
  test('USD has two decimals and reads $1,250.00', () => {
    expect(currencyDecimals('USD')).toBe(2);
    expect(toMinorUnits(1250, 'USD')).toBe(125000);
    expect(formatMoney(125000, 'USD')).toBe('$1,250.00');
    expect(formatMoney(12950, 'usd')).toBe('$129.50');
  });

  test('JPY has no decimals: 1250 yen are 1250 minor units and read ¥1,250', () => {
    expect(currencyDecimals('JPY')).toBe(0);
    expect(toMinorUnits(1250, 'JPY')).toBe(1250);
    expect(toMajorUnits(1250, 'JPY')).toBe(1250);
    expect(formatMoney(1250, 'JPY')).toBe('¥1,250');
  });

  test('an amount written again reads the same, per currency and locale, past the amounts kept', () => {
    expect([formatMoney(0, 'USD'), formatMoney(0, 'JPY'), formatMoney(0, 'EUR', 'de-DE'), formatMoney(-0, 'USD')]).toEqual([
      '$0.00',
      '¥0',
      '0,00\u00a0€',
      '$0.00',
    ]);
    for (let amount = 0; amount < 25_000; amount += 1) formatMoney(amount, 'USD');
    expect([formatMoney(125000, 'USD'), formatMoney(12950, 'USD'), formatMoney(-12950, 'USD'), formatMoney(24_999, 'USD')]).toEqual([
      '$1,250.00',
      '$129.50',
      '-$129.50',
      '$249.99',
    ]);
  });

  test('KWD has three decimals', () => {
    expect(currencyDecimals('KWD')).toBe(3);
    expect(toMinorUnits(1.5, 'KWD')).toBe(1500);
    expect(toMajorUnits(1234567, 'KWD')).toBe(1234.567);
    expect(formatMoney(1234567, 'KWD')).toMatch(/^KWD\s1,234\.567$/);
  });

  test('minor to major units is an exact JSON number: 12950 is 129.5, 12900 is 129', () => {
    expect(toMajorUnits(12950, 'USD')).toBe(129.5);
    expect(toMajorUnits(12900, 'USD')).toBe(129);
    expect(toMajorUnits(1, 'USD')).toBe(0.01);
    // Floating point is rounded to the cent, not truncated below it.
    expect(toMinorUnits(0.29, 'USD')).toBe(29);
    expect(toMinorUnits(129.5, 'USD')).toBe(12950);
  });

  test('whole major units round half up', () => {
    expect(toWholeMajorUnits(12950, 'USD')).toBe(130);
    expect(toWholeMajorUnits(12949, 'USD')).toBe(129);
    expect(toWholeMajorUnits(12900, 'USD')).toBe(129);
    expect(toWholeMajorUnits(1250, 'JPY')).toBe(1250);
  });

  test.each<[string, string, number | null]>([
    ['129.50', 'USD', 12950],
    ['129.5', 'USD', 12950],
    ['129', 'USD', 12900],
    ['129,5', 'USD', 12950],
    [' 1,250 ', 'USD', 125000],
    ['1,250.75', 'USD', 125075],
    ['129.505', 'USD', null],
    ['-5', 'USD', null],
    ['12a', 'USD', null],
    ['', 'USD', null],
    ['1250', 'JPY', 1250],
    ['1,250', 'JPY', 1250],
    ['12.5', 'JPY', null],
    ['1.234', 'KWD', 1234],
  ])('parseMajorAmount(%j, %s) is %p', (text, currency, minor) => {
    expect(parseMajorAmount(text, currency)).toBe(minor);
  });
});

describe('the MoneyInMinorUnits migration', () => {
  /** A database migrated up to the migration before MoneyInMinorUnits, holding whole-dollar rows. */
  let migrated: MigratedDatabase;
  const CUSTOMER = '00000000-0000-4000-8000-0000000000a1';
  const KNIFE = '00000000-0000-4000-8000-0000000000b1';
  const MEASURED = '00000000-0000-4000-8000-0000000000b2';
  const ENGRAVED_ORDER = '00000000-0000-4000-8000-000000000001';
  const TWO_LINE_ORDER = '00000000-0000-4000-8000-000000000002';

  beforeAll(async () => {
    migrated = await migratedAcross(MoneyInMinorUnits1765700000000, async (old) => {
      await old.query(`INSERT INTO "user" ("id", "name", "email") VALUES ($1, 'Old Customer', 'old@keen.test')`, [CUSTOMER]);
      await old.query(
        `INSERT INTO "product" ("id", "name", "description", "price", "quantity", "minimumQuantity", "img", "engravable", "engravingPrice")
         VALUES ($1, 'Old Knife', 'old', 120, 5, 1, '/x.svg', true, 15), ($2, 'Old Measured Knife', 'old', 100, 3, 1, '/m.svg', false, 0)`,
        [KNIFE, MEASURED],
      );
      await old.query(
        `INSERT INTO "product_variant" ("productId", "sku", "name", "price", "quantity", "position")
         VALUES ($1, 'OLD-KNIFE', '', 120, 5, 0), ($2, 'OLD-MEASURED', 'Made to measure', 100, 3, 0)`,
        [KNIFE, MEASURED],
      );
      await old.query(
        `INSERT INTO "product_option_group" ("productId", "name", "position", "customLabel", "customMin", "customMax", "customUnit", "customSurcharge")
         VALUES ($1, 'Blade length', 0, 'Made to measure', 12, 30, 'cm', 40)`,
        [MEASURED],
      );
      const order = (id: string, total: number, engraving: [string, string, number] | null) =>
        old.query(
          `INSERT INTO "order" ("id", "userName", "phone", "address", "name", "email", "description", "price", "totalPrice", "quantity", "minimumQuantity", "img", "state", "customerId", "productId", "engravingText", "engravingFont", "engravingUnitPrice")
           VALUES ($1, 'Old Customer', '1', 'Old Street', 'Old Knife', 'old@keen.test', 'old', 120, $2, 2, 1, '/x.svg', 'Paid', $3, $4, $5, $6, $7)`,
          [id, total, CUSTOMER, KNIFE, ...(engraving ?? [null, null, null])],
        );
      const line = (orderId: string, position: number, values: { productId: string; quantity: number; unit: number; engraving?: number }) =>
        old.query(
          `INSERT INTO "order_line" ("orderId", "position", "productId", "name", "img", "quantity", "unitPrice", "engravingText", "engravingFont", "engravingUnitPrice", "lineTotal")
           VALUES ($1, $2, $3, 'Old Knife', '/x.svg', $4, $5, $6, $7, $8, $9)`,
          [
            orderId,
            position,
            values.productId,
            values.quantity,
            values.unit,
            values.engraving === undefined ? null : 'Ada',
            values.engraving === undefined ? null : 'serif',
            values.engraving ?? null,
            values.quantity * (values.unit + (values.engraving ?? 0)),
          ],
        );
      await order(ENGRAVED_ORDER, 2 * (120 + 15), ['Ada', 'serif', 15]);
      await line(ENGRAVED_ORDER, 0, { productId: KNIFE, quantity: 2, unit: 120, engraving: 15 });
      await order(TWO_LINE_ORDER, 120 + 2 * 140, null);
      await line(TWO_LINE_ORDER, 0, { productId: KNIFE, quantity: 1, unit: 120 });
      await line(TWO_LINE_ORDER, 1, { productId: MEASURED, quantity: 2, unit: 140 });
    });
    expect(migrated.applied[0]).toBe('MoneyInMinorUnits1765700000000');
  });

  afterAll(() => migrated.drop());

  test('products, variants and made-to-measure surcharges are in cents', async () => {
    expect(await migrated.db.query(`SELECT "id", "priceAmount", "engravingAmount" FROM "product" ORDER BY "id"`)).toEqual([
      { id: KNIFE, priceAmount: 12000, engravingAmount: 1500 },
      { id: MEASURED, priceAmount: 10000, engravingAmount: 0 },
    ]);
    expect(await migrated.db.query(`SELECT "sku", "priceAmount" FROM "product_variant" ORDER BY "sku"`)).toEqual([
      { sku: 'OLD-KNIFE', priceAmount: 12000 },
      { sku: 'OLD-MEASURED', priceAmount: 10000 },
    ]);
    expect(await migrated.db.query(`SELECT "customSurchargeAmount" FROM "product_option_group"`)).toEqual([
      { customSurchargeAmount: 4000 },
    ]);
  });

  test("orders keep exactly what was charged, in cents of USD: the subtotal is the total, without shipping or tax; lines carry the order's currency", async () => {
    const orders = await migrated.db.query(
      `SELECT "id", "currency", "priceAmount", "engravingUnitAmount", "subtotalAmount", "shippingAmount", "taxAmount", "totalAmount"
         FROM "order" ORDER BY "id"`,
    );
    expect(orders).toEqual([
      {
        id: ENGRAVED_ORDER,
        currency: 'USD',
        priceAmount: 12000,
        engravingUnitAmount: 1500,
        subtotalAmount: 27000,
        shippingAmount: 0,
        taxAmount: 0,
        totalAmount: 27000,
      },
      {
        id: TWO_LINE_ORDER,
        currency: 'USD',
        priceAmount: 12000,
        engravingUnitAmount: null,
        subtotalAmount: 40000,
        shippingAmount: 0,
        taxAmount: 0,
        totalAmount: 40000,
      },
    ]);
    const lines = await migrated.db.query(
      `SELECT "orderId", "position", "currency", "unitAmount", "engravingUnitAmount", "lineAmount" FROM "order_line" ORDER BY "orderId", "position"`,
    );
    expect(lines).toEqual([
      { orderId: ENGRAVED_ORDER, position: 0, currency: 'USD', unitAmount: 12000, engravingUnitAmount: 1500, lineAmount: 27000 },
      { orderId: TWO_LINE_ORDER, position: 0, currency: 'USD', unitAmount: 12000, engravingUnitAmount: null, lineAmount: 12000 },
      { orderId: TWO_LINE_ORDER, position: 1, currency: 'USD', unitAmount: 14000, engravingUnitAmount: null, lineAmount: 28000 },
    ]);
  });

  test('an order cannot hold a negative amount afterwards', async () => {
    await expect(migrated.db.query(`UPDATE "order" SET "taxAmount" = -1 WHERE "id" = $1`, [ENGRAVED_ORDER])).rejects.toThrow(
      /CHK_order_amounts/,
    );
  });

  // Last: it takes the database back to whole dollars.
  test('down restores the whole-dollar columns and values', async () => {
    // The later migrations first, newest first, then this one.
    for (let undone = 0; undone < migrated.applied.length; undone += 1) await migrated.db.undoLastMigration();
    expect(await migrated.db.query(`SELECT "price", "engravingPrice" FROM "product" ORDER BY "id"`)).toEqual([
      { price: 120, engravingPrice: 15 },
      { price: 100, engravingPrice: 0 },
    ]);
    expect(await migrated.db.query(`SELECT "price" FROM "product_variant" ORDER BY "sku"`)).toEqual([{ price: 120 }, { price: 100 }]);
    expect(await migrated.db.query(`SELECT "customSurcharge" FROM "product_option_group"`)).toEqual([{ customSurcharge: 40 }]);
    expect(await migrated.db.query(`SELECT "price", "totalPrice", "engravingUnitPrice" FROM "order" ORDER BY "id"`)).toEqual([
      { price: 120, totalPrice: 270, engravingUnitPrice: 15 },
      { price: 120, totalPrice: 400, engravingUnitPrice: null },
    ]);
    expect(
      await migrated.db.query(`SELECT "unitPrice", "engravingUnitPrice", "lineTotal" FROM "order_line" ORDER BY "orderId", "position"`),
    ).toEqual([
      { unitPrice: 120, engravingUnitPrice: 15, lineTotal: 270 },
      { unitPrice: 120, engravingUnitPrice: null, lineTotal: 120 },
      { unitPrice: 140, engravingUnitPrice: null, lineTotal: 280 },
    ]);
    const leftover = await migrated.db.query(
      `SELECT "table_name", "column_name" FROM information_schema.columns
        WHERE "table_name" IN ('order', 'order_line') AND "column_name" IN ('currency', 'subtotalAmount', 'shippingAmount', 'taxAmount')`,
    );
    expect(leftover).toEqual([]);
  });
});

describe('a USD shop', () => {
  let app: TestApp;
  let api: ReturnType<typeof restClient>;
  let admin: TestSession;
  let buyer: TestSession & { user: { email: string } };
  beforeAll(async () => {
    app = await startTestApp();
    api = restClient(app);
    [admin, buyer] = await Promise.all([app.adminUser(), app.customer('money')]);
  });
  afterAll(() => app.close());

  test('anyone reads the shop settings', async () => {
    const answer = await app.gql('{ shop { name currency country locale pricesIncludeTax } }');
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.shop).toEqual({ name: 'Keen', currency: 'USD', country: 'US', locale: 'en-US', pricesIncludeTax: false });
  });

  test('a price in cents with an engraving: the totals are what the offline provider is asked for, to the cent', async () => {
    const created = await app.gql(
      CREATE_PRODUCT,
      { input: newProduct({ name: 'Cents Santoku', priceAmount: 12950, engravable: true, engravingAmount: 1525 }) },
      admin,
    );
    expect(created.errors).toBeUndefined();
    const product = created.data!.createProduct;
    expect(product).toMatchObject({
      price: 130,
      priceFrom: { amount: 12950, currency: 'USD', formatted: '$129.50' },
      engravingSurcharge: { amount: 1525, currency: 'USD', formatted: '$15.25' },
    });

    const { order, intent, stored } = await placeAndPay(app, buyer, [
      { productId: product.id, quantity: 3, engraving: { text: 'Cents', font: 'serif' } },
    ]);
    const total = 3 * (12950 + 1525);
    expect(order.currency).toBe('USD');
    expect(order.totals).toEqual({
      subtotal: { amount: total, currency: 'USD' },
      shipping: { amount: 0, currency: 'USD' },
      tax: { amount: 0, currency: 'USD' },
      total: { amount: total, currency: 'USD', formatted: '$434.25' },
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        quantity: 3,
        unitAmount: { amount: 12950, currency: 'USD' },
        lineAmount: { amount: total, currency: 'USD', formatted: '$434.25' },
      }),
    ]);
    expect(intent).toMatchObject({ amount: total, currency: 'usd' });
    expect([stored.amount, stored.currency]).toEqual([order.totals.total.amount, 'usd']);
  });

  test('REST reads a whole price as a JSON integer, as before', async () => {
    const product = await app.product({ price: 189 });
    const response = await fetch(`${app.url}/api/products?id=${product.id}`);
    const text = await response.text();
    expect(text).toMatch(/"price":189[,}]/);
    expect((JSON.parse(text) as { price: unknown }[])[0].price).toBe(189);
  });

  test('REST reads a price in cents in dollars: 129.5 in GET /products and in the totalPrice of GET /orders', async () => {
    const product = await app.product({ price: 129.5 });
    const listed = await api('GET', `/products?id=${product.id}`);
    expect(listed.body[0]).toMatchObject({ price: 129.5, variants: [expect.objectContaining({ price: 129.5 })] });

    const placed = await app.gql<{ placeOrder: PlacedOrder }>(
      PLACE,
      { input: { ...contact, lines: [{ productId: product.id, quantity: 1 }] } },
      buyer,
    );
    expect(placed.errors).toBeUndefined();
    // The SPEC's whole-dollar fields round half up.
    expect(placed.data!.placeOrder).toMatchObject({ totalPrice: 130, totals: { total: { amount: 12950, formatted: '$129.50' } } });
    const mine = await api('GET', `/orders?email=${encodeURIComponent(buyer.email)}`, { as: buyer });
    expect(mine.status).toBe(200);
    expect(mine.body.find((order: { _id: string }) => order._id === placed.data!.placeOrder.id)).toMatchObject({
      price: 129.5,
      totalPrice: 129.5,
      lines: [expect.objectContaining({ unitPrice: 129.5, lineTotal: 129.5 })],
    });
  });
});

describe('a JPY shop', () => {
  let app: TestApp;
  let api: ReturnType<typeof restClient>;
  let admin: TestSession;
  let buyer: TestSession;
  beforeAll(async () => {
    app = await startTestApp({ SHOP_CURRENCY: 'JPY', SHOP_COUNTRY: 'JP' });
    api = restClient(app);
    [admin, buyer] = await Promise.all([app.adminUser(), app.customer('yen')]);
  });
  afterAll(() => app.close());

  test('a price of 1250 is ¥1,250 in GraphQL and 1250 in REST, and the order is paid in yen for its total', async () => {
    expect((await app.gql('{ shop { currency country } }')).data!.shop).toEqual({ currency: 'JPY', country: 'JP' });
    const created = await app.gql(CREATE_PRODUCT, { input: newProduct({ name: 'Yen Santoku', price: 1250 }) }, admin);
    expect(created.errors).toBeUndefined();
    const product = created.data!.createProduct;
    expect(product).toMatchObject({ price: 1250, priceFrom: { amount: 1250, currency: 'JPY', formatted: '¥1,250' } });
    expect((await api('GET', `/products?id=${product.id}`)).body[0]).toMatchObject({ price: 1250 });

    const { order, intent, stored } = await placeAndPay(app, buyer, [{ productId: product.id, quantity: 2 }]);
    expect(order.currency).toBe('JPY');
    expect(order.totals.total).toEqual({ amount: 2500, currency: 'JPY', formatted: '¥2,500' });
    expect(order.totalPrice).toBe(2500);
    expect(intent).toMatchObject({ amount: order.totals.total.amount, currency: 'jpy' });
    expect([stored.amount, stored.currency]).toEqual([2500, 'jpy']);
  });

  test('a price in yen has no decimals: priceAmount is whole yen', async () => {
    const created = await app.gql(CREATE_PRODUCT, { input: newProduct({ name: 'Yen Petty', priceAmount: 980 }) }, admin);
    expect(created.errors).toBeUndefined();
    expect(created.data!.createProduct.priceFrom).toEqual({ amount: 980, currency: 'JPY', formatted: '¥980' });
    expect(codeOf(await app.gql(CREATE_PRODUCT, { input: newProduct({ name: 'Yen Half', price: 12.5 }) }, admin))).toBe('BAD_USER_INPUT');
  });
});

describe("the shop's settings", () => {
  const base = { NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
  /** The ConfigError that loadConfig throws for these settings. */
  function refusal(env: Record<string, string>): ConfigError {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return error as ConfigError;
    }
    throw new Error('loadConfig accepted the settings');
  }

  test('default to a US shop in dollars; codes are taken in any case', () => {
    expect(loadConfig(base).shop).toEqual({
      name: 'Keen',
      currency: 'USD',
      country: 'US',
      locale: 'en-US',
      pricesIncludeTax: false,
      taxShipping: false,
      taxProvider: 'keen',
      vatReverseCharge: false,
      timeZone: 'UTC',
    });
    expect(loadConfig({ ...base, SHOP_CURRENCY: 'eur', SHOP_COUNTRY: 'de', SHOP_LOCALE: 'de-DE' }).shop).toMatchObject({
      currency: 'EUR',
      country: 'DE',
      locale: 'de-DE',
    });
  });

  test.each([
    ['SHOP_CURRENCY', 'XYZ'],
    ['SHOP_CURRENCY', 'DOLLARS'],
    ['SHOP_COUNTRY', 'ZZ'],
    ['SHOP_COUNTRY', 'USA'],
    ['SHOP_COUNTRY', 'EU'],
  ])('%s=%s is refused, naming the setting', (setting, value) => {
    const error = refusal({ [setting]: value });
    expect(error.message).toMatch(new RegExp(`^Setting ${setting}: `));
    expect(error.message).toContain(value);
  });
});
