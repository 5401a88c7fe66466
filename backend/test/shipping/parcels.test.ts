import { Order } from '../../src/modules/orders/order.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';
import { variantsApi } from '../support/variants';
import { UK, US } from '../support/addresses';

/** Delivery that follows the parcel (issue 54): zones of regions, weights, and methods priced by weight bands. */

const ZONE_FIELDS = 'id name countries regions { country region name }';
const CREATE_ZONE = `mutation($input: ShippingZoneInput!) { createShippingZone(input: $input) { ${ZONE_FIELDS} } }`;
const UPDATE_ZONE = `mutation($id: ID!, $input: ShippingZoneInput!) { updateShippingZone(id: $id, input: $input) { ${ZONE_FIELDS} } }`;
const CREATE_METHOD = `mutation($input: ShippingMethodInput!) { createShippingMethod(input: $input) {
  id name price { amount } weightBands { upToGrams price { amount } } } }`;
const UPDATE_METHOD =
  'mutation($id: ID!, $input: ShippingMethodInput!) { updateShippingMethod(id: $id, input: $input) { id weightBands { upToGrams } } }';
const OPTIONS = 'query($input: ShippingOptionsInput!) { shippingOptions(input: $input) { name price { amount } } }';
const QUOTE = 'query($input: ShippingOptionsInput!) { orderQuote(input: $input) { options { name price { amount } } notOffered } }';
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  id shippingMethodName totals { shipping { amount } } } }`;

const NEW_YORK = { ...US, line1: '1 Broadway', city: 'New York', region: 'NY', postalCode: '10004' };
const SEATTLE = { ...US, line1: '400 Broad St', city: 'Seattle', region: 'WA', postalCode: '98109' };

let app: TestApp;
let admin: TestSession;
let shopper: TestSession;
let us: { id: string };
let ukStandardId: string;

beforeAll(async () => {
  app = await startTestApp({ MAX_UNPAID_ORDERS: '50', RATE_LIMIT_ORDERS: '100' });
  admin = await app.adminUser();
  shopper = await app.customer('parcels');
  const zone = async (input: Record<string, unknown>) => {
    const answer = await app.gql(CREATE_ZONE, { input }, admin);
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!.createShippingZone;
  };
  const method = async (input: Record<string, unknown>) => {
    const answer = await app.gql(CREATE_METHOD, { input: { minDays: 2, maxDays: 5, ...input } }, admin);
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!.createShippingMethod;
  };
  us = await zone({ name: 'United States', countries: ['US'] });
  await method({ zoneId: us.id, name: 'Standard (US)', price: 1000 });
  const uk = await zone({ name: 'United Kingdom', countries: ['GB'] });
  const standard = await method({
    zoneId: uk.id,
    name: 'Standard',
    price: 0,
    weightBands: [
      { upToGrams: 500, price: 800 },
      { upToGrams: 2000, price: 1400 },
    ],
  });
  ukStandardId = standard.id;
  expect(standard).toMatchObject({ price: { amount: 800 }, weightBands: [{ upToGrams: 500 }, { upToGrams: 2000 }] });
  await method({ zoneId: uk.id, name: 'Freight', price: 4000 });
});
afterAll(() => app.close());

test('setting regions and bands up is for admins: anonymous callers are UNAUTHENTICATED before their input is read, customers FORBIDDEN', async () => {
  const zone = { name: 'US West', countries: [], regions: [{ country: 'US', region: 'CA' }] };
  expect(codeOf(await app.gql(CREATE_ZONE, { input: { ...zone, regions: [{ country: 'XX', region: '' }] } }))).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql(CREATE_ZONE, { input: zone }, shopper))).toBe('FORBIDDEN');
  const method = { zoneId: us.id, name: 'Heavy', price: 0, minDays: 1, maxDays: 2, weightBands: [{ upToGrams: 1000, price: 100 }] };
  expect(codeOf(await app.gql(CREATE_METHOD, { input: method }))).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql(CREATE_METHOD, { input: method }, shopper))).toBe('FORBIDDEN');
  expect(codeOf(await app.gql(UPDATE_METHOD, { id: ukStandardId, input: { ...method, weightBands: [] } }, shopper))).toBe('FORBIDDEN');
});

test("a zone of regions wins over its country's zone; regions are checked against the country and are in one zone at most", async () => {
  const knife = await app.product({ price: 100, quantity: 50 });
  const lines = [{ productId: knife.id, quantity: 1 }];
  const notOfUs = await app.gql(
    CREATE_ZONE,
    { input: { name: 'US West', countries: [], regions: [{ country: 'GB', region: 'CA' }] } },
    admin,
  );
  expect(codeOf(notOfUs)).toBe('BAD_USER_INPUT');
  expect(messageOf(notOfUs)).toBe('CA is not a region of United Kingdom');
  expect(messageOf(await app.gql(CREATE_ZONE, { input: { name: 'Empty', countries: [], regions: null } }, admin))).toBe(
    'Give the zone at least one country or region',
  );
  const regions = [
    { country: 'us', region: 'CA' },
    { country: 'US', region: 'or' },
    { country: 'US', region: 'Washington' },
  ];
  const created = await app.gql(CREATE_ZONE, { input: { name: 'US West', countries: [], regions } }, admin);
  expect(created.errors).toBeUndefined();
  const west = created.data!.createShippingZone;
  expect(west.regions).toEqual([
    { country: 'US', region: 'CA', name: 'California' },
    { country: 'US', region: 'OR', name: 'Oregon' },
    { country: 'US', region: 'WA', name: 'Washington' },
  ]);
  const westMethod = await app.gql(
    CREATE_METHOD,
    { input: { zoneId: west.id, name: 'West Coast', price: 600, minDays: 1, maxDays: 2 } },
    admin,
  );
  expect(westMethod.errors).toBeUndefined();

  expect((await app.gql(OPTIONS, { input: { lines, address: SEATTLE } })).data!.shippingOptions).toEqual([
    { name: 'West Coast', price: { amount: 600 } },
  ]);
  expect((await app.gql(OPTIONS, { input: { lines, address: NEW_YORK } })).data!.shippingOptions).toEqual([
    { name: 'Standard (US)', price: { amount: 1000 } },
  ]);
  const taken = await app.gql(
    CREATE_ZONE,
    {
      input: {
        name: 'Pacific',
        countries: [],
        regions: [
          { country: 'US', region: 'WA' },
          { country: 'US', region: 'HI' },
        ],
      },
    },
    admin,
  );
  expect(codeOf(taken)).toBe('CONFLICT');
  expect(messageOf(taken)).toBe('WA (United States) is already in the zone US West');

  // An order to California is the regional zone's, and keeps its method's name and price.
  const placed = await app.gql(PLACE, { input: { lines, phone: US.phone, shippingAddress: US } }, shopper);
  expect(placed.errors).toBeUndefined();
  expect(placed.data!.placeOrder).toMatchObject({ shippingMethodName: 'West Coast', totals: { shipping: { amount: 600 } } });

  // Oregon leaves the zone: its addresses are the country's again.
  const updated = await app.gql(UPDATE_ZONE, { id: west.id, input: { name: 'US West', countries: [], regions: [regions[0]] } }, admin);
  expect(updated.data!.updateShippingZone.regions).toEqual([{ country: 'US', region: 'CA', name: 'California' }]);
  expect((await app.gql(OPTIONS, { input: { lines, address: SEATTLE } })).data!.shippingOptions).toEqual([
    { name: 'Standard (US)', price: { amount: 1000 } },
  ]);
  expect((await app.gql('{ shippingCountries }')).data!.shippingCountries).toEqual(['GB', 'US']);
});

test('weight bands are checked: lightest first, no two ending at the same weight, nothing negative', async () => {
  const base = { zoneId: us.id, name: 'Banded', price: 0, minDays: 1, maxDays: 2 };
  const bands = (weightBands: { upToGrams: number; price: number }[]) => app.gql(CREATE_METHOD, { input: { ...base, weightBands } }, admin);
  expect(
    messageOf(
      await bands([
        { upToGrams: 2000, price: 1400 },
        { upToGrams: 500, price: 800 },
      ]),
    ),
  ).toBe('Weight bands go from lightest to heaviest: 500 g comes after 2 kg');
  expect(
    messageOf(
      await bands([
        { upToGrams: 500, price: 800 },
        { upToGrams: 500, price: 900 },
      ]),
    ),
  ).toBe('Two weight bands end at 500 g');
  expect(messageOf(await bands([{ upToGrams: -5, price: 800 }]))).toBe('Band weight must be more than 0 g');
  expect(messageOf(await bands([{ upToGrams: 500, price: -1 }]))).toBe('Band price cannot be negative');
  const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM "shipping_method" WHERE "name" = 'Banded'`);
  expect(n).toBe(0);
});

