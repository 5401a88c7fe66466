import { expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countingClient, renderPage } from '../../test/render';
import ApiKeysPage from './ApiKeysPage';

const key = (id: string, name: string, scopes: string[], revokedAt: string | null = null) => ({
  __typename: 'ApiKey',
  id,
  name,
  prefix: 'keen_sk_AbCd',
  scopes,
  createdAt: '2026-11-23T10:00:00.000Z',
  createdBy: 'admin@keen.test',
  lastUsedAt: null,
  revokedAt,
});

const show = (client: ReturnType<typeof countingClient>['client']) =>
  renderPage(<ApiKeysPage />, { path: '/dashboard/apiKeys', route: '/dashboard/apiKeys', client });

test('creates a key: the secret is shown once, the new key joins the list without fetching it again', { timeout: 60_000 }, async () => {
  const existing = key('k1', 'Old sync', ['orders:read']);
  const { client, requests } = countingClient((name, variables) => {
    if (name === 'ApiKeys') return { apiKeys: [existing] };
    if (name === 'CreateApiKey') {
      const { input } = variables as { input: { name: string; scopes: string[] } };
      return { createApiKey: { __typename: 'CreatedApiKey', secret: 'keen_sk_AbCdsecret', apiKey: key('k2', input.name, input.scopes) } };
    }
    throw new Error(`unexpected ${name}`);
  });
  show(client);
  const table = await screen.findByRole('table', { name: 'API keys' });
  expect(within(table).getByText('Old sync')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Warehouse');
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one scope');
  await userEvent.click(screen.getByRole('checkbox', { name: 'catalog:read' }));
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));

  expect(await screen.findByDisplayValue('keen_sk_AbCdsecret')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Done' }));
  expect(await within(table).findByText('Warehouse')).toBeInTheDocument();
  expect(screen.queryByDisplayValue('keen_sk_AbCdsecret')).not.toBeInTheDocument();
  expect(requests).toEqual(['ApiKeys', 'CreateApiKey']);
});

test('revoking asks first, then marks the row revoked from the answer', async () => {
  const { client, requests } = countingClient((name) => {
    if (name === 'ApiKeys') return { apiKeys: [key('k1', 'Old sync', ['orders:read'])] };
    if (name === 'RevokeApiKey') return { revokeApiKey: { __typename: 'ApiKey', id: 'k1', revokedAt: '2026-11-23T12:00:00.000Z' } };
    throw new Error(`unexpected ${name}`);
  });
  show(client);
  await userEvent.click(await screen.findByRole('button', { name: 'Revoke the API key Old sync' }));
  const dialog = screen.getByRole('dialog', { name: 'Revoke the API key Old sync?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
  expect(await screen.findByText('API key Old sync revoked')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Revoke the API key Old sync' })).not.toBeInTheDocument();
  expect(requests).toEqual(['ApiKeys', 'RevokeApiKey']);
});
