import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { totalsRows } from '../../test/delivery';
import { addressFixture, orderFixture, quoteFixture, shippingAddressOf, shippingOptionFixture, withDelivery } from '../../test/fixtures';
import { chefKnifeFixture as product, customerFixture as me } from '../../test/orderingFixtures';
import { countingClient, renderPage } from '../../test/render';
import PurchasePage from './PurchasePage';

const home = addressFixture('1', { isDefault: true });
const saoPaulo = addressFixture('2', {
  line1: 'Avenida Paulista 1000',
  city: 'São Paulo',
  region: null,
  postalCode: '01310-100',
  country: 'BR',
});
const placed = { ...orderFixture('o9', { name: product.name, quantity: 3 }), product: { __typename: 'Product', id: 'p1', quantity: 7 } };

/** The purchase page's server, shipping to the US only ($5 Standard, 8% tax on the lines); records what it is asked. */
function shop(addresses: unknown[]) {
  const asked: Record<string, Record<string, unknown>[]> = { OrderQuote: [], PlaceOrder: [] };
  const counting = countingClient((name, variables) => {
    const input = variables.input as { lines: { quantity: number }[]; address: { country: string } };
    if (name in asked) asked[name].push(input);
    if (name === 'PurchasePage') return { ...withDelivery(me, addresses, ['US']), product, engravingFonts: [] };
    if (name === 'OrderQuote') {
      if (input.address.country !== 'US') return new GraphQLError("We don't ship to Brazil yet");
      const subtotal = input.lines[0].quantity * 120;
      return quoteFixture([shippingOptionFixture('standard', 'Standard', { subtotal, price: 5, tax: subtotal * 0.08 })]);
    }
    if (name === 'PlaceOrder') return { placeOrder: placed };
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<PurchasePage />, { path: '/purchase/:id', route: '/purchase/p1', client: counting.client });
  return { ...counting, asked };
}

const placeOrderButton = () => screen.getByRole('button', { name: 'Place Order' });

test('the default address is priced for the quantity; the totals follow it; Place Order sends the address and the method', async () => {
  const { asked } = shop([home]);
  expect(await screen.findByRole('radio', { name: 'Standard, 2–4 days, $5.00' })).toBeChecked();
  expect(screen.getByRole('radio', { name: /1 Market St/ })).toBeChecked();
  expect(totalsRows()).toEqual(['Subtotal: $240.00', 'Shipping – Standard: $5.00', 'Tax: $19.20', 'Total: $264.20']);

  fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '3' } });
  await waitFor(() => expect(totalsRows()).toContain('Total: $393.80'));
  expect(asked.OrderQuote.map((input) => input.lines)).toEqual([[{ productId: 'p1', quantity: 2 }], [{ productId: 'p1', quantity: 3 }]]);

  fireEvent.click(placeOrderButton());
  expect(await screen.findByText('Order Placed')).toBeInTheDocument();
  expect(asked.PlaceOrder).toEqual([
    {
      phone: '+1 415 555 0100',
      shippingAddress: shippingAddressOf(home),
      shippingMethodId: 'standard',
      lines: [{ productId: 'p1', quantity: 3 }],
      idempotencyKey: expect.any(String),
    },
  ]);
});

test("an address no zone covers shows the server's refusal and Place Order is disabled", async () => {
  const { asked } = shop([saoPaulo]);
  expect(await screen.findByText("We don't ship to Brazil yet")).toBeInTheDocument();
  expect(placeOrderButton()).toBeDisabled();
  expect(screen.getByText('Subtotal: $240.00')).toBeInTheDocument();
  expect(asked.PlaceOrder).toEqual([]);
});

test('without a saved address, Place Order shows what the address lacks and sends nothing', async () => {
  const { requests } = shop([]);
  expect(await screen.findByRole('combobox', { name: 'Country' })).toHaveValue('United States');
  expect(screen.getByText('Enter the delivery address to see the shipping options.')).toBeInTheDocument();
  fireEvent.click(placeOrderButton());
  for (const message of ['Address is Required', 'City is Required', 'State is Required', 'ZIP code is Required'])
    expect(await screen.findByText(message)).toBeInTheDocument();
  expect(requests).toEqual(['PurchasePage']);
});
