import { expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countingClient, renderPage } from '../../test/render';
import WebhooksPage from './WebhooksPage';

const endpoint = (id: string, url: string, events: string[]) => ({
  __typename: 'WebhookEndpoint',
  id,
  url,
  events,
  enabled: true,
  createdAt: '2026-11-23T10:00:00.000Z',
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
