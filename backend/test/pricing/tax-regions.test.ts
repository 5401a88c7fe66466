import { REVERSE_CHARGE_NOTE } from '@keen/rules';
import { Order } from '../../src/modules/orders/order.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { pdfText } from '../support/pdf-text';
import { FR, UK, US } from '../support/addresses';

/** Tax beyond one rate per country (issue 54): Keen's rates by US state, shipping taxed per region, VAT numbers and the reverse charge. */

const CREATE_ZONE = 'mutation($input: ShippingZoneInput!) { createShippingZone(input: $input) { id } }';
const CREATE_METHOD = 'mutation($input: ShippingMethodInput!) { createShippingMethod(input: $input) { id } }';
const SET_RATE = `mutation($input: TaxRateInput!) { setTaxRate(input: $input) {
  taxRates { category ratePercent country region regionName taxShipping } } }`;
const REMOVE_RATE = 'mutation($input: TaxRateKeyInput!) { removeTaxRate(input: $input) { taxRates { region } } }';
const STATUS = 'query { taxProviderStatus { provider lastCalculationAt lastError } }';
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  id vatNumber vatReverseCharge totals { subtotal { amount } shipping { amount } tax { amount } total { amount } } } }`;
const OPTIONS = 'query($input: ShippingOptionsInput!) { shippingOptions(input: $input) { totals { tax { amount } total { amount } } } }';

const NEW_YORK = { ...US, line1: '1 Broadway', city: 'New York', region: 'NY', postalCode: '10004' };
const CALIFORNIA = US;
const TEXAS = { ...US, line1: '1 Main St', city: 'Austin', region: 'TX', postalCode: '78701' };
const BERLIN = {
  name: 'Jonas Klinge',
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
  phone: '+49 30 1234567',
};

/** A shop with zones US (NY 8.875% shipping taxed, CA 7.25% shipping not, set by the tests), EU (DE, FR at 20%) and UK; delivery $10 everywhere. */
async function taxedShop(env: Record<string, string> = {}) {
  const app = await startTestApp({ MAX_UNPAID_ORDERS: '50', RATE_LIMIT_ORDERS: '100', ...env });
  const admin = await app.adminUser();
  const call = async (query: string, input: Record<string, unknown>) => {
    const answer = await app.gql(query, { input }, admin);
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!;
  };
  const zone = async (name: string, countries: string[]) => {
    const { id } = (await call(CREATE_ZONE, { name, countries })).createShippingZone;
    await call(CREATE_METHOD, { zoneId: id, name: `Standard (${name})`, price: 1000, minDays: 2, maxDays: 5 });
    return id as string;
  };
  const us = await zone('United States', ['US']);
  const eu = await zone('Europe', ['DE', 'FR']);
  await zone('United Kingdom', ['GB']);
  await call(SET_RATE, { zoneId: eu, category: 'standard', ratePercent: 20 });
  return { app, admin, us, eu, call };
}

describe("Keen's rates by region", () => {
  let app: TestApp;
  let admin: TestSession;
  let shopper: TestSession;
  let us: string;

  beforeAll(async () => {
    ({ app, admin, us } = await taxedShop());
    shopper = await app.customer('tax');
  });
  afterAll(() => app.close());

  test('an admin adds a rate for a state with Tax shipping; the zone lists it by name, and a rate names both country and region', async () => {
    const set = await app.gql(
      SET_RATE,
      { input: { zoneId: us, category: 'standard', ratePercent: 8.875, country: 'US', region: 'New York', taxShipping: true } },
      admin,
    );
    expect(set.errors).toBeUndefined();
    expect(set.data!.setTaxRate.taxRates).toEqual([
      { category: 'standard', ratePercent: 8.875, country: 'US', region: 'NY', regionName: 'New York', taxShipping: true },
    ]);
    // Thousandths of a percent are kept; a fourth decimal is refused in words, and nothing changes.
    const finer = await app.gql(
      SET_RATE,
      { input: { zoneId: us, category: 'standard', ratePercent: 8.8751, country: 'US', region: 'NY', taxShipping: true } },
      admin,
    );
    expect(codeOf(finer)).toBe('BAD_USER_INPUT');
    expect(messageOf(finer)).toBe('A tax rate has at most 3 decimals, like 8.875');
    const [stored]: { rateMilliPercent: number }[] = await app.db.query(
      `SELECT "rateMilliPercent" FROM "tax_rate" WHERE "zoneId" = $1 AND "region" = 'NY'`,
      [us],
    );
    expect(stored.rateMilliPercent).toBe(8875);
    const ca = await app.gql(
      SET_RATE,
      { input: { zoneId: us, category: 'standard', ratePercent: 7.25, country: 'US', region: 'CA', taxShipping: false } },
      admin,
    );
    expect(ca.data!.setTaxRate.taxRates.map((rate: { region: string }) => rate.region)).toEqual(['CA', 'NY']);
    const wrong = await app.gql(
      SET_RATE,
      { input: { zoneId: us, category: 'standard', ratePercent: 5, country: 'US', region: 'ZZ' } },
      admin,
    );
    expect(messageOf(wrong)).toBe('ZZ is not a region of United States');
    const half = await app.gql(SET_RATE, { input: { zoneId: us, category: 'standard', ratePercent: 5, region: 'NY' } }, admin);
    expect(messageOf(half)).toBe("A region's rate names both its country and its region");
  });

  test('a US order is taxed by its state: NY with its shipping, CA without, a state without a rate not at all', async () => {
    const knife = await app.product({ price: 100, quantity: 50 });
    const place = async (shippingAddress: Record<string, unknown>) => {
      const answer = await app.gql(
        PLACE,
        { input: { lines: [{ productId: knife.id, quantity: 2 }], shippingAddress, phone: US.phone } },
        shopper,
      );
      expect(answer.errors).toBeUndefined();
      return answer.data!.placeOrder.totals;
    };
    // $200 of goods and $10 of delivery: NY 8.875% of $200 is $17.75 and of $10 $0.89 (0.8875 half up); CA 7.25% of $200 is $14.50.
    expect(await place(NEW_YORK)).toEqual({
      subtotal: { amount: 20000 },
      shipping: { amount: 1000 },
      tax: { amount: 1864 },
      total: { amount: 22864 },
    });
    expect(await place(CALIFORNIA)).toMatchObject({ tax: { amount: 1450 }, total: { amount: 22450 } });
    expect(await place(TEXAS)).toMatchObject({ tax: { amount: 0 }, total: { amount: 21000 } });
    // The quote agrees with the order.
    const quoted = await app.gql(OPTIONS, { input: { lines: [{ productId: knife.id, quantity: 2 }], address: NEW_YORK } });
    expect(quoted.data!.shippingOptions[0].totals).toEqual({ tax: { amount: 1864 }, total: { amount: 22864 } });
  });

  test("New York's 8.875%: $100.00 is taxed $8.88 (half up), the line says 8.875%, and so does the invoice, delivery's row too", async () => {
    const knife = await app.product({ price: 100, quantity: 50 });
    const placed = await app.gql(
      `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
        id totals { tax { amount } total { amount } } lines { tax { amount } taxRatePercent } } }`,
      { input: { lines: [{ productId: knife.id, quantity: 1 }], shippingAddress: NEW_YORK, phone: US.phone } },
      shopper,
    );
    expect(placed.errors).toBeUndefined();
    // $8.875 is $8.88; delivery's $10 at 8.875% is $0.8875, $0.89.
    expect(placed.data!.placeOrder).toMatchObject({
      totals: { tax: { amount: 888 + 89 }, total: { amount: 10000 + 1000 + 888 + 89 } },
      lines: [{ tax: { amount: 888 }, taxRatePercent: 8.875 }],
    });
    const orderId = placed.data!.placeOrder.id;
    const [line]: { taxRateMilliPercent: number }[] = await app.db.query(
      `SELECT "taxRateMilliPercent" FROM "order_line" WHERE "orderId" = $1`,
      [orderId],
    );
    expect(line.taxRateMilliPercent).toBe(8875);
    await app.payOrder(shopper, orderId);
    const response = await fetch(`${app.url}/api/orders/${orderId}/invoice.pdf`, { headers: { authorization: `Bearer ${shopper.token}` } });
    expect(response.status).toBe(200);
    const text = (await pdfText(Buffer.from(await response.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('8.875%');
    // One rate for the goods and delivery together: $110.00 net, $9.77 tax.
    expect(text).toContain('8.875%: $110.00 net, $9.77 tax, $119.77 in all');
    expect(text).not.toMatch(/8\.9%|8\.88%/);
  });

  test("a region's rate wins over the zone's; removing it falls back to the zone's", async () => {
    const knife = await app.product({ price: 100, quantity: 50 });
    const lines = [{ productId: knife.id, quantity: 1 }];
    await app.gql(SET_RATE, { input: { zoneId: us, category: 'standard', ratePercent: 5 } }, admin);
    const taxIn = async (address: Record<string, unknown>) =>
      (await app.gql(OPTIONS, { input: { lines, address } })).data!.shippingOptions[0].totals.tax.amount;
    expect(await taxIn(TEXAS)).toBe(500);
    expect(await taxIn(CALIFORNIA)).toBe(725);
    const removed = await app.gql(REMOVE_RATE, { input: { zoneId: us, category: 'standard', country: 'US', region: 'CA' } }, admin);
    expect(removed.errors).toBeUndefined();
    expect(await taxIn(CALIFORNIA)).toBe(500);
    await app.gql(REMOVE_RATE, { input: { zoneId: us, category: 'standard' } }, admin);
    await app.gql(
      SET_RATE,
      { input: { zoneId: us, category: 'standard', ratePercent: 7.25, country: 'US', region: 'CA', taxShipping: false } },
      admin,
    );
    expect(codeOf(await app.gql(REMOVE_RATE, { input: { zoneId: us, category: 'standard' } }, admin))).toBe('NOT_FOUND');
  });

  test('rates and the tax status are for admins: anonymous callers are UNAUTHENTICATED before their input is read, customers FORBIDDEN', async () => {
    const input = { zoneId: us, category: 'standard', ratePercent: 4, country: 'US', region: 'TX' };
    expect(codeOf(await app.gql(SET_RATE, { input: { ...input, ratePercent: -1 } }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(SET_RATE, { input }, shopper))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(REMOVE_RATE, { input: { zoneId: 'nope', category: 'standard' } }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(REMOVE_RATE, { input: { zoneId: us, category: 'standard', country: 'US', region: 'NY' } }, shopper))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await app.gql(STATUS))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(STATUS, {}, shopper))).toBe('FORBIDDEN');
    expect((await app.gql(STATUS, {}, admin)).data!.taxProviderStatus).toEqual({
      provider: 'keen',
      lastCalculationAt: null,
      lastError: null,
    });
  });

  test("VAT numbers are checked against the delivery country's format and kept on the order; VAT is charged without the reverse charge", async () => {
    const knife = await app.product({ price: 100, quantity: 50 });
    const place = (shippingAddress: Record<string, unknown>, vatNumber: string) =>
      app.gql(
        PLACE,
        { input: { lines: [{ productId: knife.id, quantity: 1 }], shippingAddress, phone: shippingAddress.phone, vatNumber } },
        shopper,
      );
    const wrong = await place(BERLIN, 'FR12345678901');
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    expect(messageOf(wrong)).toBe('Enter a VAT number for Germany, like DE123456789');
    expect(messageOf(await place(BERLIN, 'DE12345678'))).toBe('Enter a VAT number for Germany, like DE123456789');
    expect(messageOf(await place(NEW_YORK, 'DE123456789'))).toBe(
      'VAT numbers are taken for EU and UK addresses only, not for United States',
    );
    const german = await place(BERLIN, 'de 123 456 789');
    expect(german.errors).toBeUndefined();
    // VAT_REVERSE_CHARGE is off: 20% on $100 (this shop does not tax shipping).
    expect(german.data!.placeOrder).toMatchObject({ vatNumber: 'DE123456789', vatReverseCharge: false, totals: { tax: { amount: 2000 } } });
    const british = await place(UK, 'GB 123456789');
    expect(british.data!.placeOrder.vatNumber).toBe('GB123456789');
    expect((await place(UK, 'XI123456789')).data!.placeOrder.vatNumber).toBe('XI123456789');
    const greek = { ...BERLIN, country: 'GR', city: 'Athens', postalCode: '105 57', phone: '+30 21 0123 4567' };
    expect(messageOf(await place(greek, 'GR123456789'))).toBe('Enter a VAT number for Greece, like EL123456789');
  });
});

describe('a tax-inclusive shop with the reverse charge', () => {
  let app: TestApp;
  let admin: TestSession;
  let shopper: TestSession;
  let us: string;

  beforeAll(async () => {
    ({ app, admin, us } = await taxedShop({
      PRICES_INCLUDE_TAX: 'true',
      VAT_REVERSE_CHARGE: 'true',
      SHOP_COUNTRY: 'FR',
      TAX_SHIPPING: 'true',
    }));
    shopper = await app.customer('reverse');
    for (const [region, ratePercent, taxShipping] of [
      ['NY', 8.875, true],
      ['CA', 7.25, false],
    ] as const) {
      const set = await app.gql(
        SET_RATE,
        { input: { zoneId: us, category: 'standard', ratePercent, country: 'US', region, taxShipping } },
        admin,
      );
      expect(set.errors).toBeUndefined();
    }
  });
  afterAll(() => app.close());

  test('prices hold the tax: NY taxes its shipping inside the total, CA does not; the totals are the prices', async () => {
    const knife = await app.product({ price: 100, quantity: 50 });
    const place = async (shippingAddress: Record<string, unknown>) =>
      (await app.gql(PLACE, { input: { lines: [{ productId: knife.id, quantity: 1 }], shippingAddress, phone: US.phone } }, shopper)).data!
        .placeOrder.totals;
    // $100 and $10 holding 8.875%: $8.15 in the goods (8.875/108.875 of $100 is 8.1515) and $0.82 in delivery, each rounded half up.
    expect(await place(NEW_YORK)).toEqual({
      subtotal: { amount: 10000 },
      shipping: { amount: 1000 },
      tax: { amount: 897 },
      total: { amount: 11000 },
    });
    // $100 holding 7.25% is $6.76; delivery untaxed in California though the shop taxes shipping elsewhere.
    expect(await place(CALIFORNIA)).toMatchObject({ tax: { amount: 676 }, total: { amount: 11000 } });
  });

  test('a business buyer in another EU country with a VAT number pays no VAT, and the invoice says why with their number', async () => {
    const knife = await app.product({ price: 120, quantity: 50 });
    const place = (shippingAddress: Record<string, unknown>, vatNumber?: string) =>
      app.gql(
        PLACE,
        { input: { lines: [{ productId: knife.id, quantity: 1 }], shippingAddress, phone: shippingAddress.phone, vatNumber } },
        shopper,
      );
    const business = await place(BERLIN, 'DE123456789');
    expect(business.errors).toBeUndefined();
    expect(business.data!.placeOrder).toMatchObject({
      vatNumber: 'DE123456789',
      vatReverseCharge: true,
      totals: { tax: { amount: 0 }, total: { amount: 13000 } },
    });
    // Without a number, or in the shop's own country, VAT is charged (inside the price: 20% of $130 inclusive is $21.67).
    expect((await place(BERLIN)).data!.placeOrder).toMatchObject({ vatReverseCharge: false, totals: { tax: { amount: 2167 } } });
    const home = await place(FR, 'FR12345678901');
    expect(home.data!.placeOrder).toMatchObject({ vatNumber: 'FR12345678901', vatReverseCharge: false, totals: { tax: { amount: 2167 } } });
    // The UK is not in the EU: a GB number is kept, VAT still charged (the UK zone has no rate here: 0).
    expect((await place(UK, 'GB123456789')).data!.placeOrder.vatReverseCharge).toBe(false);

    const orderId = business.data!.placeOrder.id;
    await app.payOrder(shopper, orderId);
    const stored = await app.db.getRepository(Order).findOneByOrFail({ id: orderId });
    expect([stored.taxAmount, stored.vatNumber, stored.vatReverseCharge]).toEqual([0, 'DE123456789', true]);
    const response = await fetch(`${app.url}/api/orders/${orderId}/invoice.pdf`, { headers: { authorization: `Bearer ${shopper.token}` } });
    expect(response.status).toBe(200);
    const text = (await pdfText(Buffer.from(await response.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('VAT number: DE123456789');
    expect(text).toContain(REVERSE_CHARGE_NOTE);
  });

  test("the REST order takes a VAT number too, refused in its country's words", async () => {
    const knife = await app.product({ price: 50, quantity: 50 });
    const post = (vatNumber: string) =>
      fetch(`${app.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
        body: JSON.stringify({ productId: knife.id, quantity: 1, phone: BERLIN.phone, shippingAddress: BERLIN, vatNumber }),
      });
    const refused = await post('DE1');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe('Enter a VAT number for Germany, like DE123456789');
    const placed = await post('DE123456789');
    expect(placed.status).toBe(200);
    const { insertedId } = (await placed.json()) as { insertedId: string };
    expect((await app.db.getRepository(Order).findOneByOrFail({ id: insertedId })).vatReverseCharge).toBe(true);
  });
});
