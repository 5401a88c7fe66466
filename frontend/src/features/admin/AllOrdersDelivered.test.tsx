import { expect, test } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { orderFixture } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import AllOrdersPage from './AllOrdersPage';
import { AdminOrdersQuery, MarkDeliveredMutation } from './operations';

const SHIPPED_ID = 'd1e2f3a4-0000-4000-8000-000000000003';
const paid = orderFixture('o1', { name: 'Paid Knife', paid: true, state: 'Paid', transactionId: 'pi_o1' });
const shipped = orderFixture(SHIPPED_ID, {
  name: 'Shipped Knife',
  paid: true,
  state: 'Shipped',
  status: 'Shipped',
  transactionId: 'pi_o3',
});

// Refunded in part: one before it shipped, one on its way (its delivery price, say).
const partUnshipped = orderFixture('o4', { name: 'Part Refunded At Home', paid: true, state: 'PartiallyRefunded', transactionId: 'pi_o4' });
const partShipped = orderFixture('e5e2f3a4-0000-4000-8000-000000000005', {
  name: 'Part Refunded On Its Way',
  paid: true,
  state: 'PartiallyRefunded',
  status: 'Shipped',
  transactionId: 'pi_o5',
});

const rowOf = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

test('Delivered is offered on a shipped order only (refunded in part or not); the answer moves its row to Delivered, with Refund still offered', async () => {
  renderPage(<AllOrdersPage />, {
    path: '/dashboard/allOrders',
    route: '/dashboard/allOrders',
    mocks: [
      {
        request: { query: AdminOrdersQuery, variables: { options: { skip: 0, take: 20 } } },
        result: { data: { orders: { __typename: 'OrderList', totalItems: 4, items: [paid, shipped, partUnshipped, partShipped] } } },
      },
      {
        request: { query: MarkDeliveredMutation, variables: { id: SHIPPED_ID } },
        result: {
          data: {
            markDelivered: {
              __typename: 'Order',
              id: SHIPPED_ID,
              status: 'Shipped',
              state: 'Delivered',
              deliveredAt: '2026-12-06T10:00:00.000Z',
            },
          },
        },
      } satisfies MockLink.MockedResponse,
    ],
  });
  // The data grid renders slowly on a busy machine: wait longer than Testing Library's second.
  await screen.findByText('Shipped Knife', {}, { timeout: 10000 });
  expect(within(rowOf('Paid Knife')).queryByRole('button', { name: /delivered$/ })).not.toBeInTheDocument();
  expect(within(rowOf('Part Refunded At Home')).queryByRole('button', { name: /delivered$/ })).not.toBeInTheDocument();
  expect(within(rowOf('Part Refunded On Its Way')).getByRole('button', { name: 'Mark order #e5e2f3a4 delivered' })).toBeInTheDocument();
  fireEvent.click(within(rowOf('Shipped Knife')).getByRole('button', { name: 'Mark order #d1e2f3a4 delivered' }));
  expect(await within(rowOf('Shipped Knife')).findByText('Delivered')).toBeInTheDocument();
  expect(within(rowOf('Shipped Knife')).queryByRole('button', { name: /delivered$/ })).not.toBeInTheDocument();
  expect(within(rowOf('Shipped Knife')).getByRole('button', { name: 'Refund order #d1e2f3a4' })).toBeInTheDocument();
}, 60_000);
