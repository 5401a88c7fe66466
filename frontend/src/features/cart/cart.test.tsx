import { beforeEach, expect, test } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import CartLink from './CartLink';
import { cart, type CartLine, lineTotal, MAX_CART_LINES, unitsIn } from '../../lib/cart';

const line = (productId: string, quantity: number, engraving: CartLine['engraving'] = null): CartLine => ({
  productId,
  quantity,
  engraving,
  seen: {
    name: `Knife ${productId}`,
    img: `/images/${productId}.svg`,
    unitAmount: 5000,
    engravingAmount: 1000,
    currency: 'USD',
    minimumQuantity: 1,
    stock: 9,
  },
});

beforeEach(() => act(() => cart.clear()));

test('the same product and engraving adds to its line; another engraving is another line; the cart keeps it in localStorage', () => {
  cart.add(line('a', 1));
  cart.add(line('a', 2));
  cart.add(line('a', 1, { text: 'Sam', font: 'serif' }));
  expect(cart.lines().map((l) => [l.productId, l.quantity, l.engraving?.text ?? null])).toEqual([
    ['a', 3, null],
    ['a', 1, 'Sam'],
  ]);
  expect(unitsIn(cart.lines())).toBe(4);
  // In cents: 3 x $50, and 1 x ($50 + $10 engraving).
  expect(cart.lines().map(lineTotal)).toEqual([15000, 6000]);
  expect(JSON.parse(localStorage.getItem('keen.cart')!)).toHaveLength(2);
});

test(`at most ${MAX_CART_LINES} lines`, () => {
  for (let i = 0; i < MAX_CART_LINES; i += 1) expect(cart.add(line(`p${i}`, 1))).toBe(true);
  expect(cart.add(line('one-too-many', 1))).toBe(false);
  expect(cart.lines()).toHaveLength(MAX_CART_LINES);
});

test("the navbar's link counts units, and follows a change made in another tab", () => {
  render(
    <MemoryRouter>
      <CartLink />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Cart (0 items)' }).getAttribute('href')).toBe('/cart');
  act(() => {
    cart.add(line('a', 2));
  });
  expect(screen.getByRole('link', { name: 'Cart (2 items)' })).toBeTruthy();
  // Another tab writes the cart: this tab hears the storage event.
  act(() => {
    localStorage.setItem('keen.cart', JSON.stringify([line('b', 1)]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'keen.cart' }));
  });
  expect(screen.getByRole('link', { name: 'Cart (1 item)' })).toBeTruthy();
});

test('variants of one product are separate lines, and so are two measures of one variant; the same variant and measure add up', () => {
  const santoku = (variantId: string, variantName: string, customValue: number | null = null): CartLine => ({
    ...line('s', 1),
    variantId,
    variantName,
    ...(customValue !== null && { customValue }),
  });
  cart.add(santoku('v18-walnut', '18 cm / Walnut'));
  cart.add(santoku('v21-ebony', '21 cm / Ebony'));
  cart.add(santoku('v18-walnut', '18 cm / Walnut'));
  cart.add(santoku('vmm-walnut', '23.5 cm / Walnut', 23.5));
  cart.add(santoku('vmm-walnut', '25 cm / Walnut', 25));
  cart.add(santoku('vmm-walnut', '23.5 cm / Walnut', 23.5));
  expect(cart.lines().map((l) => [l.variantName, l.quantity])).toEqual([
    ['18 cm / Walnut', 2],
    ['21 cm / Ebony', 1],
    ['23.5 cm / Walnut', 2],
    ['25 cm / Walnut', 1],
  ]);
});

test('a cart stored before variants (no variantId) still loads, counts and totals', () => {
  const stored = [
    { productId: 'a', quantity: 2, engraving: null, seen: line('a', 2).seen },
    { productId: 'b', quantity: 1, engraving: { text: 'Sam', font: 'serif' }, seen: line('b', 1).seen },
  ];
  act(() => {
    localStorage.setItem('keen.cart', JSON.stringify(stored));
    window.dispatchEvent(new StorageEvent('storage', { key: 'keen.cart' }));
  });
  expect(cart.lines()).toEqual(stored);
  expect(cart.lines().map(lineTotal)).toEqual([10000, 6000]);
  // A product without options is added as before variants, without a variantId: it joins the stored line.
  cart.add(line('a', 1));
  expect(cart.lines().map((l) => [l.productId, l.quantity])).toEqual([
    ['a', 3],
    ['b', 1],
  ]);
});

test('a line stored in whole dollars (before minor units) loads converted to cents, totals and stays a cart line', () => {
  const { unitAmount: _u, engravingAmount: _e, currency: _c, ...rest } = line('a', 2).seen;
  act(() => {
    localStorage.setItem(
      'keen.cart',
      JSON.stringify([
        { productId: 'a', quantity: 2, engraving: { text: 'Sam', font: 'serif' }, seen: { ...rest, price: 129, engravingPrice: 15 } },
      ]),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: 'keen.cart' }));
  });
  expect(cart.lines()[0].seen).toEqual({ ...rest, unitAmount: 12900, engravingAmount: 1500, currency: 'USD' });
  expect(cart.lines().map(lineTotal)).toEqual([28800]);
});
