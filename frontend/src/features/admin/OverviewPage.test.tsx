import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { forgetOverview } from '../../lib/listCache';
import { countingClient, renderPage } from '../../test/render';
import { dollars } from '../../test/fixtures';
import OverviewPage, { OVERVIEW_FRESH_MS } from './OverviewPage';

const overview = {
  __typename: 'Overview',
  days: [{ __typename: 'DailySales', day: '2026-11-22', sales: dollars(120), orders: 2 }],
  paidOrders: 3,
  unpaidOrders: 1,
  lowStockVariants: [
    {
      __typename: 'LowStockVariant',
      variantId: 'v1',
      name: 'Bowie Knife',
      variantName: '' as string,
      sku: 'BOWIE-KNIFE',
      quantity: 1,
      minimumQuantity: 2,
    },
    {
      __typename: 'LowStockVariant',
      variantId: 'v5',
      name: 'Santoku',
      variantName: '21 cm / Ebony',
      sku: 'SANTOKU-21-CM-EBONY',
      quantity: 0,
      minimumQuantity: 1,
    },
  ],
  unitsByProduct: [
    { __typename: 'ProductUnits', productId: 'p2', name: 'Chef Knife', units: 12 },
    { __typename: 'ProductUnits', productId: null, name: 'Retired Nakiri', units: 7 },
    { __typename: 'ProductUnits', productId: 'p1', name: 'Bowie Knife', units: 1 },
  ],
  unitsByVariant: [
    { __typename: 'VariantUnits', variantId: 'v2', name: 'Chef Knife', variantName: null as string | null, sku: 'CHEF-KNIFE', units: 12 },
    { __typename: 'VariantUnits', variantId: 'v3', name: 'Santoku', variantName: '18 cm / Walnut', sku: 'SANTOKU-18-CM-WALNUT', units: 4 },
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
  expect(await screen.findByText(/Revenue per day, last 30 days \(\$120.00 in all\)/)).toBeInTheDocument();
  first.unmount();
  expect(requests).toEqual(['Overview']);

  vi.spyOn(Date, 'now').mockReturnValue(start + OVERVIEW_FRESH_MS - 1);
  const second = show(client);
  expect(await screen.findByText(/\$120.00 in all/)).toBeInTheDocument();
  second.unmount();
  expect(requests).toEqual(['Overview']);

  forgetOverview(client.cache);
  const afterChange = show(client);
  expect(await screen.findByText(/\$120.00 in all/)).toBeInTheDocument();
  afterChange.unmount();
  expect(requests).toEqual(['Overview', 'Overview']);

  vi.spyOn(Date, 'now').mockReturnValue(start + 3 * OVERVIEW_FRESH_MS);
  show(client);
  expect(await screen.findByText(/\$120.00 in all/)).toBeInTheDocument();
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

test('low stock is per variant, each named with its variant and SKU', async () => {
  show(overviewClient().client);
  expect(await screen.findByRole('heading', { name: 'Low stock (2)' })).toBeInTheDocument();
  expect(screen.getByText('BOWIE-KNIFE: 1 in stock, minimum 2').previousSibling).toHaveTextContent(/^Bowie Knife$/);
  expect(screen.getByText('Santoku, 21 cm / Ebony')).toBeInTheDocument();
});

test('units sold by variant are listed once a product has variants; a shop without any shows only the product list', async () => {
  show(overviewClient().client);
  const list = await screen.findByRole('list', { name: 'Units sold by variant, last 30 days' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent),
  ).toEqual(['Chef Knife12 units, SKU CHEF-KNIFE', 'Santoku, 18 cm / Walnut4 units, SKU SANTOKU-18-CM-WALNUT']);
  cleanup();
  show(overviewClient({ ...overview, unitsByVariant: [overview.unitsByVariant[0]] }).client);
  expect(await screen.findByRole('list', { name: 'Units sold by product, last 30 days' })).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Units sold by variant, last 30 days' })).not.toBeInTheDocument();
});
