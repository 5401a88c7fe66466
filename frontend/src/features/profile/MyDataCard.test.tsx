import { afterEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { authState, countingClient, renderPage } from '../../test/render';
import MyDataCard from './MyDataCard';

const EMAIL = 'casey@keen.test';
const receipt = {
  __typename: 'ErasureReceipt',
  erasedAt: '2026-12-06T09:00:00.000Z',
  cancelledOrders: 1,
  reviews: 2,
  reviewsChoice: 'REMOVE',
  kept: [
    { __typename: 'KeptRecords', what: '3 orders', count: 3, why: 'Financial records for the tax period' },
    { __typename: 'KeptRecords', what: '1 age check record', count: 1, why: 'Evidence kept until 2032-12-06 (6 years), then deleted' },
  ],
};

function showCard({ refuse = false } = {}) {
  const sent: Record<string, unknown>[] = [];
  const signOut = vi.fn(async () => undefined);
  const counting = countingClient((name, variables) => {
    if (name === 'MyData') return { myData: '{"profile":{"email":"casey@keen.test"}}' };
    if (name === 'DeleteMyAccount') {
      sent.push(variables.input as Record<string, unknown>);
      return refuse ? new GraphQLError('Type the e-mail address of your account to confirm') : { deleteMyAccount: receipt };
    }
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<MyDataCard email={EMAIL} />, {
    path: '/dashboard',
    route: '/dashboard',
    client: counting.client,
    auth: authState({ signOut }),
  });
  return { sent, signOut };
}

afterEach(() => vi.restoreAllMocks());

test('Download my data saves the JSON document the server answers as a file', async () => {
  const blobs: Blob[] = [];
  const createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:keen/1'));
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  showCard();
  fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
  expect(await screen.findByText('Your data was downloaded')).toBeInTheDocument();
  expect(click).toHaveBeenCalledTimes(1);
  expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('keen-my-data.json');
  expect(JSON.parse(await blobs[0].text())).toEqual({ profile: { email: EMAIL } });
});

test('deleting asks for the e-mail and the reviews choice, then lists what was kept and signs out on Close', async () => {
  const { sent, signOut } = showCard();
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete my account' });
  const confirm = within(dialog).getByRole('button', { name: 'Delete my account for good' });
  expect(confirm).toBeDisabled();
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Type your e-mail address to confirm' }), {
    target: { value: 'someone@else.test' },
  });
  expect(confirm).toBeDisabled();
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Type your e-mail address to confirm' }), { target: { value: EMAIL } });
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Remove them' }));
  fireEvent.click(confirm);

  const done = await screen.findByRole('dialog', { name: 'Your account was deleted' });
  expect(sent).toEqual([{ confirmEmail: EMAIL, reviews: 'REMOVE' }]);
  expect(done).toHaveTextContent('1 unpaid order was cancelled. Your 2 reviews were removed.');
  const kept = within(within(done).getByRole('list', { name: 'Records kept' })).getAllByRole('listitem');
  expect(kept.map((item) => item.textContent)).toEqual([
    '3 orders: Financial records for the tax period',
    '1 age check record: Evidence kept until 2032-12-06 (6 years), then deleted',
  ]);
  fireEvent.click(within(done).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
  expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
});

test("the server's refusal shows in the dialog, which stays open", async () => {
  showCard({ refuse: true });
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete my account' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Type your e-mail address to confirm' }), { target: { value: EMAIL } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Type the e-mail address of your account to confirm');
});
