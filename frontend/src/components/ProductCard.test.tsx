import { beforeEach, expect, test } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countingClient, renderPage } from '../test/render';
import { santokuProduct } from '../test/variantFixtures';
import { dollars, leadTimeFixture } from '../test/fixtures';
import { cart } from '../lib/cart';
import ProductCard, { type ProductItem } from './ProductCard';

/** A card's product as the list answers it: of its variants only id, price and enabled. */
const item = (overrides: Partial<ProductItem> = {}): ProductItem => ({
  id: 's1',
  name: 'Engraved Santoku',
  slug: 'engraved-santoku',
  kind: 'KNIFE',
  img: '/images/santoku.svg',
  description: 'Hollow edge',
  priceFrom: dollars(100),
  quantity: 16,
  minimumQuantity: 1,
  ...leadTimeFixture(),
  variants: [100, 120, 130, 150].map((price, n) => ({ id: `v${n}`, unitPrice: dollars(price), enabled: true })),
  ...overrides,
});

function renderCard(product: ProductItem) {
  const { client, requests } = countingClient((name) => {
    if (name === 'ProductChoices') return { product: santokuProduct() };
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<ProductCard product={product} />, { path: '/', route: '/', client });
  return requests;
}

beforeEach(() => act(() => cart.clear()));

test('a product without options shows its price and adds to the cart as before', async () => {
  renderCard(item({ priceFrom: dollars(50), variants: [{ id: 'only', unitPrice: dollars(50), enabled: true }] }));
  expect(screen.getByText('$50.00')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Choose options/ })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Engraved Santoku' }));
  expect(cart.lines()).toEqual([expect.objectContaining({ productId: 's1', quantity: 1, engraving: null })]);
  expect(cart.lines()[0]).not.toHaveProperty('variantId');
});

test('"from" the lowest price when the variants on sale differ; the plain price when they do not', () => {
  renderCard(item());
  expect(screen.getByText('from $100.00')).toBeInTheDocument();
});

test('a price with cents reads with them; a lowest price of a thousand or more has its separator', () => {
  renderCard(item({ priceFrom: dollars(129.5), variants: [{ id: 'only', unitPrice: dollars(129.5), enabled: true }] }));
  expect(screen.getByText('$129.50')).toBeInTheDocument();
  renderCard(item({ id: 's2', variants: [1250, 1499.99].map((price, n) => ({ id: `w${n}`, unitPrice: dollars(price), enabled: true })) }));
  expect(screen.getByText('from $1,250.00')).toBeInTheDocument();
});

test('variants at one price (a disabled one aside) show that price, without "from"', () => {
  renderCard(
    item({
      variants: [
        { id: 'a', unitPrice: dollars(100), enabled: true },
        { id: 'b', unitPrice: dollars(100), enabled: true },
        { id: 'c', unitPrice: dollars(70), enabled: false },
      ],
    }),
  );
  expect(screen.getByText('$100.00')).toBeInTheDocument();
});

test('the options load only when opened; the card then shows and adds the chosen variant', async () => {
  const requests = renderCard(item());
  expect(requests).toEqual([]);
  const options = screen.getByRole('button', { name: 'Choose options: Engraved Santoku' });
  expect(options).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(options);
  expect(options).toHaveAttribute('aria-expanded', 'true');
  const lengths = await screen.findByRole('radiogroup', { name: 'Blade length' });
  expect(requests).toEqual(['ProductChoices']);
  expect(within(lengths).getByRole('radio', { name: '16 cm Out of stock' })).toBeDisabled();
  expect(within(lengths).getByRole('radio', { name: '18 cm' })).toBeChecked();
  expect(screen.getByText('$130.00')).toBeInTheDocument();

  await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Handle' })).getByRole('radio', { name: 'Ebony' }));
  expect(screen.getByText('$150.00')).toBeInTheDocument();
  expect(screen.getByText('Available quantity: 2')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Engraved Santoku, 18 cm / Ebony' })).toHaveAttribute('src', '/uploads/ebony.webp');
  expect(screen.getByRole('link', { name: 'Buy Now: Engraved Santoku' })).toHaveAttribute('href', '/purchase/s1?variant=v18-ebony');

  await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Engraved Santoku, 18 cm / Ebony' }));
  expect(cart.lines()).toEqual([
    expect.objectContaining({ productId: 's1', variantId: 'v18-ebony', variantName: '18 cm / Ebony', quantity: 1 }),
  ]);
  expect(cart.lines()[0].seen).toMatchObject({ unitAmount: 15000, currency: 'USD', stock: 2, img: '/uploads/ebony.webp' });
});

test('a made-to-measure choice on a card needs its measure before it goes in the cart', async () => {
  renderCard(item());
  await userEvent.click(screen.getByRole('button', { name: 'Choose options: Engraved Santoku' }));
  await userEvent.click(await screen.findByRole('radio', { name: 'Made to measure (+$40.00)' }));
  expect(screen.getByText('$200.00')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Engraved Santoku, Made to measure / Walnut' }));
  expect(cart.lines()).toEqual([]);
  expect(screen.getAllByText('Enter a blade length from 12 to 30 cm for Engraved Santoku').length).toBeGreaterThan(0);
  await userEvent.type(screen.getByLabelText(/^Blade length \(cm\)/), '20');
  await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Engraved Santoku, Made to measure / Walnut' }));
  expect(cart.lines()).toEqual([expect.objectContaining({ variantId: 'vmm-walnut', variantName: '20 cm / Walnut', customValue: 20 })]);
});

test("the card's name links to the product's public page; Buy Now still goes to the SPEC's purchase form", () => {
  renderCard(item());
  expect(screen.getByRole('heading', { level: 3, name: 'Engraved Santoku' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Engraved Santoku' })).toHaveAttribute('href', '/products/engraved-santoku');
  expect(screen.getByRole('link', { name: 'Buy Now: Engraved Santoku' })).toHaveAttribute('href', '/purchase/s1');
  // The SPEC's card: photo, description, price, stock, minimum order.
  expect(screen.getByRole('img', { name: 'Engraved Santoku' })).toHaveAttribute('src', '/images/santoku.svg');
  expect(screen.getByText('Hollow edge')).toBeInTheDocument();
  expect(screen.getByText('Available quantity: 16')).toBeInTheDocument();
  expect(screen.getByText('Minimum order: 1')).toBeInTheDocument();
});

test('a gift card shows its denominations from the lowest, no stock, and is bought on its own page (no options or cart)', () => {
  renderCard(
    item({
      name: 'Keen gift card',
      kind: 'GIFT_CARD',
      quantity: 0,
      variants: [50, 100, 200].map((price, n) => ({ id: `g${n}`, unitPrice: dollars(price), enabled: true })),
    }),
  );
  expect(screen.getByText('from $50.00')).toBeInTheDocument();
  expect(screen.queryByText(/Available quantity/)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Choose options/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Add to cart/ })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Buy Now: Keen gift card' })).toHaveAttribute('href', '/purchase/s1');
});
