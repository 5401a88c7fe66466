import { expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addressFixture, dollars, oneVariantFixture, orderFixture, withDelivery } from '../../test/fixtures';
import { holdingClient } from '../../test/holdingClient';
import { renderPage } from '../../test/render';
import PurchasePage from './PurchasePage';

const product = {
  __typename: 'Product',
  id: 'p1',
  name: 'Damascus Chef Knife',
  img: '/images/chef.svg',
  description: 'Folded steel',
  priceFrom: dollars(120),
  quantity: 10,
  minimumQuantity: 2,
  engravable: false,
  engravingMaxLength: 24,
  engravingSurcharge: dollars(0),
  ageRestricted: false,
  minimumAge: null,
  ...oneVariantFixture({ id: 'p1', priceFrom: dollars(120), quantity: 10, img: '/images/chef.svg' }),
};
const me = { __typename: 'User', id: 'u1', name: 'Casey Blade', email: 'casey@keen.test', phone: '5550100' };
const placed = { ...orderFixture('o9', { name: product.name, quantity: 2 }), product: { __typename: 'Product', id: 'p1', quantity: 8 } };

test('Place Order shows progress while the order is sent; a second click or double submit sends nothing more', async () => {
  const { client, sent, release } = holdingClient(['PlaceOrder'], (name) =>
    name === 'PurchasePage'
      ? { ...withDelivery(me, [addressFixture('1', { isDefault: true })]), product, engravingFonts: [] }
      : { placeOrder: placed },
  );
  renderPage(<PurchasePage />, { path: '/purchase/:id', route: '/purchase/p1', client });
  const button = await screen.findByRole('button', { name: 'Place Order' });
  const form = button.closest('form')!;

  act(() => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(button).toBeDisabled();
  expect(within(button).getByRole('progressbar')).toBeInTheDocument();
  fireEvent.click(button);
  fireEvent.submit(form);

  act(() => release());
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/myOrders');
  expect(sent).toEqual(['PlaceOrder']);
});
