import { expect, test } from 'vitest';
import { render } from '@testing-library/react';
import { totalsRows } from '../test/delivery';
import { dollars, totalsFixture } from '../test/fixtures';
import OrderTotals from './OrderTotals';

test("an adjusted price shows the adjustments' labels and the signed amount between the subtotal and shipping", () => {
  render(
    <OrderTotals
      totals={{ ...totalsFixture(100, 5, 0, 85), adjustments: dollars(-20) }}
      shippingMethodName="Standard"
      adjustments={[{ label: 'Sorry for the wait' }, { label: 'Sorry for the wait' }]}
    />,
  );
  expect(totalsRows()).toEqual(['Subtotal: $100.00', 'Sorry for the wait: −$20.00', 'Shipping – Standard: $5.00', 'Total: $85.00']);
});

test('a raised price reads with a plus; without the adjustments at hand it is a "Price adjustment"', () => {
  render(<OrderTotals totals={{ ...totalsFixture(100, 0, 0, 110), adjustments: dollars(10) }} />);
  expect(totalsRows()).toEqual(['Subtotal: $100.00', 'Price adjustment: +$10.00', 'Total: $110.00']);
});

test('no adjustment, no adjustments line: an order without delivery or tax shows its total alone', () => {
  const { unmount } = render(<OrderTotals totals={totalsFixture(100, 5)} shippingMethodName="Standard" adjustments={[]} />);
  expect(totalsRows()).toEqual(['Subtotal: $100.00', 'Shipping – Standard: $5.00', 'Total: $105.00']);
  unmount();
  render(<OrderTotals totals={totalsFixture(100)} />);
  expect(totalsRows()).toEqual(['Total: $100.00']);
});

test("a discount code's part is its own line, named by its code; staff's adjustment keeps its own", () => {
  render(
    <OrderTotals
      totals={{ ...totalsFixture(100, 5, 0, 80), adjustments: dollars(-25), discount: dollars(-15) }}
      shippingMethodName="Standard"
      adjustments={[
        { label: 'EARLYBIRD', source: 'discount' },
        { label: 'Sorry for the wait', source: 'manual' },
      ]}
    />,
  );
  expect(totalsRows()).toEqual([
    'Subtotal: $100.00',
    'Sorry for the wait: −$10.00',
    'Discount – EARLYBIRD: −$15.00',
    'Shipping – Standard: $5.00',
    'Total: $80.00',
  ]);
});

test("an order gift cards paid shows each card's share after the total, then the amount due", () => {
  render(
    <OrderTotals
      totals={{ ...totalsFixture(100, 5, 0), giftCards: dollars(80), amountDue: dollars(25) }}
      shippingMethodName="Standard"
      giftCardPayments={[
        { lastFour: 'ABCD', amount: dollars(50) },
        { lastFour: 'WXYZ', amount: dollars(30) },
      ]}
    />,
  );
  expect(totalsRows()).toEqual([
    'Subtotal: $100.00',
    'Shipping – Standard: $5.00',
    'Total: $105.00',
    'Gift card – •••• ABCD: −$50.00',
    'Gift card – •••• WXYZ: −$30.00',
    'Amount due: $25.00',
  ]);
});

test('without gift cards there is no gift card line and no amount due', () => {
  render(<OrderTotals totals={totalsFixture(100, 5, 0)} shippingMethodName="Standard" />);
  expect(totalsRows()).toEqual(['Subtotal: $100.00', 'Shipping – Standard: $5.00', 'Total: $105.00']);
});
