import { beforeEach, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cart, type CartLine } from '../../lib/cart';
import { fillUsAddress } from '../../test/delivery';
import { dollars, oneVariantFixture, orderFixture, shippingOptionFixture, userFixture, withDelivery } from '../../test/fixtures';
import { holdingClient } from '../../test/holdingClient';
import { renderPage } from '../../test/render';
import CheckoutPage from './CheckoutPage';

const fields = {
  __typename: 'Product',
  id: 'k1',
  name: 'Knife k1',
  img: '/images/k.svg',
  description: '',
  priceFrom: dollars(50),
  quantity: 9,
  minimumQuantity: 1,
  engravable: false,
  engravingMaxLength: 24,
  engravingSurcharge: dollars(0),
  ageRestricted: false,
  minimumAge: null,
};
const line: CartLine = {
  productId: 'k1',
  quantity: 1,
  engraving: null,
  seen: { name: 'Knife k1', img: '/images/k.svg', unitAmount: 5000, engravingAmount: 0, currency: 'USD', minimumQuantity: 1, stock: 9 },
};

beforeEach(() => {
  act(() => cart.clear());
  sessionStorage.clear();
});

test('Place order shows progress while the order is sent; a second click, Enter or double submit sends nothing more', async () => {
  act(() => cart.add(line));
  const { client, sent, release } = holdingClient(['PlaceCartOrder'], (name) => {
    if (name === 'CartProduct') return { product: { ...fields, ...oneVariantFixture(fields) } };
    // No saved address: the new address's form, whose Address field takes the Enter below.
    if (name === 'CheckoutPage') return withDelivery(userFixture(), [], ['US']);
    if (name === 'ShippingOptions') return { shippingOptions: [shippingOptionFixture('m1', 'Standard', { subtotal: 50, price: 5 })] };
    return { placeOrder: orderFixture('o1') };
  });
  renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout', client });
  const button = await screen.findByRole('button', { name: 'Place order' });
  fillUsAddress();
  await waitFor(() => expect(button).toBeEnabled());
  const form = screen.getByRole('form', { name: 'Checkout' });

  // Two submits before React renders again: only the first goes.
  act(() => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(button).toBeDisabled();
  expect(within(button).getByRole('progressbar')).toBeInTheDocument();

  fireEvent.click(button);
  await userEvent.type(screen.getByLabelText('Address'), '{Enter}');
  fireEvent.submit(form);
  act(() => release());
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
  expect(sent).toEqual(['PlaceCartOrder']);
});
