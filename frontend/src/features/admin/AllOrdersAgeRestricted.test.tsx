import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { ageVerifiedDeliveryRequired } from '@keen/rules';
import { orderFixture, postalAddressFixture } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import AllOrdersPage from './AllOrdersPage';
import { AdminOrdersQuery, AgeChecksQuery, MarkShippedMutation, OrderHistoryQuery } from './operations';

const firstPage = { options: { skip: 0, take: 20 } };
const address = (country: string) => postalAddressFixture({ country, region: null });

const paid = (id: string, name: string, overrides: Record<string, unknown> = {}) =>
  orderFixture(id, { name, paid: true, state: 'Paid', transactionId: `pi_${id}`, ...overrides });
const bladeToUk = paid('o1', 'Santoku to Sheffield', {
  ageRestricted: true,
  minimumAge: 18,
  deliveryHandover: 'ageVerified',
  shippingAddress: address('GB'),
});
const bladeToUs = paid('o2', 'Santoku to Boston', {
  ageRestricted: true,
  minimumAge: 18,
  deliveryHandover: 'standard',
  shippingAddress: address('US'),
});
const stone = paid('o3', 'Sharpening Stone', { shippingAddress: address('GB') });
const unpaid = orderFixture('o4', { name: 'Unpaid Knife' });

const ordersMock = {
  request: { query: AdminOrdersQuery, variables: firstPage },
  result: { data: { orders: { __typename: 'OrderList', totalItems: 4, items: [bladeToUk, bladeToUs, stone, unpaid] } } },
};
const shipped = (id: string, ageVerifiedDelivery: boolean | null) => ({
  __typename: 'Order',
  id,
  status: 'Shipped',
  state: 'Shipped',
  trackingCarrier: null,
  trackingNumber: null,
  ageVerifiedDelivery,
});

/** MarkShipped with no tracking number, answered by the result given. */
const markShipped = (
  id: string,
  carrier: string | null,
  ageVerifiedDelivery: boolean,
  result: MockLink.MockedResponse['result'],
): MockLink.MockedResponse => ({
  request: { query: MarkShippedMutation, variables: { id, tracking: { carrier, number: null, ageVerifiedDelivery } } },
  result,
});

/** All Orders with the four orders above, and the mocks given after them. */
const renderAllOrders = (...mocks: MockLink.MockedResponse[]) =>
  renderPage(<AllOrdersPage />, { path: '/dashboard/allOrders', route: '/dashboard/allOrders', mocks: [ordersMock, ...mocks] });

const rowOf = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

async function openShip(name: string) {
  // The data grid renders slowly on a busy machine: wait longer than Testing Library's second.
  await screen.findByText(name, {}, { timeout: 10000 });
  fireEvent.click(within(rowOf(name)).getByRole('button', { name: 'Ship' }));
  return screen.findByRole('dialog', { name: /^Ship order/ });
}

