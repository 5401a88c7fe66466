import { expect, test } from 'vitest';
import { act, screen } from '@testing-library/react';
import { addressFixture, orderFixture, withDelivery } from '../../test/fixtures';
import { chefKnifeFixture as product, customerFixture as me } from '../../test/orderingFixtures';
import { holdingClient, submitTwiceWhileHeld } from '../../test/holdingClient';
import { renderPage } from '../../test/render';
import PurchasePage from './PurchasePage';

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

  await submitTwiceWhileHeld(form, button, sent);

  act(() => release());
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/myOrders');
  expect(sent).toEqual(['PlaceOrder']);
});
