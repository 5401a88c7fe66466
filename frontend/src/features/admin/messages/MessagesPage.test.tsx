import { expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countingClient, renderPage } from '../../../test/render';
import MessagesPage from './MessagesPage';

const row = {
  __typename: 'Message',
  id: 'm1',
  kind: 'COMMISSION',
  status: 'NEW',
  name: 'Ada Visitor',
  email: 'ada@example.com',
  message: 'A gyuto with a damascus blade',
  productName: 'Nakiri',
  createdAt: '2026-11-23T10:00:00.000Z',
};
const full = (replies: { text: string }[]) => ({
  ...row,
  status: replies.length ? 'ANSWERED' : 'NEW',
  productId: 'p1',
  budget: { __typename: 'Money', formatted: '$450.00' },
  photos: ['/uploads/0123456789abcdef0123456789abcdef.webp'],
  replies: replies.map((reply, index) => ({
    __typename: 'MessageReply',
    id: `r${index}`,
    repliedBy: 'admin@keen.test',
    createdAt: '2026-11-23T11:00:00.000Z',
    ...reply,
  })),
});

test('lists new messages; opening one shows its photo and budget, and a reply is sent and kept', async () => {
  const replies: { text: string }[] = [];
  const variables: Record<string, unknown>[] = [];
  const { client, requests } = countingClient((name, vars) => {
    variables.push({ name, ...vars });
    if (name === 'AdminMessages') return { messages: { __typename: 'MessageList', totalItems: 1, items: [row] } };
    if (name === 'AdminMessage') return { message: full(replies) };
    if (name === 'ReplyToMessage') {
      replies.push({ text: vars.text as string });
      return { replyToMessage: full(replies) };
    }
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<MessagesPage />, { path: '/dashboard/messages/:id?', route: '/dashboard/messages', client });
  const grid = await screen.findByRole('grid', { name: 'Messages' });
  expect(await within(grid).findByText('A gyuto with a damascus blade')).toBeInTheDocument();
  expect(variables.find((v) => v.name === 'AdminMessages')).toMatchObject({ options: { status: 'NEW' } });

  await userEvent.click(within(grid).getByRole('button', { name: 'Open the message from Ada Visitor' }));
  const dialog = await screen.findByRole('dialog', { name: 'Commission from Ada Visitor' });
  expect(within(dialog).getByRole('img', { name: 'Reference photo 1 from Ada Visitor' })).toBeInTheDocument();
  expect(within(dialog).getByText('Budget: $450.00')).toBeInTheDocument();

  await userEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
  expect(within(dialog).getByText('Reply is Required')).toBeInTheDocument();
  expect(requests).not.toContain('ReplyToMessage');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your reply' }), 'Yes, we can.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
  expect(await screen.findByText('Reply sent to ada@example.com')).toBeInTheDocument();
  expect(within(within(dialog).getByRole('list', { name: 'Replies' })).getByText('Yes, we can.')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Make a custom product' })).toBeInTheDocument();
});
