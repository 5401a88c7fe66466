import { expect, test } from 'vitest';
import { gql } from '@apollo/client';
import { createCache } from './apollo';
import { addProductToLists, leaveListsNoLongerMatching } from './listCache';

const USERS = gql`
  query Users($options: UserListOptions) {
    users(options: $options) {
      totalItems
      items {
        id
        role
      }
    }
  }
`;

const user = (id: string, role: string) => ({ __typename: 'User', id, role });
const page = (items: ReturnType<typeof user>[]) => ({ users: { __typename: 'UserList', totalItems: items.length, items } });

test('a user whose role changed leaves the lists filtered by the old role and stays in the others', () => {
  const cache = createCache();
  const customers = { options: { skip: 0, take: 20, role: 'user' } };
  const admins = { options: { skip: 0, take: 20, role: 'admin' } };
  const everyone = { options: { skip: 0, take: 20 } };
  cache.writeQuery({ query: USERS, variables: customers, data: page([user('u1', 'user'), user('u2', 'user')]) });
  cache.writeQuery({ query: USERS, variables: admins, data: page([user('u3', 'admin')]) });
  cache.writeQuery({ query: USERS, variables: everyone, data: page([user('u1', 'user'), user('u2', 'user'), user('u3', 'admin')]) });

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

  const ids = (variables: object) => {
    const data = cache.readQuery<{ users: { totalItems: number; items: { id: string }[] } }>({ query: USERS, variables });
    return { ids: data?.users.items.map((item) => item.id), total: data?.users.totalItems };
  };
  expect(ids(customers)).toEqual({ ids: ['u2'], total: 1 });
  expect(ids(everyone)).toEqual({ ids: ['u1', 'u2', 'u3'], total: 3 });
  expect(ids(admins)).toEqual({ ids: ['u3'], total: 1 });
});

const PRODUCTS = gql`
  query Products($options: ProductListOptions) {
    products(options: $options) {
      totalItems
      items {
        id
        quantity
        minimumQuantity
      }
    }
  }
`;

test('a new product joins the cached product lists it belongs to, where it belongs, and lists of unknown order are dropped', () => {
  const cache = createCache();
  const product = (id: string, quantity = 5) => ({ __typename: 'Product', id, quantity, minimumQuantity: 1 });
  const products = (items: ReturnType<typeof product>[], totalItems = items.length) => ({
    products: { __typename: 'ProductList', totalItems, items },
  });
  const lists = {
    oldestFirst: { options: { skip: 0, take: 20 } },
    newestFirst: { options: { skip: 0, take: 20, sortBy: 'createdAt', sortDirection: 'DESC' } },
    firstPageOnly: { options: { skip: 0, take: 2, inStock: true } },
    lowStock: { options: { skip: 0, take: 20, lowStock: true } },
    search: { options: { skip: 0, take: 20, search: 'bowie' } },
    byPrice: { options: { skip: 0, take: 20, sortBy: 'price', sortDirection: 'ASC' } },
  };
  cache.writeQuery({ query: PRODUCTS, variables: lists.oldestFirst, data: products([product('p1'), product('p2')]) });
  cache.writeQuery({ query: PRODUCTS, variables: lists.newestFirst, data: products([product('p2'), product('p1')]) });
  cache.writeQuery({ query: PRODUCTS, variables: lists.firstPageOnly, data: products([product('p1'), product('p2')], 3) });
  cache.writeQuery({ query: PRODUCTS, variables: lists.lowStock, data: products([product('p3', 0)]) });
  cache.writeQuery({ query: PRODUCTS, variables: lists.search, data: products([product('p1')]) });
  cache.writeQuery({ query: PRODUCTS, variables: lists.byPrice, data: products([product('p1'), product('p2')]) });

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

  const read = (variables: object) => {
    const data = cache.readQuery<{ products: { totalItems: number; items: { id: string }[] } }>({ query: PRODUCTS, variables });
    return data && { ids: data.products.items.map((item) => item.id), total: data.products.totalItems };
  };
  expect(read(lists.oldestFirst)).toEqual({ ids: ['p1', 'p2', 'p9'], total: 3 });
  expect(read(lists.newestFirst)).toEqual({ ids: ['p9', 'p2', 'p1'], total: 3 });
  expect(read(lists.firstPageOnly)).toEqual({ ids: ['p1', 'p2'], total: 4 });
  expect(read(lists.lowStock)).toEqual({ ids: ['p3'], total: 1 });
  expect(read(lists.search)).toBeNull();
  expect(read(lists.byPrice)).toBeNull();
});
