import { expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { lineFixture, orderFixture } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { GiftSlipQuery } from './operations';
import GiftSlipPage from './GiftSlipPage';

function showSlip(giftMessage: string | null) {
  const order = orderFixture('0a1b2c3d-0000-4000-8000-000000000009', {
    giftMessage,
    lines: [
      {
        ...lineFixture('l1', { name: 'Engraved Santoku', img: '', quantity: 1, price: 150, totalPrice: 150, engraving: null }),
        variantName: '18 cm / Walnut',
      },
      lineFixture('l2', { name: 'Honing Rod', img: '', quantity: 2, price: 20, totalPrice: 40, engraving: null }),
    ],
  });
  renderPage(<GiftSlipPage />, {
    path: '/giftSlip/:id',
    route: `/giftSlip/${order.id}`,
    mocks: [
      {
        request: { query: GiftSlipQuery, variables: { id: order.id } },
        result: { data: { order, shop: { __typename: 'ShopInfo', name: 'Keen' } } },
      },
    ],
  });
}

test('the gift slip prints the gift message and what is in the parcel, with no price anywhere', async () => {
  showSlip('Happy birthday, Sam!\nFrom Ada');
  expect(await screen.findByRole('heading', { name: 'Gift slip', level: 1 })).toBeInTheDocument();
  expect(screen.getByText('Order #0a1b2c3d')).toBeInTheDocument();
  expect(screen.getByRole('note', { name: 'Gift message' })).toHaveTextContent('Happy birthday, Sam! From Ada');
  const rows = within(screen.getByRole('table', { name: 'Gift contents' }))
    .getAllByRole('row')
    .slice(1);
  expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
    ['Engraved Santoku, 18 cm / Walnut', '1'],
    ['Honing Rod', '2'],
  ]);
  expect(document.body.textContent).not.toMatch(/\$|150|40\.00/);
  expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
});

test('an order without a gift message has nothing to print', async () => {
  showSlip(null);
  expect(await screen.findByRole('alert')).toHaveTextContent('This order has no gift message.');
  expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
});
