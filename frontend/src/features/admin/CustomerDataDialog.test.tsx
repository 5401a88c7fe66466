import { expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { countingClient, renderPage } from '../../test/render';
import CustomerDataDialog from './CustomerDataDialog';

const customer = { id: 'u1', name: 'Casey Blade', email: 'casey@keen.test' };

function showDialog() {
  const sent: { name: string; variables: Record<string, unknown> }[] = [];
  const onClose = vi.fn();
  const counting = countingClient((name, variables) => {
    sent.push({ name, variables });
    if (name === 'EraseCustomer')
      return {
        eraseCustomer: {
          __typename: 'ErasureReceipt',
          cancelledOrders: 0,
          reviews: 1,
          reviewsChoice: 'REMOVE',
          kept: [{ __typename: 'KeptRecords', what: '2 orders', why: 'Financial records' }],
        },
      };
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<CustomerDataDialog customer={customer} onClose={onClose} />, {
    path: '/dashboard/users',
    route: '/dashboard/users',
    client: counting.client,
  });
  return { sent, onClose };
}

test("erasing a customer's account needs the request's reason and sends their reviews' choice", async () => {
  const { sent, onClose } = showDialog();
  const dialog = screen.getByRole('dialog', { name: 'Data of Casey Blade' });
  const erase = within(dialog).getByRole('button', { name: 'Erase account' });
  expect(erase).toBeDisabled();
  expect(within(dialog).getByRole('button', { name: 'Export data' })).toBeDisabled();
  fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'E-mail of 5 December' } });
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Remove them' }));
  fireEvent.click(erase);
  expect(await screen.findByText("Casey Blade's account was erased; kept: 2 orders")).toBeInTheDocument();
  expect(sent).toEqual([
    { name: 'EraseCustomer', variables: { userId: 'u1', input: { reason: 'E-mail of 5 December', reviews: 'REMOVE' } } },
  ]);
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});
