import { afterEach, beforeEach, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { cart } from '../../lib/cart';
import { knowShop } from '../../lib/money';
import { MyAddressesQuery } from '../../operations/addresses';
import { fillUsAddress, totalsRows } from '../../test/delivery';
import {
  addressFixture,
  orderFixture,
  quoteFixture,
  shippingAddressOf,
  shippingOptionFixture,
  userFixture,
  withDelivery,
} from '../../test/fixtures';
import { knifeFixture, knifeLineFixture } from '../../test/orderingFixtures';
import { countingClient, renderPage } from '../../test/render';
import CheckoutPage from './CheckoutPage';

const knife = knifeFixture();
/** Two knives at $50: a $100.00 subtotal. */
const line = knifeLineFixture('k1', { quantity: 2 });
const lines = [{ productId: 'k1', quantity: 2 }];

const work = addressFixture('2', { line1: '2 Mission St', createdAt: '2026-11-21T10:00:00.000Z' });
const home = addressFixture('1', { isDefault: true });
const london = addressFixture('3', {
  line1: '10 Downing Street',
  city: 'London',
  region: null,
  postalCode: 'SW1A 2AA',
  country: 'GB',
  phone: '+44 20 7946 0000',
});

/** Express is listed first but dearer: Standard is the one preselected. US prices carry no sales tax here. */
const usOptions = [
  shippingOptionFixture('express', 'Express', { price: 15, minDays: 1, maxDays: 1 }),
  shippingOptionFixture('standard', 'Standard', { price: 5 }),
];

interface Shop {
  addresses?: unknown[];
  countries?: string[];
  /** The options for a country; a country left out is refused as the server refuses it. */
  options?: Record<string, unknown[]>;
  saveFails?: boolean;
  /** Why the zone's other methods are not offered, as orderQuote says. */
  notOffered?: string[];
}

/** The checkout's server: records what shippingOptions, placeOrder and saveAddress are asked. */
function shop({
  addresses = [work, home],
  countries = ['US', 'GB'],
  options = { US: usOptions },
  saveFails = false,
  notOffered = [],
}: Shop = {}) {
  const asked: Record<string, Record<string, unknown>[]> = { OrderQuote: [], PlaceCartOrder: [], SaveAddress: [] };
  const counting = countingClient((name, variables) => {
    if (name in asked) asked[name].push(variables.input as Record<string, unknown>);
    switch (name) {
      case 'CartProduct':
        return { product: knife };
      case 'CheckoutPage':
        return withDelivery(userFixture(), addresses, countries);
      case 'OrderQuote': {
        const { country } = (variables.input as { address: { country: string } }).address;
        const names: Record<string, string> = { BR: 'Brazil' };
        return options[country]
          ? quoteFixture(options[country], { notOffered })
          : new GraphQLError(`We don't ship to ${names[country]} yet`);
      }
      case 'PlaceCartOrder':
        return { placeOrder: orderFixture('o1') };
      case 'SaveAddress':
        return saveFails
          ? new GraphQLError('You can keep at most 20 addresses')
          : { saveAddress: { ...addressFixture('saved'), ...(variables.input as object) } };
    }
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout', client: counting.client });
  return { ...counting, asked };
}

const placeOrderButton = () => screen.getByRole('button', { name: 'Place order' });
const radios = (group: string) => within(screen.getByRole('radiogroup', { name: group }));

beforeEach(() => {
  act(() => cart.clear());
  act(() => cart.add(line));
  sessionStorage.clear();
});
const US_SHOP = { currency: 'USD', locale: 'en-US', country: 'US', pricesIncludeTax: false };
afterEach(() => knowShop(US_SHOP));

test('the default address is preselected and priced once; the cheapest method is preselected; a choice changes the total and is ordered', async () => {
  const { asked, requests } = shop();
  const standard = await screen.findByRole('radio', { name: 'Standard, 2–4 days, $5.00' });
  expect(
    radios('Deliver to').getByRole('radio', { name: 'Casey Blade 1 Market St, San Francisco, CA 94103, United States' }),
  ).toBeChecked();
  expect(radios('Deliver to').getByRole('radio', { name: /2 Mission St/ })).not.toBeChecked();
  expect(radios('Deliver to').getByRole('radio', { name: 'New address' })).not.toBeChecked();
  expect(asked.OrderQuote).toEqual([{ lines, address: shippingAddressOf(home) }]);
  expect(standard).toBeChecked();
  expect(radios('Shipping method').getByRole('radio', { name: 'Express, 1 day, $15.00' })).not.toBeChecked();
  // No tax charged (prices without tax, none due here): no tax line at all.
  expect(totalsRows()).toEqual(['Subtotal: $100.00', 'Shipping – Standard: $5.00', 'Total: $105.00']);

  await userEvent.click(radios('Shipping method').getByRole('radio', { name: /^Express/ }));
  expect(totalsRows()).toEqual(['Subtotal: $100.00', 'Shipping – Express: $15.00', 'Total: $115.00']);
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  await userEvent.click(placeOrderButton());
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
  expect(asked.PlaceCartOrder).toEqual([
    {
      phone: '+1 415 555 0100',
      shippingAddress: shippingAddressOf(home),
      shippingMethodId: 'express',
      lines,
      idempotencyKey: expect.any(String),
    },
  ]);
  // The method's choice asked nothing again, and a saved address is not saved again.
  expect(requests.filter((name) => name === 'OrderQuote')).toHaveLength(1);
  expect(asked.SaveAddress).toEqual([]);
});

test('another saved address is priced for its own country: tax is its own line when prices exclude it', async () => {
  const { asked } = shop({
    addresses: [home, london],
    options: { US: usOptions, GB: [shippingOptionFixture('uk', 'Royal Mail', { price: 4, tax: 20.8 })] },
  });
  await screen.findByRole('radio', { name: /^Standard/ });
  await userEvent.click(radios('Deliver to').getByRole('radio', { name: /10 Downing Street/ }));
  expect(await screen.findByRole('radio', { name: 'Royal Mail, 2–4 days, $4.00' })).toBeChecked();
  expect(totalsRows()).toEqual(['Subtotal: $100.00', 'Shipping – Royal Mail: $4.00', 'Tax: $20.80', 'Total: $124.80']);
  expect(asked.OrderQuote.map((input) => (input.address as { country: string }).country)).toEqual(['US', 'GB']);
});

test('with tax-inclusive prices the VAT is shown inside the total ("incl."), not added to it; free shipping says Free', async () => {
  knowShop({ ...US_SHOP, pricesIncludeTax: true });
  shop({
    addresses: [london],
    options: { GB: [shippingOptionFixture('uk', 'Royal Mail', { price: 0, tax: 16.67, total: 100 })] },
  });
  expect(await screen.findByRole('radio', { name: 'Royal Mail, 2–4 days, Free' })).toBeChecked();
  expect(totalsRows()).toEqual(['Subtotal: $100.00', 'Shipping – Royal Mail: Free', 'Total: $100.00', 'incl. $16.67 VAT']);
  expect(screen.queryByText(/^Tax/)).not.toBeInTheDocument();
});

test('a new address: the shop country preselected, nothing priced until it is valid, and "Save this address" saves it after the order into the cached book', async () => {
  const { client, asked, requests } = shop({ addresses: [], countries: ['GB', 'US'] });
  // No saved address: the form alone, under its legend, with the profile's name and phone.
  expect(await screen.findByRole('group', { name: 'Deliver to' })).toBeInTheDocument();
  expect(screen.queryByRole('radiogroup', { name: 'Deliver to' })).not.toBeInTheDocument();
  const country = screen.getByRole('combobox', { name: 'Country' });
  expect(country).toHaveValue('United States');
  expect(screen.getByLabelText('Full name')).toHaveValue('Casey Blade');
  expect(screen.getByLabelText('Phone')).toHaveValue('5550100');
  // The shipping countries come first.
  fireEvent.focus(country);
  fireEvent.change(country, { target: { value: 'united' } });
  const options = within(await screen.findByRole('listbox')).getAllByRole('option');
  expect(options.slice(0, 3).map((option) => option.textContent)).toEqual(['United Kingdom', 'United States', 'United Arab Emirates']);
  fireEvent.keyDown(country, { key: 'Escape' });
  fireEvent.blur(country);
  expect(country).toHaveValue('United States');

  await fillUsAddress({ 'ZIP code': '9410' });
  expect(screen.getByText('Enter the delivery address to see the shipping options.')).toBeInTheDocument();
  expect(placeOrderButton()).toBeDisabled();
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(asked.OrderQuote).toEqual([]);

  await fillUsAddress();
  await screen.findByRole('radio', { name: /^Standard/ });
  const address = {
    name: 'Casey Blade',
    line1: '500 Market St',
    line2: null,
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94103',
    country: 'US',
    phone: '+14155550100',
  };
  expect(asked.OrderQuote).toEqual([{ lines, address }]);

  await userEvent.click(screen.getByRole('checkbox', { name: 'Save this address' }));
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  await userEvent.click(placeOrderButton());
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
  expect(asked.PlaceCartOrder).toEqual([
    { phone: '+14155550100', shippingAddress: address, shippingMethodId: 'standard', lines, idempotencyKey: expect.any(String) },
  ]);
  expect(asked.SaveAddress).toEqual([address]);
  // The book in the cache has it, and was not fetched again.
  const book = client.cache.readQuery({ query: MyAddressesQuery });
  expect(book?.me?.addresses.map((saved) => saved.line1)).toEqual(['500 Market St']);
  expect(requests).not.toContain('MyAddresses');
});

test('an address that cannot be saved loses nothing of the order, and says so', async () => {
  const { asked } = shop({ addresses: [], saveFails: true });
  await screen.findByRole('group', { name: 'Deliver to' });
  await fillUsAddress();
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Save this address' }));
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  await userEvent.click(placeOrderButton());
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
  expect(
    screen.getByText('Your order is placed, but the address could not be saved: You can keep at most 20 addresses'),
  ).toBeInTheDocument();
  expect(asked.PlaceCartOrder).toHaveLength(1);
  expect(cart.lines()).toEqual([]);
});

test("a country no zone covers shows the server's refusal by the delivery and Place order stays disabled", async () => {
  const { asked } = shop({ addresses: [home] });
  await screen.findByRole('radio', { name: /^Standard/ });
  await userEvent.click(radios('Deliver to').getByRole('radio', { name: 'New address' }));
  const country = screen.getByRole('combobox', { name: 'Country' });
  fireEvent.focus(country);
  fireEvent.change(country, { target: { value: 'Brazil' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Brazil' }));
  // Brazil's fields once its metadata is in: a state from the list, and a Brazilian phone.
  await screen.findByRole('combobox', { name: 'State' });
  for (const [label, value] of [
    ['Address', 'Avenida Paulista 1000'],
    ['City', 'São Paulo'],
    ['State', 'SP'],
    ['Postcode', '01310-100'],
    ['Phone', '11 5555 0100'],
  ])
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  expect(await screen.findByText("We don't ship to Brazil yet")).toBeInTheDocument();
  expect(screen.queryByRole('radiogroup', { name: 'Shipping method' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Order totals' })).not.toBeInTheDocument();
  expect(placeOrderButton()).toBeDisabled();
  expect(asked.PlaceCartOrder).toEqual([]);

  // Back to the saved address: priced again (from the cache), and orderable.
  await userEvent.click(radios('Deliver to').getByRole('radio', { name: /1 Market St/ }));
  await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  expect(screen.queryByText("We don't ship to Brazil yet")).not.toBeInTheDocument();
});

test('a method the cart is too heavy for is not offered, and the checkout says why', async () => {
  shop({ options: { US: [usOptions[1]] }, notOffered: ['Too heavy for Express: at most 2 kg'] });
  expect(await screen.findByRole('radio', { name: 'Standard, 2–4 days, $5.00' })).toBeChecked();
  expect(radios('Shipping method').queryByRole('radio', { name: /^Express/ })).not.toBeInTheDocument();
  expect(screen.getByText('Too heavy for Express: at most 2 kg')).toBeInTheDocument();
});
