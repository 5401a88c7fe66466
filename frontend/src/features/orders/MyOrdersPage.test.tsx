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
  state: 'AwaitingPayment',
  transactionId: null,
  engraving: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...extra,
});

const orders = [
  order('o1', {}),
  order('o2', { paid: true, state: 'Paid', transactionId: 'pi_paid_2' }),
  order('o3', { paid: true, state: 'Shipped', transactionId: 'pi_paid_3', status: 'Shipped' }),
  order('o4', { state: 'Expired' }),
  order('o5', { state: 'Cancelled' }),
  order('o6', { state: 'Refunded', transactionId: 'pi_refunded_6' }),
];

/** A terminating link that answers from fixtures and records every request it is asked for. */
function countingClient() {
  const requests: string[] = [];
  const link = new ApolloLink((operation) => {
    requests.push(operation.operationName ?? print(operation.query));
    if (operation.operationName === 'MyOrders')
      return of({ data: { myOrders: { __typename: 'OrderList', totalItems: orders.length, items: orders } } });
    if (operation.operationName === 'CancelOrder') {
      return of({
        data: {
          cancelOrder: {
            __typename: 'Order',
            id: String(operation.variables.id),
            state: 'Cancelled',
            status: 'Pending',
            paid: false,
            product: { __typename: 'Product', id: 'p1', quantity: 12 },
          },
        },
      });
    }
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

test('expired, cancelled and refunded orders say so, with no Pay and no Delete', async () => {
  const { client } = countingClient();
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
  const { client, requests } = countingClient();
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  await screen.findByRole('table', { name: 'My orders' });
  fireEvent.click(screen.getByRole('button', { name: 'Delete order for Knife o1' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(requests).toEqual(['MyOrders']);
  expect(screen.getByText('Knife o1')).toBeInTheDocument();
});
