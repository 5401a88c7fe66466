import { beforeEach, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigationType } from 'react-router-dom';
import type { MockLink } from '@apollo/client/testing';
import { addressFixture, inputWithAnyKey, orderFixture, shippingAddressOf, withDelivery } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { customerFixture as me } from '../../test/orderingFixtures';
import { santokuProduct } from '../../test/variantFixtures';
import { cart } from '../../lib/cart';
import { PlaceOrderMutation, PurchasePageQuery } from './operations';
import PurchasePage from './PurchasePage';

const home = addressFixture('1', { isDefault: true });
const pageMock = {
  request: { query: PurchasePageQuery, variables: { id: 's1' } },
  result: { data: { ...withDelivery(me, [home]), product: santokuProduct(), engravingFonts: [] } },
};

/** Where the router is, and whether it got there by replacing the entry. */
function UrlProbe() {
  const location = useLocation();
  return (
    <output data-testid="url" data-navigation={useNavigationType()}>
      {location.search}
    </output>
  );
}

const renderPurchase = (route: string, mocks: MockLink.MockedResponse[] = [pageMock]) =>
  renderPage(
    <>
      <PurchasePage />
      <UrlProbe />
    </>,
    { path: '/purchase/:id', route, mocks },
  );

const group = (name: string) => screen.getByRole('radiogroup', { name });
const radio = (groupName: string, name: string | RegExp) => within(group(groupName)).getByRole('radio', { name });
const url = () => screen.getByTestId('url');

beforeEach(() => act(() => cart.clear()));

test('a shared link opens its variant; price, stock and photo follow each choice, and the URL is replaced, not pushed', async () => {
  renderPurchase('/purchase/s1?variant=v18-ebony');
  expect(await screen.findByRole('radiogroup', { name: 'Blade length' })).toBeInTheDocument();
  expect(radio('Blade length', '18 cm')).toBeChecked();
  expect(radio('Handle', 'Ebony')).toBeChecked();
  expect(screen.getByLabelText(/^Price/)).toHaveValue('$150.00');
  expect(screen.getByLabelText(/^Stock/)).toHaveValue('2');
  expect(screen.getByRole('img', { name: 'Engraved Santoku, 18 cm / Ebony' })).toHaveAttribute('src', '/uploads/ebony.webp');
  // 16 cm has no stock in either handle: shown, disabled, "Out of stock".
  expect(radio('Blade length', '16 cm Out of stock')).toBeDisabled();
  expect(radio('Blade length', '18 cm')).toBeEnabled();

  await userEvent.click(radio('Handle', 'Walnut'));
  expect(url()).toHaveTextContent('?variant=v18-walnut');
  expect(url()).toHaveAttribute('data-navigation', 'REPLACE');
  expect(screen.getByLabelText(/^Price/)).toHaveValue('$130.00');
  expect(screen.getByLabelText(/^Stock/)).toHaveValue('4');
  // Its photo falls back to the product's (the server fills img in).
  expect(screen.getByRole('img', { name: 'Engraved Santoku, 18 cm / Walnut' })).toHaveAttribute('src', '/images/santoku.svg');
  expect(screen.getByText('Total: $130.00')).toBeInTheDocument();
});

test('without a link the page starts on the first variant in stock and writes nothing to the URL', async () => {
  renderPurchase('/purchase/s1');
  expect(await screen.findByRole('radiogroup', { name: 'Handle' })).toBeInTheDocument();
  expect(radio('Blade length', '18 cm')).toBeChecked();
  expect(radio('Handle', 'Walnut')).toBeChecked();
  expect(url()).toHaveTextContent(/^$/);
});

