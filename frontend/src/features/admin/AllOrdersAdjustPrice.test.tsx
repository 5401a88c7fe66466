import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { dollars, orderFixture, totalsFixture } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import AllOrdersPage from './AllOrdersPage';
import { AdjustOrderPriceMutation, AdminOrdersQuery } from './operations';

const UNPAID_ID = 'a1b2c3d4-0000-4000-8000-000000000002';
const unpaid = orderFixture(UNPAID_ID, { name: 'Unpaid Knife' });
const paid = orderFixture('o1', { name: 'Paid Knife', paid: true, state: 'Paid', transactionId: 'pi_o1' });
const shipped = orderFixture('o3', { name: 'Shipped Knife', paid: true, state: 'Shipped', status: 'Shipped', transactionId: 'pi_o3' });

const ordersMock: MockLink.MockedResponse = {
  request: { query: AdminOrdersQuery, variables: { options: { skip: 0, take: 20 } } },
  result: { data: { orders: { __typename: 'OrderList', totalItems: 3, items: [paid, unpaid, shipped] } } },
};

/** The unpaid order ($100.00) as the server answers an adjustment of `change` dollars with `label`. */
const adjusted = (change: number, label: string) => ({
  ...unpaid,
  totals: { ...totalsFixture(100, 0, 0, 100 + change), adjustments: dollars(change) },
  adjustments: [{ __typename: 'OrderAdjustment', id: 'adj-1', source: 'manual', label }],
});

const adjustMock = (input: Record<string, unknown>, answer: MockLink.MockedResponse['result']): MockLink.MockedResponse => ({
  request: { query: AdjustOrderPriceMutation, variables: { orderId: UNPAID_ID, input } },
  result: answer,
});

const rowOf = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

function renderOrders(mocks: MockLink.MockedResponse[]) {
  renderPage(<AllOrdersPage />, { path: '/dashboard/allOrders', route: '/dashboard/allOrders', mocks: [ordersMock, ...mocks] });
}

async function openAdjust() {
  // The data grid renders slowly on a busy machine: wait longer than Testing Library's second.
  await screen.findByText('Unpaid Knife', {}, { timeout: 10000 });
  fireEvent.click(within(rowOf('Unpaid Knife')).getByRole('button', { name: 'Adjust price of Unpaid Knife' }));
  return screen.findByRole('dialog', { name: 'Adjust price of order #a1b2c3d4' });
}

const type = (dialog: HTMLElement, name: RegExp | string, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });

test('Adjust price is offered on an unpaid order only', async () => {
  renderOrders([]);
  await screen.findByText('Unpaid Knife', {}, { timeout: 10000 });
  expect(within(rowOf('Unpaid Knife')).getByRole('button', { name: 'Adjust price of Unpaid Knife' })).toHaveTextContent('Adjust price');
  expect(within(rowOf('Paid Knife')).queryByRole('button', { name: /^Adjust price/ })).not.toBeInTheDocument();
  expect(within(rowOf('Shipped Knife')).queryByRole('button', { name: /^Adjust price/ })).not.toBeInTheDocument();
}, 60_000);

test("lowering by 20.00 sends -2000 with the reason and label, toasts the server's total and updates the row from the cache", async () => {
  renderOrders([
    adjustMock(
      { amount: -2000, reason: 'Shipped a week late', label: 'Sorry for the wait' },
      { data: { adjustOrderPrice: adjusted(-20, 'Sorry for the wait') } },
    ),
  ]);
  const dialog = await openAdjust();
  expect(within(rowOf('Unpaid Knife')).getByText('$100.00')).toBeInTheDocument();
  expect(within(dialog).getByRole('radio', { name: 'Lower the price' })).toBeChecked();
  expect(within(dialog).getByRole('textbox', { name: /^Reason/ })).toHaveAccessibleDescription(/shown to staff only/);
  expect(within(dialog).getByRole('textbox', { name: 'Label shown to the customer' })).toHaveAttribute('placeholder', 'Price adjustment');
  const totals = within(dialog).getByRole('region', { name: 'Total before and after' });
  expect(totals).toHaveTextContent('Current total$100.00');

  type(dialog, /^Amount/, '20.00');
  expect(totals).toHaveTextContent('New total$80.00');
  type(dialog, /^Reason/, '  Shipped a week late ');
  type(dialog, 'Label shown to the customer', 'Sorry for the wait');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust price' }));

  expect(await screen.findByText('Price adjusted: the total is now $80.00')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // Only the grid's first page was mocked: the row's total comes from the mutation's answer.
  expect(within(rowOf('Unpaid Knife')).getByText('$80.00')).toBeInTheDocument();
  fireEvent.click(within(rowOf('Unpaid Knife')).getByRole('button', { name: `1 line: order ${UNPAID_ID}` }));
  const lines = await screen.findByRole('dialog', { name: 'Lines of the order by Casey Blade' });
  expect(within(lines).getByRole('region', { name: 'Order totals' })).toHaveTextContent('Sorry for the wait−$20.00');
}, 60_000);

test('the dialog says what is missing or wrong before sending anything', async () => {
  renderOrders([]);
  const dialog = await openAdjust();
  const submit = within(dialog).getByRole('button', { name: 'Adjust price' });
  fireEvent.click(submit);
  expect(await within(dialog).findByText('Amount is Required')).toBeInTheDocument();
  expect(within(dialog).getByText('Reason is Required')).toBeInTheDocument();

  type(dialog, /^Amount/, '10.005');
  fireEvent.click(submit);
  expect(await within(dialog).findByText('Enter an amount like 10.00, with at most 2 decimals')).toBeInTheDocument();
  type(dialog, /^Amount/, '0');
  expect(await within(dialog).findByText('The amount must be more than 0')).toBeInTheDocument();
  // The order's lines come to $100.00: it cannot lose more.
  type(dialog, /^Amount/, '150');
  expect(await within(dialog).findByText('The price cannot go below zero: lower it by at most $100.00')).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Raise the price' }));
  await waitFor(() => expect(within(dialog).queryByText(/cannot go below zero/)).not.toBeInTheDocument());
  expect(within(dialog).getByRole('textbox', { name: /^Amount/ })).toHaveAttribute('aria-invalid', 'false');
  // Nothing was sent: no mutation was mocked, so a request would have shown its failure.
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
}, 60_000);

test("the server's refusal stays in the dialog; raising sends a positive amount without a label", async () => {
  renderOrders([
    adjustMock(
      { amount: 500, reason: 'Gift wrapping', label: null },
      { errors: [new GraphQLError('This order is being paid', { extensions: { code: 'CONFLICT' } })] },
    ),
  ]);
  const dialog = await openAdjust();
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Raise the price' }));
  type(dialog, /^Amount/, '5');
  type(dialog, /^Reason/, 'Gift wrapping');
  expect(dialog).toHaveTextContent('New total$105.00');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust price' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('This order is being paid');
  expect(screen.getByRole('dialog', { name: 'Adjust price of order #a1b2c3d4' })).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Adjust price' })).toBeEnabled();
}, 60_000);
