// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { loadRuntimeConfig } from './config';
import { amountText, formatMoney, knowShop, unreadableAmount, useFormatMoney } from './money';

const US_SHOP = { currency: 'USD', locale: 'en-US', country: 'US', pricesIncludeTax: false };

afterEach(() => {
  vi.unstubAllGlobals();
  knowShop(US_SHOP);
});

function Amount({ amount, currency }: { amount: number; currency: string }) {
  return <span>{useFormatMoney()(amount, currency)}</span>;
}

test('amounts are written with their cents and a thousands separator', () => {
  expect(formatMoney(12950, 'USD')).toBe('$129.50');
  expect(formatMoney(125000, 'USD')).toBe('$1,250.00');
  expect(amountText(12950, 'USD')).toBe('129.50');
});

test("a JPY shop's runtime config makes the browser write yen, with no decimals, and what is shown follows", async () => {
  render(<Amount amount={1250} currency="JPY" />);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ paymentProvider: 'test', shop: { ...US_SHOP, currency: 'JPY', locale: 'en-US' } }))),
  );
  await act(() => loadRuntimeConfig());
  expect(screen.getByText('¥1,250')).toBeInTheDocument();
  expect(formatMoney(1250, 'JPY')).toBe('¥1,250');
  expect(amountText(1250, 'JPY')).toBe('1250');
});

test("an unreadable amount's example is written in the shop's currency: cents for dollars, none for yen", () => {
  expect(unreadableAmount('USD')).toBe('Enter an amount like 129.50');
  expect(unreadableAmount('EUR')).toBe('Enter an amount like 129.50');
  expect(unreadableAmount('JPY')).toBe('Enter an amount like 12950');
});