test('the arrows move within a group and skip the sold-out value', async () => {
  renderPurchase('/purchase/s1');
  await screen.findByRole('radiogroup', { name: 'Blade length' });
  radio('Blade length', '18 cm').focus();
  await userEvent.keyboard('{ArrowRight}');
  expect(radio('Blade length', /^Made to measure/)).toBeChecked();
  expect(url()).toHaveTextContent('?variant=vmm-walnut');
  await userEvent.keyboard('{ArrowRight}');
  // 16 cm is disabled: the arrow wraps past it to 18 cm.
  expect(radio('Blade length', '18 cm')).toBeChecked();
  expect(radio('Blade length', '18 cm')).toHaveFocus();
});

test('made to measure: a measure field with its bounds and surcharge, checked here in the server words before anything is sent', async () => {
  const input = {
    phone: '+1 415 555 0100',
    shippingAddress: shippingAddressOf(home),
    lines: [{ productId: 's1', variantId: 'vmm-walnut', customValue: 23.5, quantity: 1 }],
  };
  const placed = { ...orderFixture('o9'), product: { __typename: 'Product', id: 's1', quantity: 15 } };
  renderPurchase('/purchase/s1', [
    pageMock,
    { request: { query: PlaceOrderMutation, variables: inputWithAnyKey(input) }, result: { data: { placeOrder: placed } } },
  ]);
  await screen.findByRole('radiogroup', { name: 'Blade length' });
  expect(screen.queryByLabelText(/^Blade length \(cm\)/)).not.toBeInTheDocument();

  await userEvent.click(radio('Blade length', 'Made to measure (+$40.00)'));
  const measure = screen.getByLabelText(/^Blade length \(cm\)/);
  expect(measure).toHaveAttribute('min', '12');
  expect(measure).toHaveAttribute('max', '30');
  expect(screen.getByText('From 12 to 30 cm, made to measure: +$40.00')).toBeInTheDocument();
  // The variant's $160.00 and the $40.00 for measuring.
  expect(screen.getByLabelText(/^Price/)).toHaveValue('$200.00');

  fireEvent.change(measure, { target: { value: '31' } });
  fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
  const message = 'Enter a blade length from 12 to 30 cm for Engraved Santoku';
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(measure).toHaveAttribute('aria-invalid', 'true');
  // Nor does the cart take it.
  fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Engraved Santoku, Made to measure / Walnut' }));
  expect(cart.lines()).toEqual([]);

  fireEvent.change(measure, { target: { value: '23.5' } });
  await waitFor(() => expect(measure).toHaveAttribute('aria-invalid', 'false'));
  fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
  expect(await screen.findByText('Order Placed')).toBeInTheDocument();
});

test('Add to cart takes the chosen variant: its id, its name with the measure, its unit price and photo', async () => {
  renderPurchase('/purchase/s1?variant=vmm-ebony');
  await screen.findByRole('radiogroup', { name: 'Blade length' });
  fireEvent.change(screen.getByLabelText(/^Blade length \(cm\)/), { target: { value: '23.5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Engraved Santoku, Made to measure / Ebony' }));
  await userEvent.click(radio('Blade length', '18 cm'));
  fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Engraved Santoku, 18 cm / Ebony' }));
  expect(cart.lines()).toEqual([
    {
      productId: 's1',
      variantId: 'vmm-ebony',
      variantName: '23.5 cm / Ebony',
      customValue: 23.5,
      quantity: 1,
      engraving: null,
      seen: {
        name: 'Engraved Santoku',
        img: '/images/santoku.svg',
        unitAmount: 22000,
        engravingAmount: 0,
        currency: 'USD',
        minimumQuantity: 1,
        stock: 5,
      },
    },
    {
      productId: 's1',
      variantId: 'v18-ebony',
      variantName: '18 cm / Ebony',
      quantity: 1,
      engraving: null,
      seen: {
        name: 'Engraved Santoku',
        img: '/uploads/ebony.webp',
        unitAmount: 15000,
        engravingAmount: 0,
        currency: 'USD',
        minimumQuantity: 1,
        stock: 2,
      },
    },
  ]);
});
