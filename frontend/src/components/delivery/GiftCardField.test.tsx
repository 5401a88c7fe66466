import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { DeliveryChoicesFragment } from '../../gql/graphql';
import { totalsRows } from '../../test/delivery';
import {
  addressFixture,
  dollars,
  quoteFixture,
  shippingOptionFixture,
  totalsFixture,
  userFixture,
  withDelivery,
} from '../../test/fixtures';
import { countingClient, renderPage } from '../../test/render';
import DeliveryTotals from './DeliveryTotals';
import GiftCardField from './GiftCardField';
import { useDelivery } from './useDelivery';

const home = addressFixture('1', { isDefault: true });
const choices = withDelivery(userFixture(), [home], ['US']) as unknown as DeliveryChoicesFragment;
/** Two knives at $50 and Standard at $5: $105.00. */
const lines = [{ productId: 'k1', quantity: 2 }];
const standard = shippingOptionFixture('standard', 'Standard', { price: 5 });

/** The checkout's quote with the gift card field under it, and what placeOrder would be sent. */
function Quote({ shipsTo = choices }: { shipsTo?: DeliveryChoicesFragment }) {
  const delivery = useDelivery({ choices: shipsTo, lines, customer: { name: 'Casey Blade' } });
  return (
    <>
      <GiftCardField delivery={delivery} idPrefix="test" />
      <DeliveryTotals delivery={delivery} linesTotal={dollars(100)} />
      <output data-testid="order">{JSON.stringify(delivery.order())}</output>
    </>
  );
}

/** Cards: AAAA… holds $60, BBBB… $100, EMPT… nothing, OLDD… expired; any other code is unknown. */
const balances: Record<string, { balance: number; expiresAt: string | null }> = {
  AAAABBBBCCCCAAAA: { balance: 60, expiresAt: null },
  BBBBCCCCDDDDBBBB: { balance: 100, expiresAt: null },
  EMPTYCARDEMPTYYY: { balance: 0, expiresAt: null },
  OLDCARDOLDCARDDD: { balance: 20, expiresAt: '2020-01-01T00:00:00.000Z' },
};

/**
 * orderQuote as the server answers it with these cards: each pays what it can of the total in the
 * order given ($105.00 with Standard, or the lines' $100.00 in a shop without zones).
 */
function serverQuote(codes: string[], zoneless: boolean) {
  const totals = zoneless ? totalsFixture(100) : standard.totals;
  let left = totals.total.amount;
  const giftCardPayments = codes.flatMap((code) => {
    const amount = Math.min(balances[code].balance * 100, left);
    left -= amount;
    return amount ? [{ __typename: 'OrderGiftCardPayment', lastFour: code.slice(-4), amount: dollars(amount / 100) }] : [];
  });
  const withCards = { ...totals, giftCards: dollars((totals.total.amount - left) / 100), amountDue: dollars(left / 100) };
  return zoneless
    ? quoteFixture([], { totals: withCards, giftCardPayments })
    : quoteFixture([{ ...standard, totals: withCards, giftCardPayments }]);
}

function renderQuote(shipsTo = choices) {
  const looked: string[] = [];
  const quotes: unknown[] = [];
  const counting = countingClient((name, variables) => {
    if (name === 'OrderQuote') {
      const input = variables.input as { giftCards?: string[] };
      quotes.push(input.giftCards ?? []);
      return serverQuote(input.giftCards ?? [], shipsTo.shippingCountries.length === 0);
    }
    if (name !== 'GiftCardBalance') throw new Error(`unexpected ${name}`);
    const code = variables.code as string;
    looked.push(code);
    const card = balances[code];
    if (!card) return new GraphQLError(`There is no gift card •••• ${code.slice(-4)}`);
    return {
      giftCardBalance: {
        __typename: 'GiftCardBalance',
        lastFour: code.slice(-4),
        balance: dollars(card.balance),
        expiresAt: card.expiresAt,
      },
    };
  });
  renderPage(<Quote shipsTo={shipsTo} />, { path: '/checkout', route: '/checkout', client: counting.client });
  return { looked, quotes };
}

const field = () => screen.getByRole('textbox', { name: 'Gift card code' });
const placed = () => JSON.parse(screen.getByTestId('order').textContent ?? 'null') as Record<string, unknown> | null;

