import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Avatar, Box, Button, Chip, TableCell, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { shortOrderId } from '@keen/rules';
import { CLOSED_ORDER_STATES, ORDER_STATE_LABELS } from '../../components/OrderStateChip';
import QueryState from '../../components/QueryState';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import type { MyOrdersQuery as MyOrdersResult } from '../../gql/graphql';
import EngravingText from '../../components/engraving/EngravingText';
import SimpleTable from '../../components/SimpleTable';
import { CancelOrderMutation, MyOrdersQuery } from '../../operations/orders';
import { lineName } from '../../lib/variants';
import OrderDocuments from '../../components/OrderDocuments';
import OrderReceiptDialog from './OrderReceiptDialog';
import GuestOrdersNotice from './GuestOrdersNotice';
import VerifyEmailNotice from './VerifyEmailNotice';
import OrderReturns from '../../components/returns/OrderReturns';

type OrderRow = MyOrdersResult['myOrders']['items'][number];

/** Paid and not shipped: a late one is cancelled for a full refund. */
const latePaid = (order: OrderRow) => ['Paid', 'AwaitingProof', 'InProduction'].includes(order.state) && order.late;

/** A one-line order's product with its variant ("Engraved Santoku, 18 cm / Walnut"). */
const orderName = (order: OrderRow) => lineName(order.name, order.lines[0]?.variantName);

export const MY_ORDERS_VARIABLES = { options: { skip: 0, take: 100 } };

/** SPEC §4: Pending shows in a warning colour once paid; any other status in a success colour. */
function statusColor(order: Pick<OrderRow, 'status' | 'paid'>): 'warning' | 'success' | 'default' {
  if (order.status !== 'Pending') return 'success';
  return order.paid ? 'warning' : 'default';
}

