import { DELIVERY_COUNTRY_REQUIRED } from '../../src/modules/addresses/country-of-text';
import { Order } from '../../src/modules/orders/order.entity';
import { OrderLine } from '../../src/modules/orders/order-line.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';
import { startSmtpCatcher } from '../support/smtp-catcher';
import { BR, UK as UK_HOME, US } from '../support/addresses';

const ZONES =
  '{ shippingZones { id name countries methods { id name price { amount } freeOver { amount } enabled } taxRates { category ratePercent } } }';
const CREATE_ZONE = 'mutation($input: ShippingZoneInput!) { createShippingZone(input: $input) { id name countries } }';
const UPDATE_ZONE = 'mutation($id: ID!, $input: ShippingZoneInput!) { updateShippingZone(id: $id, input: $input) { id countries } }';
const CREATE_METHOD =
  'mutation($input: ShippingMethodInput!) { createShippingMethod(input: $input) { id name price { amount formatted } freeOver { amount } minDays maxDays enabled } }';
const UPDATE_METHOD = 'mutation($id: ID!, $input: ShippingMethodInput!) { updateShippingMethod(id: $id, input: $input) { id enabled } }';
const SET_RATE = 'mutation($input: TaxRateInput!) { setTaxRate(input: $input) { id taxRates { category ratePercent } } }';
const OPTIONS = 'query($input: ShippingOptionsInput!) { shippingOptions(input: $input) { id name price { amount } minDays maxDays } }';
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  id address shippingMethodName shippingAddress { name postalCode country }
  totals { subtotal { amount } shipping { amount } tax { amount } total { amount formatted } }
  lines { quantity lineAmount { amount } tax { amount } taxRatePercent } } }`;
const INTENT = 'mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { amount currency } }';

// Typed in lowercase: the order keeps the postcode normalised.
const UK = { ...UK_HOME, postalCode: 'sw1a 2aa' };

/** Two zones as the demo has them: the US (0%) and the UK with the EU (20%), two methods each. */
async function setUpZones(app: TestApp, admin: TestSession) {
  const us = (await app.gql(CREATE_ZONE, { input: { name: 'United States', countries: ['US'] } }, admin)).data!.createShippingZone;
  const europe = (await app.gql(CREATE_ZONE, { input: { name: 'UK and EU', countries: ['gb', 'FR', 'DE'] } }, admin)).data!
    .createShippingZone;
  const method = async (zoneId: string, name: string, price: number, freeOver: number | null, minDays: number, maxDays: number) =>
    (await app.gql(CREATE_METHOD, { input: { zoneId, name, price, freeOver, minDays, maxDays } }, admin)).data!.createShippingMethod;
  const usStandard = await method(us.id, 'Standard (US)', 800, 25000, 3, 6);
  const usExpress = await method(us.id, 'Express (US)', 2500, null, 1, 2);
  const ukStandard = await method(europe.id, 'Standard (UK)', 495, 20000, 2, 4);
  const ukExpress = await method(europe.id, 'Express (UK)', 1500, null, 1, 1);
  await app.gql(SET_RATE, { input: { zoneId: us.id, category: 'standard', ratePercent: 0 } }, admin);
  await app.gql(SET_RATE, { input: { zoneId: europe.id, category: 'standard', ratePercent: 20 } }, admin);
  return { us, europe, usStandard, usExpress, ukStandard, ukExpress };
}

describe('a tax-inclusive shop (UK prices)', () => {
  let app: TestApp;
  let admin: TestSession;
  let shopper: TestSession;
  let zones: Awaited<ReturnType<typeof setUpZones>>;

  beforeAll(async () => {
    app = await startTestApp({ PRICES_INCLUDE_TAX: 'true', MAX_UNPAID_ORDERS: '50', RATE_LIMIT_ORDERS: '100' });
    admin = await app.adminUser();
    shopper = await app.customer('ship');
    zones = await setUpZones(app, admin);
  });
  afterAll(() => app.close());

  test('who may set delivery up: anonymous callers are UNAUTHENTICATED before their input is read, customers FORBIDDEN', async () => {
    expect(codeOf(await app.gql(ZONES))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(ZONES, {}, shopper))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(CREATE_ZONE, { input: { name: '', countries: ['XX'] } }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(CREATE_ZONE, { input: { name: 'Nowhere', countries: ['NO'] } }, shopper))).toBe('FORBIDDEN');
    const method = { zoneId: zones.us.id, name: 'Free', price: 0, minDays: 1, maxDays: 2 };
    expect(codeOf(await app.gql(CREATE_METHOD, { input: method }, shopper))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(SET_RATE, { input: { zoneId: zones.us.id, category: 'standard', ratePercent: 5 } }, shopper))).toBe(
      'FORBIDDEN',
    );
    const { data } = await app.gql(ZONES, {}, admin);
    expect(data!.shippingZones.map((zone: { name: string }) => zone.name)).toEqual(['UK and EU', 'United States']);
  });

  test('a country is in one zone at most; codes are checked; nothing changes on a refusal', async () => {
    const taken = await app.gql(CREATE_ZONE, { input: { name: 'France', countries: ['FR'] } }, admin);
    expect(codeOf(taken)).toBe('CONFLICT');
    expect(messageOf(taken)).toBe('France is already in the zone UK and EU');
    expect(messageOf(await app.gql(CREATE_ZONE, { input: { name: 'Atlantis', countries: ['XX'] } }, admin))).toBe(
      'XX is not a country code (ISO 3166-1 alpha-2, such as US or GB)',
    );
    expect(codeOf(await app.gql(CREATE_ZONE, { input: { name: 'united states', countries: ['CA'] } }, admin))).toBe('CONFLICT');
    const moved = await app.gql(UPDATE_ZONE, { id: zones.us.id, input: { name: 'United States', countries: ['US', 'GB'] } }, admin);
    expect(messageOf(moved)).toBe('United Kingdom is already in the zone UK and EU');
    const { data } = await app.gql(ZONES, {}, admin);
    expect(data!.shippingZones.map((zone: { countries: string[] }) => zone.countries)).toEqual([['DE', 'FR', 'GB'], ['US']]);
  });

  test('method and rate inputs are checked in the shared schema’s words', async () => {
    const base = { zoneId: zones.us.id, name: 'Slow', price: 100, minDays: 5, maxDays: 3 };
    expect(messageOf(await app.gql(CREATE_METHOD, { input: base }, admin))).toBe('Slowest delivery days must be at least the fastest');
    expect(messageOf(await app.gql(CREATE_METHOD, { input: { ...base, maxDays: 9, price: -1 } }, admin))).toBe(
      'Shipping price cannot be negative',
    );
    expect(
      codeOf(await app.gql(CREATE_METHOD, { input: { ...base, maxDays: 9, zoneId: '00000000-0000-0000-0000-000000000000' } }, admin)),
    ).toBe('NOT_FOUND');
    expect(messageOf(await app.gql(SET_RATE, { input: { zoneId: zones.us.id, category: 'standard', ratePercent: 12.3456 } }, admin))).toBe(
      'A tax rate has at most 3 decimals, like 8.875',
    );
    expect(messageOf(await app.gql(SET_RATE, { input: { zoneId: zones.us.id, category: 'standard', ratePercent: 101 } }, admin))).toBe(
      'Rate must be at most 100',
    );
  });

  test('shippingOptions: the methods serving the address, free over their threshold; a country without a zone is refused', async () => {
    const knife = await app.product({ price: 129, quantity: 20 });
    const lines = (quantity: number) => [{ productId: knife.id, quantity }];
    const one = await app.gql(OPTIONS, { input: { lines: lines(1), address: UK } });
    expect(one.data!.shippingOptions).toEqual([
      { id: zones.ukStandard.id, name: 'Standard (UK)', price: { amount: 495 }, minDays: 2, maxDays: 4 },
      { id: zones.ukExpress.id, name: 'Express (UK)', price: { amount: 1500 }, minDays: 1, maxDays: 1 },
    ]);
    const two = await app.gql(OPTIONS, { input: { lines: lines(2), address: UK } });
    expect(two.data!.shippingOptions.map((option: { price: { amount: number } }) => option.price.amount)).toEqual([0, 1500]);
    // Anyone may read where the shop delivers: address forms list those countries first.
    expect((await app.gql('{ shippingCountries }')).data!.shippingCountries).toEqual(['DE', 'FR', 'GB', 'US']);
    const brazil = await app.gql(OPTIONS, { input: { lines: lines(1), address: BR } });
    expect(codeOf(brazil)).toBe('BAD_USER_INPUT');
    expect(messageOf(brazil)).toBe("We don't ship to Brazil yet");
    expect(messageOf(await app.gql(OPTIONS, { input: { lines: lines(1), address: { ...UK, postalCode: '12345' } } }))).toBe(
      'Enter a postcode like EC1Y 8SY',
    );
  });

  test('a UK order of two knives: 20% VAT inside each line (half up), shipping added, and the payment is for exactly the total', async () => {
    const chef = await app.product({ price: 129, quantity: 10 });
    const paring = await app.product({ price: 45.99, quantity: 10 });
    const { data, errors } = await app.gql(
      PLACE,
      {
        input: {
          lines: [
            { productId: chef.id, quantity: 1 },
            { productId: paring.id, quantity: 1 },
          ],
          phone: UK.phone,
          shippingAddress: UK,
          shippingMethodId: zones.ukStandard.id,
        },
      },
      shopper,
    );
    expect(errors).toBeUndefined();
    const order = data!.placeOrder;
    // 20/120 of 12900 is 2150; of 4599 it is 766.5, rounded half up to 767.
    expect(order.lines).toEqual([
      { quantity: 1, lineAmount: { amount: 12900 }, tax: { amount: 2150 }, taxRatePercent: 20 },
      { quantity: 1, lineAmount: { amount: 4599 }, tax: { amount: 767 }, taxRatePercent: 20 },
    ]);
    expect(order.totals).toEqual({
      subtotal: { amount: 17499 },
      shipping: { amount: 495 },
      tax: { amount: 2917 },
      total: { amount: 17994, formatted: '$179.94' },
    });
    expect(order.shippingMethodName).toBe('Standard (UK)');
    expect(order.shippingAddress).toEqual({ name: 'Ada Steel', postalCode: 'SW1A 2AA', country: 'GB' });
    expect(order.address).toContain('SW1A 2AA');
    const intent = (await app.gql(INTENT, { orderId: order.id }, shopper)).data!.createPaymentIntent;
    expect(intent).toEqual({ amount: 17994, currency: 'usd' });
    const stored = await app.db.getRepository(OrderLine).find({ where: { orderId: order.id }, order: { position: 'ASC' } });
    expect(stored.map((line) => [line.taxRateMilliPercent, line.taxAmount])).toEqual([
      [20000, 2150],
      [20000, 767],
    ]);
  });

  test('each shipping option carries the totals placeOrder then charges for the same lines, address and method', async () => {
    const chef = await app.product({ price: 129, quantity: 10 });
    const paring = await app.product({ price: 45.99, quantity: 10 });
    const lines = [
      { productId: chef.id, quantity: 1 },
      { productId: paring.id, quantity: 2 },
    ];
    const totals = 'totals { subtotal { amount } shipping { amount } tax { amount } total { amount formatted } }';
    const { data } = await app.gql(
      `query($input: ShippingOptionsInput!) { shippingOptions(input: $input) { id price { amount } ${totals} } }`,
      { input: { lines, address: UK } },
    );
    const [standard, express] = data!.shippingOptions;
    // 12900 + 2 x 4599 = 22098 reaches Standard's free threshold (20000); Express is 1500.
    expect(standard.totals).toEqual({
      subtotal: { amount: 22098 },
      shipping: { amount: 0 },
      tax: { amount: 2150 + 1533 },
      total: { amount: 22098, formatted: '$220.98' },
    });
    expect(express.totals.total.amount).toBe(22098 + 1500);
    const placed = await app.gql(PLACE, { input: { lines, phone: UK.phone, shippingAddress: UK, shippingMethodId: express.id } }, shopper);
    expect(placed.data!.placeOrder.totals).toEqual(express.totals);
  });

  test('a US order pays no VAT; a method of another zone and a disabled one are refused, taking nothing', async () => {
    const knife = await app.product({ price: 129, quantity: 5 });
    const input = { lines: [{ productId: knife.id, quantity: 1 }], phone: US.phone, shippingAddress: US };
    const placed = await app.gql(PLACE, { input: { ...input, shippingMethodId: zones.usExpress.id } }, shopper);
    expect(placed.data!.placeOrder.totals).toEqual({
      subtotal: { amount: 12900 },
      shipping: { amount: 2500 },
      tax: { amount: 0 },
      total: { amount: 15400, formatted: '$154.00' },
    });
    const wrongZone = await app.gql(PLACE, { input: { ...input, shippingMethodId: zones.ukStandard.id } }, shopper);
    expect(messageOf(wrongZone)).toBe('Standard (UK) does not deliver to United States');
    await app.gql(
      UPDATE_METHOD,
      { id: zones.usExpress.id, input: { zoneId: zones.us.id, name: 'Express (US)', price: 2500, minDays: 1, maxDays: 2, enabled: false } },
      admin,
    );
    const disabled = await app.gql(PLACE, { input: { ...input, shippingMethodId: zones.usExpress.id } }, shopper);
    expect(messageOf(disabled)).toBe('Express (US) is no longer offered');
    const options = await app.gql(OPTIONS, { input: { lines: input.lines, address: US } });
    expect(options.data!.shippingOptions.map((option: { name: string }) => option.name)).toEqual(['Standard (US)']);
    const brazil = await app.gql(PLACE, { input: { ...input, shippingAddress: BR } }, shopper);
    expect(messageOf(brazil)).toBe("We don't ship to Brazil yet");
    expect(await app.db.getRepository(Order).countBy({ productId: knife.id })).toBe(1);
    expect((await app.db.query('SELECT quantity FROM product_variant WHERE "productId" = $1', [knife.id]))[0].quantity).toBe(4);
  });

  test('the older address text ships to the country it ends with, by its cheapest method; one naming none is refused', async () => {
    const knife = await app.product({ price: 30, quantity: 5 });
    const api = restClient(app);
    const unnamed = await api('POST', '/orders', {
      as: shopper,
      body: { productCode: knife.id, quantity: 1, phone: '+1 555 0100', address: '1 Old Street, Springfield' },
    });
    expect([unnamed.status, unnamed.body.message]).toEqual([400, DELIVERY_COUNTRY_REQUIRED]);
    const { status, body } = await api('POST', '/orders', {
      as: shopper,
      body: { productCode: knife.id, quantity: 1, phone: '+1 555 0100', address: '1 Old Street, Springfield, United States' },
    });
    expect(status).toBe(200);
    expect(body.totalPrice).toBe(38);
    const order = await app.db.getRepository(Order).findOneByOrFail({ id: body._id });
    expect([order.shippingMethodName, order.shippingAmount, order.taxAmount, order.shippingAddress]).toEqual([
      'Standard (US)',
      800,
      0,
      null,
    ]);
  });
});

test('a tax-exclusive shop adds the tax on top of each line, and the intent is for the total', async () => {
  const app = await startTestApp();
  try {
    const admin = await app.adminUser();
    const shopper = await app.customer('exclusive');
    const { ukStandard } = await setUpZones(app, admin);
    const knife = await app.product({ price: 129, quantity: 10 });
    const { data, errors } = await app.gql(
      PLACE,
      { input: { lines: [{ productId: knife.id, quantity: 3 }], phone: UK.phone, shippingAddress: UK, shippingMethodId: ukStandard.id } },
      shopper,
    );
    expect(errors).toBeUndefined();
    // 3 x 129.00 = 387.00: free shipping over 200.00, 20% of it is 77.40 on top.
    expect(data!.placeOrder.totals).toEqual({
      subtotal: { amount: 38700 },
      shipping: { amount: 0 },
      tax: { amount: 7740 },
      total: { amount: 46440, formatted: '$464.40' },
    });
    const intent = (await app.gql(INTENT, { orderId: data!.placeOrder.id }, shopper)).data!.createPaymentIntent;
    expect(intent.amount).toBe(46440);
  } finally {
    await app.close();
  }
});

test('a shop without zones ships anywhere, free and untaxed, as before zones existed', async () => {
  const app = await startTestApp();
  try {
    const shopper = await app.customer('nozones');
    const knife = await app.product({ price: 20, quantity: 3 });
    const { data, errors } = await app.gql(
      PLACE,
      { input: { lines: [{ productId: knife.id, quantity: 1 }], phone: BR.phone, shippingAddress: BR } },
      shopper,
    );
    expect(errors).toBeUndefined();
    expect(data!.placeOrder.totals.total.amount).toBe(2000);
    expect(
      (await app.gql(OPTIONS, { input: { lines: [{ productId: knife.id, quantity: 1 }], address: BR } })).data!.shippingOptions,
    ).toEqual([]);
  } finally {
    await app.close();
  }
});

test('the order e-mail shows shipping and the VAT inside a tax-inclusive total', async () => {
  const smtp = await startSmtpCatcher();
  const app = await startTestApp({
    PRICES_INCLUDE_TAX: 'true',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Keen <shop@keen.test>',
    JOB_POLL_SECONDS: '0.5',
  });
  try {
    const admin = await app.adminUser();
    const shopper = await app.verifyEmail(await app.customer('vatmail'));
    expect((await app.gql('{ me { id } }', {}, shopper)).errors).toBeUndefined();
    const { ukStandard } = await setUpZones(app, admin);
    const knife = await app.product({ price: 129, quantity: 5 });
    const { data } = await app.gql(
      PLACE,
      { input: { lines: [{ productId: knife.id, quantity: 1 }], phone: UK.phone, shippingAddress: UK, shippingMethodId: ukStandard.id } },
      shopper,
    );
    const [mail] = await smtp.waitFor((caught) => caught.subject === `Keen order received: #${data!.placeOrder.id.slice(0, 8)}`);
    expect(mail.body).toContain('Subtotal: $129.00');
    expect(mail.body).toContain('Shipping: $4.95');
    expect(mail.body).toContain('Total: $133.95 (incl. $21.50 VAT)');
    expect(mail.body).not.toContain('Tax: $21.50');
  } finally {
    await app.close();
    await smtp.close();
  }
});
