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

const scheduled = (name: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'ScheduledJob',
  name,
  periodSeconds: 3600,
  lastSuccessAt: '2026-11-23T09:00:00.000Z',
  lastFailureAt: null,
  lastError: null,
  consecutiveFailures: 0,
  nextRunAt: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

const show = (client: ReturnType<typeof countingClient>['client']) =>
  renderPage(<BackgroundJobsPage />, { path: '/dashboard/jobs', route: '/dashboard/jobs', client });

test('lists failed jobs; Retry takes the job off the list from the answer, without fetching the list again', async () => {
  const mail = job('j1', 'mail.send', 'SMTP server refused the connection');
  const webhook = job('j2', 'outbox.deliver', 'receiver answered 500');
  const { client, requests } = countingClient((name) => {
    if (name === 'FailedJobs') return { failedJobs: [mail, webhook] };
    if (name === 'ScheduledJobs') return { scheduledJobs: [] };
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
  expect(requests.filter((name) => name !== 'ScheduledJobs')).toEqual(['FailedJobs', 'RetryJob']);
});

test('says so when nothing failed', async () => {
  const { client } = countingClient((name) => (name === 'FailedJobs' ? { failedJobs: [] } : { scheduledJobs: [] }));
  show(client);
  expect(await screen.findByText(/No failed jobs/)).toBeInTheDocument();
  expect(await screen.findByText('No recurring jobs yet.')).toBeInTheDocument();
});

test('lists the recurring jobs: a failing one with its error and failures in a row, a healthy one with its last success', async () => {
  const { client } = countingClient((name) => {
    if (name === 'FailedJobs') return { failedJobs: [] };
    if (name === 'ScheduledJobs')
      return {
        scheduledJobs: [
          scheduled('orders.expire-holds', { periodSeconds: 60 }),
          scheduled('uploads.clean-up', {
            lastFailureAt: '2026-11-23T09:30:00.000Z',
            lastError: 'the bucket is unreachable',
            consecutiveFailures: 2,
          }),
          scheduled('outbox.prune', { lastSuccessAt: null, nextRunAt: null }),
        ],
      };
    throw new Error(`unexpected ${name}`);
  });
  show(client);
  const table = await screen.findByRole('table', { name: 'Recurring jobs' });
  const [, expiry, uploads, prune] = within(table).getAllByRole('row');
  expect(expiry).toHaveTextContent('orders.expire-holds');
  expect(expiry).toHaveTextContent('every 1 min');
  expect(within(expiry).getByText('OK')).toBeInTheDocument();
  expect(expiry).toHaveTextContent(new Date('2026-11-23T09:00:00.000Z').toLocaleString());
  expect(uploads).toHaveTextContent('every 1 h');
  expect(within(uploads).getByText('Failing (2 in a row)')).toBeInTheDocument();
  expect(within(uploads).getByText('the bucket is unreachable')).toBeInTheDocument();
  expect(uploads).toHaveTextContent(new Date('2026-11-23T09:30:00.000Z').toLocaleString());
  expect(within(prune).getByText('Not run yet')).toBeInTheDocument();
});
