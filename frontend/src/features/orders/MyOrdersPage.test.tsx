import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { orderFixture } from '../../test/fixtures';
import { countingClient, renderPage } from '../../test/render';
import MyOrdersPage from './MyOrdersPage';

const orders = [
  orderFixture('o1'),
  orderFixture('o2', { paid: true, state: 'Paid', transactionId: 'pi_paid_2' }),
  orderFixture('o3', { paid: true, state: 'Shipped', transactionId: 'pi_paid_3', status: 'Shipped' }),
  orderFixture('o4', { state: 'Expired' }),
  orderFixture('o5', { state: 'Cancelled' }),
  orderFixture('o6', { state: 'Refunded', transactionId: 'pi_refunded_6' }),
];

/** Answers My Orders from the fixtures and a cancel with the order Cancelled and the stock back. */
const answer = (operationName: string, variables: Record<string, unknown>) => {
  if (operationName === 'MyOrders') return { myOrders: { __typename: 'OrderList', totalItems: orders.length, items: orders } };
  if (operationName === 'CancelOrder') {
    return {
      cancelOrder: {
        __typename: 'Order',
        id: String(variables.id),
        state: 'Cancelled',
        status: 'Pending',
        paid: false,
        product: { __typename: 'Product', id: 'p1', quantity: 12 },
      },
    };
  }
  throw new Error(`unexpected ${operationName}`);
};

test('the table: columns, Pay for unpaid, Paid with transaction id, status, price, quantity, Delete only when unpaid', async () => {
  const { client } = countingClient(answer);
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  const table = await screen.findByRole('table', { name: 'My orders' });
  for (const column of ['Order', 'Avatar', 'Name', 'Payment status', 'Price', 'Quantity', 'Order Delete']) {
    expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
  }
  const rows = within(table).getAllByRole('row').slice(1);
  expect(within(rows[0]).getByRole('link', { name: 'Pay for Knife o1' })).toHaveAttribute('href', '/dashboard/payment/o1');
  expect(within(rows[0]).getByRole('button', { name: 'Delete order for Knife o1' })).toBeInTheDocument();
  expect(within(rows[0]).getByText('$100')).toBeInTheDocument();
  expect(within(rows[1]).getByText('Paid')).toBeInTheDocument();
  expect(within(rows[1]).getByText(/pi_paid_2/)).toBeInTheDocument();
  expect(within(rows[1]).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  // Pending and paid: warning colour; any other status: success colour.
  expect(within(rows[1]).getByText('Pending').closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
  expect(within(rows[2]).getByText('Shipped').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
});

test('expired, cancelled and refunded orders say so, with no Pay and no Delete', async () => {
  const { client } = countingClient(answer);
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  const table = await screen.findByRole('table', { name: 'My orders' });
  const rows = within(table).getAllByRole('row').slice(1);
  for (const [row, label] of [
    [rows[3], 'Expired'],
    [rows[4], 'Cancelled'],
    [rows[5], 'Refunded'],
  ] as const) {
    expect(within(row).getByText(label)).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /Pay for/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(row).queryByText(/Transaction ID/)).not.toBeInTheDocument();
  }
});

test('deleting an unpaid order confirms, sends exactly one request, and the row shows Cancelled from the answer', async () => {
  const { client, requests } = countingClient(answer);
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  await screen.findByRole('table', { name: 'My orders' });
  expect(requests).toEqual(['MyOrders']);

  fireEvent.click(screen.getByRole('button', { name: 'Delete order for Knife o1' }));
  const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete ?' });
  expect(within(dialog).getByText('Name: Knife o1')).toBeInTheDocument();
  expect(within(dialog).getByText('Details: Details of o1')).toBeInTheDocument();
  expect(within(dialog).getByText('Quantity: 2')).toBeInTheDocument();
  expect(within(dialog).getByText('Price: $100')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

  expect(await screen.findByText('Order successfully deleted')).toBeInTheDocument();
  const row = screen.getByText('Knife o1').closest('tr') as HTMLElement;
  await waitFor(() => expect(within(row).getByText('Cancelled')).toBeInTheDocument());
  expect(within(row).queryByRole('link', { name: 'Pay for Knife o1' })).not.toBeInTheDocument();
  expect(within(row).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  // Give any refetch a chance to happen, then check none did.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(requests).toEqual(['MyOrders', 'CancelOrder']);
  const cached = client.cache.extract() as Record<string, Record<string, unknown>>;
  expect(cached['Order:o1']).toMatchObject({ state: 'Cancelled' });
  // The answer carries the product's stock with the units back, so product views update without a request.
  expect(cached['Product:p1']).toMatchObject({ quantity: 12 });
});

test('Cancel closes the dialog and deletes nothing', async () => {
  const { client, requests } = countingClient(answer);
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  await screen.findByRole('table', { name: 'My orders' });
  fireEvent.click(screen.getByRole('button', { name: 'Delete order for Knife o1' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(requests).toEqual(['MyOrders']);
  expect(screen.getByText('Knife o1')).toBeInTheDocument();
});
