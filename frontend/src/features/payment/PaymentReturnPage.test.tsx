// @vitest-environment jsdom
import { afterEach, expect, test } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ConfirmPaymentMutation, PaymentReturnQuery, PaymentStatusMutation } from './operations';
import PaymentReturnPage from './PaymentReturnPage';

const ORDER_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
// What Stripe appends on its way back: the page goes by the server, whatever these say.
const RETURN = `/payment/return?order=${ORDER_ID}&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded`;

afterEach(cleanup);

const order = (fields: Record<string, unknown> = {}) => ({
  __typename: 'Order',
  id: ORDER_ID,
  name: 'Damascus Chef Knife',
  paid: false,
  state: 'AwaitingPayment',
  status: 'Pending',
  transactionId: null,
  ...fields,
});
const orderMock = (fields: Record<string, unknown> = {}): MockLink.MockedResponse => ({
  request: { query: PaymentReturnQuery, variables: { id: ORDER_ID } },
  result: { data: { order: order(fields) } },
});
const statusMock = (status: string): MockLink.MockedResponse => ({
  request: { query: PaymentStatusMutation, variables: { orderId: ORDER_ID } },
  result: { data: { createPaymentIntent: { __typename: 'PaymentIntent', id: 'pi_1', status } } },
});
const paid = { paid: true, state: 'Paid', transactionId: 'pi_1' };

function renderReturn(mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[RETURN]}>
        <Routes>
          <Route path="/payment/return" element={<PaymentReturnPage />} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

test('an order the server already has as paid shows the payment and its transaction id', async () => {
  renderReturn([orderMock(paid)]);
  expect(await screen.findByText('Your payment is completed')).toBeTruthy();
  expect(screen.getByText(/Your transaction id :/).textContent).toBe('Your transaction id : pi_1');
  expect(screen.getByRole('link', { name: 'Back to My Orders' }).getAttribute('href')).toBe('/dashboard/myOrders');
});

test('an intent that succeeded at the provider is recorded on the server, then shown paid', async () => {
  renderReturn([
    orderMock(),
    statusMock('succeeded'),
    {
      request: { query: ConfirmPaymentMutation, variables: { orderId: ORDER_ID, paymentIntentId: 'pi_1' } },
      result: { data: { confirmPayment: order(paid) } },
    },
  ]);
  expect(await screen.findByText('Your payment is completed')).toBeTruthy();
});

test('an intent the provider did not charge shows the failure and Try again, whatever the address says', async () => {
  renderReturn([orderMock(), statusMock('requires_payment_method')]);
  expect((await screen.findByRole('alert')).textContent).toBe('Your payment did not go through, and nothing was charged.');
  expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(`/dashboard/payment/${ORDER_ID}`);
  expect(screen.queryByText('Your payment is completed')).toBeNull();
});

test('a payment still processing says so; Check again asks the server once more', async () => {
  renderReturn([orderMock(), statusMock('processing'), orderMock(paid)]);
  expect((await screen.findByText(/Your payment is still processing/)).getAttribute('role')).toBe('status');
  fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
  expect(await screen.findByText('Your payment is completed')).toBeTruthy();
});

test('an order that closed says why, without asking for its payment', async () => {
  renderReturn([orderMock({ state: 'Expired' })]);
  expect(
    await screen.findByText('This order has expired: it was not paid in time, and its items went back on sale. Please place a new order.'),
  ).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
});
