import pino from 'pino';
import { seedBladeRules, seedCatalogue, seedShipping } from '../../src/seed/seed';
import { UK, US } from '../support/addresses';
import { startTestApp, type TestApp } from '../support/harness';

const silent = pino({ level: 'silent' });
const OPTIONS = `query($input: ShippingOptionsInput!) { shippingOptions(input: $input) {
  name price { amount } totals { subtotal { amount } shipping { amount } tax { amount } total { amount } } } }`;

let app: TestApp;
beforeAll(async () => {
  // The demo shop's prices hold the tax, as its UK and EU zone expects.
  app = await startTestApp({ PRICES_INCLUDE_TAX: 'true' });
  await seedCatalogue(app.db, app.services.uploads, silent);
  await seedShipping(app.db, silent);
});
afterAll(() => app.close());

type Options = { shippingOptions: { name: string; price: { amount: number }; totals: Record<string, { amount: number }> }[] };

test('the demo delivers to the US untaxed and to the UK with 20% VAT inside the price, two methods each', async () => {
  const { data } = await app.gql<{ products: { items: { id: string; minimumQuantity: number; priceFrom: { amount: number } }[] } }>(
    '{ products(options: { take: 1, sortBy: price, sortDirection: ASC }) { items { id minimumQuantity priceFrom { amount } } } }',
  );
  const [cheapest] = data!.products.items;
  const lines = [{ productId: cheapest.id, quantity: cheapest.minimumQuantity }];
  const price = cheapest.priceFrom.amount * cheapest.minimumQuantity;
  expect(price).toBeLessThan(15000);

  const us = (await app.gql<Options>(OPTIONS, { input: { lines, address: US } })).data!.shippingOptions;
  expect(us.map((option) => [option.name, option.price.amount])).toEqual([
    ['Standard (US)', 800],
    ['Express (US)', 2500],
  ]);
  expect(us[0].totals).toEqual({
    subtotal: { amount: price },
    shipping: { amount: 800 },
    tax: { amount: 0 },
    total: { amount: price + 800 },
  });

  const uk = (await app.gql<Options>(OPTIONS, { input: { lines, address: UK } })).data!.shippingOptions;
  expect(uk.map((option) => option.name)).toEqual(['Standard (UK and EU)', 'Express (UK and EU)']);
  // Inclusive: the total is the price and shipping; a sixth of the price is VAT, rounded half up.
  expect(uk[0].totals.total.amount).toBe(price + 1200);
  expect(uk[0].totals.tax.amount).toBe(Math.floor((price * 2000) / 12000 + 0.5));
});

test("Australia lies in a zone but takes no blades: a cart's knife is refused by name, the whetstone (not a blade) ships with 10% GST", async () => {
  await seedBladeRules(app.db, silent);
  const bySlug = async (slug: string) =>
    (
      await app.gql<{ product: { id: string; name: string; ageRestricted: boolean } }>(
        'query($slug: String!) { product(slug: $slug) { id name ageRestricted } }',
        { slug },
      )
    ).data!.product;
  const whetstone = await bySlug('combination-whetstone-1000-6000');
  const chef = await bySlug('damascus-chef-knife-8');
  expect([whetstone.ageRestricted, chef.ageRestricted]).toEqual([false, true]);
  const sydney = {
    name: 'Sam Harbour',
    line1: '1 George Street',
    city: 'Sydney',
    region: 'NSW',
    postalCode: '2000',
    country: 'AU',
    phone: '+61 2 5550 0100',
  };

  const both = await app.gql(OPTIONS, {
    input: {
      lines: [
        { productId: chef.id, quantity: 1 },
        { productId: whetstone.id, quantity: 1 },
      ],
      address: sydney,
    },
  });
  expect(both.errors?.[0]).toMatchObject({
    message: `We can't deliver ${chef.name} to Australia.`,
    extensions: { code: 'BAD_USER_INPUT', productIds: [chef.id] },
  });
  const stoneOnly = (await app.gql<Options>(OPTIONS, { input: { lines: [{ productId: whetstone.id, quantity: 1 }], address: sydney } }))
    .data!.shippingOptions;
  expect(stoneOnly.map((option) => [option.name, option.price.amount])).toEqual([['International (Australia)', 3500]]);
  // Inclusive: an eleventh of the $45.00 stone is GST (this shop does not tax delivery).
  expect(stoneOnly[0].totals).toEqual({
    subtotal: { amount: 4500 },
    shipping: { amount: 3500 },
    tax: { amount: 409 },
    total: { amount: 8000 },
  });
});

test('a shop that already has zones, or has taken orders, keeps its own delivery setup', async () => {
  const zones = async () => (await app.db.query('SELECT count(*)::int AS n FROM "shipping_zone"'))[0].n as number;
  expect(await zones()).toBe(3);
  await seedShipping(app.db, silent);
  expect(await zones()).toBe(3);
});
