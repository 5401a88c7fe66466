import { expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderFixture } from '../../test/fixtures';
import { countingClient, renderPage } from '../../test/render';
import MyOrdersPage from './MyOrdersPage';

/** Lead times in My Orders: each open order's ship window as promised, and a late paid order's cancel for a full refund. */
const window = (earliest: string, latest: string, text: string) => ({ __typename: 'ShipWindow', earliest, latest, text });
const orders = [
  orderFixture('o1', { shipBy: window('2027-01-12', '2027-01-26', 'Ships between 12 and 26 January') }),
  orderFixture('o2', {
    paid: true,
    state: 'Paid',
    transactionId: 'pi_2',
    late: true,
    shipBy: window('2027-01-04', '2027-02-10', 'Ships between 4 January and 10 February'),
  }),
];

/** The ids CancelOrder was sent for. */
const cancelled: unknown[] = [];

function renderOrders() {
  const { client } = countingClient((operationName, variables) => {
    if (operationName === 'MyOrders') return { myOrders: { __typename: 'OrderList', totalItems: orders.length, items: orders } };
    if (operationName === 'EmailVerified') return { me: { __typename: 'User', id: 'u1', emailVerified: true } };
    if (operationName === 'ClaimGuestOrders') return { claimGuestOrders: 0 };
    if (operationName === 'CancelOrder') {
      cancelled.push(variables.id);
      return {
        cancelOrder: {
          __typename: 'Order',
          id: String(variables.id),
          state: 'Refunded',
          status: 'Pending',
          paid: false,
          product: { __typename: 'Product', id: 'p1', quantity: 12 },
        },
      };
    }
    throw new Error(`unexpected ${operationName}`);
  });
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
}

test('each open order says when it ships; only a late paid order may be cancelled for a refund, after a confirmation', async () => {
  renderOrders();
  const table = await screen.findByRole('table', { name: 'My orders' });
  const [unpaid, late] = within(table).getAllByRole('row').slice(1);
  expect(within(unpaid).getByText('Ships between 12 and 26 January')).toBeInTheDocument();
  expect(within(unpaid).queryByRole('button', { name: /Cancel late order/ })).not.toBeInTheDocument();
  expect(within(late).getByText('Ships between 4 January and 10 February (late: our apologies)')).toBeInTheDocument();

  await userEvent.click(within(late).getByRole('button', { name: 'Cancel late order for Knife o2' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('It is late: cancelling it refunds your payment in full.')).toBeInTheDocument();
  expect(cancelled).toEqual([]);
  await userEvent.click(within(dialog).getByRole('button', { name: /Delete|Confirm|Yes/ }));
  await screen.findByText('Refunded');
  expect(cancelled).toEqual(['o2']);
});
