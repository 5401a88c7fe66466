import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { countingClient, renderPage } from '../../../test/render';
import ReturnsPage from './ReturnsPage';

const line = {
  __typename: 'ReturnLine',
  id: 'rl1',
  orderLineId: 'ol1',
  name: 'Chef knife',
  quantity: 2,
  receivedQuantity: null,
  restock: false,
};
const requested = {
  __typename: 'ReturnRequest',
  id: 'r1',
  orderId: 'o1234567-aaaa',
  rmaNumber: 'RMA-2026-000001',
  state: 'Requested',
  reason: 'NOT_AS_DESCRIBED',
  details: 'The blade is shorter',
  declineReason: null,
  photos: ['/uploads/0123456789abcdef0123456789abcdef.webp'],
  createdAt: '2026-12-01T10:00:00.000Z',
  lines: [line],
};

/** The server's answers: each step answers the whole return in its new state. */
function server() {
  const sent: { name: string; variables: Record<string, unknown> }[] = [];
  const { client } = countingClient((name, variables) => {
    sent.push({ name, variables });
    if (name === 'AdminReturns') return { returns: [requested] };
    if (name === 'ApproveReturn') return { approveReturn: { ...requested, state: 'Approved' } };
    if (name === 'DeclineReturn') return { declineReturn: { ...requested, state: 'Declined', declineReason: variables.reason } };
    if (name === 'ReceiveReturn')
      return { receiveReturn: { ...requested, state: 'Received', lines: [{ ...line, receivedQuantity: 1, restock: true }] } };
    if (name === 'RefundReturn')
      return { refundReturn: { ...requested, state: 'Refunded', lines: [{ ...line, receivedQuantity: 1, restock: true }] } };
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<ReturnsPage />, { path: '/dashboard/returns', route: '/dashboard/returns', client });
  return sent;
}

test('a request is approved, its parcel received with one unit back to stock, and refunded without the delivery price', async () => {
  const sent = server();
  const table = await screen.findByRole('table', { name: 'Returns' });
  expect(within(table).getByText('RMA-2026-000001')).toBeInTheDocument();
  expect(within(table).getByText('Not as described')).toBeInTheDocument();
  expect(within(table).getByRole('img', { name: 'Photo 1 of RMA-2026-000001' })).toBeInTheDocument();

  fireEvent.click(within(table).getByRole('button', { name: 'Approve RMA-2026-000001' }));
  fireEvent.click(await within(table).findByRole('button', { name: 'Receive RMA-2026-000001' }));
  const receive = await screen.findByRole('dialog', { name: 'Receive return RMA-2026-000001' });
  fireEvent.change(within(receive).getByLabelText('Units of Chef knife received'), { target: { value: '1' } });
  fireEvent.click(within(receive).getByLabelText('Back to stock: Chef knife'));
  fireEvent.click(within(receive).getByRole('button', { name: 'Receive' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(within(table).getByText(/1 received, to stock/)).toBeInTheDocument();

  fireEvent.click(within(table).getByRole('button', { name: 'Refund RMA-2026-000001' }));
  const refund = await screen.findByRole('dialog', { name: 'Refund return RMA-2026-000001' });
  expect(within(refund).getByLabelText('Refund the delivery price too')).not.toBeChecked();
  fireEvent.click(within(refund).getByRole('button', { name: 'Refund' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await within(table).findByText('Refunded')).toBeInTheDocument();

  expect(sent.filter(({ name }) => name !== 'AdminReturns')).toEqual([
    { name: 'ApproveReturn', variables: { id: 'r1' } },
    { name: 'ReceiveReturn', variables: { id: 'r1', lines: [{ lineId: 'ol1', received: 1, restock: true }] } },
    { name: 'RefundReturn', variables: { id: 'r1', delivery: false } },
  ]);
});

test('declining needs a reason: the button waits for one, and the row says why', async () => {
  const sent = server();
  const table = await screen.findByRole('table', { name: 'Returns' });
  fireEvent.click(within(table).getByRole('button', { name: 'Decline RMA-2026-000001' }));
  const dialog = await screen.findByRole('dialog', { name: 'Decline return RMA-2026-000001' });
  const decline = within(dialog).getByRole('button', { name: 'Decline' });
  expect(decline).toBeDisabled();
  fireEvent.change(within(dialog).getByLabelText(/Why/), { target: { value: 'Used for a year' } });
  fireEvent.click(decline);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await within(table).findByText('Declined: Used for a year')).toBeInTheDocument();
  expect(sent.find(({ name }) => name === 'DeclineReturn')?.variables).toEqual({ id: 'r1', reason: 'Used for a year' });
});
