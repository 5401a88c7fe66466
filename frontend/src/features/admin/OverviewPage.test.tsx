import { afterEach, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { forgetOverview } from '../../lib/listCache';
import { countingClient, renderPage } from '../../test/render';
import OverviewPage, { OVERVIEW_FRESH_MS } from './OverviewPage';

const overview = {
  __typename: 'Overview',
  days: [{ __typename: 'DailySales', day: '2026-11-22', revenue: 120, orders: 2 }],
  paidOrders: 3,
  unpaidOrders: 1,
  lowStockProducts: [{ __typename: 'Product', id: 'p1', name: 'Bowie Knife', quantity: 1, minimumQuantity: 2 }],
  unitsByProduct: [
    { __typename: 'ProductUnits', productId: 'p2', name: 'Chef Knife', units: 12 },
    { __typename: 'ProductUnits', productId: null, name: 'Retired Nakiri', units: 7 },
    { __typename: 'ProductUnits', productId: 'p1', name: 'Bowie Knife', units: 1 },
  ],
};

function overviewClient(answer: typeof overview = overview) {
  return countingClient((name) => {
    if (name === 'Overview') return { overview: answer };
    throw new Error(`unexpected ${name}`);
  });
}

const show = (client: ReturnType<typeof overviewClient>['client']) =>
  renderPage(<OverviewPage />, { path: '/dashboard/overview', route: '/dashboard/overview', client });

afterEach(() => vi.restoreAllMocks());

test('a second visit while the overview is fresh reads the cache; a stale one, or one an order change made here forgot, fetches again', async () => {
  const start = Date.now() + 10 * OVERVIEW_FRESH_MS;
  vi.spyOn(Date, 'now').mockReturnValue(start);
  const { client, requests } = overviewClient();

  const first = show(client);
  expect(await screen.findByText(/Revenue per day, last 30 days \(\$120 in all\)/)).toBeInTheDocument();
  first.unmount();
  expect(requests).toEqual(['Overview']);

  vi.spyOn(Date, 'now').mockReturnValue(start + OVERVIEW_FRESH_MS - 1);
  const second = show(client);
  expect(await screen.findByText(/\$120 in all/)).toBeInTheDocument();
  second.unmount();
  expect(requests).toEqual(['Overview']);

  forgetOverview(client.cache);
  const afterChange = show(client);
  expect(await screen.findByText(/\$120 in all/)).toBeInTheDocument();
  afterChange.unmount();
  expect(requests).toEqual(['Overview', 'Overview']);

  vi.spyOn(Date, 'now').mockReturnValue(start + 3 * OVERVIEW_FRESH_MS);
  show(client);
  expect(await screen.findByText(/\$120 in all/)).toBeInTheDocument();
  expect(requests).toEqual(['Overview', 'Overview', 'Overview']);
});

test('units sold by product: one row per product, in the order the server ranks them, a deleted product said so', async () => {
  show(overviewClient().client);
  const list = await screen.findByRole('list', { name: 'Units sold by product, last 30 days' });
  const rows = within(list).getAllByRole('listitem');
  expect(rows.map((row) => row.textContent)).toEqual([
    'Chef Knife12 units',
    'Retired Nakiri7 units, product deleted since',
    'Bowie Knife1 unit',
  ]);
  expect(screen.queryByText('No units sold in the last 30 days.')).not.toBeInTheDocument();
});

test('units sold by product: with nothing sold, the card says so instead of an empty list', async () => {
  show(overviewClient({ ...overview, unitsByProduct: [] }).client);
  expect(await screen.findByRole('heading', { name: 'Units sold by product, last 30 days' })).toBeInTheDocument();
  expect(screen.getByText('No units sold in the last 30 days.')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Units sold by product, last 30 days' })).not.toBeInTheDocument();
});
