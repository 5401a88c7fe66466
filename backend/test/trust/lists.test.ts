import { Product } from '../../src/modules/catalog/product.entity';
import { sharedApp } from '../support/shared-app';
import { codeOf, messageOf } from '../support/harness';

const shop = sharedApp();

describe('search text is at most 100 characters', () => {
  test.each(['products', 'reviews'])('%s', async (list) => {
    const query = `query($search: String) { ${list}(options: { search: $search }) { totalItems } }`;
    expect((await shop.app.gql(query, { search: 'x'.repeat(100) })).errors).toBeUndefined();
    const refused = await shop.app.gql(query, { search: 'x'.repeat(101) });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(messageOf(refused)).toBe('search must be at most 100 characters');
  });
});

describe('REST lists are capped at 1,000 rows, with ?skip and ?take', () => {
  beforeAll(async () => {
    const start = Date.now() - 2_000_000;
    await shop.app.db.getRepository(Product).insert(
      Array.from({ length: 1005 }, (_, i) => ({
        name: `Capped Knife ${String(i).padStart(4, '0')}`,
        slug: `capped-knife-${i}`,
        description: 'One of many',
        img: '/images/santoku.svg',
        priceAmount: 1000,
        quantity: 5,
        minimumQuantity: 1,
        createdAt: new Date(start + i * 1000),
      })),
    );
  });

  test('GET /products answers the first 1,000 as an array and counts them all in X-Total-Count', async () => {
    const response = await fetch(`${shop.app.url}/api/products`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('1005');
    const body = (await response.json()) as { name: string }[];
    expect(body).toHaveLength(1000);
    expect(body[999].name).toBe('Capped Knife 0999');
  });

  test('?skip and ?take page through the rest', async () => {
    const rest = await shop.api('GET', '/products?skip=1000');
    expect(rest.body.map((p: { name: string }) => p.name)).toEqual([
      'Capped Knife 1000',
      'Capped Knife 1001',
      'Capped Knife 1002',
      'Capped Knife 1003',
      'Capped Knife 1004',
    ]);
    const page = await shop.api('GET', '/products?skip=150&take=3');
    expect(page.body.map((p: { name: string }) => p.name)).toEqual(['Capped Knife 0150', 'Capped Knife 0151', 'Capped Knife 0152']);
    const reviews = await shop.api('GET', '/reviews?take=1');
    expect(reviews.status).toBe(200);
    expect(Array.isArray(reviews.body)).toBe(true);
  });

  test.each([
    ['take=0', 'take must be a whole number from 1 to 1000'],
    ['take=1001', 'take must be a whole number from 1 to 1000'],
    ['take=ten', 'take must be a whole number from 1 to 1000'],
    ['skip=-1', 'skip must be a whole number of at least 0'],
    ['skip=1.5', 'skip must be a whole number of at least 0'],
  ])('?%s is 400', async (query, message) => {
    expect(await shop.api('GET', `/products?${query}`)).toEqual({ status: 400, body: { message } });
    expect(await shop.api('GET', `/reviews?${query}`)).toEqual({ status: 400, body: { message } });
  });
});
