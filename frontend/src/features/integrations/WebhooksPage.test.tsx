import { expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countingClient, renderPage } from '../../test/render';
import WebhooksPage from './WebhooksPage';

const endpoint = (id: string, url: string, events: string[], overrides: Record<string, unknown> = {}) => ({
  __typename: 'WebhookEndpoint',
  id,
  url,
  events,
  enabled: true,
  failingSince: null,
  consecutiveFailures: 0,
  createdBy: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

const failing = () =>
  endpoint('w1', 'https://down.example/hooks', ['order.paid'], {
    failingSince: '2026-11-24T08:00:00.000Z',
    consecutiveFailures: 20,
    createdBy: 'admin@keen.test',
  });

const show = (client: ReturnType<typeof countingClient>['client']) =>
  renderPage(<WebhooksPage />, { path: '/dashboard/webhooks', route: '/dashboard/webhooks', client });

test(
  'adds an endpoint: URL and an event are required, the secret is shown once, the endpoint joins the list',
  { timeout: 60_000 },
  async () => {
    const { client, requests } = countingClient((name, variables) => {
      if (name === 'WebhookEndpoints') return { webhookEndpoints: [endpoint('w1', 'https://old.example/hooks', ['order.paid'])] };
      if (name === 'CreateWebhookEndpoint') {
        const { input } = variables as { input: { url: string; events: string[] } };
        return {
          createWebhookEndpoint: {
            __typename: 'CreatedWebhookEndpoint',
            secret: 'whsec_new',
            endpoint: endpoint('w2', input.url, input.events),
          },
        };
      }
      throw new Error(`unexpected ${name}`);
    });
    show(client);
    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });

    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'Add endpoint' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('URL is Required');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'URL' }), '  https://new.example/hooks ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose at least one event');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'order.shipped' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByDisplayValue('whsec_new')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await within(table).findByText('https://new.example/hooks')).toBeInTheDocument();
    expect(within(table).getByText('order.shipped')).toBeInTheDocument();
    expect(requests).toEqual(['WebhookEndpoints', 'CreateWebhookEndpoint']);
  },
);

test('deleting asks first, then removes the row from the cache', async () => {
  const { client, requests } = countingClient((name) => {
    if (name === 'WebhookEndpoints') return { webhookEndpoints: [endpoint('w1', 'https://old.example/hooks', ['order.paid'])] };
    if (name === 'DeleteWebhookEndpoint') return { deleteWebhookEndpoint: 'w1' };
    throw new Error(`unexpected ${name}`);
  });
  show(client);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete the endpoint https://old.example/hooks' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete this endpoint?' });
  expect(dialog).toHaveTextContent('https://old.example/hooks receives nothing more');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Endpoint deleted')).toBeInTheDocument();
  expect(await screen.findByText('No endpoints yet.')).toBeInTheDocument();
  expect(requests).toEqual(['WebhookEndpoints', 'DeleteWebhookEndpoint']);
});

test('shows who created each endpoint, and a failing one as Failing with Resume; Resume makes it Active again', async () => {
  const { client, requests } = countingClient((name, variables) => {
    if (name === 'WebhookEndpoints')
      return { webhookEndpoints: [failing(), endpoint('w2', 'https://old.example/hooks', ['order.paid'], { enabled: false })] };
    if (name === 'ResumeWebhookEndpoint') {
      expect(variables).toEqual({ id: 'w1' });
      return { resumeWebhookEndpoint: { ...failing(), failingSince: null, consecutiveFailures: 0 } };
    }
    throw new Error(`unexpected ${name}`);
  });
  show(client);
  const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
  const [, down, old] = within(table).getAllByRole('row');
  expect(within(down).getByText('Created by admin@keen.test')).toBeInTheDocument();
  expect(within(down).getByText('Failing')).toBeInTheDocument();
  expect(within(old).getByText('Disabled')).toBeInTheDocument();
  expect(within(old).queryByText(/Created by/)).not.toBeInTheDocument();
  expect(within(old).queryByRole('button', { name: /Resume/ })).not.toBeInTheDocument();
  // A disabled endpoint cannot be tested.
  expect(within(old).getByRole('button', { name: 'Send a test event to https://old.example/hooks' })).toBeDisabled();

  await userEvent.click(within(down).getByRole('button', { name: 'Resume https://down.example/hooks' }));
  expect(await screen.findByText('Endpoint resumed')).toBeInTheDocument();
  expect(await within(down).findByText('Active')).toBeInTheDocument();
  expect(within(down).queryByText('Failing')).not.toBeInTheDocument();
  expect(within(down).queryByRole('button', { name: /Resume/ })).not.toBeInTheDocument();
  expect(requests).toEqual(['WebhookEndpoints', 'ResumeWebhookEndpoint']);
});

test('Send test: a delivered ping says so and the list is read again (the endpoint is no longer Failing); a failed one says why', async () => {
  let resumed = false;
  let answer = 503;
  const { client, requests } = countingClient((name, variables) => {
    if (name === 'WebhookEndpoints')
      return { webhookEndpoints: [resumed ? { ...failing(), failingSince: null, consecutiveFailures: 0 } : failing()] };
    if (name === 'SendTestWebhook') {
      expect(variables).toEqual({ endpointId: 'w1' });
      const delivered = answer === 200;
      resumed = delivered;
      return {
        sendTestWebhook: {
          __typename: 'WebhookDelivery',
          id: `d${requests.length}`,
          status: delivered ? 'delivered' : 'failed',
          statusCode: answer,
          error: delivered ? null : `Answered ${answer}`,
        },
      };
    }
    throw new Error(`unexpected ${name}`);
  });
  show(client);
  const button = await screen.findByRole('button', { name: 'Send a test event to https://down.example/hooks' });
  await userEvent.click(button);
  expect(await screen.findByText('The test was not delivered: Answered 503')).toBeInTheDocument();
  expect(screen.getByText('Failing')).toBeInTheDocument();

  answer = 200;
  await userEvent.click(button);
  expect(await screen.findByText('Test delivered')).toBeInTheDocument();
  expect(await screen.findByText('Active')).toBeInTheDocument();
  expect(requests).toEqual(['WebhookEndpoints', 'SendTestWebhook', 'WebhookEndpoints', 'SendTestWebhook', 'WebhookEndpoints']);
});

test('the delivery log shows why a delivery ended: cancelled, "Endpoint disabled"', async () => {
  const { client } = countingClient((name) => {
    if (name === 'WebhookEndpoints')
      return { webhookEndpoints: [endpoint('w1', 'https://old.example/hooks', ['order.paid'], { enabled: false })] };
    if (name === 'WebhookDeliveries')
      return {
        webhookDeliveries: [
          {
            __typename: 'WebhookDelivery',
            id: 'd1',
            event: 'order.paid',
            status: 'cancelled',
            attempts: 1,
            statusCode: 500,
            durationMs: 12,
            error: 'Endpoint disabled',
            nextRetryAt: null,
            deliveredAt: null,
            createdAt: '2026-11-23T10:00:00.000Z',
          },
        ],
      };
    throw new Error(`unexpected ${name}`);
  });
  show(client);
  await userEvent.click(await screen.findByRole('button', { name: 'Deliveries' }));
  const log = await screen.findByRole('table', { name: 'Deliveries' });
  const [, row] = within(log).getAllByRole('row');
  expect(row).toHaveTextContent('cancelled');
  expect(within(row).getByText('Endpoint disabled')).toBeInTheDocument();
  expect(row).toHaveTextContent('500');
});
