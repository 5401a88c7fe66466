import { afterEach, beforeEach, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { knowShop } from '../../../lib/money';
import { dollars } from '../../../test/fixtures';
import { countingClient, renderPage } from '../../../test/render';
import GiftCardsPage from './GiftCardsPage';

const US_SHOP = { currency: 'USD', locale: 'en-US', country: 'US', pricesIncludeTax: false };

/** A card as AdminGiftCardFields reads it: bought for $50 by an order, $20 left, unless overridden. */
const cardFixture = (id: string, lastFour: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'GiftCard',
  id,
  lastFour,
  balance: dollars(20),
  initialAmount: dollars(50),
  recipientEmail: 'jo@keen.test',
  disabled: false,
  expiresAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  orderId: 'o1',
  ...overrides,
});

const bought = cardFixture('g1', 'ABCD');
const byHand = cardFixture('g2', 'WXYZ', { balance: dollars(10), initialAmount: dollars(10), recipientEmail: null, orderId: null });

/** The dashboard's server: answers the gift card operations and records each mutation's variables. */
function renderGiftCards({ adjustRefusal }: { adjustRefusal?: string } = {}) {
  const sent: Record<string, Record<string, unknown>[]> = {
    IssueGiftCard: [],
    AdjustGiftCard: [],
    DisableGiftCard: [],
    GiftCardLedger: [],
  };
  const counting = countingClient((name, variables) => {
    if (name in sent) sent[name].push(variables);
    switch (name) {
      case 'AdminGiftCards':
        return { giftCards: [bought, byHand] };
      case 'IssueGiftCard': {
        const input = variables.input as { amount: number };
        return {
          issueGiftCard: {
            ...cardFixture('g3', 'NPQR', {
              balance: dollars(input.amount / 100),
              initialAmount: dollars(input.amount / 100),
              orderId: null,
            }),
            code: 'ABCD-EFGH-JKLM-NPQR',
          },
        };
      }
      case 'AdjustGiftCard':
        if (adjustRefusal) return new GraphQLError(adjustRefusal);
        return { adjustGiftCard: { ...bought, balance: dollars(20 + (variables.input as { amount: number }).amount / 100) } };
      case 'DisableGiftCard':
        return { disableGiftCard: { ...bought, disabled: true } };
      case 'GiftCardLedger':
        return {
          giftCard: {
            __typename: 'GiftCard',
            id: variables.id,
            ledger: [
              {
                __typename: 'GiftCardLedgerEntry',
                id: 'e1',
                kind: 'issue',
                amount: dollars(50),
                reason: null,
                createdBy: null,
                orderId: 'o1',
                createdAt: '2026-11-22T10:00:00.000Z',
              },
              {
                __typename: 'GiftCardLedgerEntry',
                id: 'e2',
                kind: 'redeem',
                amount: dollars(-30),
                reason: null,
                createdBy: null,
                orderId: 'o2',
                createdAt: '2026-11-23T10:00:00.000Z',
              },
            ],
          },
        };
    }
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<GiftCardsPage />, { path: '/dashboard/giftCards', route: '/dashboard/giftCards', client: counting.client });
  return { ...counting, sent };
}

// The data grid renders slowly on a busy machine: wait longer than Testing Library's default.
const findRow = async (lastFour: string) =>
  (await screen.findByText(`•••• ${lastFour}`, {}, { timeout: 10000 })).closest('[role="row"]') as HTMLElement;
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

beforeEach(() => knowShop(US_SHOP));
afterEach(() => knowShop(US_SHOP));

test('lists each card with its last four, balance, initial amount, recipient and status', async () => {
  renderGiftCards();
  const row = await findRow('ABCD');
  expect(within(row).getByText('$20.00')).toBeInTheDocument();
  expect(within(row).getByText('$50.00')).toBeInTheDocument();
  expect(within(row).getByText('jo@keen.test')).toBeInTheDocument();
  expect(within(row).getByText('Active')).toBeInTheDocument();
  const other = await findRow('WXYZ');
  // Issued by hand without a recipient: nobody was mailed.
  expect(within(other).getByText('—')).toBeInTheDocument();
});

test('issuing by hand needs an amount and a reason, sends minor units and shows the whole code once', async () => {
  const { sent } = renderGiftCards();
  await findRow('ABCD');
  fireEvent.click(screen.getByRole('button', { name: 'Issue gift card' }));
  const dialog = await screen.findByRole('dialog', { name: 'Issue a gift card' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
  expect(await within(dialog).findByText('Say why it is issued')).toBeInTheDocument();
  expect(sent.IssueGiftCard).toEqual([]);

  type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '25');
  type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Sorry for the late parcel');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
  expect(await within(dialog).findByText('ABCD-EFGH-JKLM-NPQR')).toBeInTheDocument();
  expect(sent.IssueGiftCard).toEqual([{ input: { amount: 2500, reason: 'Sorry for the late parcel' } }]);
});

test('issuing by hand may carry a message and an expiry day (sent as the end of that day); a past day is refused first', async () => {
  const { sent } = renderGiftCards();
  await findRow('ABCD');
  fireEvent.click(screen.getByRole('button', { name: 'Issue gift card' }));
  const dialog = await screen.findByRole('dialog', { name: 'Issue a gift card' });
  type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '40');
  type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Prize draw');
  type(within(dialog).getByRole('textbox', { name: /^Recipient/ }), 'winner@example.com');
  type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Congratulations!');
  const expires = within(dialog).getByLabelText(/^Expires on/);
  fireEvent.change(expires, { target: { value: '2020-01-01' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
  expect(await within(dialog).findByText('Choose a day after today')).toBeInTheDocument();
  expect(sent.IssueGiftCard).toEqual([]);
  const day = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  fireEvent.change(expires, { target: { value: day } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
  expect(await within(dialog).findByText('ABCD-EFGH-JKLM-NPQR')).toBeInTheDocument();
  expect(sent.IssueGiftCard).toEqual([
    {
      input: {
        amount: 4000,
        reason: 'Prize draw',
        recipientEmail: 'winner@example.com',
        message: 'Congratulations!',
        expiresAt: new Date(`${day}T23:59:59`).toISOString(),
      },
    },
  ]);
});

test('adjusting takes a signed amount and a reason; a refusal is said and the dialog stays', async () => {
  const { sent } = renderGiftCards({ adjustRefusal: 'A gift card cannot go below zero' });
  const row = await findRow('ABCD');
  fireEvent.click(within(row).getByRole('button', { name: 'Adjust •••• ABCD' }));
  const dialog = await screen.findByRole('dialog', { name: 'Adjust gift card •••• ABCD' });
  type(within(dialog).getByRole('textbox', { name: /^Add/ }), '-25.00');
  type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Typo');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
  expect(await screen.findByText('A gift card cannot go below zero')).toBeInTheDocument();
  expect(sent.AdjustGiftCard).toEqual([{ id: 'g1', input: { amount: -2500, reason: 'Typo' } }]);
  expect(screen.getByRole('dialog', { name: 'Adjust gift card •••• ABCD' })).toBeInTheDocument();
});

test('disabling asks first; Disable sends it and the row says Disabled', async () => {
  const { sent } = renderGiftCards();
  const row = await findRow('ABCD');
  fireEvent.click(within(row).getByRole('button', { name: 'Disable •••• ABCD' }));
  const confirm = await screen.findByRole('dialog', { name: 'Disable gift card •••• ABCD?' });
  expect(sent.DisableGiftCard).toEqual([]);
  fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
  await waitFor(() => expect(sent.DisableGiftCard).toEqual([{ id: 'g1' }]));
  expect(await within(await findRow('ABCD')).findByText('Disabled')).toBeInTheDocument();
});

test("the ledger lists one card's changes", async () => {
  const { sent } = renderGiftCards();
  const row = await findRow('ABCD');
  fireEvent.click(within(row).getByRole('button', { name: 'Ledger of •••• ABCD' }));
  const dialog = await screen.findByRole('dialog', { name: 'Ledger of gift card •••• ABCD' });
  const entries = await within(dialog).findAllByRole('listitem');
  expect(entries.map((entry) => entry.textContent)).toEqual([
    expect.stringContaining('Issued $50.00'),
    expect.stringContaining('Spent -$30.00'),
  ]);
  expect(sent.GiftCardLedger).toEqual([{ id: 'g1' }]);
});