test('weight bands at their edges: the cart weighs its lines × quantity; above the last band the method is not offered, and why', async () => {
  const knife = await app.product({ price: 50, quantity: 50, weightGrams: 250 });
  const quote = async (quantity: number) =>
    (await app.gql(QUOTE, { input: { lines: [{ productId: knife.id, quantity }], address: UK } })).data!.orderQuote;
  expect(await quote(2)).toEqual({
    options: [
      { name: 'Standard', price: { amount: 800 } },
      { name: 'Freight', price: { amount: 4000 } },
    ],
    notOffered: [],
  });
  expect((await quote(3)).options[0]).toEqual({ name: 'Standard', price: { amount: 1400 } });
  expect((await quote(8)).options[0]).toEqual({ name: 'Standard', price: { amount: 1400 } });
  expect(await quote(9)).toEqual({
    options: [{ name: 'Freight', price: { amount: 4000 } }],
    notOffered: ['Too heavy for Standard: at most 2 kg'],
  });

  const input = { lines: [{ productId: knife.id, quantity: 9 }], phone: UK.phone, shippingAddress: UK };
  const refused = await app.gql(PLACE, { input: { ...input, shippingMethodId: ukStandardId } }, shopper);
  expect(codeOf(refused)).toBe('BAD_USER_INPUT');
  expect(messageOf(refused)).toBe('Too heavy for Standard: at most 2 kg');
  // Without a method named, the cheapest that can carry it.
  const placed = await app.gql(PLACE, { input }, shopper);
  expect(placed.data!.placeOrder).toMatchObject({ shippingMethodName: 'Freight', totals: { shipping: { amount: 4000 } } });
  const [{ quantity }] = await app.db.query(`SELECT "quantity" FROM "product_variant" WHERE "productId" = $1`, [knife.id]);
  expect(quantity).toBe(50 - 9);
  // The order keeps what the quote said, whatever the bands become.
  await app.gql(
    UPDATE_METHOD,
    {
      id: ukStandardId,
      input: { zoneId: us.id, name: 'Standard', price: 0, minDays: 2, maxDays: 5, weightBands: [{ upToGrams: 5000, price: 2000 }] },
    },
    admin,
  );
  const light = await app.gql(
    PLACE,
    { input: { ...input, lines: [{ productId: knife.id, quantity: 1 }], shippingMethodId: ukStandardId } },
    shopper,
  );
  expect(light.data!.placeOrder.totals.shipping.amount).toBe(2000);
  const stored = await app.db.getRepository(Order).findOneByOrFail({ id: placed.data!.placeOrder.id });
  expect([stored.shippingMethodName, stored.shippingAmount]).toEqual(['Freight', 4000]);
  await app.gql(
    UPDATE_METHOD,
    {
      id: ukStandardId,
      input: {
        zoneId: us.id,
        name: 'Standard',
        price: 0,
        minDays: 2,
        maxDays: 5,
        weightBands: [
          { upToGrams: 500, price: 800 },
          { upToGrams: 2000, price: 1400 },
        ],
      },
    },
    admin,
  );
});