test('an age-restricted order to the UK: the Ship dialog asks for age-verified delivery, shows the refusal without it, and sends it', async () => {
  const refusal = ageVerifiedDeliveryRequired('United Kingdom');
  renderAllOrders(
    markShipped('o1', null, false, { errors: [new GraphQLError(refusal, { extensions: { code: 'BAD_USER_INPUT' } })] }),
    markShipped('o1', 'Royal Mail', true, { data: { markShipped: shipped('o1', true) } }),
  );
  const dialog = await openShip('Santoku to Sheffield');
  const verified = within(dialog).getByRole('switch', { name: 'Age-verified delivery' });
  expect(verified).not.toBeChecked();
  expect(within(dialog).getByText('Required for age-restricted orders to United Kingdom')).toBeInTheDocument();
  expect(verified).toHaveAccessibleDescription(/contains a bladed article/);

  fireEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  expect(screen.getByRole('dialog', { name: /^Ship order/ })).toBeInTheDocument();
  // Behind the dialog, the order is still to ship.
  expect(within(rowOf('Santoku to Sheffield')).getByRole('button', { name: 'Ship', hidden: true })).toBeInTheDocument();

  fireEvent.change(within(dialog).getByLabelText('Carrier (optional)'), { target: { value: 'Royal Mail' } });
  fireEvent.click(verified);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
  expect(await screen.findByText('Status is updated')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(within(rowOf('Santoku to Sheffield')).getByText('Shipped', { selector: '.MuiChip-label' })).toBeInTheDocument();
}, 60_000);

test('an age-restricted order elsewhere offers the switch without requiring it, and says how it went; another order has no switch', async () => {
  renderAllOrders(markShipped('o2', null, false, { data: { markShipped: shipped('o2', false) } }));
  const stoneDialog = await openShip('Sharpening Stone');
  expect(within(stoneDialog).queryByRole('switch')).not.toBeInTheDocument();
  fireEvent.click(within(stoneDialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  const dialog = await openShip('Santoku to Boston');
  expect(within(dialog).getByRole('switch', { name: 'Age-verified delivery' })).not.toBeChecked();
  expect(within(dialog).queryByText(/Required for age-restricted orders/)).not.toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
  expect(await screen.findByText('Status is updated')).toBeInTheDocument();
}, 60_000);

test('a paid order links to its packing slip; an unpaid one has none', async () => {
  renderAllOrders();
  await screen.findByText('Santoku to Sheffield', {}, { timeout: 10000 });
  expect(within(rowOf('Santoku to Sheffield')).getByRole('link', { name: 'Packing slip for order o1' })).toHaveAttribute(
    'href',
    '/packingSlip/o1',
  );
  expect(within(rowOf('Sharpening Stone')).getByRole('link', { name: 'Packing slip for order o3' })).toBeInTheDocument();
  expect(within(rowOf('Unpaid Knife')).queryByRole('link', { name: /Packing slip/ })).not.toBeInTheDocument();
}, 60_000);

test("an age-restricted order's history lists its age evidence: the check, the placing, a refused shipping and the shipping", async () => {
  const evidence = (id: string, kind: string, fields: Record<string, unknown>) => ({
    __typename: 'AgeEvidence',
    id,
    kind,
    createdAt: '2026-11-20T10:00:00.000Z',
    method: null,
    status: null,
    ageBracket: null,
    providerReference: null,
    country: null,
    minimumAge: null,
    handover: null,
    ageVerifiedDelivery: null,
    note: null,
    ...fields,
  });
  renderAllOrders(
    {
      request: { query: OrderHistoryQuery, variables: { id: 'o1' } },
      result: {
        data: {
          orderHistory: [
            {
              __typename: 'OrderEvent',
              id: 'h1',
              fromState: 'Paid',
              toState: 'Paid',
              actor: 'admin',
              actorEmail: 'admin@keen.test',
              note: 'Shipping refused: no age-verified delivery',
              createdAt: '2026-11-20T10:00:00.000Z',
            },
          ],
        },
      },
    },
    {
      request: { query: AgeChecksQuery, variables: { orderId: 'o1' } },
      result: {
        data: {
          ageChecks: [
            evidence('c1', 'CHECK', { method: 'test', status: 'PASSED', ageBracket: '18+', providerReference: 'test_123' }),
            evidence('p1', 'ORDER_PLACED', { country: 'GB', minimumAge: 18, handover: 'ageVerified' }),
            evidence('r1', 'SHIPPING_REFUSED', {
              ageVerifiedDelivery: false,
              note: 'No age-verified delivery (tried by admin@keen.test)',
            }),
            evidence('s1', 'ORDER_SHIPPED', { ageVerifiedDelivery: true, note: 'Royal Mail' }),
          ],
        },
      },
    },
  );
  await screen.findByText('Santoku to Sheffield', {}, { timeout: 10000 });
  fireEvent.click(within(rowOf('Santoku to Sheffield')).getByRole('button', { name: 'History of Santoku to Sheffield' }));
  const dialog = await screen.findByRole('dialog', { name: 'History of Santoku to Sheffield' });
  const checks = within(dialog).getByRole('list', { name: 'Age checks' });
  expect(await within(checks).findByText('Age check passed · 18+ · test provider · ref. test_123')).toBeInTheDocument();
  expect(within(checks).getByText('Placed for United Kingdom · minimum age 18 · Age-verified handover')).toBeInTheDocument();
  expect(within(checks).getByText('Shipping refused · No age-verified delivery (tried by admin@keen.test)')).toBeInTheDocument();
  expect(within(checks).getByText('Shipped with age-verified delivery · Royal Mail')).toBeInTheDocument();
  // The refusal's line of history: the order stayed as it was.
  const history = within(dialog).getByRole('list', { name: 'Order history' });
  expect(within(history).getByText('Paid: unchanged')).toBeInTheDocument();
}, 60_000);
