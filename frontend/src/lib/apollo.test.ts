import { expect, test } from 'vitest';
import { dollars } from '../test/fixtures';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { of } from 'rxjs';
import { ProductsQuery } from '../operations/products';
import { createCache } from './apollo';

const product = (n: number) => ({
  __typename: 'Product',
  id: `p${n}`,
  name: `Knife ${n}`,
  slug: `knife-${n}`,
  img: '',
  description: '',
  priceFrom: dollars(n),
  quantity: 5,
  minimumQuantity: 1,
  engravable: false,
  engravingMaxLength: 24,
  engravingSurcharge: dollars(0),
  variants: [{ __typename: 'ProductVariant', id: `p${n}-v`, unitPrice: dollars(n), enabled: true }],
});
const all = Array.from({ length: 8 }, (_, i) => product(i + 1));

test('a longer page than the cached one goes to the network; a shorter one is answered from the cache', async () => {
  const asked: number[] = [];
  const link = new ApolloLink((operation) => {
    const { skip = 0, take = 20 } = (operation.variables.options ?? {}) as { skip?: number; take?: number };
    asked.push(take);
    return of({ data: { products: { __typename: 'ProductList', totalItems: all.length, items: all.slice(skip, skip + take) } } });
  });
  const client = new ApolloClient({ link, cache: createCache() });

  const six = await client.query({ query: ProductsQuery, variables: { options: { skip: 0, take: 6 } } });
  expect(six.data?.products.items).toHaveLength(6);
  const hundred = await client.query({ query: ProductsQuery, variables: { options: { skip: 0, take: 100 } } });
  expect(hundred.data?.products.items).toHaveLength(8);
  const three = await client.query({ query: ProductsQuery, variables: { options: { skip: 0, take: 3 } } });
  expect(three.data?.products.items.map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
  expect(asked).toEqual([6, 100]);
});