test('a cart too heavy for every method of its zone is refused in their words', async () => {
  const anvil = await app.product({ price: 90, quantity: 5, weightGrams: 2500 });
  const freight = (await app.gql('{ shippingZones { methods { id name } } }', {}, admin))
    .data!.shippingZones.flatMap((zone: { methods: { id: string; name: string }[] }) => zone.methods)
    .find((method: { name: string }) => method.name === 'Freight');
  const limited = await app.gql(
    UPDATE_METHOD,
    {
      id: freight.id,
      input: { zoneId: us.id, name: 'Freight', price: 0, minDays: 2, maxDays: 5, weightBands: [{ upToGrams: 1500, price: 4000 }] },
    },
    admin,
  );
  expect(limited.errors).toBeUndefined();
  const answer = await app.gql(OPTIONS, { input: { lines: [{ productId: anvil.id, quantity: 1 }], address: UK } });
  expect(codeOf(answer)).toBe('BAD_USER_INPUT');
  expect(messageOf(answer)).toBe('Too heavy for Standard: at most 2 kg. Too heavy for Freight: at most 1.5 kg');
  const placed = await app.gql(
    PLACE,
    { input: { lines: [{ productId: anvil.id, quantity: 1 }], phone: UK.phone, shippingAddress: UK } },
    shopper,
  );
  expect(messageOf(placed)).toBe('Too heavy for Standard: at most 2 kg');
  await app.gql(UPDATE_METHOD, { id: freight.id, input: { zoneId: us.id, name: 'Freight', price: 4000, minDays: 2, maxDays: 5 } }, admin);
});

