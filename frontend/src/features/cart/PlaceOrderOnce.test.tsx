import { beforeEach, expect, test } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cart } from '../../lib/cart';
import { fillUsAddress } from '../../test/delivery';
import { orderFixture, quoteFixture, shippingOptionFixture, userFixture, withDelivery } from '../../test/fixtures';
import { knifeFixture, knifeLineFixture } from '../../test/orderingFixtures';
import { holdingClient, submitTwiceWhileHeld } from '../../test/holdingClient';
import { renderPage } from '../../test/render';
import CheckoutPage from './CheckoutPage';

const line = knifeLineFixture();

beforeEach(() => {
  act(() => cart.clear());
  sessionStorage.clear();
});

test('Place order shows progress while the order is sent; a second click, Enter or double submit sends nothing more', async () => {
  act(() => cart.add(line));
  const { client, sent, release } = holdingClient(['PlaceCartOrder'], (name) => {
    if (name === 'CartProduct') return { product: knifeFixture() };
    // No saved address: the new address's form, whose Address field takes the Enter below.
    if (name === 'CheckoutPage') return withDelivery(userFixture(), [], ['US']);
    if (name === 'OrderQuote') return quoteFixture([shippingOptionFixture('m1', 'Standard', { subtotal: 50, price: 5 })]);
    return { placeOrder: orderFixture('o1') };
  });
  renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout', client });
  const button = await screen.findByRole('button', { name: 'Place order' });
  await fillUsAddress();
  await waitFor(() => expect(button).toBeEnabled());
  const form = screen.getByRole('form', { name: 'Checkout' });

  await submitTwiceWhileHeld(form, button, sent);
  // Enter in the address form sends nothing more either.
  await userEvent.type(screen.getByLabelText('Address'), '{Enter}');
  act(() => release());
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
  expect(sent).toEqual(['PlaceCartOrder']);
});
