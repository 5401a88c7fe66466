import { beforeEach, expect, test } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { of, throwError } from 'rxjs';
import { createCache } from '../../lib/apollo';
import { cart } from '../../lib/cart';
import { addressFixture, orderFixture, shippingAddressOf, userFixture, withDelivery } from '../../test/fixtures';
import { knifeFixture, knifeLineFixture } from '../../test/orderingFixtures';
import { renderPage } from '../../test/render';
import CheckoutPage from './CheckoutPage';

const knife = knifeFixture();
const line = knifeLineFixture();

const home = addressFixture('1', { isDefault: true });
const work = addressFixture('2', { line1: '2 Other Road' });

/** A shop without shipping zones whose network fails the next `failures` orders; it records every order's input. */
function shop(failures: number) {
  const sent: { shippingAddress: object; idempotencyKey: string }[] = [];
  const link = new ApolloLink((operation) => {
    if (operation.operationName === 'CartProduct') return of({ data: { product: knife } });
    if (operation.operationName === 'CheckoutPage') return of({ data: withDelivery(userFixture(), [home, work]) });
    sent.push(operation.variables.input as (typeof sent)[number]);
    if (failures-- > 0) return throwError(() => new Error('Failed to fetch'));
    return of({ data: { placeOrder: orderFixture('o1') } });
  });
  return { client: new ApolloClient({ link, cache: createCache() }), sent };
}

async function placeOrder() {
  const button = await screen.findByRole('button', { name: 'Place order' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}

beforeEach(() => {
  act(() => cart.clear());
  sessionStorage.clear();
});

test('a submit retried after a network error sends the same key; the next checkout sends a new one', async () => {
  act(() => cart.add(line));
  const { client, sent } = shop(1);
  renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout', client });
  await placeOrder();
  expect(await screen.findByText('Failed to fetch')).toBeInTheDocument();
  await placeOrder();
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
  expect(sent).toHaveLength(2);
  expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);
  expect(sent[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

  // The order was placed: the same cart again is a new attempt.
  cleanup();
  act(() => cart.add(line));
  renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout', client });
  await placeOrder();
  await waitFor(() => expect(sent).toHaveLength(3));
  expect(sent[2].idempotencyKey).not.toBe(sent[0].idempotencyKey);
});

test('after a reload mid-request the same checkout sends the same key; a changed address sends a new one', async () => {
  act(() => cart.add(line));
  const { client, sent } = shop(2);
  renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout', client });
  await placeOrder();
  await waitFor(() => expect(sent).toHaveLength(1));
  // A reload: the page is made afresh, the cart and this tab's session survive.
  cleanup();
  renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout', client });
  await placeOrder();
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);

  await userEvent.click(screen.getByRole('radio', { name: /2 Other Road/ }));
  await placeOrder();
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
  expect(sent[0]).toMatchObject({ shippingAddress: shippingAddressOf(home) });
  expect(sent[2]).toMatchObject({ shippingAddress: shippingAddressOf(work) });
  expect(sent[2].idempotencyKey).not.toBe(sent[0].idempotencyKey);
});
