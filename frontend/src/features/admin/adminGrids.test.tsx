// @vitest-environment jsdom
import { expect, test } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { CancelOrderMutation } from '../../operations/orders';
import { createCache } from '../../lib/apollo';
import { orderFixture } from '../../test/fixtures';
import AllOrdersPage from './AllOrdersPage';
import {
  AdminOrdersQuery,
  AdminUsersQuery,
  MakeAdminMutation,
  MarkShippedMutation,
  OrderHistoryQuery,
  RemoveAdminMutation,
} from './operations';
import UsersPage from './UsersPage';

const firstPage = { options: { skip: 0, take: 20 } };

function renderWith(page: ReactNode, mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <SnackbarProvider>
        <MemoryRouter>{page}</MemoryRouter>
      </SnackbarProvider>
    </MockedProvider>,
  );
}

const order = (id: string, name: string, state: 'AwaitingPayment' | 'Paid' | 'Shipped' | 'Expired') => {
  const paid = state === 'Paid' || state === 'Shipped';
  return orderFixture(id, {
    name,
    state,
    paid,
    status: state === 'Shipped' ? 'Shipped' : 'Pending',
    transactionId: paid ? `pi_${id}` : null,
  });
};

const ordersMock: MockLink.MockedResponse = {
  request: { query: AdminOrdersQuery, variables: firstPage },
  result: {
    data: {
      orders: {
        __typename: 'OrderList',
        totalItems: 4,
        items: [
          order('o1', 'Paid Pending Knife', 'Paid'),
          order('o2', 'Unpaid Knife', 'AwaitingPayment'),
          order('o3', 'Shipped Knife', 'Shipped'),
          order('o4', 'Expired Knife', 'Expired'),
        ],
      },
    },
  },
};

const rowOf = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

