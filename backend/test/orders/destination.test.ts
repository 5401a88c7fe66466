import { bladesNotDelivered } from '@keen/rules';
import { countryOfAddressText, DELIVERY_COUNTRY_REQUIRED } from '../../src/modules/addresses/country-of-text';
import { Order } from '../../src/modules/orders/order.entity';
import { UK, US } from '../support/addresses';
import { dateOfBirth, SET_RULE, VERIFY } from '../support/blades';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';

/**
 * Every order's destination decides its blade rules, tax and delivery, whichever API placed it and
 * however it gave its address: a structured shippingAddress, or a text ending in its country.
 */

const SYDNEY = '1 George Street, Sydney NSW 2000, Australia';
const LONDON = '10 Downing Street, London SW1A 2AA, United Kingdom';
const ORDER_FIELDS = `id state destinationCountry deliveryHandover shippingMethodName address
  totals { subtotal { amount } shipping { amount } tax { amount } total { amount } }`;
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { ${ORDER_FIELDS} } }`;

describe('countryOfAddressText', () => {
  test.each([
    [LONDON, 'GB'],
    [SYDNEY, 'AU'],
    ['1 Rue de Rivoli\n75001 Paris\nFrance', 'FR'],
    ['Hauptstraße 1, 10115 Berlin, Germany.', 'DE'],
    ['1 Market St, San Francisco, CA 94103, USA', 'US'],
    ['1 Market St, San Francisco, CA 94103, United States of America', 'US'],
    ['Flat 2, 5 High Street, Leeds, UK', 'GB'],
    ['5 High Street; Dublin 2; ie', 'IE'],
    ['1 Harbour Road, Wan Chai, HKG', 'HK'],
    ['Rua Augusta 1, São Paulo, Brazil', 'BR'],
  ])('%j names %s', (text, country) => expect(countryOfAddressText(text)).toBe(country));

  test.each([
    ['1 Test Street'],
    ['1 Main Street, Springfield'],
    // A state's code is not taken for the country that shares it (Illinois, not Israel; California, not Canada).
    ['1 Main Street, Springfield, IL'],
    ['1 Market St, San Francisco, CA'],
    ['12 Road, Atlantis'],
    [''],
    [' , , '],
  ])('%j names no country', (text) => expect(countryOfAddressText(text)).toBeNull());
});

describe('a shop that delivers abroad', () => {
  let app: TestApp;
  let admin: TestSession;
  let buyer: TestSession;
  let knifeId: string;
  let zones: Record<string, string>;
  const api = () => restClient(app);

  beforeAll(async () => {
    // Tax-exclusive (the test default): tax and shipping are added to the knife's price.
    app = await startTestApp({ RATE_LIMIT_ORDERS: '1000', MAX_UNPAID_ORDERS: '1000' });
    admin = await app.adminUser();
    zones = {};
    for (const [name, countries, price] of [
      ['US', ['US'], 500],
      ['Europe', ['GB', 'FR', 'DE'], 1200],
      ['Australia', ['AU'], 2500],
    ] as const) {
      const zone = await app.gql(
        'mutation($input: ShippingZoneInput!) { createShippingZone(input: $input) { id } }',
        { input: { name, countries } },
        admin,
      );
      zones[name] = zone.data!.createShippingZone.id;
      const method = await app.gql(
        'mutation($input: ShippingMethodInput!) { createShippingMethod(input: $input) { id } }',
        { input: { zoneId: zones[name], name: `Standard (${name})`, price, minDays: 2, maxDays: 5 } },
        admin,
      );
      expect(method.errors).toBeUndefined();
    }
    const vat = await app.gql(
      'mutation($input: TaxRateInput!) { setTaxRate(input: $input) { id } }',
      { input: { zoneId: zones.Europe, category: 'standard', ratePercent: 20 } },
      admin,
    );
    expect(vat.errors).toBeUndefined();
    expect((await app.gql(SET_RULE, { input: { country: 'AU', allowed: false } }, admin)).errors).toBeUndefined();
    knifeId = (await app.product({ name: 'Destination Gyuto', price: 189, quantity: 100, ageRestricted: true })).id;
    buyer = await app.verifyEmail(await app.customer('destination'));
    const check = await app.gql(VERIFY, { input: { fullName: 'Dee Stination', dateOfBirth: dateOfBirth(30), declaration: true } }, buyer);
    expect(check.data?.verifyAge.status).toBe('PASSED');
  });
  afterAll(() => app.close());

  const orderCount = () => app.db.getRepository(Order).count();
  const restOrder = (body: Record<string, unknown>) =>
    api()('POST', '/orders', { as: buyer, body: { productCode: knifeId, quantity: 1, phone: UK.phone, ...body } });

  test('REST: a knife to an address text in Australia, whose rule refuses blades, is refused as for AU; nothing is written', async () => {
    const before = await orderCount();
    const answer = await restOrder({ address: SYDNEY });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(bladesNotDelivered('Destination Gyuto', 'Australia'));
    expect(await orderCount()).toBe(before);
  });

  test('GraphQL: the same text is refused the same way', async () => {
    const refused = await app.gql(PLACE, { input: { productId: knifeId, quantity: 1, phone: UK.phone, address: SYDNEY } }, buyer);
    expect(messageOf(refused)).toBe(bladesNotDelivered('Destination Gyuto', 'Australia'));
  });

  test('GraphQL: a London text is ruled, taxed and shipped as for GB, and cannot ship without an age-verified delivery', async () => {
    const placed = await app.gql(PLACE, { input: { productId: knifeId, quantity: 1, phone: UK.phone, address: LONDON } }, buyer);
    expect(placed.errors).toBeUndefined();
    const order = placed.data!.placeOrder;
    expect(order).toMatchObject({
      destinationCountry: 'GB',
      deliveryHandover: 'ageVerified',
      shippingMethodName: 'Standard (Europe)',
      address: LONDON,
      totals: { subtotal: { amount: 18900 }, shipping: { amount: 1200 }, tax: { amount: 3780 }, total: { amount: 23880 } },
    });
    await app.payOrder(buyer, order.id);
    const ship = 'mutation($id: ID!, $tracking: ShipmentTrackingInput) { markShipped(id: $id, tracking: $tracking) { state } }';
    const refused = await app.gql(ship, { id: order.id, tracking: { ageVerifiedDelivery: false } }, admin);
    expect(messageOf(refused)).toMatch(/age-verified delivery/i);
    expect((await app.gql(ship, { id: order.id, tracking: { ageVerifiedDelivery: true } }, admin)).data?.markShipped.state).toBe('Shipped');
  });

  test('a structured address and a text to the same country cost the same, on both APIs', async () => {
    const structured = await app.gql(PLACE, { input: { productId: knifeId, quantity: 1, phone: UK.phone, shippingAddress: UK } }, buyer);
    const text = await app.gql(PLACE, { input: { productId: knifeId, quantity: 1, phone: UK.phone, address: LONDON } }, buyer);
    expect(structured.data!.placeOrder.totals).toEqual(text.data!.placeOrder.totals);
    expect(structured.data!.placeOrder.totals.total.amount).toBe(23880);

    const restText = await restOrder({ address: LONDON });
    const restStructured = await restOrder({ shippingAddress: UK });
    expect([restText.status, restStructured.status]).toEqual([200, 200]);
    expect(restText.body.totalPrice).toBe(238.8);
    expect(restStructured.body.totalPrice).toBe(238.8);
    expect(restStructured.body.address).toBe('Ada Steel, 10 Downing Street, London, SW1A 2AA, United Kingdom');
    const rows = await app.db.getRepository(Order).findBy({ id: restStructured.body._id });
    expect(rows[0]).toMatchObject({ destinationCountry: 'GB', shippingAddress: expect.objectContaining({ country: 'GB' }) });
  });

  test('REST takes shippingMethodId; a method that does not serve the address, or a bad address, is a 400 that writes nothing', async () => {
    const options = await app.gql(
      'query($input: ShippingOptionsInput!) { shippingOptions(input: $input) { id name } }',
      { input: { lines: [{ productId: knifeId, quantity: 1 }], address: UK } },
      buyer,
    );
    const [europe] = options.data!.shippingOptions;
    const chosen = await restOrder({ shippingAddress: UK, shippingMethodId: europe.id });
    expect(chosen.status).toBe(200);
    expect(chosen.body.totalPrice).toBe(238.8);

    const before = await orderCount();
    const wrongMethod = await restOrder({ shippingAddress: US, shippingMethodId: europe.id });
    expect([wrongMethod.status, wrongMethod.body.message]).toEqual([400, 'Standard (Europe) does not deliver to United States']);
    const badPostcode = await restOrder({ shippingAddress: { ...UK, postalCode: '12345' } });
    expect([badPostcode.status, badPostcode.body.message]).toEqual([400, 'Enter a postcode like EC1Y 8SY']);
    const notAnObject = await restOrder({ shippingAddress: 'London' });
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body.message).toMatch(/^shippingAddress must be an object/);
    expect(await orderCount()).toBe(before);
  });

  test('an address text naming no country is a 400 that says what to send, on both APIs, and writes nothing', async () => {
    const before = await orderCount();
    const rest = await restOrder({ address: '1 Main Street, Springfield' });
    expect([rest.status, rest.body.message]).toEqual([400, DELIVERY_COUNTRY_REQUIRED]);
    const graphql = await app.gql(PLACE, { input: { productId: knifeId, quantity: 1, phone: UK.phone, address: '1 Main Street' } }, buyer);
    expect([codeOf(graphql), messageOf(graphql)]).toEqual(['BAD_USER_INPUT', DELIVERY_COUNTRY_REQUIRED]);
    expect(await orderCount()).toBe(before);
  });

  test('anonymous callers are refused before the address is read', async () => {
    const anonymous = await api()('POST', '/orders', { body: { productCode: knifeId, quantity: 1, phone: UK.phone, address: 'x' } });
    expect(anonymous.status).toBe(401);
  });

  describe('Idempotency-Key header on GraphQL', () => {
    const post = (query: string, variables: object, headers: Record<string, string>) =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}`, ...headers },
        body: JSON.stringify({ query, variables }),
      }).then((response) => response.json() as Promise<{ data?: Record<string, any>; errors?: { message: string }[] }>);

    test('20 concurrent placeOrder requests with one header key make one order', async () => {
      const before = await orderCount();
      const input = { productId: knifeId, quantity: 1, phone: UK.phone, shippingAddress: UK };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(PLACE, { input }, { 'Idempotency-Key': 'checkout-attempt-42' })),
      );
      expect(answers.every((answer) => answer.errors === undefined)).toBe(true);
      expect(new Set(answers.map((answer) => answer.data!.placeOrder.id)).size).toBe(1);
      expect(await orderCount()).toBe(before + 1);
    });

    test('createPaymentIntent honours the header; a header that differs from the argument is refused', async () => {
      const order = await app.gql(PLACE, { input: { productId: knifeId, quantity: 1, phone: UK.phone, shippingAddress: UK } }, buyer);
      const orderId = order.data!.placeOrder.id;
      const intent =
        'mutation($orderId: ID!, $key: String) { createPaymentIntent(orderId: $orderId, idempotencyKey: $key) { clientSecret } }';
      const [first, second] = await Promise.all([
        post(intent, { orderId }, { 'Idempotency-Key': 'pay-attempt-1' }),
        post(intent, { orderId }, { 'Idempotency-Key': 'pay-attempt-1' }),
      ]);
      expect(first.errors).toBeUndefined();
      expect(second.data!.createPaymentIntent.clientSecret).toBe(first.data!.createPaymentIntent.clientSecret);
      const keys = await app.db.query(`SELECT count(*)::int AS n FROM "idempotency_key" WHERE "key" = 'pay-attempt-1'`);
      expect(keys[0].n).toBe(1);

      const differ = await post(intent, { orderId, key: 'pay-attempt-2' }, { 'Idempotency-Key': 'pay-attempt-3' });
      expect(differ.errors?.[0].message).toBe('The Idempotency-Key header and the idempotencyKey argument differ: send the key once');
      const placeDiffers = await post(
        PLACE,
        { input: { productId: knifeId, quantity: 1, phone: UK.phone, shippingAddress: UK, idempotencyKey: 'a' } },
        { 'Idempotency-Key': 'b' },
      );
      expect(placeDiffers.errors?.[0].message).toBe('The Idempotency-Key header and the idempotencyKey argument differ: send the key once');
    });
  });
});

