import { beforeEach, expect, test } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countingClient } from '../../test/render';
import { addressFixture, dollars, userFixture, withDelivery } from '../../test/fixtures';
import { knifeFixture, knifeLineFixture } from '../../test/orderingFixtures';
import { cart, type CartLine } from '../../lib/cart';
import { renderCartPage } from './renderCartPage';

/** A line as the cart keeps it: the product as the customer saw it when adding it ($50, 9 in stock). */
const line = (productId: string, quantity: number) => knifeLineFixture(productId, { quantity, seen: { img: `/images/${productId}.svg` } });

/** The product as the shop has it now (every CartProduct field); a test overrides what changed, `price` and `engravingPrice` in dollars. */
const product = (
  id: string,
  { price = 50, engravingPrice = 0, ...overrides }: Record<string, unknown> & { price?: number; engravingPrice?: number } = {},
) =>
  knifeFixture(id, {
    img: `/images/${id}.svg`,
    description: `Details of ${id}`,
    priceFrom: dollars(price),
    engravingMaxLength: 0,
    engravingSurcharge: dollars(engravingPrice),
    engravingPlacements: ['BladeLeft'],
    ...overrides,
  });

/** The checkout's profile with one saved address. */
const checkoutPage = () => withDelivery(userFixture(), [addressFixture('1', { isDefault: true })]);

/** Answers every cart product from `shop`, and the checkout's profile in a shop without shipping zones. */
function shopClient(shop: Record<string, ReturnType<typeof product>>) {
  return countingClient((name, variables) => {
    if (name === 'CartProduct') return { product: shop[variables.id as string] ?? null };
    if (name === 'CheckoutPage') return checkoutPage();
    throw new Error(`unexpected ${name}`);
  });
}

const checkoutButton = () => screen.getByRole('button', { name: 'Checkout' });

beforeEach(() => act(() => cart.clear()));

