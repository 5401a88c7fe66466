import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { print } from 'graphql';
import { of } from 'rxjs';
import { createCache } from '../../lib/apollo';
import { renderPage } from '../../test/render';
import MyOrdersPage from './MyOrdersPage';

const order = (id: string, extra: Record<string, unknown>) => ({
  __typename: 'Order',
  id,
  userName: 'Casey Blade',
  name: `Knife ${id}`,
  email: 'casey@keen.test',
  description: `Details of ${id}`,
  img: `/images/${id}.svg`,
  price: 50,
  totalPrice: 100,
  quantity: 2,
  status: 'Pending',
  paid: false,
  transactionId: null,
  engraving: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...extra,
});

const orders = [
  order('o1', {}),
  order('o2', { paid: true, transactionId: 'pi_paid_2' }),
  order('o3', { paid: true, transactionId: 'pi_paid_3', status: 'Shipped' }),
];

/** A terminating link that answers from fixtures and records every request it is asked for. */
function countingClient() {
  const requests: string[] = [];
  const link = new ApolloLink((operation) => {
    requests.push(operation.operationName ?? print(operation.query));
    if (operation.operationName === 'MyOrders') return of({ data: { myOrders: { __typename: 'OrderList', totalItems: orders.length, items: orders } } });
    if (operation.operationName === 'DeleteOrder') return of({ data: { deleteOrder: String(operation.variables.id) } });
    throw new Error(`unexpected ${operation.operationName}`);
  });
  return { client: new ApolloClient({ link, cache: createCache() }), requests };
}

test('the table: columns, Pay for unpaid, Paid with transaction id, status, price, quantity, Delete only when unpaid', async () => {
  const { client } = countingClient();
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  const table = await screen.findByRole('table', { name: 'My orders' });
  for (const column of ['#', 'Avatar', 'Name', 'Payment status', 'Price', 'Quantity', 'Order Delete']) {
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

test('deleting an unpaid order confirms, sends exactly one request, and the row leaves the table from the cache', async () => {
  const { client, requests } = countingClient();
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
  await waitFor(() => expect(screen.queryByText('Knife o1')).not.toBeInTheDocument());
  expect(screen.getByText('Knife o2')).toBeInTheDocument();
  // Give any refetch a chance to happen, then check none did.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(requests).toEqual(['MyOrders', 'DeleteOrder']);
  expect((client.cache.extract() as Record<string, unknown>)['Order:o1']).toBeUndefined();
});

test('Cancel closes the dialog and deletes nothing', async () => {
  const { client, requests } = countingClient();
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  await screen.findByRole('table', { name: 'My orders' });
  fireEvent.click(screen.getByRole('button', { name: 'Delete order for Knife o1' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(requests).toEqual(['MyOrders']);
  expect(screen.getByText('Knife o1')).toBeInTheDocument();
});
