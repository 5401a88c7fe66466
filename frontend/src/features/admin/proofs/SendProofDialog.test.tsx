import { expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { countingClient, renderPage } from '../../../test/render';
import SendProofDialog from './SendProofDialog';

vi.mock('../../../lib/upload', () => ({ uploadImage: async (file: File) => `/uploads/${file.name}` }));

const line = { __typename: 'OrderLine', name: 'Engraved Santoku', variantName: null, quantity: 1, proofApproved: false };
const order = (proofs: unknown[]) => ({
  __typename: 'Order',
  id: 'o1',
  state: 'AwaitingProof',
  status: 'Pending',
  proofRoundsLeft: 3 - proofs.length,
  lines: [
    {
      ...line,
      id: 'l1',
      proofRequired: true,
      engraving: { __typename: 'OrderEngraving', text: 'For Sam', font: 'serif', placement: 'BladeLeft' },
    },
    { ...line, id: 'l2', name: 'Whetstone', proofRequired: false, engraving: null },
  ],
  proofs,
});
const round = (version: number, status: string, comment: string | null) => ({
  __typename: 'OrderProof',
  id: `p${version}`,
  lineId: 'l1',
  version,
  imageUrls: ['/uploads/a.webp'],
  note: null,
  engravingText: 'For Sam',
  engravingFont: 'serif',
  status,
  comment,
  sentAt: '2027-01-12T10:00:00.000Z',
  answeredAt: comment ? '2027-01-13T10:00:00.000Z' : null,
  answeredBy: comment ? 'casey@keen.test' : null,
});

function photo(dialog: HTMLElement, name: string) {
  fireEvent.change(within(dialog).getByLabelText('Proof photo'), { target: { files: [new File(['x'], name, { type: 'image/png' })] } });
}

test('staff send the next version of a line whose customer asked for changes: its photos and note go to the server', async () => {
  const sent: Record<string, unknown>[] = [];
  const { client } = countingClient((name, variables) => {
    if (name === 'AdminOrderProofs') return { order: order([round(1, 'ChangesRequested', 'Sammy, please')]) };
    if (name === 'SendOrderProof') {
      sent.push(variables);
      return { sendOrderProof: order([round(1, 'ChangesRequested', 'Sammy, please'), round(2, 'Open', null)]) };
    }
    throw new Error(`unexpected ${name}`);
  });
  const onClose = vi.fn();
  renderPage(<SendProofDialog orderId="o1" onClose={onClose} />, { path: '/', route: '/', client });
  const dialog = await screen.findByRole('dialog', { name: /Engraving proofs of order/ });
  // Only the engraved line that needs a proof is listed, with the customer's comment.
  expect(within(dialog).getByText(/Version 1: Changes asked for/)).toHaveTextContent('("Sammy, please")');
  expect(within(dialog).queryByRole('region', { name: 'Proofs for Whetstone' })).toBeNull();
  const send = within(dialog).getByRole('button', { name: 'Send proof' });
  expect(send).toBeDisabled();
  photo(dialog, 'test-engraving.png');
  expect(await within(dialog).findByRole('img', { name: 'Proof photo 1' })).toHaveAttribute('src', '/uploads/test-engraving.png');
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note to the customer' }), { target: { value: 'Now Sammy' } });
  fireEvent.click(send);
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(sent).toEqual([{ input: { orderId: 'o1', lineId: 'l1', imageUrls: ['/uploads/test-engraving.png'], note: 'Now Sammy' } }]);
});

test("a line whose proof waits for the customer takes no new round; the server's refusal shows in the dialog", async () => {
  const { client } = countingClient((name) => {
    if (name === 'AdminOrderProofs') return { order: order([round(1, 'Open', null)]) };
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<SendProofDialog orderId="o1" onClose={() => {}} />, { path: '/', route: '/', client });
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText("Every proof is approved or waiting for the customer's answer.")).toBeTruthy();
  expect(within(dialog).queryByRole('button', { name: 'Send proof' })).toBeNull();

  const refusing = countingClient((name) => {
    if (name === 'AdminOrderProofs') return { order: order([]) };
    return new GraphQLError('This line has had its 3 proof rounds; contact the customer');
  });
  renderPage(<SendProofDialog orderId="o1" onClose={() => {}} />, { path: '/', route: '/', client: refusing.client });
  const second = (await screen.findAllByRole('dialog')).at(-1)!;
  photo(second, 'again.png');
  await within(second).findByRole('img', { name: 'Proof photo 1' });
  fireEvent.click(within(second).getByRole('button', { name: 'Send proof' }));
  expect(await within(second).findByText('This line has had its 3 proof rounds; contact the customer')).toBeTruthy();
});
