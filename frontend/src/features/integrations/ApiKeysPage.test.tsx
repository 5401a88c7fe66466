import { expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dateTime } from '../../lib/dates';
import { countingClient, renderPage } from '../../test/render';
import ApiKeysPage from './ApiKeysPage';

const key = (
  id: string,
  name: string,
  scopes: string[],
  {
    revokedAt = null,
    createdAt = '2026-11-23T10:00:00.000Z',
    lastUsedAt = null,
  }: Partial<Record<'revokedAt' | 'createdAt' | 'lastUsedAt', string | null>> = {},
) => ({
  __typename: 'ApiKey',
  id,
  name,
  prefix: 'keen_sk_AbCd',
  scopes,
  createdAt,
  createdBy: 'admin@keen.test',
  lastUsedAt,
  revokedAt,
});

/** The grid's rows, top to bottom, by key id. */
const rowIds = (grid: HTMLElement) => [...grid.querySelectorAll('[role="row"][data-id]')].map((row) => row.getAttribute('data-id'));
const cellOf = (id: string, field: string) =>
  document.querySelector(`[role="row"][data-id="${id}"] [role="gridcell"][data-field="${field}"]`);

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
  const table = await screen.findByRole('grid', { name: 'API keys' });
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
  expect(rowIds(table)).toEqual(['k2', 'k1']);
  expect(cellOf('k2', 'scopes')).toHaveTextContent(/^catalog:read$/);
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
  const revoke = await screen.findByRole('button', { name: 'Revoke the API key Old sync' });
  // The keyboard reaches Revoke: Tab from "Create API key" passes the grid's headings, then the row's button.
  screen.getByRole('button', { name: 'Create API key' }).focus();
  for (let tabs = 0; tabs < 5 && document.activeElement !== revoke; tabs++) await userEvent.tab();
  expect(revoke).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Revoke the API key Old sync?' });
  // Cancelling revokes nothing.
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(requests).toEqual(['ApiKeys']);

  await userEvent.click(screen.getByRole('button', { name: 'Revoke the API key Old sync' }));
  const again = screen.getByRole('dialog', { name: 'Revoke the API key Old sync?' });
  await userEvent.click(within(again).getByRole('button', { name: 'Revoke' }));
  expect(await screen.findByText('API key Old sync revoked')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Revoke the API key Old sync' })).not.toBeInTheDocument();
  expect(cellOf('k1', 'revokedAt')).toHaveTextContent(dateTime('2026-11-23T12:00:00.000Z'));
  expect(requests).toEqual(['ApiKeys', 'RevokeApiKey']);
});

test("the grid shows each key's name, prefix, scopes, dates, creator and revocation, and sorts by created and last used", async () => {
  const keys = [
    key('k3', 'Newest', ['catalog:read', 'orders:read'], { createdAt: '2026-11-23T10:00:00.000Z', lastUsedAt: '2026-11-23T11:00:00.000Z' }),
    key('k2', 'Middle', ['reports:read'], { createdAt: '2026-11-22T10:00:00.000Z', revokedAt: '2026-11-22T18:30:00.000Z' }),
    key('k1', 'Oldest', ['users:read'], { createdAt: '2026-11-21T10:00:00.000Z', lastUsedAt: '2026-11-23T12:00:00.000Z' }),
  ];
  const { client, requests } = countingClient((name) => {
    if (name === 'ApiKeys') return { apiKeys: keys };
    throw new Error(`unexpected ${name}`);
  });
  show(client);
  const grid = await screen.findByRole('grid', { name: 'API keys' });
  await within(grid).findByText('Newest');
  const headers = within(grid).getAllByRole('columnheader');
  expect(headers.map((header) => header.textContent)).toEqual([
    'Name',
    'Key',
    'Scopes',
    'Created',
    'Last used',
    'Created by',
    'Revoked',
    'Actions',
  ]);

  // The server's order (newest first) until a heading is chosen.
  expect(rowIds(grid)).toEqual(['k3', 'k2', 'k1']);
  expect(cellOf('k3', 'prefix')).toHaveTextContent('keen_sk_AbCd…');
  expect(
    within(cellOf('k3', 'scopes') as HTMLElement)
      .getAllByText(/:read$/)
      .map((chip) => chip.textContent),
  ).toEqual(['catalog:read', 'orders:read']);
  expect(cellOf('k3', 'createdAt')).toHaveTextContent(dateTime('2026-11-23T10:00:00.000Z'));
  expect(cellOf('k3', 'lastUsedAt')).toHaveTextContent(dateTime('2026-11-23T11:00:00.000Z'));
  expect(cellOf('k2', 'lastUsedAt')).toHaveTextContent('Never');
  expect(cellOf('k3', 'createdBy')).toHaveTextContent('admin@keen.test');
  expect(cellOf('k3', 'revokedAt')).toHaveTextContent(/^$/);
  expect(cellOf('k2', 'revokedAt')).toHaveTextContent(dateTime('2026-11-22T18:30:00.000Z'));
  // A revoked key takes no Revoke; the others do.
  expect(within(cellOf('k2', 'actions') as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
  expect(within(cellOf('k1', 'actions') as HTMLElement).getByRole('button', { name: 'Revoke the API key Oldest' })).toBeInTheDocument();

  const heading = (name: string) => headers.find((header) => header.textContent === name)!;
  await userEvent.click(heading('Created'));
  expect(heading('Created')).toHaveAttribute('aria-sort', 'ascending');
  expect(rowIds(grid)).toEqual(['k1', 'k2', 'k3']);
  await userEvent.click(heading('Created'));
  expect(heading('Created')).toHaveAttribute('aria-sort', 'descending');
  expect(rowIds(grid)).toEqual(['k3', 'k2', 'k1']);

  // By the keyboard too: Enter on a focused heading sorts by it. A key never used comes first, then by time.
  heading('Last used').focus();
  await userEvent.keyboard('{Enter}');
  expect(heading('Last used')).toHaveAttribute('aria-sort', 'ascending');
  expect(rowIds(grid)).toEqual(['k2', 'k3', 'k1']);
  await userEvent.keyboard('{Enter}');
  expect(rowIds(grid)).toEqual(['k1', 'k3', 'k2']);

  // Columns without an order take no sort.
  await userEvent.click(heading('Scopes'));
  expect(heading('Scopes')).not.toHaveAttribute('aria-sort', 'ascending');
  expect(rowIds(grid)).toEqual(['k1', 'k3', 'k2']);
  expect(requests).toEqual(['ApiKeys']);
});
