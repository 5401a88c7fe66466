import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { authState, countingClient, renderPage } from '../../test/render';
import ProofPage from './ProofPage';

const sentAt = '2027-01-12T10:00:00.000Z';

function proof(version: number, status: 'Open' | 'ChangesRequested' | 'Approved', extra: Record<string, unknown> = {}) {
  return {
    __typename: 'OrderProof',
    id: `p${version}`,
    lineId: 'l1',
    version,
    imageUrls: [`/uploads/${'a'.repeat(31)}${version}.webp`],
    note: version === 1 ? 'Left face, 6 mm' : null,
    engravingText: 'For Sam',
    engravingFont: 'serif',
    status,
    comment: null,
    sentAt,
    answeredAt: null,
    answeredBy: null,
    ...extra,
  };
}

function order(state: string, proofs: unknown[], text = 'For Sam') {
  return {
    __typename: 'Order',
    id: 'o1',
    name: 'Engraved Santoku',
    state,
    status: 'Pending',
    proofRoundsLeft: 3 - proofs.length,
    lines: [
      {
        __typename: 'OrderLine',
        id: 'l1',
        name: 'Engraved Santoku',
        variantName: null,
        quantity: 1,
        proofRequired: true,
        proofApproved: state === 'InProduction',
        engraving: { __typename: 'OrderEngraving', text, font: 'serif', placement: 'Spine' },
      },
    ],
    proofs,
  };
}

test('the customer asks for a change with a corrected text, then approves the next version; the guest token goes with every call', async () => {
  const calls: [string, Record<string, unknown>][] = [];
  let current = order('AwaitingProof', [proof(1, 'Open')]);
  const answer = (name: string, variables: Record<string, unknown>) => {
    calls.push([name, variables]);
    if (name === 'OrderProofs') return { order: current };
    if (name === 'RequestOrderProofChanges') {
      current = order('AwaitingProof', [proof(1, 'ChangesRequested', { comment: variables.comment })]);
      return { requestOrderProofChanges: current };
    }
    if (name === 'CorrectOrderEngraving') {
      current = order('AwaitingProof', [proof(1, 'ChangesRequested', { comment: 'Sammy, please' })], String(variables.text));
      return { correctOrderEngraving: current };
    }
    if (name === 'ApproveOrderProof') {
      current = order('InProduction', [
        proof(1, 'ChangesRequested', { comment: 'Sammy, please' }),
        proof(2, 'Approved', { engravingText: 'For Sammy', answeredAt: sentAt, answeredBy: 'guest@keen.test' }),
      ]);
      return { approveOrderProof: current };
    }
    throw new Error(`unexpected ${name}`);
  };
  const { client } = countingClient(answer);
  const { unmount } = renderPage(<ProofPage />, {
    path: '/orders/:id/proof',
    route: '/orders/o1/proof?token=link-token',
    client,
    auth: authState({ user: null }),
  });

  const section = await screen.findByRole('region', { name: 'Proof for Engraved Santoku' });
  expect(within(section).getByRole('img', { name: 'Version 1, photo 1' })).toBeTruthy();
  expect(within(section).getByText('From the workshop: Left face, 6 mm')).toBeTruthy();
  // What was ordered, and what the proof shows, say where the engraving goes.
  expect(within(section).getAllByText('on the Spine')).toHaveLength(2);
  fireEvent.click(within(section).getByRole('button', { name: 'Ask for changes' }));
  const dialog = await screen.findByRole('dialog', { name: 'Ask for changes to version 1' });
  // Nothing is sent without a comment.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send my changes' }));
  expect(await within(dialog).findByText('Say what should change')).toBeTruthy();
  fireEvent.change(within(dialog).getByRole('textbox', { name: /What should change/ }), { target: { value: 'Sammy, please' } });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Engraving text' }), { target: { value: 'For Sammy' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send my changes' }));
  expect(await screen.findByText('Thank you: we will send you the next version.')).toBeTruthy();
  const sent = calls.filter(([name]) => name !== 'OrderProofs');
  expect(sent).toEqual([
    ['RequestOrderProofChanges', { orderId: 'o1', proofId: 'p1', comment: 'Sammy, please', token: 'link-token' }],
    ['CorrectOrderEngraving', { orderId: 'o1', lineId: 'l1', text: 'For Sammy', token: 'link-token' }],
  ]);
  // No answer is offered while the shop prepares the next version.
  expect(within(section).queryByRole('button', { name: /Approve/ })).toBeNull();
  unmount();

  current = order('AwaitingProof', [
    proof(1, 'ChangesRequested', { comment: 'Sammy, please' }),
    proof(2, 'Open', { engravingText: 'For Sammy' }),
  ]);
  // The mail's link opened again, later: a fresh page reads the second version.
  renderPage(<ProofPage />, {
    path: '/orders/:id/proof',
    route: '/orders/o1/proof?token=link-token',
    client: countingClient(answer).client,
    auth: authState({ user: null }),
  });
  const again = await screen.findByRole('region', { name: 'Proof for Engraved Santoku' });
  const earlier = within(again).getByRole('region', { name: 'Earlier versions for Engraved Santoku' });
  expect(within(earlier).getByText(/Changes asked for: Sammy, please/)).toBeTruthy();
  fireEvent.click(within(again).getByRole('button', { name: 'Approve version 2' }));
  const confirm = await screen.findByRole('dialog', { name: 'Approve version 2?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('Version 2 approved: thank you.')).toBeTruthy();
  expect(calls.at(-1)).toEqual(['ApproveOrderProof', { orderId: 'o1', proofId: 'p2', token: 'link-token' }]);
  await waitFor(() => expect(within(again).getByText(/Approved by guest@keen.test on/)).toBeTruthy());
});

