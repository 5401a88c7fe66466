import { expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countingClient, renderPage } from '../../test/render';
import BackgroundJobsPage from './BackgroundJobsPage';

const job = (id: string, queue: string, lastError: string) => ({
  __typename: 'FailedJob',
  id,
  queue,
  state: 'failed',
  attempts: 11,
  lastError,
  createdAt: '2026-11-23T10:00:00.000Z',
  failedAt: '2026-11-23T11:00:00.000Z',
});

const show = (client: ReturnType<typeof countingClient>['client']) =>
  renderPage(<BackgroundJobsPage />, { path: '/dashboard/jobs', route: '/dashboard/jobs', client });

test('lists failed jobs; Retry takes the job off the list from the answer, without fetching the list again', async () => {
  const mail = job('j1', 'mail.send', 'SMTP server refused the connection');
  const webhook = job('j2', 'outbox.deliver', 'receiver answered 500');
  const { client, requests } = countingClient((name) => {
    if (name === 'FailedJobs') return { failedJobs: [mail, webhook] };
    if (name === 'RetryJob') return { retryJob: [webhook] };
    throw new Error(`unexpected ${name}`);
  });
  show(client);
  const table = await screen.findByRole('table', { name: 'Failed background jobs' });
  expect(within(table).getByText('SMTP server refused the connection')).toBeInTheDocument();
  expect(within(table).getAllByRole('row')).toHaveLength(3);

  await userEvent.click(screen.getByRole('button', { name: 'Retry the mail.send job' }));
  expect(await screen.findByText('Job on mail.send queued again')).toBeInTheDocument();
  expect(within(table).queryByText('SMTP server refused the connection')).not.toBeInTheDocument();
  expect(within(table).getByText('receiver answered 500')).toBeInTheDocument();
  expect(requests).toEqual(['FailedJobs', 'RetryJob']);
});

test('says so when nothing failed', async () => {
  const { client } = countingClient(() => ({ failedJobs: [] }));
  show(client);
  expect(await screen.findByText(/No failed jobs/)).toBeInTheDocument();
});
