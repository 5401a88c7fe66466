import { expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { bladedArticleNotice } from '@keen/rules';
import { lineFixture, orderFixture, postalAddressFixture, SHEFFIELD } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { PackingSlipQuery } from './operations';
import PackingSlipPage from './PackingSlipPage';

const UK_ADDRESS = postalAddressFixture({ line1: '1 Forge Lane', ...SHEFFIELD });

const slipOrder = (id: string, overrides: Record<string, unknown> = {}) =>
  orderFixture(id, {
    address: 'Casey Blade, 1 Forge Lane, Sheffield, S1 2HE, United Kingdom',
    phone: '+44 114 496 0000',
    shippingAddress: UK_ADDRESS,
    shippingMethodName: 'Tracked 48',
    lines: [
      {
        ...lineFixture(`${id}-1`, { name: 'Engraved Santoku', img: '', quantity: 1, price: 150, totalPrice: 150, engraving: null }),
        variantName: '18 cm / Walnut',
        sku: 'SANTOKU-18-WALNUT',
      },
      lineFixture(`${id}-2`, { name: 'Honing Rod', img: '', quantity: 2, price: 20, totalPrice: 40, engraving: null }),
    ],
    ...overrides,
  });

function showSlip(order: ReturnType<typeof orderFixture>) {
  renderPage(<PackingSlipPage />, {
    path: '/packingSlip/:id',
    route: `/packingSlip/${order.id}`,
    mocks: [
      {
        request: { query: PackingSlipQuery, variables: { id: order.id } },
        result: { data: { order, shop: { __typename: 'ShopInfo', name: 'Keen' } } },
      },
    ],
  });
}

test("an age-restricted order's packing slip carries the parcel notice in large type, with the shop, order, address and lines", async () => {
  const notice = bladedArticleNotice(18);
  showSlip(slipOrder('0a1b2c3d-0000-4000-8000-000000000001', { ageRestricted: true, minimumAge: 18, parcelNotice: notice }));
  expect(await screen.findByRole('heading', { name: 'Packing slip', level: 1 })).toBeInTheDocument();
  expect(screen.getByText('Keen')).toBeInTheDocument();
  expect(screen.getByText(/Order #0a1b2c3d/)).toBeInTheDocument();
  expect(screen.getByRole('note', { name: 'Parcel notice' })).toHaveTextContent(
    'Contains a bladed article. Deliver only into the hands of a person aged 18 or over.',
  );
  const shipTo = screen.getByRole('group', { name: 'Ship to' });
  expect(shipTo).toHaveTextContent('1 Forge Lane');
  expect(shipTo).toHaveTextContent('S1 2HE');
  expect(shipTo).toHaveTextContent('United Kingdom');
  const lines = within(screen.getByRole('table', { name: 'Packing list' }))
    .getAllByRole('row')
    .slice(1);
  expect(lines.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
    ['Engraved Santoku', '18 cm / Walnut', 'SANTOKU-18-WALNUT', '1'],
    ['Honing Rod', '-', '-', '2'],
  ]);
  expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
});

test("another order's packing slip has no parcel notice", async () => {
  showSlip(slipOrder('0a1b2c3d-0000-4000-8000-000000000002'));
  expect(await screen.findByRole('heading', { name: 'Packing slip', level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Packing list' })).toBeInTheDocument();
  expect(screen.queryByRole('note', { name: 'Parcel notice' })).not.toBeInTheDocument();
  expect(screen.queryByText(/bladed article/)).not.toBeInTheDocument();
});

test('an order placed before structured addresses ships to its address as text', async () => {
  showSlip(slipOrder('0a1b2c3d-0000-4000-8000-000000000003', { shippingAddress: null }));
  const shipTo = await screen.findByRole('group', { name: 'Ship to' });
  expect(shipTo).toHaveTextContent('Casey Blade, 1 Forge Lane, Sheffield, S1 2HE, United Kingdom');
  expect(shipTo).toHaveTextContent('+44 114 496 0000');
});

test("a parcel within the shop's country (US in the tests) is addressed without the country's name, in the US format", async () => {
  showSlip(slipOrder('0a1b2c3d-0000-4000-8000-000000000004', { shippingAddress: postalAddressFixture({ line1: '1 Market St' }) }));
  const shipTo = await screen.findByRole('group', { name: 'Ship to' });
  await waitFor(() =>
    expect([...shipTo.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Casey Blade',
      '1 Market St',
      'San Francisco, CA 94103',
      '(415) 555-0100',
    ]),
  );
});
