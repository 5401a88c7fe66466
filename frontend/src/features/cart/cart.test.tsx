import { beforeEach, expect, test } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import CartLink from './CartLink';
import { cart, type CartLine, lineTotal, MAX_CART_LINES, unitsIn } from '../../lib/cart';

const line = (productId: string, quantity: number, engraving: CartLine['engraving'] = null): CartLine => ({
  productId,
  quantity,
  engraving,
  seen: { name: `Knife ${productId}`, img: `/images/${productId}.svg`, price: 50, engravingPrice: 10, minimumQuantity: 1, stock: 9 },
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
  expect(cart.lines().map(lineTotal)).toEqual([150, 60]);
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