function apply(code: string) {
  fireEvent.change(field(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply gift card' }));
}

async function quoted() {
  await waitFor(() => expect(totalsRows()).toEqual(['Subtotal: $100.00', 'Shipping – Standard: $5.00', 'Total: $105.00']));
}

test("two cards pay in the order given: the quote's shares and amount due are shown; the order carries both codes as the server compares them", async () => {
  const { looked, quotes } = renderQuote();
  await quoted();

  apply('aaaa-bbbb-cccc-aaaa');
  expect(await screen.findByText('Gift card •••• AAAA: $60.00')).toBeInTheDocument();
  expect(field()).toHaveValue('');
  await waitFor(() =>
    expect(totalsRows()).toEqual([
      'Subtotal: $100.00',
      'Shipping – Standard: $5.00',
      'Total: $105.00',
      'Gift card – •••• AAAA: −$60.00',
      'Amount due: $45.00',
    ]),
  );

  apply('BBBB CCCC DDDD BBBB');
  // The second pays only what the first left: $45.00 of its $100.00.
  expect(await screen.findByText('Gift card •••• BBBB: $45.00')).toBeInTheDocument();
  expect(totalsRows()).toEqual([
    'Subtotal: $100.00',
    'Shipping – Standard: $5.00',
    'Total: $105.00',
    'Gift card – •••• AAAA: −$60.00',
    'Gift card – •••• BBBB: −$45.00',
    'Amount due: $0.00',
  ]);
  expect(looked).toEqual(['AAAABBBBCCCCAAAA', 'BBBBCCCCDDDDBBBB']);
  // The figures are the server's: the quote was asked with the cards applied, each time.
  expect(quotes).toEqual([[], ['AAAABBBBCCCCAAAA'], ['AAAABBBBCCCCAAAA', 'BBBBCCCCDDDDBBBB']]);
  expect(placed()).toMatchObject({ shippingMethodId: 'standard', giftCards: ['AAAABBBBCCCCAAAA', 'BBBBCCCCDDDDBBBB'] });

  // Removing the first: the second pays all it can.
  const chip = screen.getByRole('button', { name: 'Gift card •••• AAAA: $60.00' });
  fireEvent.click(chip.querySelector('.MuiChip-deleteIcon')!);
  expect(await screen.findByText('Gift card •••• BBBB: $100.00')).toBeInTheDocument();
  expect(totalsRows()).toContain('Amount due: $5.00');
  expect(placed()).toMatchObject({ giftCards: ['BBBBCCCCDDDDBBBB'] });
});

test("the server's refusal of an unknown code shows under the field; an empty, expired or repeated card is refused too, and none is sent", async () => {
  renderQuote();
  await quoted();

  apply('ZZZZ-ZZZZ-ZZZZ-WXYZ');
  expect(await screen.findByText('There is no gift card •••• WXYZ')).toBeInTheDocument();
  expect(field()).toHaveAccessibleDescription('There is no gift card •••• WXYZ');
  expect(field()).toHaveAttribute('aria-invalid', 'true');

  apply('EMPTYCARDEMPTYYY');
  expect(await screen.findByText('Gift card •••• TYYY has nothing left on it')).toBeInTheDocument();
  apply('OLDCARDOLDCARDDD');
  expect(await screen.findByText('Gift card •••• RDDD has expired')).toBeInTheDocument();

  expect(totalsRows()).toEqual(['Subtotal: $100.00', 'Shipping – Standard: $5.00', 'Total: $105.00']);
  expect(placed()).not.toHaveProperty('giftCards');

  apply('AAAABBBBCCCCAAAA');
  await screen.findByText('Gift card •••• AAAA: $60.00');
  apply('aaaa bbbb cccc aaaa');
  expect(await screen.findByText('That gift card is already applied')).toBeInTheDocument();
  expect(placed()).toMatchObject({ giftCards: ['AAAABBBBCCCCAAAA'] });
});

test('with nothing to deliver (a shop without zones), the quote asked with the cards answers the total, their shares and the amount due', async () => {
  renderQuote(withDelivery(userFixture(), [home], []) as unknown as DeliveryChoicesFragment);
  apply('AAAABBBBCCCCAAAA');
  await waitFor(() => expect(totalsRows()).toEqual(['Total: $100.00', 'Gift card – •••• AAAA: −$60.00', 'Amount due: $40.00']));
  expect(placed()).toMatchObject({ giftCards: ['AAAABBBBCCCCAAAA'] });
});
