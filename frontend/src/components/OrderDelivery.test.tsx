import { expect, test } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { dollars, totalsFixture } from '../test/fixtures';
import OrderDelivery from './OrderDelivery';

test('a receipt names the gift cards the order bought by their last four only, with the amount and recipient', () => {
  render(
    <OrderDelivery
      headingComponent="h2"
      order={{
        totals: totalsFixture(75),
        giftCardPayments: [],
        giftCardsIssued: [
          { lastFour: 'ABCD', recipientEmail: 'jo@keen.test', amount: dollars(50) },
          { lastFour: 'WXYZ', recipientEmail: null, amount: dollars(25) },
        ],
      }}
    />,
  );
  const bought = screen.getByRole('list', { name: 'Gift cards bought' });
  expect(
    within(bought)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['•••• ABCD: $50.00 for jo@keen.test', '•••• WXYZ: $25.00']);
});

test('an order that bought no gift card lists none', () => {
  render(<OrderDelivery headingComponent="h2" order={{ totals: totalsFixture(75), giftCardsIssued: [] }} />);
  expect(screen.queryByRole('list', { name: 'Gift cards bought' })).not.toBeInTheDocument();
});