test('All Orders: Ship only on paid orders; shipping and deleting update the grid from the cache', async () => {
  renderWith(<AllOrdersPage />, [
    ordersMock,
    {
      request: { query: MarkShippedMutation, variables: { id: 'o1', tracking: { carrier: 'DHL', number: null } } },
      result: {
        data: {
          markShipped: {
            __typename: 'Order',
            id: 'o1',
            status: 'Shipped',
            state: 'Shipped',
            trackingCarrier: 'DHL',
            trackingNumber: null,
            ageVerifiedDelivery: null,
          },
        },
      },
    },
    {
      request: { query: CancelOrderMutation, variables: { id: 'o2' } },
      result: {
        data: {
          cancelOrder: {
            __typename: 'Order',
            id: 'o2',
            state: 'Cancelled',
            status: 'Pending',
            paid: false,
            product: { __typename: 'Product', id: 'p2', quantity: 7 },
          },
        },
      },
    },
  ]);
  expect(await screen.findByText('Paid Pending Knife')).toBeInTheDocument();
  expect(within(rowOf('Paid Pending Knife')).getByText('Ship', { selector: 'button' })).toBeInTheDocument();
  expect(within(rowOf('Unpaid Knife')).queryByText('Ship', { selector: 'button' })).not.toBeInTheDocument();
  expect(within(rowOf('Shipped Knife')).queryByText('Ship', { selector: 'button' })).not.toBeInTheDocument();
  expect(within(rowOf('Unpaid Knife')).getByText('Pending', { selector: '.MuiChip-label' })).toBeInTheDocument();
  expect(within(rowOf('Unpaid Knife')).getByText('Awaiting payment', { selector: '.MuiChip-label' })).toBeInTheDocument();

  fireEvent.click(within(rowOf('Paid Pending Knife')).getByText('Ship', { selector: 'button' }));
  // The dialog asks for the tracking, both parts optional: a carrier alone is sent, the empty number as null.
  const shipDialog = await screen.findByRole('dialog', { name: 'Ship order #o1' });
  fireEvent.change(within(shipDialog).getByLabelText('Carrier (optional)'), { target: { value: ' DHL ' } });
  fireEvent.click(within(shipDialog).getByRole('button', { name: 'Ship' }));
  expect(await screen.findByText('Status is updated')).toBeInTheDocument();
  expect(within(rowOf('Paid Pending Knife')).queryByText('Ship', { selector: 'button' })).not.toBeInTheDocument();
  expect(within(rowOf('Paid Pending Knife')).getByText('Shipped', { selector: '.MuiChip-label' })).toBeInTheDocument();

  fireEvent.click(within(rowOf('Unpaid Knife')).getByText('Delete', { selector: 'button' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Successfully Deleted')).toBeInTheDocument();
  expect(within(rowOf('Unpaid Knife')).getByText('Cancelled', { selector: '.MuiChip-label' })).toBeInTheDocument();
  expect(within(rowOf('Unpaid Knife')).queryByText('Delete', { selector: 'button' })).not.toBeInTheDocument();
  // Only the mocks above were available: any refetch of the grid would have failed the query.
  expect(screen.getByText('Paid Pending Knife')).toBeInTheDocument();
});

test('All Orders: a closed order takes no Ship or Delete; History shows its events with who, when and why', async () => {
  renderWith(<AllOrdersPage />, [
    ordersMock,
    {
      request: { query: OrderHistoryQuery, variables: { id: 'o4' } },
      result: {
        data: {
          orderHistory: [
            {
              __typename: 'OrderEvent',
              id: 'e1',
              fromState: null,
              toState: 'AwaitingPayment',
              actor: 'customer',
              actorEmail: 'casey@keen.test',
              note: null,
              createdAt: '2026-11-20T10:00:00.000Z',
            },
            {
              __typename: 'OrderEvent',
              id: 'e2',
              fromState: 'AwaitingPayment',
              toState: 'Expired',
              actor: 'system',
              actorEmail: null,
              note: 'Not paid within 30 minutes',
              createdAt: '2026-11-20T10:30:00.000Z',
            },
          ],
        },
      },
    },
  ]);
  await screen.findByText('Expired Knife');
  // A closed order takes no ship and no delete.
  expect(within(rowOf('Expired Knife')).getByText('Expired', { selector: '.MuiChip-label' })).toBeInTheDocument();
  expect(within(rowOf('Expired Knife')).queryByText('Ship', { selector: 'button' })).not.toBeInTheDocument();
  expect(within(rowOf('Expired Knife')).queryByText('Delete', { selector: 'button' })).not.toBeInTheDocument();
  fireEvent.click(within(rowOf('Expired Knife')).getByRole('button', { name: 'History of Expired Knife' }));
  const dialog = await screen.findByRole('dialog', { name: 'History of Expired Knife' });
  const history = within(dialog).getByRole('list', { name: 'Order history' });
  expect(await within(history).findByText('Placed: Awaiting payment')).toBeInTheDocument();
  expect(within(history).getByText(/by casey@keen\.test/)).toBeInTheDocument();
  expect(within(history).getByText('Awaiting payment → Expired')).toBeInTheDocument();
  expect(within(history).getByText(/by Keen \(unpaid hold ran out\) · Not paid within 30 minutes/)).toBeInTheDocument();
});

const user = (id: string, name: string, role: 'admin' | 'user', activeApiKeyCount = 0) => ({
  __typename: 'User' as const,
  id,
  name,
  email: `${id}@keen.test`,
  phone: null,
  address: null,
  img: null,
  role,
  orderEmails: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  activeApiKeyCount,
});

test('Users: make admin and remove admin with SPEC texts, and the 403 texts on FORBIDDEN', async () => {
  renderWith(<UsersPage />, [
    {
      request: { query: AdminUsersQuery, variables: firstPage },
      result: {
        data: {
          users: { __typename: 'UserList', totalItems: 2, items: [user('u1', 'Casey Blade', 'user'), user('u2', 'Ada Steel', 'admin', 2)] },
        },
      },
    },
    {
      request: { query: MakeAdminMutation, variables: { email: 'u1@keen.test' } },
      result: { data: { makeAdmin: { __typename: 'User', id: 'u1', role: 'admin' } } },
    },
    {
      request: { query: RemoveAdminMutation, variables: { email: 'u2@keen.test' } },
      result: { errors: [new GraphQLError('Only an admin may do this', { extensions: { code: 'FORBIDDEN' } })] },
    },
  ]);
  await screen.findByText('Casey Blade');
  fireEvent.click(within(rowOf('Casey Blade')).getByRole('button', { name: 'Make Admin' }));
  expect(await screen.findByText('Successfully made an admin')).toBeInTheDocument();
  expect(within(rowOf('Casey Blade')).getByRole('button', { name: 'Remove Admin' })).toBeInTheDocument();

  fireEvent.click(within(rowOf('Ada Steel')).getByRole('button', { name: 'Remove Admin' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove admin rights?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Admin' }));
  expect(await screen.findByText('Failed to Remove  admin', { normalizer: (text) => text })).toBeInTheDocument();
  // Refused: the dialog stays for another try or Cancel, and the row is unchanged.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(within(rowOf('Ada Steel')).getByRole('button', { name: 'Remove Admin' })).toBeInTheDocument();
});

test("Users: removing an admin first says how many of their API keys the server will revoke, then 'Successfully removed admin'", async () => {
  renderWith(<UsersPage />, [
    {
      request: { query: AdminUsersQuery, variables: firstPage },
      result: {
        data: {
          users: {
            __typename: 'UserList',
            totalItems: 3,
            items: [user('u1', 'Ada Steel', 'admin', 2), user('u2', 'Bea Forge', 'admin', 1), user('u3', 'Cy Anvil', 'admin')],
          },
        },
      },
    },
    {
      request: { query: RemoveAdminMutation, variables: { email: 'u1@keen.test' } },
      result: { data: { removeAdmin: { __typename: 'User', id: 'u1', role: 'user', activeApiKeyCount: 0 } } },
    },
  ]);
  await screen.findByText('Ada Steel');
  const confirmation = async (name: string) => {
    fireEvent.click(within(rowOf(name)).getByRole('button', { name: 'Remove Admin' }));
    return screen.findByRole('dialog', { name: 'Remove admin rights?' });
  };
  const cancel = async (dialog: HTMLElement) => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  };

  const single = await confirmation('Bea Forge');
  expect(within(single).getByText('Their 1 active API key will be revoked.')).toBeInTheDocument();
  await cancel(single);
  const none = await confirmation('Cy Anvil');
  expect(within(none).getByText('They have no active API keys.')).toBeInTheDocument();
  await cancel(none);

  const dialog = await confirmation('Ada Steel');
  expect(within(dialog).getByText('Ada Steel (u1@keen.test) will no longer be an admin.')).toBeInTheDocument();
  expect(within(dialog).getByText('Their 2 active API keys will be revoked.')).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Admin' }));
  expect(await screen.findByText('Successfully removed admin')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(within(rowOf('Ada Steel')).getByRole('button', { name: 'Make Admin' })).toBeInTheDocument();
});