test('a line whose price changed since it was added says so on /cart, blocks checkout, and Accept takes the new price', async () => {
  cart.add(line('a', 2));
  const { client } = shopClient({ a: product('a', { price: 65 }) });
  renderCartPage('/cart', client);

  const warning = await screen.findByText('The price of Knife a changed from $50.00 to $65.00.');
  expect(screen.getByText('Unit price: $50.00')).toBeInTheDocument();
  expect(screen.getByText('Subtotal: $100.00')).toBeInTheDocument();
  expect(checkoutButton()).toBeDisabled();

  // The Accept button belongs to the warning's alert.
  await userEvent.click(within(warning.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Accept' }));

  expect(cart.lines()[0].seen.unitAmount).toBe(6500);
  expect(screen.queryByText(/The price of Knife a changed/)).not.toBeInTheDocument();
  expect(screen.getByText('Unit price: $65.00')).toBeInTheDocument();
  expect(screen.getByText('Subtotal: $130.00')).toBeInTheDocument();
  expect(checkoutButton()).toBeEnabled();
  await userEvent.click(checkoutButton());
  expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
});

test('an engraved line whose engraving surcharge changed says so like a price change, blocks checkout, and Accept takes it', async () => {
  const engraved = (productId: string): CartLine => ({
    ...line(productId, 2),
    engraving: { text: 'Sam', font: 'serif' },
    seen: { ...line(productId, 2).seen, engravingAmount: 1000 },
  });
  cart.add(engraved('a'));
  // An unengraved line pays no surcharge: a change to it is no change to that line.
  cart.add({ ...line('b', 1), seen: { ...line('b', 1).seen, engravingAmount: 1000 } });
  const shop = {
    a: product('a', { engravable: true, engravingMaxLength: 24, engravingPrice: 15 }),
    b: product('b', { engravable: true, engravingMaxLength: 24, engravingPrice: 15 }),
  };
  renderCartPage('/cart', shopClient(shop).client);

  const warning = await screen.findByText('The engraving price of Knife a changed from $10.00 to $15.00.');
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(screen.getByText('Unit price: $50.00 + $10.00 engraving')).toBeInTheDocument();
  expect(screen.getByText('Subtotal: $170.00')).toBeInTheDocument();
  expect(checkoutButton()).toBeDisabled();

  await userEvent.click(within(warning.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Accept' }));

  expect(cart.lines()[0].seen.engravingAmount).toBe(1500);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByText('Unit price: $50.00 + $15.00 engraving')).toBeInTheDocument();
  // What the order will be charged: 2 × (50 + 15) + 1 × 50.
  expect(screen.getByText('Subtotal: $180.00')).toBeInTheDocument();
  expect(checkoutButton()).toBeEnabled();
});

test('/checkout lists a changed engraving surcharge and will not place the order until it is accepted', async () => {
  cart.add({ ...line('a', 1), engraving: { text: 'Sam', font: 'serif' }, seen: { ...line('a', 1).seen, engravingAmount: 1000 } });
  const { client, requests } = shopClient({ a: product('a', { engravable: true, engravingMaxLength: 24, engravingPrice: 12 }) });
  renderCartPage('/checkout', client);

  expect(await screen.findByText(/The engraving price of Knife a changed\./)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  expect(requests).not.toContain('PlaceCartOrder');
  act(() => cart.refresh(0, { ...cart.lines()[0].seen, engravingAmount: 1200 }));
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
});

test('a line whose stock fell below its quantity says so on /cart and blocks checkout until the quantity fits', async () => {
  cart.add(line('a', 1));
  cart.add(line('b', 5));
  const { client } = shopClient({ a: product('a'), b: product('b', { quantity: 3 }) });
  renderCartPage('/cart', client);

  expect(await screen.findByText('Only 3 left of Knife b')).toBeInTheDocument();
  expect(screen.getAllByRole('alert')).toHaveLength(1); // Knife a is fine
  expect(checkoutButton()).toBeDisabled();

  // More than the shop has is refused by the field and leaves the line as it was.
  const quantity = screen.getByLabelText('Quantity for Knife b');
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '4');
  expect(quantity).toHaveAttribute('aria-invalid', 'true');
  expect(cart.lines()[1].quantity).toBe(5);
  expect(screen.getByText('Only 3 left of Knife b')).toBeInTheDocument();
  expect(checkoutButton()).toBeDisabled();

  await userEvent.clear(quantity);
  await userEvent.type(quantity, '3');
  expect(cart.lines()[1].quantity).toBe(3);
  expect(screen.queryByText('Only 3 left of Knife b')).not.toBeInTheDocument();
  expect(checkoutButton()).toBeEnabled();
});

test('/checkout lists what changed and will not place the order until the cart is resolved', async () => {
  cart.add(line('a', 2));
  cart.add(line('b', 5));
  const { client, requests } = shopClient({ a: product('a', { price: 65 }), b: product('b', { quantity: 3 }) });
  renderCartPage('/checkout', client);

  const alert = (await screen.findByText(/The price of Knife a changed\. Only 3 left of Knife b\./)).closest('[role="alert"]');
  expect(alert).not.toBeNull();
  expect(within(alert as HTMLElement).getByRole('link', { name: 'Back to your cart' })).toHaveAttribute('href', '/cart');
  expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  expect(requests).not.toContain('PlaceCartOrder');

  // Resolved in the cart (the new price accepted, the quantity lowered), checkout lets the order through.
  act(() => {
    cart.refresh(0, { ...cart.lines()[0].seen, unitAmount: 6500 });
    cart.setQuantity(1, 3);
  });
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
});

test('/checkout places nothing while the current prices and stock cannot be read', async () => {
  cart.add(line('a', 1));
  const { client, requests } = countingClient((name) => {
    if (name === 'CheckoutPage') return checkoutPage();
    throw new Error('The shop cannot be reached');
  });
  renderCartPage('/checkout', client);

  expect(await screen.findByText(/Could not check the current prices and stock/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  expect(requests).not.toContain('PlaceCartOrder');
});

test('a $129.50 knife reads with its cents in the cart and at checkout, and several lines with engraving add up exactly', async () => {
  const engraved = { text: 'Sam', font: 'serif' };
  cart.add({ ...line('a', 3), engraving: engraved, seen: { ...line('a', 3).seen, unitAmount: 12950, engravingAmount: 1500 } });
  cart.add(line('b', 1));
  const { client } = shopClient({
    a: product('a', { price: 129.5, engravable: true, engravingMaxLength: 24, engravingPrice: 15 }),
    b: product('b'),
  });
  renderCartPage('/cart', client);
  expect(await screen.findByText('Unit price: $129.50 + $15.00 engraving')).toBeInTheDocument();
  // 3 x ($129.50 + $15.00) = $433.50, and $50.00.
  expect(screen.getByText('$433.50')).toBeInTheDocument();
  expect(screen.getByText('Subtotal: $483.50')).toBeInTheDocument();
  await waitFor(() => expect(checkoutButton()).toBeEnabled());
  await userEvent.click(checkoutButton());
  expect(await screen.findByText('Total: $483.50')).toBeInTheDocument();
  expect(screen.getByText('$433.50')).toBeInTheDocument();
});

test('the cart marks an age-restricted line "18+" (named for screen readers), and only that one', async () => {
  cart.add(line('a', 1));
  cart.add(line('b', 1));
  const { client } = shopClient({ a: product('a', { ageRestricted: true }), b: product('b') });
  renderCartPage('/cart', client);
  const chip = await screen.findByRole('img', { name: 'Age-restricted: 18 or over' });
  expect(chip).toHaveTextContent('18+');
  expect(within(screen.getAllByRole('listitem')[0]).getByRole('img', { name: /^Age-restricted/ })).toBe(chip);
  expect(screen.getAllByRole('img', { name: /^Age-restricted/ })).toHaveLength(1);
});
