import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Box, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { shortOrderId } from '@keen/rules';
import ConfirmDialog from '../../components/ConfirmDialog';
import EngravingText from '../../components/engraving/EngravingText';
import OrderDelivery from '../../components/OrderDelivery';
import OrderDocuments from '../../components/OrderDocuments';
import OrderReturns from '../../components/returns/OrderReturns';
import OrderStateChip from '../../components/OrderStateChip';
import PageHeading from '../../components/PageHeading';
import QueryState from '../../components/QueryState';
import { errorMessage } from '../../lib/errors';
import { lineName } from '../../lib/variants';
import PaymentPage from './PaymentPage';
import { CancelGuestOrderMutation, GuestOrderQuery } from './operations';

/** What a guest reads of where their order is. */
const STATE_TEXT: Record<string, string> = {
  AwaitingPayment: 'We hold your order until it is paid; pay below, or cancel it.',
  Paid: 'Paid, thank you. We engrave and ship it next; your receipt is in your mailbox.',
  AwaitingProof: 'Paid, thank you. We send you a proof of the engraving to approve before we engrave it.',
  InProduction: 'Your proof is approved: we are making your order.',
  Shipped: 'Shipped.',
  Delivered: 'Delivered. Something not right? You can return it within the window below.',
  Cancelled: 'This order was cancelled.',
  Expired: 'This order expired: it was not paid in time.',
  PartiallyRefunded: 'Part of this order was refunded; its credit note is below.',
  Refunded: 'This order was refunded.',
};

/** Paid and not shipped: a late one is cancelled for a full refund (the server's guard). */
const PAID_UNSHIPPED: readonly string[] = ['Paid', 'AwaitingProof', 'InProduction'];

/**
 * /orders/{id}?token=...: a guest order's page, reached by its link alone (the one every mail of it
 * carries): its state and tracking, its invoice and credit notes, payment while it is unpaid, and
 * cancelling until then. A wrong or missing token reads as no order at all.
 */
export default function GuestOrderPage() {
  const { id = '' } = useParams();
  const token = useSearchParams()[0].get('token') ?? '';
  const query = useQuery(GuestOrderQuery, { variables: { id, token }, skip: !token });
  const [cancelOrder, { loading: cancelling }] = useMutation(CancelGuestOrderMutation);
  const [confirming, setConfirming] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  async function cancel() {
    setCancelError(null);
    try {
      await cancelOrder({ variables: { id, token } });
    } catch (failure) {
      setCancelError(errorMessage(failure));
    }
    setConfirming(false);
  }
  const order = query.data?.order;
  // Once seen unpaid, the payment stays on the page after it succeeds, to say so with its transaction.
  const [paying, setPaying] = useState(false);
  if (order?.state === 'AwaitingPayment' && !paying) setPaying(true);

  return (
    <Container maxWidth="md" sx={{ pb: 4 }}>
      <PageHeading>Your order</PageHeading>
      {!token ? (
        <Alert severity="error">This link is not complete: open the order from the link in its e-mail.</Alert>
      ) : (
        <QueryState query={query}>
          {order && (
            <Stack spacing={3}>
              <Card>
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography variant="h5" component="h2">
                      Order #{shortOrderId(order.id)}
                    </Typography>
                    <OrderStateChip state={order.state} />
                  </Stack>
                  <Typography role="status" sx={{ mt: 1 }}>
                    {STATE_TEXT[order.state]}
                  </Typography>
                  {(order.trackingCarrier || order.trackingNumber) && (
                    <Typography sx={{ mt: 1 }}>
                      Tracking: {[order.trackingCarrier, order.trackingNumber].filter(Boolean).join(' ')}
                    </Typography>
                  )}
                  <Box component="ul" aria-label="Order lines" sx={{ pl: 2, my: 2 }}>
                    {order.lines.map((line) => (
                      <li key={line.id}>
                        <Typography component="span">
                          {line.quantity} x {lineName(line.name, line.variantName)}: {line.lineAmount.formatted}{' '}
                        </Typography>
                        <EngravingText engraving={line.engraving} />
                      </li>
                    ))}
                  </Box>
                  <Typography variant="body2">
                    For {order.userName} · {order.email}
                  </Typography>
                  <OrderDelivery order={order} headingComponent="h3" />
                  <Box sx={{ my: 1 }}>
                    <OrderDocuments order={order} />
                  </Box>
                  {(order.state === 'AwaitingProof' || order.state === 'InProduction') && (
                    <Button component={RouterLink} to={`/orders/${order.id}/proof?token=${encodeURIComponent(token)}`} sx={{ mb: 1 }}>
                      Engraving proof
                    </Button>
                  )}
                  <OrderReturns order={order} token={token} />
                  {/* Unpaid, or paid and late: a late order is cancelled for a full refund (the server's guard). */}
                  {(order.state === 'AwaitingPayment' || (PAID_UNSHIPPED.includes(order.state) && order.late)) && (
                    <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
                      {order.paid ? 'Cancel for a refund' : 'Cancel order'}
                    </Button>
                  )}
                  {cancelError && (
                    <Alert severity="error" sx={{ mt: 1 }}>
                      {cancelError}
                    </Alert>
                  )}
                </CardContent>
              </Card>
              {paying && (order.state === 'AwaitingPayment' || order.paid) && <PaymentPage />}
            </Stack>
          )}
        </QueryState>
      )}
      <ConfirmDialog
        open={confirming}
        title="Cancel this order?"
        confirmLabel="Cancel order"
        busy={cancelling}
        onConfirm={() => void cancel()}
        onCancel={() => setConfirming(false)}
      >
        {query.data?.order.paid
          ? 'It is late: cancelling it refunds your payment in full.'
          : 'Its units go back to stock; nothing is charged.'}
      </ConfirmDialog>
    </Container>
  );
}
