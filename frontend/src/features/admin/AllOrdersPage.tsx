import { useState } from 'react';
import { shortOrderId } from '@keen/rules';
import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Avatar, Button, Chip, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../lib/errors';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { forgetOverview, leaveListsNoLongerMatching } from '../../lib/listCache';
import type { AdminOrdersQuery as AdminOrdersResult, OrderState } from '../../gql/graphql';
import { CancelOrderMutation } from '../../operations/orders';
import { AdminOrdersQuery, MarkDeliveredMutation, MarkShippedMutation } from './operations';
import OrderStateChip, { ORDER_STATE_LABELS } from '../../components/OrderStateChip';
import OrderHistoryDialog from './OrderHistoryDialog';
import ShipDialog, { type ShipTracking } from './ShipDialog';
import OrderLinesDialog from './OrderLinesDialog';
import AdjustPriceDialog from './AdjustPriceDialog';
import RefundDialog from './RefundDialog';
import SendProofDialog from './proofs/SendProofDialog';
import EngravingText from '../../components/engraving/EngravingText';
import { actionsColumn } from '../../components/gridActions';
import { AdminGrid, FilterSelect, useServerList } from './serverGrid';
import { lineName } from '../../lib/variants';

type Order = AdminOrdersResult['orders']['items'][number];

/** Paid and not yet shipped: its proofs awaited, in the workshop, or ready. */
const PAID_UNSHIPPED: readonly OrderState[] = ['Paid', 'AwaitingProof', 'InProduction'];

const SORTABLE = ['createdAt', 'totalPrice', 'quantity', 'state', 'status', 'name', 'email'] as const;

/** A moved order leaves the cached grid pages filtered by what it no longer is, and the overview is counted again. */
function afterStateChange(cache: ApolloCache, order: { id: string; state: OrderState; status: string; paid?: boolean }) {
  leaveListsNoLongerMatching(
    cache,
    'orders',
    { __typename: 'Order', id: order.id },
    ({ state, status, paid }) =>
      (state == null || state === order.state) &&
      (status == null || status === order.status) &&
      (paid == null || order.paid === undefined || paid === order.paid),
  );
  forgetOverview(cache);
}

/**
 * /dashboard/allOrders: every order with its state; Ship for paid orders; Adjust price for unpaid
 * ones; Refund (part or all) for paid ones, with their invoice and credit notes; Delete cancels an
 * unpaid order or refunds a paid, unshipped one, through a confirmation; History shows every change;
 * the packing slip of a paid or shipped order prints from its own page, and an order's gift slip (its
 * gift message, no prices) from its own.
 */
/** The engraving the grid shows: the first engraved line's. */
const engravingOf = (order: Order) => order.lines.find((line) => line.engraving)?.engraving ?? null;

