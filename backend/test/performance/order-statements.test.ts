import { RACE_ADDRESS, SHIPPING_AMOUNT, TAX_PERCENT } from '../../bench/race-keen';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * The regression guard for the checkout's write path: the statements a first-time buyer's
 * placeOrder sends, as `npm run bench:http`'s race places it (a shipping method, a 20% tax rate,
 * a knife that needs no age check), each named by what it is for. A feature that adds a statement
 * to every order shows here first.
 */
let app: TestApp;
let methodId: string;
beforeAll(async () => {
  app = await startTestApp();
  const admin = await app.adminUser();
  const as = async <T>(query: string, input: object) => (await app.gql<T>(query, { input }, admin)).data!;
  const { createShippingZone: zone } = await as<{ createShippingZone: { id: string } }>(
    'mutation($input: ShippingZoneInput!) { createShippingZone(input: $input) { id } }',
    { name: 'Statements zone', countries: [RACE_ADDRESS.country] },
  );
  const { createShippingMethod: method } = await as<{ createShippingMethod: { id: string } }>(
    'mutation($input: ShippingMethodInput!) { createShippingMethod(input: $input) { id } }',
    { zoneId: zone.id, name: 'Statements Standard', price: SHIPPING_AMOUNT, freeOver: null, minDays: 2, maxDays: 4 },
  );
  methodId = method.id;
  await as('mutation($input: TaxRateInput!) { setTaxRate(input: $input) { id } }', {
    zoneId: zone.id,
    category: 'standard',
    ratePercent: TAX_PERCENT,
  });
});
afterAll(() => app.close());

/** The statements of one placeOrder up to its COMMIT (the deliveries after it run on their own). */
async function placing(buyer: TestSession, productId: string): Promise<{ orderId: string | undefined; texts: string[] }> {
  await app.settled();
  app.queries.texts = [];
  app.queries.counting = true;
  try {
    const { data, errors } = await app.gql<{ placeOrder: { id: string } }>(
      'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
      {
        input: {
          lines: [{ productId, quantity: 1 }],
          shippingAddress: RACE_ADDRESS,
          phone: RACE_ADDRESS.phone,
          shippingMethodId: methodId,
        },
      },
      buyer,
    );
    if (errors) throw new Error(JSON.stringify(errors));
    const texts = app.queries.texts.map((text) => text.replace(/\s+/g, ' ').trim());
    return { orderId: data?.placeOrder.id, texts: texts.slice(0, texts.indexOf('COMMIT') + 1) };
  } finally {
    app.queries.counting = false;
  }
}

test("a new buyer's order of a knife that needs no age check: 12 statements, none for age evidence", async () => {
  const product = await app.product({ quantity: 5 });
  // The first order reads the variants on offer; it is shared with the buyers at the same moment.
  const { orderId, texts } = await placing(await app.customer('statements'), product.id);
  expect(orderId).toEqual(expect.any(String));
  const purposes: [string, RegExp][] = [
    ['the buyer, made on first sight', /^WITH existing AS \(SELECT \* FROM "user"/],
    ['the variants on offer', /^SELECT v\."id", v\."productId"/],
    ['the transaction', /^START TRANSACTION$/],
    ["the units taken, under the buyer's lock", /^WITH customer AS MATERIALIZED .* UPDATE "product_variant"/],
    ["the workshop's queue", /^SELECT s\."handlingDays"/],
    ["the delivery method and the zone's rates", /^SELECT c\."zoneId"/],
    ['the order, counting the unpaid limits', /^WITH held AS MATERIALIZED .* INSERT INTO "order"/],
    ['its line', /^INSERT INTO "order_line"/],
    ['its history', /^INSERT INTO "order_event"/],
    ['its event', /^INSERT INTO "outbox_event"/],
    ["the product's total", /^UPDATE "product" p SET "quantity"/],
    ['the commit', /^COMMIT$/],
  ];
  expect(texts).toHaveLength(purposes.length);
  purposes.forEach(([purpose, statement], index) =>
    expect({ purpose, text: texts[index] }).toEqual({ purpose, text: expect.stringMatching(statement) }),
  );
  expect(texts.some((text) => text.includes('"age_evidence"'))).toBe(false);
});
