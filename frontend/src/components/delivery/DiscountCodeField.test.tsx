import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { DeliveryChoicesFragment } from '../../gql/graphql';
import { totalsRows } from '../../test/delivery';
import {
  addressFixture,
  dollars,
  quoteFixture,
  shippingAddressOf,
  shippingOptionFixture,
  totalsFixture,
  userFixture,
  withDelivery,
} from '../../test/fixtures';
import { countingClient, renderPage } from '../../test/render';
import DeliveryTotals from './DeliveryTotals';
import DiscountCodeField from './DiscountCodeField';
import { useDelivery } from './useDelivery';

const home = addressFixture('1', { isDefault: true });
const choices = withDelivery(userFixture(), [home], ['US']) as unknown as DeliveryChoicesFragment;
/** Two knives at $50: a $100.00 subtotal. */
const lines = [{ productId: 'k1', quantity: 2 }];
const address = shippingAddressOf(home);

/** Standard at $5; with EARLYBIRD the server takes $10.00 off the lines. */
const standard = shippingOptionFixture('standard', 'Standard', { price: 5 });
const discounted = {
  ...standard,
  totals: { ...totalsFixture(100, 5, 0, 95), adjustments: dollars(-10), discount: dollars(-10) },
};

/** What the checkout and the purchase page put together: the delivery's quote, the code's field under it and the totals. */
function Quote() {
  const delivery = useDelivery({ choices, lines, customer: { name: 'Casey Blade' } });
  return (
    <>
      <DiscountCodeField delivery={delivery} idPrefix="test" />
      <DeliveryTotals delivery={delivery} linesTotal={dollars(100)} />
      <output data-testid="order">{JSON.stringify(delivery.order())}</output>
    </>
  );
}

/** The server: EARLYBIRD takes $10 off, EXPIRED2025 has expired; every shippingOptions input is recorded. */
function renderQuote() {
  const quoted: Record<string, unknown>[] = [];
  const counting = countingClient((name, variables) => {
    if (name !== 'OrderQuote') throw new Error(`unexpected ${name}`);
    const input = variables.input as { discountCode?: string };
    quoted.push(input);
    if (input.discountCode === undefined) return quoteFixture([standard]);
    if (input.discountCode === 'EARLYBIRD') return quoteFixture([discounted]);
    return new GraphQLError(`${input.discountCode} has expired`);
  });
  renderPage(<Quote />, { path: '/checkout', route: '/checkout', client: counting.client });
  return { ...counting, quoted };
}

const codeField = () => screen.getByRole('textbox', { name: 'Discount code' });
const placed = () => JSON.parse(screen.getByTestId('order').textContent ?? 'null') as Record<string, unknown> | null;

async function quoted() {
  await waitFor(() => expect(totalsRows()).toEqual(['Subtotal: $100.00', 'Shipping – Standard: $5.00', 'Total: $105.00']));
}

function apply(code: string) {
  fireEvent.change(codeField(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply discount code' }));
}

test('applying a code re-quotes with it: the discount line and the reduced total show, and the order carries the code', async () => {
  const { quoted: asked } = renderQuote();
  await quoted();
  expect(asked).toEqual([{ lines, address }]);
  expect(placed()).not.toHaveProperty('discountCode');

  apply('EARLYBIRD');
  expect(await screen.findByText('Discount code EARLYBIRD applied')).toBeInTheDocument();
  await waitFor(() =>
    expect(totalsRows()).toEqual(['Subtotal: $100.00', 'Discount – EARLYBIRD: −$10.00', 'Shipping – Standard: $5.00', 'Total: $95.00']),
  );
  expect(asked).toContainEqual({ lines, address, discountCode: 'EARLYBIRD' });
  expect(screen.queryByRole('textbox', { name: 'Discount code' })).not.toBeInTheDocument();
  expect(placed()).toMatchObject({ shippingMethodId: 'standard', discountCode: 'EARLYBIRD' });
});

test('a code the server refuses says why under the field, and the totals stay as they were', async () => {
  const { quoted: asked } = renderQuote();
  await quoted();

  apply('EXPIRED2025');
  expect(await screen.findByText('EXPIRED2025 has expired')).toBeInTheDocument();
  expect(codeField()).toHaveAccessibleDescription('EXPIRED2025 has expired');
  expect(codeField()).toHaveAttribute('aria-invalid', 'true');
  expect(asked).toContainEqual({ lines, address, discountCode: 'EXPIRED2025' });
  expect(screen.queryByText(/applied$/)).not.toBeInTheDocument();
  expect(totalsRows()).toEqual(['Subtotal: $100.00', 'Shipping – Standard: $5.00', 'Total: $105.00']);
  expect(placed()).not.toHaveProperty('discountCode');

  // Typing again clears the refusal.
  fireEvent.change(codeField(), { target: { value: 'EARLY' } });
  expect(screen.queryByText('EXPIRED2025 has expired')).not.toBeInTheDocument();
});

test('removing the code prices the order without it again, and the field is back, empty', async () => {
  const { quoted: asked } = renderQuote();
  await quoted();
  apply('EARLYBIRD');
  await waitFor(() => expect(totalsRows()).toContain('Total: $95.00'));

  const chip = screen.getByRole('button', { name: 'Discount code EARLYBIRD applied' });
  fireEvent.click(chip.querySelector('.MuiChip-deleteIcon')!);
  await quoted();
  expect(totalsRows().some((row) => row.startsWith('Discount'))).toBe(false);
  expect(codeField()).toHaveValue('');
  expect(placed()).not.toHaveProperty('discountCode');
  // The quote without the code was known already: the server was asked once without it and once with it, never again.
  expect(asked).toEqual([
    { lines, address },
    { lines, address, discountCode: 'EARLYBIRD' },
  ]);
});