export default function AllOrdersPage() {
  const { enqueueSnackbar } = useSnackbar();
  const [state, setState] = useState<OrderState | ''>('');
  const [status, setStatus] = useState('');
  const [paid, setPaid] = useState('');
  const [engraved, setEngraved] = useState('');
  const [customer, setCustomer] = useState('');
  const list = useServerList(SORTABLE, {
    state: state || undefined,
    status: status || undefined,
    paid: paid === '' ? undefined : paid === 'true',
    engraved: engraved === '' ? undefined : engraved === 'true',
    guest: customer === '' ? undefined : customer === 'guest',
  });
  const { data, previousData, loading, error } = useQuery(AdminOrdersQuery, { variables: { options: list.options } });
  const [markShipped, { loading: shipping }] = useMutation(MarkShippedMutation, {
    update: (cache, { data }) => data && afterStateChange(cache, data.markShipped),
  });
  const [markDelivered, { loading: delivering }] = useMutation(MarkDeliveredMutation, {
    update: (cache, { data }) => data && afterStateChange(cache, data.markDelivered),
  });
  const [cancelOrder, { loading: deleting }] = useMutation(CancelOrderMutation, {
    update: (cache, { data }) => data && afterStateChange(cache, data.cancelOrder),
  });
  // The order stays (Cancelled or Refunded); the answer updates its row.
  const deletion = useConfirmedDelete<Order>({
    remove: (order) => cancelOrder({ variables: { id: order.id } }),
    busy: deleting,
    deleted: 'Successfully Deleted',
    describe: (order) => (
      <>
        <Typography>{order.name}</Typography>
        <Typography variant="body2">
          Customer: {order.userName} ({order.email})
        </Typography>
        <Typography variant="body2">Quantity: {order.quantity}</Typography>
        <Typography variant="body2">Price: {order.totals.total.formatted}</Typography>
        <EngravingText engraving={order.engraving} />
        {PAID_UNSHIPPED.includes(order.state) && <Typography variant="body2">The payment will be refunded to the customer.</Typography>}
      </>
    ),
  });
  const [historyOf, setHistoryOf] = useState<Order | null>(null);
  const [toShip, setToShip] = useState<Order | null>(null);
  // The server's refusal (an age-restricted order without age-verified delivery, say) stays in the Ship dialog.
  const [shipError, setShipError] = useState<string | null>(null);
  const [linesOf, setLinesOf] = useState<Order | null>(null);
  const [toAdjust, setToAdjust] = useState<Order | null>(null);
  const [toRefund, setToRefund] = useState<Order | null>(null);
  const [proofsOf, setProofsOf] = useState<string | null>(null);

  function openShip(order: Order | null) {
    setShipError(null);
    setToShip(order);
  }

  async function deliver(order: Order) {
    try {
      await markDelivered({ variables: { id: order.id } });
      enqueueSnackbar(`Order #${shortOrderId(order.id)} delivered: its return window starts`, { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  }

  async function ship(order: Order, tracking: ShipTracking) {
    const carrier = tracking.carrier.trim();
    const number = tracking.number.trim();
    // An age-restricted order always says how it goes, so that the evidence records it.
    const given = {
      carrier: carrier || null,
      number: number || null,
      ...(order.ageRestricted ? { ageVerifiedDelivery: tracking.ageVerifiedDelivery } : {}),
    };
    setShipError(null);
    try {
      await markShipped({ variables: { id: order.id, tracking: carrier || number || order.ageRestricted ? given : null } });
      enqueueSnackbar('Status is updated', { variant: 'success' });
      setToShip(null);
    } catch (failure) {
      setShipError(errorMessage(failure));
    }
  }

  const columns: GridColDef<Order>[] = [
    {
      field: 'name',
      headerName: 'Product',
      flex: 1.4,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <Avatar src={row.img} alt={row.name} variant="rounded" />
          <span>{lineName(row.name, row.lines[0]?.variantName)}</span>
        </Stack>
      ),
    },
    {
      field: 'lines',
      headerName: 'Lines',
      width: 100,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          onClick={() => setLinesOf(row)}
          aria-label={`${row.lines.length} ${row.lines.length === 1 ? 'line' : 'lines'}: order ${row.id}`}
        >
          {row.lines.length}
        </Button>
      ),
    },
    {
      field: 'engraving',
      headerName: 'Engraving',
      width: 150,
      sortable: false,
      // Any engraved line puts the order on the workshop's sheet.
      renderCell: ({ row }) =>
        engravingOf(row) && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <EngravingText engraving={engravingOf(row)} label="" />
            <Button size="small" component={RouterLink} to={`/engravingSheet/${row.id}`} aria-label={`Engraving sheet for order ${row.id}`}>
              Sheet
            </Button>
          </Stack>
        ),
    },
    { field: 'id', headerName: 'Order', width: 100, sortable: false, valueFormatter: (value: string) => `#${shortOrderId(value)}` },
    { field: 'userName', headerName: 'Customer', flex: 1, minWidth: 140, sortable: false },
    // State, actions and the transaction come early, so they stay on screen in a narrow window.
    { field: 'state', headerName: 'State', width: 150, renderCell: ({ row }) => <OrderStateChip state={row.state} /> },
    actionsColumn(540, (row) => (
      <>
        {/* An order awaiting its proofs cannot ship (the server's refusal); its next step is the proof. */}
        {row.state === 'AwaitingProof' && (
          <Button
            size="small"
            variant="contained"
            onClick={() => setProofsOf(row.id)}
            aria-label={`Proofs of order #${shortOrderId(row.id)}`}
          >
            Proof
          </Button>
        )}
        {(row.state === 'Paid' || row.state === 'InProduction' || (row.state === 'PartiallyRefunded' && row.status === 'Pending')) && (
          <Button size="small" variant="contained" onClick={() => openShip(row)}>
            Ship
          </Button>
        )}
        {row.state === 'InProduction' && (
          <Button size="small" onClick={() => setProofsOf(row.id)} aria-label={`Proofs of order #${shortOrderId(row.id)}`}>
            Proofs
          </Button>
        )}
        {/* A shipped order refunded in part before it arrived is delivered too (the server's guard). */}
        {(row.state === 'Shipped' || (row.state === 'PartiallyRefunded' && row.status === 'Shipped' && !row.deliveredAt)) && (
          <Button
            size="small"
            disabled={delivering}
            onClick={() => deliver(row)}
            aria-label={`Mark order #${shortOrderId(row.id)} delivered`}
          >
            Mark delivered
          </Button>
        )}
        {/* Only an unpaid order's price can change: a paid one is refunded instead. */}
        {row.state === 'AwaitingPayment' && (
          <Button size="small" onClick={() => setToAdjust(row)} aria-label={`Adjust price of ${row.name}`}>
            Adjust price
          </Button>
        )}
        {(PAID_UNSHIPPED.includes(row.state) ||
          row.state === 'Shipped' ||
          row.state === 'Delivered' ||
          row.state === 'PartiallyRefunded') && (
          <Button size="small" onClick={() => setToRefund(row)} aria-label={`Refund order #${shortOrderId(row.id)}`}>
            Refund
          </Button>
        )}
        {(row.state === 'AwaitingPayment' || PAID_UNSHIPPED.includes(row.state)) && (
          <Button size="small" color="error" onClick={() => deletion.ask(row)}>
            Delete
          </Button>
        )}
        <Button size="small" onClick={() => setHistoryOf(row)} aria-label={`History of ${row.name}`}>
          History
        </Button>
        {(row.state === 'Paid' || row.state === 'InProduction' || row.state === 'Shipped' || row.state === 'PartiallyRefunded') && (
          <Button size="small" component={RouterLink} to={`/packingSlip/${row.id}`} aria-label={`Packing slip for order ${row.id}`}>
            Packing slip
          </Button>
        )}
        {row.giftMessage && (
          <Button size="small" component={RouterLink} to={`/giftSlip/${row.id}`} aria-label={`Gift slip for order ${row.id}`}>
            Gift slip
          </Button>
        )}
      </>
    )),
    { field: 'transactionId', headerName: 'Transaction', flex: 1, minWidth: 160, sortable: false },
    {
      field: 'email',
      headerName: 'Email',
      flex: 1,
      minWidth: 200,
      // A guest's address is only what they typed (no account proved it).
      renderCell: ({ row }) => (
        <>
          {row.email}
          {row.guest && <Chip size="small" label="Guest" variant="outlined" sx={{ ml: 1 }} />}
        </>
      ),
    },
    { field: 'quantity', headerName: 'Quantity', type: 'number', width: 100 },
    // Sorted by the server as totalPrice; the cell shows the exact total as the shop writes it.
    {
      field: 'totalPrice',
      headerName: 'Total',
      type: 'number',
      width: 110,
      valueGetter: (_value, row) => row.totals.total.amount,
      valueFormatter: (_value, row) => row.totals.total.formatted,
    },
    {
      field: 'paid',
      headerName: 'Payment',
      width: 110,
      sortable: false,
      renderCell: ({ row }) => <Chip size="small" label={row.paid ? 'Paid' : 'Pending'} color={row.paid ? 'success' : 'warning'} />,
    },
    { field: 'status', headerName: 'Status', width: 110 },
    { field: 'createdAt', headerName: 'Ordered', width: 170, valueFormatter: (value: string) => new Date(value).toLocaleString() },
  ];

  return (
    <>
      <AdminGrid
        title="All Orders"
        label="All orders"
        list={list}
        page={data?.orders ?? previousData?.orders}
        loading={loading}
        error={error}
        columns={columns}
        exportName="orders"
        rowHeight={64}
        filters={
          <>
            <FilterSelect
              label="State"
              value={state}
              onChange={setState}
              options={(Object.keys(ORDER_STATE_LABELS) as OrderState[]).map((value) => [value, ORDER_STATE_LABELS[value]] as const)}
              minWidth={150}
            />
            <FilterSelect
              label="Status"
              value={status}
              onChange={setStatus}
              options={[
                ['Pending', 'Pending'],
                ['Shipped', 'Shipped'],
              ]}
            />
            <FilterSelect
              label="Payment"
              value={paid}
              onChange={setPaid}
              options={[
                ['true', 'Paid'],
                ['false', 'Pending'],
              ]}
            />
            <FilterSelect
              label="Engraving"
              value={engraved}
              onChange={setEngraved}
              options={[
                ['true', 'Engraved'],
                ['false', 'Not engraved'],
              ]}
              minWidth={140}
            />
            <FilterSelect
              label="Customer"
              value={customer}
              onChange={setCustomer}
              options={[
                ['guest', 'Guest'],
                ['account', 'Account'],
              ]}
              minWidth={140}
            />
          </>
        }
      />
      {deletion.dialog}
      <OrderHistoryDialog order={historyOf} onClose={() => setHistoryOf(null)} />
      <ShipDialog
        order={toShip}
        busy={shipping}
        error={shipError}
        onShip={(tracking) => toShip && ship(toShip, tracking)}
        onCancel={() => openShip(null)}
      />
      <OrderLinesDialog order={linesOf} onClose={() => setLinesOf(null)} />
      <AdjustPriceDialog order={toAdjust} onClose={() => setToAdjust(null)} />
      <RefundDialog order={toRefund} onClose={() => setToRefund(null)} />
      <SendProofDialog orderId={proofsOf} onClose={() => setProofsOf(null)} />
    </>
  );
}
