import { beforeEach, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { GIFT_MESSAGE } from '@keen/rules';
import { cart } from '../../lib/cart';
import { addressFixture, orderFixture, quoteFixture, shippingOptionFixture, userFixture, withDelivery } from '../../test/fixtures';
import { knifeFixture, knifeLineFixture } from '../../test/orderingFixtures';
import { countingClient, renderPage } from '../../test/render';
import CheckoutPage from './CheckoutPage';

const home = addressFixture('1', { isDefault: true });
const standard = shippingOptionFixture('standard', 'Standard', { price: 5 });

/** The checkout's server; answers what placeOrder was sent. */
function shop() {
  const placed: Record<string, unknown>[] = [];
  const counting = countingClient((name, variables) => {
    switch (name) {
      case 'CartProduct':
        return { product: knifeFixture() };
      case 'CheckoutPage':
        return withDelivery(userFixture(), [home], ['US']);
      case 'OrderQuote':
        return quoteFixture([standard]);
      case 'PlaceCartOrder':
        placed.push(variables.input as Record<string, unknown>);
        return { placeOrder: orderFixture('o1') };
    }
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout', client: counting.client });
  return placed;
}

async function placeOrder() {
  await screen.findByRole('radio', { name: 'Standard, 2–4 days, $5.00' });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
  fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
}

beforeEach(() => {
  act(() => cart.clear());
  act(() => cart.add(knifeLineFixture('k1')));
  sessionStorage.clear();
});

test('the gift message counts its characters; both texts are sent trimmed with the order', async () => {
  const placed = shop();
  const gift = await screen.findByRole('textbox', { name: 'Gift message (optional)' });
  fireEvent.change(gift, { target: { value: '  Happy birthday, Sam  ' } });
  expect(screen.getByText(/23 \/ 300$/)).toBeInTheDocument();
  fireEvent.change(screen.getByRole('textbox', { name: 'Note to the workshop (optional)' }), { target: { value: 'Gift wrap, please' } });
  await placeOrder();
  await waitFor(() => expect(placed).toHaveLength(1));
  expect(placed[0]).toMatchObject({ giftMessage: 'Happy birthday, Sam', workshopNote: 'Gift wrap, please' });
});

test('left blank, neither is sent', async () => {
  const placed = shop();
  fireEvent.change(await screen.findByRole('textbox', { name: 'Gift message (optional)' }), { target: { value: '   ' } });
  await placeOrder();
  await waitFor(() => expect(placed).toHaveLength(1));
  expect(placed[0]).not.toHaveProperty('giftMessage');
  expect(placed[0]).not.toHaveProperty('workshopNote');
});

test("a gift message over its limit says so in the server's words and places nothing", async () => {
  const placed = shop();
  const gift = await screen.findByRole('textbox', { name: 'Gift message (optional)' });
  fireEvent.change(gift, { target: { value: 'x'.repeat(GIFT_MESSAGE.maxLength + 1) } });
  expect(gift).toHaveAccessibleDescription('Gift message must be at most 300 characters · 301 / 300');
  expect(gift).toHaveAttribute('aria-invalid', 'true');
  await placeOrder();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(placed).toEqual([]);
});
