import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { knowShop } from '../../../lib/money';
import { money } from '../../../test/fixtures';
import { countingClient, renderPage } from '../../../test/render';
import DiscountsPage from './DiscountsPage';

const US_SHOP = { currency: 'USD', locale: 'en-US', country: 'US', pricesIncludeTax: false };

/** The rules a new code starts with in the dialog: the whole order, any subtotal, any time, no limit, enabled. */
const DEFAULT_RULES = {
  appliesTo: 'ORDER',
  productIds: [],
  collectionIds: [],
  minimumSubtotal: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  oncePerCustomer: false,
  enabled: true,
};

/** A code as AdminDiscountFields reads it: 15% off with the default rules, unused, unless overridden. */
const discountFixture = (id: string, code: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'Discount',
  id,
  code,
  kind: 'PERCENT',
  value: 15,
  ...DEFAULT_RULES,
  timesUsed: 0,
  ...overrides,
});

const earlybird = discountFixture('d1', 'EARLYBIRD', { timesUsed: 3, usageLimit: 10 });
const tenOff = discountFixture('d2', 'TENOFF', { kind: 'AMOUNT', value: 1000, timesUsed: 7 });

interface Server {
  discounts?: unknown[];
  /** The refusal createDiscount answers, if any. */
  createRefusal?: string;
}