test('a made-to-measure variant with its own weight is quoted by it; the others weigh as their product', async () => {
  const v = variantsApi(app);
  const product = await v.productWith(
    admin,
    [{ name: 'Blade length', values: ['16 cm'], custom: { label: 'Made to measure', min: 12, max: 40, unit: 'cm', surchargeAmount: 0 } }],
    [],
    { price: 100, quantity: 20, weightGrams: 300 },
  );
  const custom = product.variants.find((variant) => variant.options[0].custom)!;
  const standard = product.variants.find((variant) => !variant.options[0].custom)!;
  const weighed = await app.gql(
    `mutation($id: ID!, $input: ProductVariantInput!) { updateProductVariant(id: $id, input: $input) { variants { id weightGrams ownWeightGrams } } }`,
    { id: custom.id, input: { weightGrams: 1200 } },
    admin,
  );
  expect(weighed.errors).toBeUndefined();
  expect(weighed.data!.updateProductVariant.variants).toEqual(
    expect.arrayContaining([
      { id: custom.id, weightGrams: 1200, ownWeightGrams: 1200 },
      { id: standard.id, weightGrams: 300, ownWeightGrams: null },
    ]),
  );
  const price = async (line: Record<string, unknown>) =>
    (await app.gql(OPTIONS, { input: { lines: [{ productId: product.id, quantity: 1, ...line }], address: UK } })).data!.shippingOptions[0];
  expect(await price({ variantId: standard.id })).toEqual({ name: 'Standard', price: { amount: 800 } });
  expect(await price({ variantId: custom.id, customValue: 33 })).toEqual({ name: 'Standard', price: { amount: 1400 } });
  expect(
    messageOf(
      await app.gql(
        `mutation($id: ID!, $input: ProductVariantInput!) { updateProductVariant(id: $id, input: $input) { id } }`,
        { id: custom.id, input: { weightGrams: -1 } },
        admin,
      ),
    ),
  ).toBe('Weight cannot be negative');
});

test('a product weighs what GraphQL and REST give it: 0 until given, null on an update leaves it, a negative one is refused', async () => {
  const create = 'mutation($input: ProductInput!) { createProduct(input: $input) { id weightGrams } }';
  const update = 'mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { id weightGrams } }';
  const base = { description: 'A heavy cleaver', price: 60, quantity: 3, minimumQuantity: 1, img: '/images/santoku.svg' };
  const unweighed = await app.gql(create, { input: { ...base, name: 'Unweighed cleaver' } }, admin);
  expect(unweighed.data!.createProduct.weightGrams).toBe(0);
  const weighed = await app.gql(create, { input: { ...base, name: 'Weighed cleaver', weightGrams: 640 } }, admin);
  const id = weighed.data!.createProduct.id;
  expect(weighed.data!.createProduct.weightGrams).toBe(640);
  expect(messageOf(await app.gql(create, { input: { ...base, name: 'Negative cleaver', weightGrams: -1 } }, admin))).toBe(
    'Weight cannot be negative',
  );
  expect(
    codeOf(
      await app.gql(
        update,
        { id, input: { price: 60, quantity: 3, minimumQuantity: 1, img: '/images/santoku.svg', weightGrams: 700 } },
        shopper,
      ),
    ),
  ).toBe('FORBIDDEN');
  const kept = await app.gql(
    update,
    { id, input: { price: 60, quantity: 3, minimumQuantity: 1, img: '/images/santoku.svg', weightGrams: null } },
    admin,
  );
  expect(kept.data!.updateProduct.weightGrams).toBe(640);

  const api = restClient(app);
  const put = await api('PUT', `/products/${id}`, {
    as: admin,
    body: { price: 60, quantity: 3, minimumQuantity: 1, img: '/images/santoku.svg', weightGrams: 710 },
  });
  expect(put.status).toBe(200);
  const { body } = await api('GET', `/products?id=${id}`);
  expect(body[0]).toMatchObject({ weightGrams: 710, variants: [{ weightGrams: 710 }] });
});
