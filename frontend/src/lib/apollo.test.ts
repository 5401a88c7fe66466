import { expect, test } from 'vitest';
import { dollars, leadTimeFixture } from '../test/fixtures';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { of } from 'rxjs';
import { ProductsQuery } from '../operations/products';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSchema, isInterfaceType } from 'graphql';
import { createCache, POSSIBLE_TYPES } from './apollo';

const product = (n: number) => ({
  __typename: 'Product',
  id: `p${n}`,
  name: `Knife ${n}`,
  slug: `knife-${n}`,
  kind: 'KNIFE',
  img: '',
  description: '',
  priceFrom: dollars(n),
  quantity: 5,
  minimumQuantity: 1,
  engravable: false,
  engravingMaxLength: 24,
  engravingSurcharge: dollars(0),
  ...leadTimeFixture(),
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

test('the cache knows every interface of the schema and the types that implement it, so fragments on an interface match', () => {
  const schema = buildSchema(readFileSync(resolve(__dirname, '../../../backend/schema.graphql'), 'utf8'));
  const interfaces = Object.values(schema.getTypeMap()).filter(isInterfaceType);
  expect(interfaces.length).toBeGreaterThan(0);
  const fromSchema = Object.fromEntries(
    interfaces.map((type) => [
      type.name,
      schema
        .getPossibleTypes(type)
        .map(({ name }) => name)
        .sort(),
    ]),
  );
  expect(Object.fromEntries(Object.entries(POSSIBLE_TYPES).map(([name, types]) => [name, [...types].sort()]))).toEqual(fromSchema);
});
