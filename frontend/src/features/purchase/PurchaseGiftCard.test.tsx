import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { addressFixture, dollars, orderFixture, quoteFixture, withDelivery } from '../../test/fixtures';
import { knifeFixture, customerFixture as me } from '../../test/orderingFixtures';
import { countingClient, renderPage } from '../../test/render';
import PurchasePage from './PurchasePage';

const home = addressFixture('1', { isDefault: true });
/** A $25 gift card: engravable set on purpose, to show the gift card's form never offers an engraving. */
const card = knifeFixture('p1', { name: 'Gift card', priceFrom: dollars(25), quantity: 0, kind: 'GIFT_CARD', engravable: true });
const placed = { ...orderFixture('o9', { name: 'Gift card', quantity: 1 }), product: { __typename: 'Product', id: 'p1', quantity: 0 } };

/** The purchase page's server: a gift card alone is quoted no shipping method; ABCD… holds $25, any other code is unknown. */
function shop(product: object = card) {
  const asked: Record<string, Record<string, unknown>[]> = { PlaceOrder: [], GiftCardBalance: [] };
  const counting = countingClient((name, variables) => {
    if (name in asked) asked[name].push(variables);
    if (name === 'PurchasePage') return { ...withDelivery(me, [home], ['US']), product, engravingFonts: [] };
    if (name === 'OrderQuote') return quoteFixture([]);
    if (name === 'PlaceOrder') return { placeOrder: placed };
    if (name === 'GiftCardBalance') {
      if (variables.code !== 'ABCD-EFGH-JKLM-WXYZ')
        return new GraphQLError('There is no gift card •••• ' + String(variables.code).slice(-4));
      return { giftCardBalance: { __typename: 'GiftCardBalance', lastFour: 'WXYZ', balance: dollars(25), expiresAt: null } };
    }
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<PurchasePage />, { path: '/purchase/:id', route: '/purchase/p1', client: counting.client });
  return asked;
}

test("a gift card's form asks for a recipient, a message and a day instead of an engraving, and sends them on the line", async () => {
  const asked = shop();
  const recipient = await screen.findByRole('textbox', { name: "Recipient's e-mail" });
  expect(screen.queryByText(/Engraving/i)).not.toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Stock' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Add to cart/i })).not.toBeInTheDocument();

  fireEvent.change(recipient, { target: { value: 'jo@keen.test' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Happy birthday' } });
  fireEvent.change(screen.getByLabelText('Send on'), { target: { value: '2099-01-01' } });
  fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '1' } });
  // 2099 is more than a year ahead: said under the message once tried, and nothing is sent.
  fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
  expect(await screen.findByText('Choose a day from today to a year ahead')).toBeInTheDocument();
  expect(asked.PlaceOrder).toEqual([]);

  const soon = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  fireEvent.change(screen.getByLabelText('Send on'), { target: { value: soon } });
  await waitFor(() => expect(screen.queryByText('Choose a day from today to a year ahead')).not.toBeInTheDocument());
  // The lines are valid again: the (empty) quote is asked for once more before Place Order may send.
  await new Promise((resolve) => setTimeout(resolve, 600));
  fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
  expect(await screen.findByText('Order Placed')).toBeInTheDocument();
  expect(asked.PlaceOrder).toHaveLength(1);
  const { input } = asked.PlaceOrder[0] as { input: { lines: unknown[] } };
  expect(input.lines).toEqual([
    {
      productId: 'p1',
      quantity: 1,
      giftCard: { recipientEmail: 'jo@keen.test', message: 'Happy birthday', sendAt: new Date(`${soon}T09:00:00`).toISOString() },
    },
  ]);
});

test('a message over 300 characters is refused and nothing is sent', async () => {
  const asked = shop();
  const message = await screen.findByRole('textbox', { name: 'Message' });
  fireEvent.change(message, { target: { value: 'x'.repeat(301) } });
  expect(await screen.findByText('The message is at most 300 characters')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(asked.PlaceOrder).toEqual([]);
});

test("the balance box answers a card's balance, and the server's refusal of an unknown code", async () => {
  shop();
  const box = await screen.findByRole('region', { name: "Check a gift card's balance" });
  const code = within(box).getByRole('textbox', { name: 'Gift card code' });
  fireEvent.change(code, { target: { value: 'ABCD-EFGH-JKLM-WXYZ' } });
  fireEvent.click(within(box).getByRole('button', { name: 'Check' }));
  expect(await screen.findByText('Gift card •••• WXYZ holds $25.00')).toBeInTheDocument();
  fireEvent.change(code, { target: { value: 'NOPE-NOPE-NOPE-QQQQ' } });
  fireEvent.click(within(box).getByRole('button', { name: 'Check' }));
  expect(await screen.findByText('There is no gift card •••• QQQQ')).toBeInTheDocument();
});

test("a card that allows it takes the buyer's own amount within its bounds: refused outside them, sent as minor units on the line", async () => {
  const asked = shop({ ...card, giftCardMinAmount: 1000, giftCardMaxAmount: 50_000 });
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Other amount' }));
  const amount = screen.getByRole('textbox', { name: 'Amount' });
  expect(amount).toHaveAccessibleDescription('From $10.00 to $500.00');
  fireEvent.change(amount, { target: { value: '5' } });
  fireEvent.blur(amount);
  expect(await screen.findByText('Choose an amount from $10.00 to $500.00')).toBeInTheDocument();
  fireEvent.change(amount, { target: { value: 'lots' } });
  expect(await screen.findByText('Enter an amount like 129.50')).toBeInTheDocument();
  fireEvent.change(amount, { target: { value: '75.50' } });
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Price' })).toHaveValue('$75.50'));
  fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '1' } });
  await new Promise((resolve) => setTimeout(resolve, 600));
  fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
  expect(await screen.findByText('Order Placed')).toBeInTheDocument();
  const { input } = asked.PlaceOrder[0] as { input: { lines: unknown[] } };
  expect(input.lines).toEqual([{ productId: 'p1', quantity: 1, giftCard: { amount: 7550 } }]);
});

test('a card without bounds offers no other amount', async () => {
  shop();
  await screen.findByRole('textbox', { name: "Recipient's e-mail" });
  expect(screen.queryByRole('checkbox', { name: 'Other amount' })).not.toBeInTheDocument();
});
