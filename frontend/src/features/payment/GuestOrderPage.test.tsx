import { expect, test } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { orderFixture } from '../../test/fixtures';
import { countingClient, renderPage } from '../../test/render';
import GuestOrderPage from './GuestOrderPage';

const TOKEN = 'guest-link-token';
const guestOrder = (overrides: Record<string, unknown>) => ({ ...orderFixture('g1', { guest: true, ...overrides }), guestToken: TOKEN });

test('a guest returns units of a delivered order by its link: the token goes with the request, and no photos are asked for', async () => {
  const deliveredAt = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  const sent: Record<string, unknown>[] = [];
  const { client } = countingClient((name, variables) => {
    if (name === 'GuestOrder') return { order: guestOrder({ paid: true, state: 'Delivered', status: 'Shipped', deliveredAt }) };
    if (name === 'ReturnPolicy') return { returnPolicy: { __typename: 'ReturnPolicy', returnDays: 30, policy: ['Send it back unused.'] } };
    if (name === 'RequestReturn') {
      sent.push(variables);
      return {
        requestReturn: {
          __typename: 'ReturnRequest',
          id: 'r1',
          orderId: 'g1',
          rmaNumber: 'RMA-2026-000007',
          state: 'Requested',
          reason: 'CHANGED_MIND',
          details: null,
          declineReason: null,
          photos: [],
          createdAt: new Date().toISOString(),
          lines: [
            {
              __typename: 'ReturnLine',
              id: 'rl1',
              orderLineId: 'g1-1',
              name: 'Knife g1',
              quantity: 1,
              receivedQuantity: null,
              restock: false,
            },
          ],
        },
      };
    }
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<GuestOrderPage />, { path: '/orders/:id', route: `/orders/g1?token=${TOKEN}`, client });
  expect(await screen.findByText(/^Delivered\. Something not right\?/)).toBeInTheDocument();
  fireEvent.click(await screen.findByRole('button', { name: 'Return items of order #g1' }));
  const dialog = await screen.findByRole('dialog', { name: 'Return items of order #g1' });
  expect(await within(dialog).findByText('Send it back unused.')).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: /Add a photo/ })).not.toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Units of Knife g1 to return'), { target: { value: '1' } });
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Reason' }));
  fireEvent.click(await screen.findByRole('option', { name: 'No longer wanted' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Request return' }));
  expect(await screen.findByText(/^Return RMA-2026-000007 requested: waiting for our answer/)).toBeInTheDocument();
  expect(sent).toEqual([
    {
      input: { orderId: 'g1', lines: [{ lineId: 'g1-1', quantity: 1 }], reason: 'CHANGED_MIND', details: null, photos: [] },
      token: TOKEN,
    },
  ]);
});

test('a late paid guest order is cancelled for a refund by its link, after a confirmation that says so; an on-time one offers nothing', async () => {
  const cancelled: Record<string, unknown>[] = [];
  let late = true;
  const { client } = countingClient((name, variables) => {
    if (name === 'GuestOrder') return { order: guestOrder({ paid: true, state: 'Paid', late }) };
    if (name === 'CancelGuestOrder') {
      cancelled.push(variables);
      return { cancelOrder: { __typename: 'Order', id: 'g1', state: 'Refunded', status: 'Pending', paid: false } };
    }
    throw new Error(`unexpected ${name}`);
  });
  const { unmount } = renderPage(<GuestOrderPage />, { path: '/orders/:id', route: `/orders/g1?token=${TOKEN}`, client });
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel for a refund' }));
  const confirm = await screen.findByRole('dialog', { name: 'Cancel this order?' });
  expect(within(confirm).getByText('It is late: cancelling it refunds your payment in full.')).toBeInTheDocument();
  fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
  expect(await screen.findByText('This order was refunded.')).toBeInTheDocument();
  expect(cancelled).toEqual([{ id: 'g1', token: TOKEN }]);
  unmount();

  late = false;
  renderPage(<GuestOrderPage />, {
    path: '/orders/:id',
    route: `/orders/g1?token=${TOKEN}`,
    client: countingClient((name) => {
      if (name === 'GuestOrder') return { order: guestOrder({ paid: true, state: 'Paid', late }) };
      throw new Error(`unexpected ${name}`);
    }).client,
  });
  expect(await screen.findByText(/^Paid, thank you/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
});
