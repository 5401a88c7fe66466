import { expect, test } from 'vitest';
import { gql, type InMemoryCache } from '@apollo/client';
import { createCache } from './apollo';
import { addProductToLists, leaveListsNoLongerMatching } from './listCache';

type Page = Record<string, { totalItems: number; items: { id: string }[] }>;

/** One cached list field (`users`, `products`): write a page of it, read back its ids and total. */
function cachedList(cache: InMemoryCache, field: string, listType: string, optionsType: string, itemFields: string) {
  const query = gql(`query Cached($options: ${optionsType}) { ${field}(options: $options) { totalItems items { id ${itemFields} } } }`);
  return {
    write: (variables: object, items: object[], totalItems = items.length) =>
      cache.writeQuery({ query, variables, data: { [field]: { __typename: listType, totalItems, items } } }),
    read: (variables: object) => {
      const data = cache.readQuery<Page>({ query, variables });
      return data && { ids: data[field].items.map((item) => item.id), total: data[field].totalItems };
    },
  };
}

test('a user whose role changed leaves the lists filtered by the old role and stays in the others', () => {
  const cache = createCache();
  const users = cachedList(cache, 'users', 'UserList', 'UserListOptions', 'role');
  const user = (id: string, role: string) => ({ __typename: 'User', id, role });
  const customers = { options: { skip: 0, take: 20, role: 'user' } };
  const admins = { options: { skip: 0, take: 20, role: 'admin' } };
  const everyone = { options: { skip: 0, take: 20 } };
  users.write(customers, [user('u1', 'user'), user('u2', 'user')]);
  users.write(admins, [user('u3', 'admin')]);
  users.write(everyone, [user('u1', 'user'), user('u2', 'user'), user('u3', 'admin')]);

  cache.writeFragment({
    id: 'User:u1',
    fragment: gql`
      fragment Role on User {
        role
      }
    `,
    data: { role: 'admin' },
  });
  leaveListsNoLongerMatching(cache, 'users', { __typename: 'User', id: 'u1' }, ({ role }) => role == null || role === 'admin');

  expect(users.read(customers)).toEqual({ ids: ['u2'], total: 1 });
  expect(users.read(everyone)).toEqual({ ids: ['u1', 'u2', 'u3'], total: 3 });
  expect(users.read(admins)).toEqual({ ids: ['u3'], total: 1 });
});

test('a new product joins the cached product lists it belongs to, where it belongs, and lists of unknown order are dropped', () => {
  const cache = createCache();
  const products = cachedList(cache, 'products', 'ProductList', 'ProductListOptions', 'quantity minimumQuantity');
  const product = (id: string, quantity = 5) => ({ __typename: 'Product', id, quantity, minimumQuantity: 1 });
  const lists = {
    oldestFirst: { options: { skip: 0, take: 20 } },
    newestFirst: { options: { skip: 0, take: 20, sortBy: 'createdAt', sortDirection: 'DESC' } },
    firstPageOnly: { options: { skip: 0, take: 2, inStock: true } },
    lowStock: { options: { skip: 0, take: 20, lowStock: true } },
    search: { options: { skip: 0, take: 20, search: 'bowie' } },
    byPrice: { options: { skip: 0, take: 20, sortBy: 'price', sortDirection: 'ASC' } },
  };
  products.write(lists.oldestFirst, [product('p1'), product('p2')]);
  products.write(lists.newestFirst, [product('p2'), product('p1')]);
  products.write(lists.firstPageOnly, [product('p1'), product('p2')], 3);
  products.write(lists.lowStock, [product('p3', 0)]);
  products.write(lists.search, [product('p1')]);
  products.write(lists.byPrice, [product('p1'), product('p2')]);

  cache.writeFragment({
    id: 'Product:p9',
    fragment: gql`
      fragment NewProduct on Product {
        id
        quantity
        minimumQuantity
      }
    `,
    data: product('p9'),
  });
  addProductToLists(cache, product('p9'));

  expect(products.read(lists.oldestFirst)).toEqual({ ids: ['p1', 'p2', 'p9'], total: 3 });
  expect(products.read(lists.newestFirst)).toEqual({ ids: ['p9', 'p2', 'p1'], total: 3 });
  expect(products.read(lists.firstPageOnly)).toEqual({ ids: ['p1', 'p2'], total: 4 });
  expect(products.read(lists.lowStock)).toEqual({ ids: ['p3'], total: 1 });
  expect(products.read(lists.search)).toBeNull();
  expect(products.read(lists.byPrice)).toBeNull();
});
