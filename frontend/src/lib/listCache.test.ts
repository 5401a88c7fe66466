import { expect, test } from 'vitest';
import { gql } from '@apollo/client';
import { createCache } from './apollo';
import { leaveListsNoLongerMatching } from './listCache';

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
