// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ConfirmPaymentMutation } from './operations';
import StripeCardForm from './StripeCardForm';

// Stripe.js itself is Stripe's: the test stands in for it and checks what Keen asks of it.
const stripe = vi.hoisted(() => ({ confirmPayment: vi.fn() }));
const elements = vi.hoisted(() => ({ kind: 'elements' }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: async () => stripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ options, children }: { options: { clientSecret: string }; children: ReactNode }) => (
    <div data-testid="elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => stripe,
  useElements: () => elements,
}));

afterEach(() => {
  cleanup();
  stripe.confirmPayment.mockReset();
});

const ORDER_ID = 'a1b2c3d4-0000-4000-8000-000000000001';

function renderForm(mocks: MockLink.MockedResponse[], clientSecret: string | null, onPaid = vi.fn()) {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={['/dashboard/payment/x']}>
        <Routes>
          <Route
            path="/dashboard/payment/x"
            element={
              <StripeCardForm
                publishableKey="pk_test_keen"
                orderId={ORDER_ID}
                clientSecret={clientSecret}
                billing={{ name: 'Casey Blade', email: 'casey@keen.test' }}
                completed={false}
                onPaid={onPaid}
              />
            }
          />
          <Route path="/payment/return" element={<p>return page</p>} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
  return onPaid;
}

test('waits for the intent before it shows the Payment Element', () => {
  renderForm([], null);
  expect(screen.queryByTestId('payment-element')).toBeNull();
  expect(screen.getByRole('button', { name: 'Pay' })).toHaveProperty('disabled', true);
});

test("Pay confirms with the Payment Element, coming back to /payment/return, then the server records Stripe's intent", async () => {
  stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
  let confirmed = 0;
  const onPaid = renderForm(
    [
      {
        request: { query: ConfirmPaymentMutation, variables: { orderId: ORDER_ID, paymentIntentId: 'pi_1' } },
        result: () => {
          confirmed += 1;
          return {
            data: {
              confirmPayment: { __typename: 'Order', id: ORDER_ID, paid: true, state: 'Paid', status: 'Pending', transactionId: 'pi_1' },
            },
          };
        },
      },
    ],
    'pi_1_secret_x',
  );
  expect(screen.getByTestId('elements').dataset.clientSecret).toBe('pi_1_secret_x');
  fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
  await waitFor(() => expect(confirmed).toBe(1));
  expect(stripe.confirmPayment).toHaveBeenCalledWith({
    elements,
    confirmParams: { return_url: `${window.location.origin}/payment/return?order=${ORDER_ID}` },
    redirect: 'if_required',
  });
  expect(onPaid).toHaveBeenCalledWith('pi_1');
});

test("Stripe's refusal shows under the form and nothing is recorded", async () => {
  stripe.confirmPayment.mockResolvedValue({ error: { message: 'Your card has insufficient funds.' } });
  const onPaid = renderForm([], 'pi_1_secret_x');
  fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Your card has insufficient funds.');
  expect(onPaid).not.toHaveBeenCalled();
});

test('a payment still processing goes to the return page, which asks the server', async () => {
  stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'processing' } });
  renderForm([], 'pi_1_secret_x');
  fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
  expect(await screen.findByText('return page')).toBeTruthy();
});
