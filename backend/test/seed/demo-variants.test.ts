import pino from 'pino';
import { seedCatalogue } from '../../src/seed/seed';
import { startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await seedCatalogue(app.db, app.services.uploads, pino({ level: 'silent' }));
});
afterAll(() => app.close());

type Seeded = {
  products: {
    items: {
      name: string;
      priceFrom: { amount: number };
      quantity: number;
      optionGroups: { name: string; custom: { label: string; min: number; max: number; surchargeAmount: { amount: number } } | null }[];
      variants: { name: string; unitPrice: { amount: number }; quantity: number }[];
    }[];
  };
};

test('the demo catalogue sells one knife in two lengths, made to measure, and two handles; every other knife has its one variant', async () => {
  const res = await app.gql<Seeded>(
    '{ products(options: { take: 100 }) { items { name priceFrom { amount } quantity optionGroups { name custom { label min max surchargeAmount { amount } } } variants { name unitPrice { amount } quantity } } } }',
  );
  expect(res.errors).toBeUndefined();
  const [nakiri, giftCard, ...others] = [...res.data!.products.items].sort((a, b) => b.variants.length - a.variants.length);
  expect(nakiri.name).toBe('Nakiri Vegetable Knife');
  expect(nakiri.optionGroups).toEqual([
    { name: 'Blade length', custom: { label: 'Made to measure', min: 12, max: 24, surchargeAmount: { amount: 4000 } } },
    { name: 'Handle', custom: null },
  ]);
  expect(nakiri.variants.map(({ name, unitPrice }) => [name, unitPrice.amount])).toEqual([
    ['16.5 cm / Walnut', 15900],
    ['16.5 cm / Ebony', 17900],
    ['18 cm / Walnut', 17400],
    ['18 cm / Ebony', 19400],
    ['Made to measure / Walnut', 15900],
    ['Made to measure / Ebony', 17900],
  ]);
  expect(nakiri.variants.every((variant) => variant.quantity === 5)).toBe(true);
  expect({ price: nakiri.priceFrom.amount, quantity: nakiri.quantity }).toEqual({ price: 15900, quantity: 30 });
  // The gift card's denominations, one variant each at its amount.
  expect(giftCard.name).toBe('Keen gift card');
  expect(giftCard.optionGroups).toEqual([{ name: 'Amount', custom: null }]);
  expect(giftCard.variants.map(({ name, unitPrice }) => [name, unitPrice.amount])).toEqual([
    ['$50.00', 5000],
    ['$100.00', 10000],
    ['$200.00', 20000],
  ]);
  expect(others.length).toBeGreaterThan(10);
  for (const product of others) expect(product.variants).toEqual([{ name: '', unitPrice: product.priceFrom, quantity: product.quantity }]);
});

test('every demo knife is age-restricted, so the demo shows the age check and the marked parcel; the whetstone is not a blade', async () => {
  const res = await app.gql<{ products: { items: { name: string; ageRestricted: boolean }[] } }>(
    '{ products(options: { take: 100 }) { items { name ageRestricted } } }',
  );
  expect(res.errors).toBeUndefined();
  const items = res.data!.products.items;
  expect(items.length).toBeGreaterThan(10);
  expect(items.filter((product) => !product.ageRestricted)).toEqual([
    { name: 'Combination Whetstone 1000/6000', ageRestricted: false },
    { name: 'Keen gift card', ageRestricted: false },
  ]);
});
