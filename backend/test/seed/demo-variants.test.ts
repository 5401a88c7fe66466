import pino from 'pino';
import { seedCatalogue } from '../../src/seed/seed';
import { startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await seedCatalogue(app.db, pino({ level: 'silent' }));
});
afterAll(() => app.close());

type Seeded = {
  products: {
    items: {
      name: string;
      price: number;
      quantity: number;
      optionGroups: { name: string; custom: { label: string; min: number; max: number; surcharge: number } | null }[];
      variants: { name: string; price: number; quantity: number }[];
    }[];
  };
};

test('the demo catalogue sells one knife in two lengths, made to measure, and two handles; every other knife has its one variant', async () => {
  const res = await app.gql<Seeded>(
    '{ products(options: { take: 100 }) { items { name price quantity optionGroups { name custom { label min max surcharge } } variants { name price quantity } } } }',
  );
  expect(res.errors).toBeUndefined();
  const [nakiri, ...others] = [...res.data!.products.items].sort((a, b) => b.variants.length - a.variants.length);
  expect(nakiri.name).toBe('Nakiri Vegetable Knife');
  expect(nakiri.optionGroups).toEqual([
    { name: 'Blade length', custom: { label: 'Made to measure', min: 12, max: 24, surcharge: 40 } },
    { name: 'Handle', custom: null },
  ]);
  expect(nakiri.variants.map(({ name, price }) => [name, price])).toEqual([
    ['16.5 cm / Walnut', 159],
    ['16.5 cm / Ebony', 179],
    ['18 cm / Walnut', 174],
    ['18 cm / Ebony', 194],
    ['Made to measure / Walnut', 159],
    ['Made to measure / Ebony', 179],
  ]);
  expect(nakiri.variants.every((variant) => variant.quantity === 5)).toBe(true);
  expect({ price: nakiri.price, quantity: nakiri.quantity }).toEqual({ price: 159, quantity: 30 });
  expect(others.length).toBeGreaterThan(10);
  for (const product of others) expect(product.variants).toEqual([{ name: '', price: product.price, quantity: product.quantity }]);
});