/** The dashboard's server: answers the discount operations and records the variables of each mutation. */
function renderDiscounts({ discounts = [earlybird, tenOff], createRefusal }: Server = {}) {
  const sent: Record<string, Record<string, unknown>[]> = { CreateDiscount: [], DisableDiscount: [] };
  const counting = countingClient((name, variables) => {
    if (name in sent) sent[name].push(variables);
    switch (name) {
      case 'AdminDiscounts':
        return { discounts };
      case 'DiscountTargets':
        return { products: { __typename: 'ProductList', items: [] }, collections: [] };
      case 'CreateDiscount': {
        if (createRefusal) return new GraphQLError(createRefusal);
        const input = variables.input as Record<string, unknown>;
        return {
          createDiscount: discountFixture('d-new', input.code as string, {
            kind: input.kind,
            value: input.value,
            minimumSubtotal: input.minimumSubtotal == null ? null : money(input.minimumSubtotal as number),
          }),
        };
      }
      case 'DisableDiscount':
        return { disableDiscount: { ...earlybird, enabled: false } };
    }
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<DiscountsPage />, { path: '/dashboard/discounts', route: '/dashboard/discounts', client: counting.client });
  return { ...counting, sent };
}

// The data grid renders slowly on a busy machine: wait longer than Testing Library's default.
const findRow = async (code: string) =>
  (await screen.findByText(code, { selector: 'span' }, { timeout: 10000 })).closest('[role="row"]') as HTMLElement;

async function openAddDialog() {
  await findRow('EARLYBIRD');
  fireEvent.click(screen.getByRole('button', { name: 'Add discount code' }));
  return screen.findByRole('dialog', { name: 'Add discount code' });
}

function chooseKind(dialog: HTMLElement, kind: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Kind' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: kind }));
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => knowShop(US_SHOP));

test('the grid lists each code with its discount and its usage against its limit', async () => {
  renderDiscounts();
  const early = await findRow('EARLYBIRD');
  expect(within(early).getByText('15% off')).toBeInTheDocument();
  expect(within(early).getByText('3 / 10')).toBeInTheDocument();
  expect(within(early).getByText('Enabled')).toBeInTheDocument();
  const ten = await findRow('TENOFF');
  // 1000 minor units of USD; no limit: the uses alone.
  expect(within(ten).getByText('$10.00 off')).toBeInTheDocument();
  expect(within(ten).getByText('7')).toBeInTheDocument();
  expect(within(ten).queryByText(/\//)).not.toBeInTheDocument();
}, 60_000);

test("an AMOUNT code's value is shown in the shop currency's own units: 500 is ¥500 in a yen shop", async () => {
  knowShop({ ...US_SHOP, currency: 'JPY' });
  renderDiscounts({ discounts: [discountFixture('d3', 'YEN500', { kind: 'AMOUNT', value: 500 })] });
  const row = await findRow('YEN500');
  expect(within(row).getByText('¥500 off')).toBeInTheDocument();

  // Edited, the form shows the amount as typed in yen, and the minimum likewise.
  fireEvent.click(within(row).getByRole('button', { name: 'Edit YEN500' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit YEN500' });
  expect(within(dialog).getByRole('textbox', { name: 'Amount off' })).toHaveValue('500');
}, 60_000);

test('the copy button copies the code and says so', async () => {
  renderDiscounts();
  const row = await findRow('TENOFF');
  fireEvent.click(within(row).getByRole('button', { name: 'Copy TENOFF' }));
  expect(await screen.findByText('Copied TENOFF')).toBeInTheDocument();
  expect(writeText).toHaveBeenCalledTimes(1);
  expect(writeText).toHaveBeenCalledWith('TENOFF');
}, 60_000);

test('creating a PERCENT 15 code sends its rules, and the new code heads the list', async () => {
  const { sent, requests } = renderDiscounts();
  const dialog = await openAddDialog();
  type(within(dialog).getByRole('textbox', { name: /^Code/ }), ' SPRING15 ');
  type(within(dialog).getByRole('spinbutton', { name: /^Percent off/ }), '15');
  type(within(dialog).getByRole('spinbutton', { name: /^Usage limit/ }), '100');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add code' }));

  expect(await screen.findByText('Discount code SPRING15 saved')).toBeInTheDocument();
  expect(sent.CreateDiscount).toEqual([{ input: { code: 'SPRING15', kind: 'PERCENT', value: 15, ...DEFAULT_RULES, usageLimit: 100 } }]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await findRow('SPRING15');
  // The answer was put first in the cached list: no second fetch of the list.
  expect(requests.filter((name) => name === 'AdminDiscounts')).toHaveLength(1);
  expect([...document.querySelectorAll('[role="row"][data-id]')].map((row) => row.getAttribute('data-id'))).toEqual(['d-new', 'd1', 'd2']);
}, 60_000);

test("an AMOUNT code's value and minimum subtotal are sent in minor units of the shop's currency", async () => {
  const { sent } = renderDiscounts();
  const dialog = await openAddDialog();
  type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'TWELVE');
  // A percentage typed first (a number, as formik keeps a number field's value) becomes the amount's text.
  type(within(dialog).getByRole('spinbutton', { name: /^Percent off/ }), '20');
  chooseKind(dialog, 'Amount off');
  const amount = within(dialog).getByRole('textbox', { name: /^Amount off/ });
  expect(amount).toHaveValue('20');
  type(amount, '12.50');
  type(within(dialog).getByRole('textbox', { name: 'Minimum subtotal' }), '1,000');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add code' }));

  expect(await screen.findByText('Discount code TWELVE saved')).toBeInTheDocument();
  expect(sent.CreateDiscount[0].input).toMatchObject({ code: 'TWELVE', kind: 'AMOUNT', value: 1250, minimumSubtotal: 100000 });
}, 60_000);

test('in a yen shop the amounts typed are whole yen, not hundredths; a decimal yen is refused before sending', async () => {
  knowShop({ ...US_SHOP, currency: 'JPY' });
  const { sent } = renderDiscounts();
  const dialog = await openAddDialog();
  type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'YEN500');
  chooseKind(dialog, 'Amount off');
  const amount = within(dialog).getByRole('textbox', { name: /^Amount off/ });
  type(amount, '500.50');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add code' }));
  await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
  expect(sent.CreateDiscount).toEqual([]);

  type(amount, '500');
  type(within(dialog).getByRole('textbox', { name: 'Minimum subtotal' }), '3000');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add code' }));
  expect(await screen.findByText('Discount code YEN500 saved')).toBeInTheDocument();
  expect(sent.CreateDiscount.map(({ input }) => input)).toEqual([
    expect.objectContaining({ kind: 'AMOUNT', value: 500, minimumSubtotal: 3000 }),
  ]);
}, 60_000);

test("the server's refusal is shown and the dialog stays open with what was typed", async () => {
  const { sent } = renderDiscounts({ createRefusal: 'A discount code EARLYBIRD already exists' });
  const dialog = await openAddDialog();
  type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'earlybird');
  type(within(dialog).getByRole('spinbutton', { name: /^Percent off/ }), '20');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add code' }));

  expect(await screen.findByText('A discount code EARLYBIRD already exists')).toBeInTheDocument();
  expect(sent.CreateDiscount).toHaveLength(1);
  expect(screen.queryByText('Discount code earlybird saved')).not.toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Add discount code' })).toBeInTheDocument();
  expect(within(dialog).getByRole('textbox', { name: /^Code/ })).toHaveValue('earlybird');
}, 60_000);

test('disabling asks first: cancelling sends nothing, confirming sends disableDiscount and the row says Disabled', async () => {
  const { sent } = renderDiscounts();
  const row = await findRow('EARLYBIRD');
  fireEvent.click(within(row).getByRole('button', { name: 'Disable EARLYBIRD' }));
  let confirm = await screen.findByRole('dialog', { name: 'Disable EARLYBIRD?' });
  expect(within(confirm).getByText(/Shoppers can no longer use it/)).toBeInTheDocument();
  fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.DisableDiscount).toEqual([]);

  fireEvent.click(within(row).getByRole('button', { name: 'Disable EARLYBIRD' }));
  confirm = await screen.findByRole('dialog', { name: 'Disable EARLYBIRD?' });
  expect(sent.DisableDiscount).toEqual([]);
  fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));

  expect(await screen.findByText('EARLYBIRD disabled')).toBeInTheDocument();
  expect(sent.DisableDiscount).toEqual([{ id: 'd1' }]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const updated = await findRow('EARLYBIRD');
  await waitFor(() => expect(within(updated).getByText('Disabled')).toBeInTheDocument());
  expect(within(updated).getByRole('button', { name: 'Disable EARLYBIRD' })).toBeDisabled();
}, 60_000);