export default function MyOrdersPage() {
  const query = useQuery(MyOrdersQuery, { variables: MY_ORDERS_VARIABLES });
  // The cancelled order stays in the list; its answer updates the cached row.
  const [cancelOrder, { loading: deleting }] = useMutation(CancelOrderMutation);
  const deletion = useConfirmedDelete<OrderRow>({
    remove: (order) => cancelOrder({ variables: { id: order.id } }),
    busy: deleting,
    deleted: 'Order successfully deleted',
    describe: (order) => (
      <Box>
        {latePaid(order) && <Typography sx={{ mb: 1 }}>It is late: cancelling it refunds your payment in full.</Typography>}
        <Typography>Name: {orderName(order)}</Typography>
        <Typography>Details: {order.description}</Typography>
        <EngravingText engraving={order.engraving} />
        <Typography>Quantity: {order.quantity}</Typography>
        <Typography>Price: {order.totals.total.formatted}</Typography>
      </Box>
    ),
  });
  const orders = query.data?.myOrders.items ?? [];
  const [receipt, setReceipt] = useState<OrderRow | null>(null);
  const [receiptOpen, setReceiptOpen] = useState(false);

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.main', mb: 2 }}>
        My Orders
      </Typography>
      <VerifyEmailNotice />
      <GuestOrdersNotice onClaimed={query.refetch} />
      <QueryState query={query}>
        {orders.length === 0 ? (
          <Typography>
            You have no orders yet. <RouterLink to="/products">Browse the products</RouterLink>
          </Typography>
        ) : (
          <SimpleTable
            label="My orders"
            onPaper
            columns={['Order', 'Avatar', 'Name', 'Payment status', 'Price', 'Quantity', 'Order Delete']}
          >
            {orders.map((order) => (
              <TableRow key={order.id}>
                <TableCell>#{shortOrderId(order.id)}</TableCell>
                <TableCell>
                  <Avatar
                    src={order.img}
                    alt={order.name}
                    variant="rounded"
                    slotProps={{ img: { loading: 'lazy', width: 40, height: 40 } }}
                  />
                </TableCell>
                <TableCell>
                  {order.lines.length > 1 ? (
                    <Box component="ul" aria-label={`Lines of order #${shortOrderId(order.id)}`} sx={{ m: 0, pl: 2 }}>
                      {order.lines.map((line) => (
                        <li key={line.id}>
                          {line.quantity} x {lineName(line.name, line.variantName)}
                          <Box>
                            <EngravingText engraving={line.engraving} />
                          </Box>
                        </li>
                      ))}
                    </Box>
                  ) : (
                    <>
                      {orderName(order)}
                      <Box>
                        <EngravingText engraving={order.engraving} />
                      </Box>
                    </>
                  )}
                </TableCell>
                <TableCell>
                  {CLOSED_ORDER_STATES.includes(order.state) ? (
                    <Typography sx={{ color: 'text.secondary', fontWeight: 600 }}>{ORDER_STATE_LABELS[order.state]}</Typography>
                  ) : order.paid ? (
                    <Box>
                      <Typography sx={{ color: 'success.main', fontWeight: 600 }}>Paid</Typography>
                      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                        Transaction ID: {order.transactionId}
                      </Typography>
                    </Box>
                  ) : (
                    <Button
                      variant="contained"
                      size="small"
                      component={RouterLink}
                      to={`/dashboard/payment/${order.id}`}
                      aria-label={`Pay for ${order.name}`}
                    >
                      Pay
                    </Button>
                  )}
                  <Box sx={{ mt: 0.5 }}>
                    Status: <Chip size="small" label={order.status} color={statusColor(order)} />
                  </Box>
                  {order.shipBy && !order.trackingNumber && !CLOSED_ORDER_STATES.includes(order.state) && order.status === 'Pending' && (
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                      {order.shipBy.text}
                      {order.late && ' (late: our apologies)'}
                    </Typography>
                  )}
                  {(order.trackingCarrier || order.trackingNumber) && (
                    <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-all' }}>
                      Tracking: {[order.trackingCarrier, order.trackingNumber].filter(Boolean).join(' ')}
                    </Typography>
                  )}
                  {order.deliveredAt && (
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                      Delivered {new Date(order.deliveredAt).toLocaleDateString()}
                    </Typography>
                  )}
                  {/* Nothing is engraved before the customer approves its proof: the proof page is their next step. */}
                  {order.state === 'AwaitingProof' && (
                    <Box sx={{ mt: 0.5 }}>
                      <Button
                        size="small"
                        variant="outlined"
                        component={RouterLink}
                        to={`/orders/${order.id}/proof`}
                        aria-label={`Engraving proof of order #${shortOrderId(order.id)}`}
                      >
                        Engraving proof
                      </Button>
                    </Box>
                  )}
                  <OrderReturns order={order} />
                </TableCell>
                <TableCell>
                  {order.totals.total.formatted}
                  <Box>
                    <Button
                      size="small"
                      onClick={() => {
                        setReceipt(order);
                        setReceiptOpen(true);
                      }}
                      aria-label={`Details of order #${shortOrderId(order.id)}`}
                    >
                      Details
                    </Button>
                  </Box>
                  <OrderDocuments order={order} />
                </TableCell>
                <TableCell>{order.lines.reduce((units, line) => units + line.quantity, 0)}</TableCell>
                <TableCell>
                  {latePaid(order) && (
                    <Button
                      color="error"
                      variant="outlined"
                      size="small"
                      onClick={() => deletion.ask(order)}
                      aria-label={`Cancel late order for ${order.name}`}
                    >
                      Cancel for a refund
                    </Button>
                  )}
                  {order.state === 'AwaitingPayment' && (
                    <Button
                      color="error"
                      variant="outlined"
                      size="small"
                      onClick={() => deletion.ask(order)}
                      aria-label={`Delete order for ${order.name}`}
                    >
                      Delete
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </SimpleTable>
        )}
        {deletion.dialog}
        <OrderReceiptDialog open={receiptOpen} order={receipt} onClose={() => setReceiptOpen(false)} />
      </QueryState>
    </Box>
  );
}