describe('a shop that delivers only to its own country', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('takes any address text, ruled for the shop’s country; a text naming another country is ruled for that one', async () => {
    const admin = await app.adminUser();
    const zone = await app.gql(
      'mutation($input: ShippingZoneInput!) { createShippingZone(input: $input) { id } }',
      { input: { name: 'Home', countries: ['US'] } },
      admin,
    );
    await app.gql(
      'mutation($input: ShippingMethodInput!) { createShippingMethod(input: $input) { id } }',
      { input: { zoneId: zone.data!.createShippingZone.id, name: 'Ground', price: 700, minDays: 2, maxDays: 5 } },
      admin,
    );
    const knife = await app.product({ price: 40 });
    const buyer = await app.customer('home-only');
    const api = restClient(app);
    const home = await api('POST', '/orders', {
      as: buyer,
      body: { productCode: knife.id, quantity: 1, phone: '+1 555 0100', address: '1 Main Street, Springfield, IL' },
    });
    expect(home.status).toBe(200);
    expect(home.body.totalPrice).toBe(47);
    expect((await app.db.getRepository(Order).findOneByOrFail({ id: home.body._id })).destinationCountry).toBe('US');

    const abroad = await api('POST', '/orders', {
      as: buyer,
      body: { productCode: knife.id, quantity: 1, phone: '+1 555 0100', address: LONDON },
    });
    expect([abroad.status, abroad.body.message]).toEqual([400, "We don't ship to United Kingdom yet"]);
  });
});
