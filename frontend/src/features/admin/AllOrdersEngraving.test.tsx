import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { engravingFixture, orderFixture } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import AllOrdersPage from './AllOrdersPage';
import { AdminOrdersQuery } from './operations';

const order = (id: string, name: string, engraving: ReturnType<typeof engravingFixture> | null) =>
  orderFixture(id, { name, paid: true, state: 'Paid', transactionId: `pi_${id}`, engraving });

const list = (items: ReturnType<typeof orderFixture>[]) => ({
  data: { orders: { __typename: 'OrderList', totalItems: items.length, items } },
});

test('All Orders shows the engraving in its font with a link to the sheet, and filters engraved orders on the server', async () => {
  const engraved = order('o1', 'Engraved Knife', engravingFixture('For Sam', 'script'));
  const plain = order('o2', 'Plain Knife', null);
  renderPage(<AllOrdersPage />, {
    path: '/dashboard/allOrders',
    route: '/dashboard/allOrders',
    mocks: [
      { request: { query: AdminOrdersQuery, variables: { options: { skip: 0, take: 20 } } }, result: list([engraved, plain]) },
      { request: { query: AdminOrdersQuery, variables: { options: { skip: 0, take: 20, engraved: true } } }, result: list([engraved]) },
    ],
  });
  // The data grid renders slowly on a busy machine: wait longer than Testing Library's second.
  expect(await screen.findByText('Plain Knife', {}, { timeout: 10000 })).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: 'Engraving' })).toBeInTheDocument();
  const text = screen.getByText('For Sam');
  expect(text).toHaveAttribute('data-font', 'script');
  const row = text.closest('[role="row"]') as HTMLElement;
  expect(within(row).getByRole('link', { name: 'Engraving sheet for order o1' })).toHaveAttribute('href', '/engravingSheet/o1');

  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Engraving' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Engraved' }, { timeout: 5000 }));
  await waitFor(() => expect(screen.queryByText('Plain Knife')).not.toBeInTheDocument(), { timeout: 10000 });
  expect(screen.getByText('Engraved Knife')).toBeInTheDocument();
}, 60_000);
