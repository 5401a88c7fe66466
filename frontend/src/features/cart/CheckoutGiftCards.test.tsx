import { afterEach, beforeEach, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { cart } from '../../lib/cart';
import { knowShop } from '../../lib/money';
import { addressFixture, dollars, orderFixture, quoteFixture, shippingOptionFixture, userFixture, withDelivery } from '../../test/fixtures';
import { knifeFixture, knifeLineFixture } from '../../test/orderingFixtures';
import { countingClient, renderPage } from '../../test/render';
import CheckoutPage from './CheckoutPage';

const home = addressFixture('1', { isDefault: true });
/** Two knives at $50 and Standard at $5: $105.00. */
const standard = shippingOptionFixture('standard', 'Standard', { price: 5 });

/** The checkout's server: BIGCARD… holds $200, SMALL… $10; placeOrder answers what the cards left due, or refuses. */
function shop({ refusal }: { refusal?: string } = {}) {
  const placed: Record<string, unknown>[] = [];
  const counting = countingClient((name, variables) => {
    switch (name) {
      case 'CartProduct':
        return { product: knifeFixture() };
      case 'CheckoutPage':
        return withDelivery(userFixture(), [home], ['US']);
      case 'OrderQuote':
        return quoteFixture([standard]);
      case 'GiftCardBalance': {
        const balance = { BIGCARDBIGCARDBC: 200, SMALLCARDSMALLSC: 10 }[variables.code as string] ?? 0;
        return {
          giftCardBalance: {
            __typename: 'GiftCardBalance',
            lastFour: (variables.code as string).slice(-4),
            balance: dollars(balance),
            expiresAt: null,
          },
        };
      }
      case 'PlaceCartOrder': {
        const input = variables.input as { giftCards?: string[] };
        placed.push(input);
        if (refusal) return new GraphQLError(refusal);
        const paid = input.giftCards?.includes('BIGCARDBIGCARDBC') ? 105 : 10;
        const order = orderFixture('o1');
        return { placeOrder: { ...order, totals: { ...order.totals, giftCards: dollars(paid), amountDue: dollars(105 - paid) } } };
      }
    }
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<CheckoutPage />, { path: '/checkout', route: '/checkout', client: counting.client });
  return placed;
}

async function applyCard(code: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Gift card code' }), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply gift card' }));
  await screen.findByText(new RegExp(`^Gift card •••• ${code.slice(-4)}`));
}

async function placeOrder() {
  await screen.findByRole('radio', { name: 'Standard, 2–4 days, $5.00' });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
  fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
}

beforeEach(() => {
  act(() => cart.clear());
  act(() => cart.add(knifeLineFixture('k1', { quantity: 2 })));
  sessionStorage.clear();
});
afterEach(() => knowShop({ currency: 'USD', locale: 'en-US', country: 'US', pricesIncludeTax: false }));

test('an order its gift cards pay in full goes to My Orders, not to the payment page; the codes are sent', async () => {
  const placed = shop();
  await applyCard('BIGCARDBIGCARDBC');
  await placeOrder();
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/myOrders');
  expect(placed).toEqual([expect.objectContaining({ giftCards: ['BIGCARDBIGCARDBC'] })]);
});

test('an order with something left to pay goes on to the payment page', async () => {
  shop();
  await applyCard('SMALLCARDSMALLSC');
  await placeOrder();
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
});

test("placeOrder's refusal of a card shows under the gift card field, and the checkout stays", async () => {
  shop({ refusal: 'Gift card •••• SMSC has expired' });
  await applyCard('SMALLCARDSMALLSC');
  await placeOrder();
  expect(await screen.findByText('Gift card •••• SMSC has expired')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Gift card code' })).toHaveAccessibleDescription('Gift card •••• SMSC has expired');
  expect(screen.getByRole('button', { name: 'Place order' })).toBeInTheDocument();
});
