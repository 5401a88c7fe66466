import { beforeEach, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cart } from '../../lib/cart';
import { fillUsAddress } from '../../test/delivery';
import { ageVerificationFixture, orderFixture, quoteFixture, shippingOptionFixture } from '../../test/fixtures';
import { knifeFixture, knifeLineFixture } from '../../test/orderingFixtures';
import { authState, countingClient, renderPage } from '../../test/render';
import CheckoutPage from './CheckoutPage';

beforeEach(() => {
  act(() => cart.clear());
  sessionStorage.clear();
});

/** A signed-out checkout of one knife; `restricted` makes it age-restricted. Records what placeOrder and verifyAge were sent. */
function renderGuestCheckout(restricted = false) {
  const sent: Record<string, Record<string, unknown>> = {};
  act(() => cart.add(knifeLineFixture()));
  const { client, requests } = countingClient((name, variables) => {
    sent[name] = variables;
    if (name === 'CartProduct') return { product: knifeFixture('k1', { ageRestricted: restricted }) };
    if (name === 'CheckoutPage') return { me: null, shippingCountries: ['US'] };
    if (name === 'OrderQuote') return quoteFixture([shippingOptionFixture('m1', 'Standard', { subtotal: 50, price: 5 })]);
    if (name === 'VerifyAge')
      return {
        verifyAge: ageVerificationFixture(
          (variables.input as { fullName: string }).fullName === 'Needs Document' ? 'NEEDS_DOCUMENT' : 'PASSED',
          {
            id: 'guest-check',
          },
        ),
      };
    if (name === 'SubmitAgeDocument') return { submitAgeDocument: ageVerificationFixture('PASSED', { id: 'guest-check' }) };
    return { placeOrder: { ...orderFixture('o1'), guest: true, guestToken: 'link-token' } };
  });
  renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout', client, auth: authState({ user: null }) });
  return { sent, requests };
}

function fillGuest(email: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Gift Buyer' } });
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Gift Buyer' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+1 415 555 0100' } });
  fillUsAddress();
}

test('signed out, the checkout is a guest’s: their e-mail and name go as input.guest, and the order page is its link', async () => {
  const { sent, requests } = renderGuestCheckout();
  expect(await screen.findByText(/Checking out as a guest/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute('href', '/login');
  expect(screen.queryByLabelText('Discount code')).not.toBeInTheDocument();
  const button = await screen.findByRole('button', { name: 'Place order' });

  // A bad address is caught before anything is sent.
  fillGuest('not an address');
  await waitFor(() => expect(button).toBeEnabled());
  expect(screen.queryByLabelText('Save this address')).not.toBeInTheDocument();
  await userEvent.click(button);
  expect(await screen.findByText('Enter a valid email')).toBeInTheDocument();
  expect(requests).not.toContain('PlaceCartOrder');

  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: ' gift@keen.test ' } });
  await userEvent.click(button);
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders/o1'));
  expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?token=link-token');
  const input = sent.PlaceCartOrder.input as { guest: unknown };
  expect(input.guest).toEqual({ email: 'gift@keen.test', name: 'Gift Buyer', ageCheckId: null });
});

test('an age-restricted cart: the guest’s check is for their address and its pass is named by the order', async () => {
  const { sent } = renderGuestCheckout(true);
  const button = await screen.findByRole('button', { name: 'Place order' });
  fillGuest('adult@keen.test');
  const step = await screen.findByRole('region', { name: 'Age check' });
  fireEvent.change(within(step).getByLabelText('Name as on your ID'), { target: { value: 'Gift Buyer' } });
  fireEvent.change(within(step).getByLabelText('Date of birth'), { target: { value: '1990-04-01' } });
  await userEvent.click(within(step).getByRole('button', { name: 'Confirm my age' }));
  expect(await within(step).findByText('Age confirmed')).toBeInTheDocument();
  expect(sent.VerifyAge.guestEmail).toBe('adult@keen.test');
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders/o1'));
  expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?token=link-token');
  expect((sent.PlaceCartOrder.input as { guest: unknown }).guest).toEqual({
    email: 'adult@keen.test',
    name: 'Gift Buyer',
    ageCheckId: 'guest-check',
  });
});

test('a guest whose check asks for a document sends it with the e-mail address of the check', async () => {
  const { sent } = renderGuestCheckout(true);
  await screen.findByRole('button', { name: 'Place order' });
  fillGuest('documented@keen.test');
  const step = await screen.findByRole('region', { name: 'Age check' });
  fireEvent.change(within(step).getByLabelText('Name as on your ID'), { target: { value: 'Needs Document' } });
  fireEvent.change(within(step).getByLabelText('Date of birth'), { target: { value: '1990-04-01' } });
  await userEvent.click(within(step).getByRole('button', { name: 'Confirm my age' }));
  await userEvent.click(await within(step).findByRole('button', { name: 'Submit document' }));
  expect(await within(step).findByText('Age confirmed')).toBeInTheDocument();
  expect(sent.SubmitAgeDocument).toEqual({ input: { document: 'test_document_adult' }, guestEmail: 'documented@keen.test' });
});
