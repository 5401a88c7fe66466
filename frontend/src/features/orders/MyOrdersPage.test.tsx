import { afterEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Auth } from 'firebase/auth';
import { knowShop } from '../../lib/money';
import { totalsRows } from '../../test/delivery';
import { dollars, lineFixture, orderFixture, postalAddressFixture, SHEFFIELD, totalsFixture } from '../../test/fixtures';
import { authState, countingClient, renderPage } from '../../test/render';
import MyOrdersPage from './MyOrdersPage';

const orders = [
  orderFixture('o1'),
  orderFixture('o2', { paid: true, state: 'Paid', transactionId: 'pi_paid_2' }),
  orderFixture('o3', { paid: true, state: 'Shipped', transactionId: 'pi_paid_3', status: 'Shipped' }),
  orderFixture('o4', { state: 'Expired' }),
  orderFixture('o5', { state: 'Cancelled' }),
  orderFixture('o6', { state: 'Refunded', transactionId: 'pi_refunded_6' }),
];

const RETURN_POLICY = {
  returnPolicy: { __typename: 'ReturnPolicy', returnDays: 30, policy: ['Engraved knives come back only when faulty.'] },
};

const me = (emailVerified: boolean) => ({ me: { __typename: 'User', id: 'u1', emailVerified } });

/** Answers My Orders from the fixtures, a verified address, and a cancel with the order Cancelled and the stock back. */
const answer = (operationName: string, variables: Record<string, unknown>) => {
  if (operationName === 'MyOrders') return { myOrders: { __typename: 'OrderList', totalItems: orders.length, items: orders } };
  if (operationName === 'EmailVerified') return me(true);
  if (operationName === 'ClaimGuestOrders') return { claimGuestOrders: 0 };
  if (operationName === 'ReturnPolicy') return RETURN_POLICY;
  if (operationName === 'CancelOrder') {
    return {
      cancelOrder: {
        __typename: 'Order',
        id: String(variables.id),
        state: 'Cancelled',
        status: 'Pending',
        paid: false,
        product: { __typename: 'Product', id: 'p1', quantity: 12 },
      },
    };
  }
  throw new Error(`unexpected ${operationName}`);
};

