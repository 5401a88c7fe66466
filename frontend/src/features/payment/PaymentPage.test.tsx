// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { totalsRows } from '../../test/delivery';
import { anyKey, dollars, postalAddressFixture, totalsFixture } from '../../test/fixtures';
import {
  CompleteTestPaymentAuthenticationMutation,
  ConfirmTestCardPaymentMutation,
  CreatePaymentIntentMutation,
  PaymentPageQuery,
} from './operations';
import PaymentPage from './PaymentPage';
import { createCache } from '../../lib/apollo';

const ORDER_ID = 'a1b2c3d4-0000-4000-8000-000000000001';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            paymentProvider: 'test',
            stripePublishableKey: null,
            shop: { currency: 'USD', locale: 'en-US', country: 'US', pricesIncludeTax: false },
          }),
        ),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pageMock: MockLink.MockedResponse = {
  request: { query: PaymentPageQuery, variables: { id: ORDER_ID } },
  result: {
    data: {
      me: { __typename: 'User', id: 'u1', name: 'Casey Blade', email: 'casey@keen.test' },
      order: {
        __typename: 'Order',
        id: ORDER_ID,
        name: 'Damascus Chef Knife',
        totals: totalsFixture(50),
        adjustments: [],
        shippingMethodName: null,
        shippingAddress: null,
        giftCardPayments: [],
        giftCardsIssued: [],
        paid: false,
        state: 'AwaitingPayment',
        transactionId: null,
        shipBy: { __typename: 'ShipWindow', earliest: '2027-01-12', latest: '2027-01-26', text: 'Ships between 12 and 26 January' },
        engraving: null,
        lines: [
          {
            __typename: 'OrderLine',
            id: 'line-1',
            name: 'Damascus Chef Knife',
            variantName: null,
            quantity: 1,
            lineAmount: dollars(50),
            discount: dollars(0),
            engraving: null,
          },
        ],
      },
    },
  },
};
const intentMock: MockLink.MockedResponse = {
  request: { query: CreatePaymentIntentMutation, variables: anyKey({ orderId: ORDER_ID }) },
  delay: 30,
  result: { data: { createPaymentIntent: { __typename: 'PaymentIntent', id: 'pi_test1', clientSecret: 'pi_test1_secret_x' } } },
};
const card = (number: string) => ({ number, expMonth: 12, expYear: 34, cvc: '123' });

