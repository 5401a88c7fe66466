import { beforeEach, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { cart } from '../../lib/cart';
import { addressFixture, orderFixture, quoteFixture, shippingOptionFixture, userFixture, withDelivery } from '../../test/fixtures';
import { knifeFixture, knifeLineFixture } from '../../test/orderingFixtures';
import { countingClient, renderPage } from '../../test/render';
import CheckoutPage from './CheckoutPage';

const berlin = addressFixture('1', {
  isDefault: true,
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  region: null,
  postalCode: '10117',
  country: 'DE',
  phone: '+49 30 1234567',
});
const standard = shippingOptionFixture('standard', 'Standard', { price: 5 });

/** The checkout's server for a customer whose address is `address`; answers what the quote and placeOrder were sent. */
function shop(address: ReturnType<typeof addressFixture>) {
  const placed: Record<string, unknown>[] = [];
  const quoted: Record<string, unknown>[] = [];
  const counting = countingClient((name, variables) => {
    switch (name) {
      case 'CartProduct':
        return { product: knifeFixture() };
      case 'CheckoutPage':
        return withDelivery(userFixture(), [address], ['DE', 'US']);
      case 'OrderQuote':
        quoted.push(variables.input as Record<string, unknown>);
        return quoteFixture([standard]);
      case 'PlaceCartOrder':
        placed.push(variables.input as Record<string, unknown>);
        return { placeOrder: orderFixture('o1') };
    }
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout', client: counting.client });
  return { placed, quoted };
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

test("an EU address offers the VAT number field; a number in the wrong format is refused in the server's words and nothing is placed", async () => {
  const { placed } = shop(berlin);
  const field = await screen.findByRole('textbox', { name: 'VAT number (business buyers)' });
  fireEvent.change(field, { target: { value: 'FR12345678901' } });
  fireEvent.blur(field);
  expect(field).toHaveAccessibleDescription('Enter a VAT number for Germany, like DE123456789');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  await placeOrder();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(placed).toEqual([]);
});

test('a valid number is quoted and sent with the order, normalised', async () => {
  const { placed, quoted } = shop(berlin);
  fireEvent.change(await screen.findByRole('textbox', { name: 'VAT number (business buyers)' }), { target: { value: 'de 123 456 789' } });
  await waitFor(() => expect(quoted.some((input) => input.vatNumber === 'DE123456789')).toBe(true));
  await placeOrder();
  await waitFor(() => expect(placed).toHaveLength(1));
  expect(placed[0]).toMatchObject({ vatNumber: 'DE123456789' });
});

test('a US address shows no VAT number field and sends none', async () => {
  const { placed } = shop(addressFixture('1', { isDefault: true }));
  await placeOrder();
  await waitFor(() => expect(placed).toHaveLength(1));
  expect(screen.queryByRole('textbox', { name: 'VAT number (business buyers)' })).toBeNull();
  expect(placed[0]).not.toHaveProperty('vatNumber');
});