test('the table: columns, Pay for unpaid, Paid with transaction id, status, price, quantity, Delete only when unpaid', async () => {
  const { client } = countingClient(answer);
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  const table = await screen.findByRole('table', { name: 'My orders' });
  for (const column of ['Order', 'Avatar', 'Name', 'Payment status', 'Price', 'Quantity', 'Order Delete']) {
    expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
  }
  const rows = within(table).getAllByRole('row').slice(1);
  expect(within(rows[0]).getByRole('link', { name: 'Pay for Knife o1' })).toHaveAttribute('href', '/dashboard/payment/o1');
  expect(within(rows[0]).getByRole('button', { name: 'Delete order for Knife o1' })).toBeInTheDocument();
  expect(within(rows[0]).getByText('$100.00')).toBeInTheDocument();
  expect(within(rows[1]).getByText('Paid')).toBeInTheDocument();
  expect(within(rows[1]).getByText(/pi_paid_2/)).toBeInTheDocument();
  expect(within(rows[1]).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  // Pending and paid: warning colour; any other status: success colour.
  expect(within(rows[1]).getByText('Pending').closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
  expect(within(rows[2]).getByText('Shipped').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
});

test('expired, cancelled and refunded orders say so, with no Pay and no Delete', async () => {
  const { client } = countingClient(answer);
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  const table = await screen.findByRole('table', { name: 'My orders' });
  const rows = within(table).getAllByRole('row').slice(1);
  for (const [row, label] of [
    [rows[3], 'Expired'],
    [rows[4], 'Cancelled'],
    [rows[5], 'Refunded'],
  ] as const) {
    expect(within(row).getByText(label)).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /Pay for/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(row).queryByText(/Transaction ID/)).not.toBeInTheDocument();
  }
});

test('deleting an unpaid order confirms, sends exactly one request, and the row shows Cancelled from the answer', async () => {
  const { client, requests } = countingClient(answer);
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  await screen.findByRole('table', { name: 'My orders' });
  expect(requests.sort()).toEqual(['ClaimGuestOrders', 'EmailVerified', 'MyOrders']);

  fireEvent.click(screen.getByRole('button', { name: 'Delete order for Knife o1' }));
  const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete ?' });
  expect(within(dialog).getByText('Name: Knife o1')).toBeInTheDocument();
  expect(within(dialog).getByText('Details: Details of o1')).toBeInTheDocument();
  expect(within(dialog).getByText('Quantity: 2')).toBeInTheDocument();
  expect(within(dialog).getByText('Price: $100.00')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

  expect(await screen.findByText('Order successfully deleted')).toBeInTheDocument();
  const row = screen.getByText('Knife o1').closest('tr') as HTMLElement;
  await waitFor(() => expect(within(row).getByText('Cancelled')).toBeInTheDocument());
  expect(within(row).queryByRole('link', { name: 'Pay for Knife o1' })).not.toBeInTheDocument();
  expect(within(row).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  // Give any refetch a chance to happen, then check none did.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(requests.sort()).toEqual(['CancelOrder', 'ClaimGuestOrders', 'EmailVerified', 'MyOrders']);
  const cached = client.cache.extract() as Record<string, Record<string, unknown>>;
  expect(cached['Order:o1']).toMatchObject({ state: 'Cancelled' });
  // The answer carries the product's stock with the units back, so product views update without a request.
  expect(cached['Product:p1']).toMatchObject({ quantity: 12 });
});

test('Cancel closes the dialog and deletes nothing', async () => {
  const { client, requests } = countingClient(answer);
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  await screen.findByRole('table', { name: 'My orders' });
  fireEvent.click(screen.getByRole('button', { name: 'Delete order for Knife o1' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(requests.sort()).toEqual(['ClaimGuestOrders', 'EmailVerified', 'MyOrders']);
  expect(screen.getByText('Knife o1')).toBeInTheDocument();
});

test('orders placed as a guest with the verified address are claimed once: the notice names how many, and the list is read again', async () => {
  const { client, requests } = countingClient((name, variables) =>
    name === 'ClaimGuestOrders' ? { claimGuestOrders: 2 } : answer(name, variables),
  );
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  expect(await screen.findByText(/We found 2 orders you placed as a guest/)).toBeInTheDocument();
  await waitFor(() => expect(requests.filter((name) => name === 'MyOrders')).toHaveLength(2));
  expect(requests.filter((name) => name === 'ClaimGuestOrders')).toHaveLength(1);
});

const NOTICE = 'Verify your e-mail address to receive order e-mails';

test('the notice shows while the server has not seen the address verified, and not once it has', async () => {
  const unverified = countingClient((name, variables) => (name === 'EmailVerified' ? me(false) : answer(name, variables)));
  const { unmount } = renderPage(<MyOrdersPage />, {
    path: '/dashboard/myOrders',
    route: '/dashboard/myOrders',
    client: unverified.client,
  });
  expect(await screen.findByRole('alert')).toHaveTextContent(NOTICE);
  await screen.findByRole('table', { name: 'My orders' });
  unmount();

  const verified = countingClient(answer);
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client: verified.client });
  await screen.findByRole('table', { name: 'My orders' });
  await waitFor(() => expect(verified.requests).toContain('EmailVerified'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
});

test('an address verified since the token was issued: a fresh token is fetched, the server asked again, and the notice goes', async () => {
  let fresh = false;
  // The Firebase user's reload answers once the test says the link was followed.
  let followLink = () => {};
  const linkFollowed = new Promise<void>((resolve) => (followLink = resolve));
  const currentUser = {
    emailVerified: false,
    reload: vi.fn(async () => {
      await linkFollowed;
      currentUser.emailVerified = true;
    }),
    getIdToken: vi.fn(async (force?: boolean) => {
      if (force) fresh = true;
      return 'token';
    }),
  };
  const { client, requests } = countingClient((name, variables) => (name === 'EmailVerified' ? me(fresh) : answer(name, variables)));
  renderPage(<MyOrdersPage />, {
    path: '/dashboard/myOrders',
    route: '/dashboard/myOrders',
    client,
    auth: authState({ auth: { currentUser } as unknown as Auth }),
  });
  expect(await screen.findByText(NOTICE)).toBeInTheDocument();
  expect(currentUser.reload).toHaveBeenCalled();
  followLink();
  await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument());
  expect(currentUser.getIdToken).toHaveBeenCalledWith(true);
  expect(requests.filter((name) => name === 'EmailVerified')).toHaveLength(2);
});

test('every line names its variant: "product, variant"; a one-line order of a variant too', async () => {
  const line = (id: string, name: string, variantName: string | null, quantity: number) => ({
    ...lineFixture(id, { name, img: '', quantity, price: 100, totalPrice: 100 * quantity, engraving: null }),
    variantName,
  });
  const variantOrders = [
    orderFixture('v1', {
      lines: [line('v1-1', 'Engraved Santoku', '21 cm / Ebony', 1), line('v1-2', 'Engraved Santoku', '18 cm / Walnut', 2)],
    }),
    orderFixture('v2', { name: 'Engraved Santoku', lines: [line('v2-1', 'Engraved Santoku', '23.5 cm / Walnut', 1)] }),
    orderFixture('v3', { name: 'Bread Knife', lines: [line('v3-1', 'Bread Knife', null, 1)] }),
  ];
  const { client } = countingClient((operationName) => {
    if (operationName === 'MyOrders') return { myOrders: { __typename: 'OrderList', totalItems: 3, items: variantOrders } };
    if (operationName === 'EmailVerified') return me(true);
    throw new Error(`unexpected ${operationName}`);
  });
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  const rows = within(await screen.findByRole('table', { name: 'My orders' }))
    .getAllByRole('row')
    .slice(1);
  const lines = within(rows[0]).getByRole('list', { name: /^Lines of order/ });
  expect(
    within(lines)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['1 x Engraved Santoku, 21 cm / Ebony', '2 x Engraved Santoku, 18 cm / Walnut']);
  expect(rows[1]).toHaveTextContent('Engraved Santoku, 23.5 cm / Walnut');
  expect(rows[2]).toHaveTextContent('Bread Knife');
  expect(rows[2]).not.toHaveTextContent('Bread Knife,');
});

const US_SHOP = { currency: 'USD', locale: 'en-US', country: 'US', pricesIncludeTax: false };
afterEach(() => knowShop(US_SHOP));

test('Details shows the receipt: the lines, where it ships, and the breakdown with the VAT inside a tax-inclusive total', async () => {
  knowShop({ ...US_SHOP, pricesIncludeTax: true });
  const shipped = orderFixture('o7', {
    totals: totalsFixture(100, 5, 17.5, 105),
    shippingMethodName: 'Standard (UK)',
    shippingAddress: postalAddressFixture({ line1: '1 Forge Lane', ...SHEFFIELD }),
  });
  const { client } = countingClient((name, variables) =>
    name === 'MyOrders' ? { myOrders: { __typename: 'OrderList', totalItems: 2, items: [shipped, orders[0]] } } : answer(name, variables),
  );
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  fireEvent.click(await screen.findByRole('button', { name: 'Details of order #o7' }));
  const dialog = await screen.findByRole('dialog', { name: 'Order #o7' });
  expect(within(dialog).getByRole('list', { name: 'Order lines' })).toHaveTextContent('2 x Knife o7$100.00');
  await waitFor(() =>
    expect(within(dialog).getByRole('group', { name: 'Shipping address' })).toHaveTextContent(
      'Casey Blade1 Forge LaneSheffieldS1 2HEUnited Kingdom0114 496 0000',
    ),
  );
  expect(totalsRows()).toEqual(['Subtotal: $100.00', 'Shipping – Standard (UK): $5.00', 'Total: $105.00', 'incl. $17.50 VAT']);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  // An order from before delivery was set up: no address, and its total alone.
  fireEvent.click(screen.getByRole('button', { name: 'Details of order #o1' }));
  const older = await screen.findByRole('dialog', { name: 'Order #o1' });
  expect(within(older).queryByRole('group', { name: 'Shipping address' })).not.toBeInTheDocument();
  expect(totalsRows()).toEqual(['Total: $100.00']);
});

test('a delivered order within the window offers Return items: the dialog shows the policy, refuses a change of mind for an engraved line, and sends the chosen units', async () => {
  const deliveredAt = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
  const delivered = orderFixture('d1', {
    paid: true,
    state: 'Delivered',
    status: 'Shipped',
    transactionId: 'pi_d1',
    deliveredAt,
    engraving: { __typename: 'OrderEngraving', text: 'Ada', font: 'serif', placement: 'BladeLeft', unitAmount: dollars(7) },
  });
  const late = orderFixture('d2', { paid: true, state: 'Delivered', status: 'Shipped', deliveredAt: '2020-01-01T00:00:00.000Z' });
  const returned = orderFixture('d3', {
    paid: true,
    state: 'Delivered',
    status: 'Shipped',
    deliveredAt,
    returns: [
      {
        __typename: 'ReturnRequest',
        id: 'r0',
        orderId: 'd3',
        rmaNumber: 'RMA-2026-000001',
        state: 'Approved',
        reason: 'FAULTY',
        details: null,
        declineReason: null,
        photos: [],
        createdAt: deliveredAt,
        lines: [
          {
            __typename: 'ReturnLine',
            id: 'rl0',
            orderLineId: 'd3-1',
            name: 'Knife d3',
            quantity: 2,
            receivedQuantity: null,
            restock: false,
          },
        ],
      },
    ],
  });
  const sent: Record<string, unknown>[] = [];
  const { client } = countingClient((operationName, variables) => {
    if (operationName === 'MyOrders') return { myOrders: { __typename: 'OrderList', totalItems: 3, items: [delivered, late, returned] } };
    if (operationName === 'RequestReturn') {
      sent.push(variables);
      return {
        requestReturn: {
          __typename: 'ReturnRequest',
          id: 'r1',
          orderId: 'd1',
          rmaNumber: 'RMA-2026-000002',
          state: 'Requested',
          reason: 'FAULTY',
          details: 'Chipped',
          declineReason: null,
          photos: [],
          createdAt: new Date().toISOString(),
          lines: [
            {
              __typename: 'ReturnLine',
              id: 'rl1',
              orderLineId: 'd1-1',
              name: 'Knife d1',
              quantity: 1,
              receivedQuantity: null,
              restock: false,
            },
          ],
        },
      };
    }
    return answer(operationName, variables);
  });
  renderPage(<MyOrdersPage />, { path: '/dashboard/myOrders', route: '/dashboard/myOrders', client });
  const table = await screen.findByRole('table', { name: 'My orders' });
  const rows = within(table).getAllByRole('row').slice(1);
  // Past the window, or every unit already in a return: no Return items.
  await within(rows[0]).findByRole('button', { name: 'Return items of order #d1' });
  expect(within(rows[1]).queryByRole('button', { name: /Return items/ })).not.toBeInTheDocument();
  expect(within(rows[2]).queryByRole('button', { name: /Return items/ })).not.toBeInTheDocument();
  expect(within(rows[2]).getByText(/Return RMA-2026-000001 approved/)).toBeInTheDocument();

  fireEvent.click(within(rows[0]).getByRole('button', { name: 'Return items of order #d1' }));
  const dialog = await screen.findByRole('dialog', { name: 'Return items of order #d1' });
  expect(await within(dialog).findByText('Engraved knives come back only when faulty.')).toBeInTheDocument();
  const send = within(dialog).getByRole('button', { name: 'Request return' });
  expect(send).toBeDisabled();
  fireEvent.change(within(dialog).getByLabelText('Units of Knife d1 to return'), { target: { value: '5' } });
  // At most what is left: 2.
  expect(within(dialog).getByLabelText('Units of Knife d1 to return')).toHaveValue(2);
  fireEvent.change(within(dialog).getByLabelText('Units of Knife d1 to return'), { target: { value: '1' } });
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Reason' }));
  fireEvent.click(await screen.findByRole('option', { name: 'No longer wanted' }));
  expect(within(dialog).getByText(/come back only when faulty, damaged or not what you ordered/)).toBeInTheDocument();
  expect(send).toBeDisabled();
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Reason' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Faulty' }));
  fireEvent.change(within(dialog).getByLabelText('What is wrong (optional)'), { target: { value: 'Chipped' } });
  fireEvent.click(send);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent).toEqual([
    { input: { orderId: 'd1', lines: [{ lineId: 'd1-1', quantity: 1 }], reason: 'FAULTY', details: 'Chipped', photos: [] } },
  ]);
  // The cache adds the return to the order: its RMA shows without a refetch.
  expect(await within(rows[0]).findByText(/Return RMA-2026-000002 requested/)).toBeInTheDocument();
});