function renderPage(mocks: MockLink.MockedResponse[], cache = createCache()) {
  render(
    <MockedProvider mocks={mocks} cache={cache}>
      <MemoryRouter initialEntries={[`/dashboard/payment/${ORDER_ID}`]}>
        <Routes>
          <Route path="/dashboard/payment/:id" element={<PaymentPage />} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

function fillCard(number: string) {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiration date'), { target: { value: '12 / 34' } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
}

test('shows the order, enables Pay once the intent exists, and after success shows the transaction and updates the cached order', async () => {
  const cache = createCache();
  renderPage(
    [
      pageMock,
      intentMock,
      {
        request: { query: ConfirmTestCardPaymentMutation, variables: { orderId: ORDER_ID, card: card('4242 4242 4242 4242') } },
        result: {
          data: {
            confirmTestCardPayment: {
              __typename: 'Order',
              id: ORDER_ID,
              paid: true,
              state: 'Paid',
              status: 'Pending',
              transactionId: 'pi_test1',
            },
          },
        },
      },
    ],
    cache,
  );

  expect(await screen.findByText('Hello, Casey Blade')).toBeTruthy();
  expect(screen.getByText('Pay for Damascus Chef Knife')).toBeTruthy();
  expect(screen.getByText('Ships between 12 and 26 January')).toBeTruthy();
  expect(screen.getByText('Please pay : $50.00')).toBeTruthy();
  const pay = screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement;
  expect(pay.disabled).toBe(true);
  await waitFor(() => expect(pay.disabled).toBe(false));

  fillCard('4242 4242 4242 4242');
  fireEvent.click(pay);
  expect(await screen.findByText('Your payment is completed')).toBeTruthy();
  expect(screen.getByText(/Your transaction id :/).textContent).toBe('Your transaction id : pi_test1');
  expect(pay.disabled).toBe(true);
  expect(cache.extract()[`Order:${ORDER_ID}`]).toMatchObject({ paid: true, state: 'Paid', transactionId: 'pi_test1' });
});

test('an order shipped to an address shows where, and its subtotal, shipping with its method, tax and total', async () => {
  const shipped = structuredClone(pageMock);
  Object.assign((shipped.result as { data: { order: Record<string, unknown> } }).data.order, {
    totals: totalsFixture(50, 4.95, 4.96),
    shippingMethodName: 'Standard (US)',
    shippingAddress: postalAddressFixture({ line2: 'Suite 2' }),
  });
  renderPage([shipped, intentMock]);
  expect(await screen.findByText('Please pay : $59.91')).toBeTruthy();
  const address = screen.getByRole('group', { name: 'Shipping address' });
  // In the US format once its metadata is in; the phone as the US writes it.
  await waitFor(() =>
    expect([...address.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Casey Blade',
      '500 Market St',
      'Suite 2',
      'San Francisco, CA 94103',
      'United States',
      '(415) 555-0100',
    ]),
  );
  expect(totalsRows()).toEqual(['Subtotal: $50.00', 'Shipping – Standard (US): $4.95', 'Tax: $4.96', 'Total: $59.91']);
  await screen.findByRole('button', { name: 'Pay' });
});

test('an order placed without a shipping address (before delivery was set up) shows its total alone', async () => {
  renderPage([pageMock, intentMock]);
  expect(await screen.findByText('Please pay : $50.00')).toBeTruthy();
  expect(screen.queryByRole('group', { name: 'Shipping address' })).toBeNull();
  expect(totalsRows()).toEqual(['Total: $50.00']);
  await screen.findByRole('button', { name: 'Pay' });
});

test('an order whose price staff lowered shows the adjustment by its label between the subtotal and the total', async () => {
  const adjusted = structuredClone(pageMock);
  Object.assign((adjusted.result as { data: { order: Record<string, unknown> } }).data.order, {
    totals: { ...totalsFixture(50, 0, 0, 30), adjustments: dollars(-20) },
    adjustments: [{ __typename: 'OrderAdjustment', id: 'adj-1', label: 'Sorry for the wait' }],
  });
  renderPage([adjusted, intentMock]);
  expect(await screen.findByText('Please pay : $30.00')).toBeTruthy();
  expect(totalsRows()).toEqual(['Subtotal: $50.00', 'Sorry for the wait: −$20.00', 'Total: $30.00']);
  await screen.findByRole('button', { name: 'Pay' });
});

test('a declined card shows the provider message in red and leaves Pay enabled', async () => {
  renderPage([
    pageMock,
    intentMock,
    {
      request: { query: ConfirmTestCardPaymentMutation, variables: { orderId: ORDER_ID, card: card('4000 0000 0000 0002') } },
      result: { errors: [new GraphQLError('Your card was declined.', { extensions: { code: 'BAD_USER_INPUT' } })] },
    },
  ]);
  const pay = (await screen.findByRole('button', { name: 'Pay' })) as HTMLButtonElement;
  await waitFor(() => expect(pay.disabled).toBe(false));
  fillCard('4000 0000 0000 0002');
  fireEvent.click(pay);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toBe('Your card was declined.');
  expect(getComputedStyle(alert).color).toMatch(/^(red|rgb\(255, 0, 0\))$/);
  expect(screen.queryByText('Your payment is completed')).toBeNull();
  expect(pay.disabled).toBe(false);
});

test('an incomplete expiry date is caught before anything is sent', async () => {
  renderPage([pageMock, intentMock]);
  const pay = (await screen.findByRole('button', { name: 'Pay' })) as HTMLButtonElement;
  await waitFor(() => expect(pay.disabled).toBe(false));
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
  fireEvent.click(pay);
  expect((await screen.findByRole('alert')).textContent).toBe("Your card's expiration date is incomplete.");
});

test.each([
  ['Expired', 'This order has expired: it was not paid in time, and its items went back on sale. Please place a new order.'],
  ['Cancelled', 'This order was cancelled, so it cannot be paid.'],
  ['Refunded', 'This order was refunded, so it cannot be paid.'],
])('an order that is %s says so and offers no card form', async (state, message) => {
  const closed = structuredClone(pageMock);
  (closed.result as { data: { order: Record<string, unknown> } }).data.order.state = state;
  // No intent mock: asking for one would fail the page with an unexpected request.
  renderPage([closed]);
  expect((await screen.findByText(message)).closest('[role=status]')).not.toBeNull();
  expect(screen.getByText('Damascus Chef Knife')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to My Orders' }).getAttribute('href')).toBe('/dashboard/myOrders');
  expect(screen.queryByLabelText('Card number')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  expect(screen.queryByText(/Please pay/)).toBeNull();
});

const AUTHENTICATION_CARD = '4000 0027 6000 3184';
const paidOrder = { __typename: 'Order', id: ORDER_ID, paid: true, state: 'Paid', status: 'Pending', transactionId: 'pi_test1' };
const challengedMock: MockLink.MockedResponse = {
  request: { query: ConfirmTestCardPaymentMutation, variables: { orderId: ORDER_ID, card: card(AUTHENTICATION_CARD) } },
  result: {
    data: { confirmTestCardPayment: { ...paidOrder, paid: false, state: 'AwaitingPayment', status: 'Pending', transactionId: null } },
  },
};

async function payWith(number: string) {
  const pay = (await screen.findByRole('button', { name: 'Pay' })) as HTMLButtonElement;
  await waitFor(() => expect(pay.disabled).toBe(false));
  fillCard(number);
  fireEvent.click(pay);
  return pay;
}

test('a card that asks for authentication opens the test challenge; Complete pays the order', async () => {
  let answers = 0;
  renderPage([
    pageMock,
    intentMock,
    challengedMock,
    {
      request: { query: CompleteTestPaymentAuthenticationMutation, variables: { orderId: ORDER_ID, succeed: true } },
      delay: 30,
      result: () => {
        answers += 1;
        return { data: { completeTestPaymentAuthentication: paidOrder } };
      },
    },
  ]);
  const pay = await payWith(AUTHENTICATION_CARD);
  const dialog = await screen.findByRole('dialog', { name: '3D Secure 2 Test Page' });
  expect(within(dialog).getByText(/This is a test authentication/)).toBeTruthy();
  expect(screen.queryByText('Your payment is completed')).toBeNull();

  const complete = within(dialog).getByRole('button', { name: 'Complete' });
  fireEvent.click(complete);
  fireEvent.click(complete);
  expect(within(dialog).getByRole('button', { name: 'Fail' })).toHaveProperty('disabled', true);
  expect(await screen.findByText('Your payment is completed')).toBeTruthy();
  expect(screen.getByText(/Your transaction id :/).textContent).toBe('Your transaction id : pi_test1');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(answers).toBe(1);
  expect(pay.disabled).toBe(true);
});

test("Fail closes the challenge and shows Stripe's message under the card; the order stays unpaid", async () => {
  const message = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
  renderPage([
    pageMock,
    intentMock,
    challengedMock,
    {
      request: { query: CompleteTestPaymentAuthenticationMutation, variables: { orderId: ORDER_ID, succeed: false } },
      result: { errors: [new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } })] },
    },
  ]);
  const pay = await payWith(AUTHENTICATION_CARD);
  const dialog = await screen.findByRole('dialog', { name: '3D Secure 2 Test Page' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Fail' }));
  expect((await screen.findByRole('alert')).textContent).toBe(message);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.queryByText('Your payment is completed')).toBeNull();
  expect(pay.disabled).toBe(false);
});

test('4000 0000 0000 9995 shows insufficient funds and no challenge', async () => {
  renderPage([
    pageMock,
    intentMock,
    {
      request: { query: ConfirmTestCardPaymentMutation, variables: { orderId: ORDER_ID, card: card('4000 0000 0000 9995') } },
      result: { errors: [new GraphQLError('Your card has insufficient funds.', { extensions: { code: 'BAD_USER_INPUT' } })] },
    },
  ]);
  await payWith('4000 0000 0000 9995');
  expect((await screen.findByRole('alert')).textContent).toBe('Your card has insufficient funds.');
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('Pay shows progress while the card is charged, and a second click or submit sends nothing more', async () => {
  let charges = 0;
  renderPage([
    pageMock,
    intentMock,
    {
      request: { query: ConfirmTestCardPaymentMutation, variables: { orderId: ORDER_ID, card: card('4242 4242 4242 4242') } },
      delay: 200,
      result: () => {
        charges += 1;
        return { data: { confirmTestCardPayment: paidOrder } };
      },
    },
  ]);
  const pay = (await screen.findByRole('button', { name: 'Pay' })) as HTMLButtonElement;
  await waitFor(() => expect(pay.disabled).toBe(false));
  fillCard('4242 4242 4242 4242');
  const form = pay.closest('form')!;
  act(() => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  expect(pay.disabled).toBe(true);
  expect(within(pay).getByRole('progressbar')).toBeTruthy();
  fireEvent.click(pay);
  fireEvent.submit(form);
  expect(await screen.findByText('Your payment is completed')).toBeTruthy();
  expect(charges).toBe(1);
  expect(screen.queryByRole('alert')).toBeNull();
});
