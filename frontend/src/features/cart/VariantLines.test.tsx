import { beforeEach, expect, test } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countingClient } from '../../test/render';
import { addressFixture, dollars, orderFixture, shippingAddressOf, userFixture, withDelivery } from '../../test/fixtures';
import { knifeFixture, knifeLineFixture } from '../../test/orderingFixtures';
import { santokuProduct, santokuVariants } from '../../test/variantFixtures';
import { cart, type CartLine } from '../../lib/cart';
import { renderCartPage } from './renderCartPage';

/** A santoku line as the purchase page adds it. */
const santokuLine = (variantId: string, variantName: string, price: number, quantity = 1, customValue?: number): CartLine => ({
  productId: 's1',
  variantId,
  variantName,
  ...(customValue !== undefined && { customValue }),
  quantity,
  engraving: null,
  seen: {
    name: 'Engraved Santoku',
    img: '/images/santoku.svg',
    unitAmount: price * 100,
    engravingAmount: 0,
    currency: 'USD',
    minimumQuantity: 1,
    stock: 4,
  },
});

/** A knife without options, in a line stored before variants (no variantId). */
const oldLine = (productId: string, name: string) => knifeLineFixture(productId, { seen: { name } });

const home = addressFixture('1', { isDefault: true });

/** Answers the cart's products from `shop`, the checkout's profile (a shop without shipping zones), and records what an order sends. */
function shopClient(shop: Record<string, unknown>) {
  const placed: unknown[] = [];
  const client = countingClient((name, variables) => {
    if (name === 'CartProduct') return { product: shop[variables.id as string] ?? null };
    if (name === 'CheckoutPage') return withDelivery(userFixture(), [home]);
    if (name === 'PlaceCartOrder') {
      placed.push(variables.input);
      return { placeOrder: orderFixture('o1') };
    }
    throw new Error(`unexpected ${name}`);
  });
  return { ...client, placed };
}

beforeEach(() => act(() => cart.clear()));

test('two variants of one product are two lines named by their variant; each reads its own price and stock', async () => {
  cart.add(santokuLine('v18-walnut', '18 cm / Walnut', 130, 3));
  cart.add(santokuLine('v18-ebony', '18 cm / Ebony', 140));
  // The shop now sells 18 cm / Walnut with 2 left and 18 cm / Ebony at $150; the product's own price and stock stay.
  const variants = santokuVariants().map((variant) =>
    variant.id === 'v18-walnut'
      ? { ...variant, quantity: 2 }
      : variant.id === 'v18-ebony'
        ? { ...variant, unitPrice: dollars(150) }
        : variant,
  );
  renderCartPage('/cart', shopClient({ s1: santokuProduct({ variants }) }).client);

  expect(screen.getByRole('heading', { name: 'Engraved Santoku, 18 cm / Walnut' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Engraved Santoku, 18 cm / Ebony' })).toBeInTheDocument();
  expect(await screen.findByText('Only 2 left of Engraved Santoku, 18 cm / Walnut')).toBeInTheDocument();
  const warning = screen.getByText('The price of Engraved Santoku, 18 cm / Ebony changed from $140.00 to $150.00.');
  expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();

  await userEvent.click(within(warning.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Accept' }));
  expect(cart.lines()[1].seen).toMatchObject({ unitAmount: 15000, stock: 2, img: '/uploads/ebony.webp' });
  const quantity = screen.getByLabelText('Quantity for Engraved Santoku, 18 cm / Walnut');
  expect(quantity).toHaveAttribute('max', '2');
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '2');
  expect(cart.lines()[0].quantity).toBe(2);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByText('Subtotal: $410.00')).toBeInTheDocument();
});

test('a line stored before the product had options says what to choose, in the server words, and blocks checkout', async () => {
  cart.add(oldLine('s1', 'Engraved Santoku'));
  cart.add(oldLine('k1', 'Knife k1'));
  renderCartPage('/cart', shopClient({ s1: santokuProduct(), k1: knifeFixture('k1') }).client);

  const message = await screen.findByText('Choose a blade length for Engraved Santoku');
  expect(within(message.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'Choose' })).toHaveAttribute(
    'href',
    '/purchase/s1',
  );
  // The knife without options still orders its only variant: nothing to say.
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
});

test('a variant disabled or deleted since it was added is named on its line', async () => {
  cart.add(santokuLine('v18-walnut', '18 cm / Walnut', 130));
  cart.add(santokuLine('gone', '21 cm / Walnut', 170));
  const variants = santokuVariants().map((variant) => (variant.id === 'v18-walnut' ? { ...variant, enabled: false } : variant));
  renderCartPage('/cart', shopClient({ s1: santokuProduct({ variants }) }).client);
  expect(await screen.findByText('Engraved Santoku, 18 cm / Walnut is not available; remove it')).toBeInTheDocument();
  expect(screen.getByText('Engraved Santoku, 21 cm / Walnut is no longer sold; remove it')).toBeInTheDocument();
});

test('checkout names each variant and sends its variantId and measure; a line without one sends only its product', async () => {
  cart.add(santokuLine('vmm-ebony', '23.5 cm / Ebony', 220, 1, 23.5));
  cart.add(santokuLine('v18-walnut', '18 cm / Walnut', 130, 2));
  cart.add(oldLine('k1', 'Knife k1'));
  const { client, placed } = shopClient({ s1: santokuProduct(), k1: knifeFixture('k1') });
  renderCartPage('/checkout', client);

  const lines = await screen.findByRole('list', { name: 'Order lines' });
  expect(lines).toHaveTextContent('1 x Engraved Santoku, 23.5 cm / Ebony');
  expect(lines).toHaveTextContent('2 x Engraved Santoku, 18 cm / Walnut');
  expect(lines).toHaveTextContent('1 x Knife k1');
  expect(screen.getByText('Total: $530.00')).toBeInTheDocument();
  const place = await screen.findByRole('button', { name: 'Place order' });
  await waitFor(() => expect(place).toBeEnabled());
  await userEvent.click(place);
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
  expect(placed).toEqual([
    {
      phone: '+1 415 555 0100',
      shippingAddress: shippingAddressOf(home),
      lines: [
        { productId: 's1', variantId: 'vmm-ebony', customValue: 23.5, quantity: 1 },
        { productId: 's1', variantId: 'v18-walnut', quantity: 2 },
        { productId: 'k1', quantity: 1 },
      ],
      idempotencyKey: expect.any(String),
    },
  ]);
});

test('a measure outside the bounds the maker set since is named on its line', async () => {
  cart.add(santokuLine('vmm-ebony', '31 cm / Ebony', 220, 1, 31));
  renderCartPage('/cart', shopClient({ s1: santokuProduct() }).client);
  expect(await screen.findByText('Enter a blade length from 12 to 30 cm for Engraved Santoku')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
});
