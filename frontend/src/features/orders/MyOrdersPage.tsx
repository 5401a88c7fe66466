import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  Avatar,
  Box,
  Button,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router-dom';
import ConfirmDialog from '../../components/ConfirmDialog';
import { CLOSED_ORDER_STATES, ORDER_STATE_LABELS } from '../../components/OrderStateChip';
import Spinner from '../../components/Spinner';
import type { MyOrdersQuery as MyOrdersResult } from '../../gql/graphql';
import EngravingText from '../../components/engraving/EngravingText';
import { errorMessage } from '../../lib/errors';
import { CancelOrderMutation, MyOrdersQuery } from '../../graphql/orders';

type OrderRow = MyOrdersResult['myOrders']['items'][number];

export const MY_ORDERS_VARIABLES = { options: { skip: 0, take: 100 } };

/** SPEC §4: Pending shows in a warning colour once paid; any other status in a success colour. */
function statusColor(order: Pick<OrderRow, 'status' | 'paid'>): 'warning' | 'success' | 'default' {
  if (order.status !== 'Pending') return 'success';
  return order.paid ? 'warning' : 'default';
}

export default function MyOrdersPage() {
  const { enqueueSnackbar } = useSnackbar();
  const { data, loading, error } = useQuery(MyOrdersQuery, { variables: MY_ORDERS_VARIABLES });
  const [pending, setPending] = useState<OrderRow | null>(null);
  // The cancelled order stays in the list; its answer updates the cached row.
  const [cancelOrder, { loading: deleting }] = useMutation(CancelOrderMutation);

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await cancelOrder({ variables: { id: pending.id } });
      enqueueSnackbar('Order successfully deleted', { variant: 'success' });
      setPending(null);
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  };

  if (loading && !data) return <Spinner />;
  if (error && !data)
    return (
      <Typography role="alert" color="error">
        {errorMessage(error)}
      </Typography>
    );
  const orders = data?.myOrders.items ?? [];

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.main', mb: 2 }}>
        My Orders
      </Typography>
      {orders.length === 0 ? (
        <Typography>
          You have no orders yet. <RouterLink to="/products">Browse the products</RouterLink>
        </Typography>
      ) : (
        <TableContainer component={Paper} sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="My orders">
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Avatar</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Payment status</TableCell>
                <TableCell>Price</TableCell>
                <TableCell>Quantity</TableCell>
                <TableCell>Order Delete</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.map((order, index) => (
                <TableRow key={order.id}>
                  <TableCell>{index + 1}</TableCell>
                  <TableCell>
                    <Avatar
                      src={order.img}
                      alt={order.name}
                      variant="rounded"
                      slotProps={{ img: { loading: 'lazy', width: 40, height: 40 } }}
                    />
                  </TableCell>
                  <TableCell>
                    {order.name}
                    <Box>
                      <EngravingText engraving={order.engraving} />
                    </Box>
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
                  </TableCell>
                  <TableCell>${order.totalPrice}</TableCell>
                  <TableCell>{order.quantity}</TableCell>
                  <TableCell>
                    {order.state === 'AwaitingPayment' && (
                      <Button
                        color="error"
                        variant="outlined"
                        size="small"
                        onClick={() => setPending(order)}
                        aria-label={`Delete order for ${order.name}`}
                      >
                        Delete
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Are you sure you want to delete ?"
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      >
        {pending && (
          <Box>
            <Typography>Name: {pending.name}</Typography>
            <Typography>Details: {pending.description}</Typography>
            <EngravingText engraving={pending.engraving} />
            <Typography>Quantity: {pending.quantity}</Typography>
            <Typography>Price: ${pending.totalPrice}</Typography>
          </Box>
        )}
      </ConfirmDialog>
    </Box>
  );
}