test('a refused text stays in the dialog to fix; the retry sends only the text, not the comment again', async () => {
  const calls: [string, Record<string, unknown>][] = [];
  const { client } = countingClient((name, variables) => {
    calls.push([name, variables]);
    if (name === 'OrderProofs') return { order: order('AwaitingProof', [proof(1, 'Open')]) };
    if (name === 'RequestOrderProofChanges') {
      return { requestOrderProofChanges: order('AwaitingProof', [proof(1, 'ChangesRequested', { comment: variables.comment })]) };
    }
    if (name === 'CorrectOrderEngraving' && String(variables.text).length > 20) {
      return new GraphQLError('Engraving text must be at most 20 characters');
    }
    if (name === 'CorrectOrderEngraving') {
      return { correctOrderEngraving: order('AwaitingProof', [proof(1, 'ChangesRequested')], String(variables.text)) };
    }
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<ProofPage />, { path: '/orders/:id/proof', route: '/orders/o1/proof', client });
  fireEvent.click(await screen.findByRole('button', { name: 'Ask for changes' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByRole('textbox', { name: /What should change/ }), { target: { value: 'Longer, please' } });
  const text = within(dialog).getByRole('textbox', { name: 'Engraving text' });
  fireEvent.change(text, { target: { value: 'A text far longer than the knife allows' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send my changes' }));
  expect(await within(dialog).findByText('Engraving text must be at most 20 characters')).toBeTruthy();
  fireEvent.change(text, { target: { value: 'For Sam and Ana' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send my changes' }));
  expect(await screen.findByText('Thank you: we will send you the next version.')).toBeTruthy();
  expect(calls.filter(([name]) => name !== 'OrderProofs').map(([name, variables]) => [name, variables.text ?? variables.comment])).toEqual([
    ['RequestOrderProofChanges', 'Longer, please'],
    ['CorrectOrderEngraving', 'A text far longer than the knife allows'],
    ['CorrectOrderEngraving', 'For Sam and Ana'],
  ]);
});

test('signed out without the link, the page asks to sign in and reads nothing', async () => {
  const { client, requests } = countingClient(() => {
    throw new Error('nothing should be read');
  });
  renderPage(<ProofPage />, { path: '/orders/:id/proof', route: '/orders/o1/proof', client, auth: authState({ user: null }) });
  expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  expect(requests).toEqual([]);
});
