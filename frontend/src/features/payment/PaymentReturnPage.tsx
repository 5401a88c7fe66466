import { useEffect, useState } from 'react';
import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Spinner from '../../components/Spinner';
import { errorMessage } from '../../lib/errors';
import { ConfirmPaymentMutation, PaymentReturnQuery, PaymentStatusMutation } from './operations';
import { CLOSED } from './paymentReturn';
import BackToMyOrders from './BackToMyOrders';

type Outcome =
  | { kind: 'checking' }
  | { kind: 'paid'; transactionId: string }
  | { kind: 'processing' }
  | { kind: 'failed' }
  | { kind: 'closed'; message: string }
  | { kind: 'error'; message: string };

/** Statuses in which the money is on its way: the order is marked paid once the provider says so. */
const ON_ITS_WAY = new Set(['processing', 'requires_capture']);

/**
 * How the order's payment stands, from Keen's server only: Stripe's `redirect_status` in the
 * address is the browser's word. An intent that succeeded is recorded as the payment page does it.
 */
async function checkPayment(client: ApolloClient, orderId: string): Promise<Outcome> {
  const loadOrder = async () => {
    const { data } = await client.query({ query: PaymentReturnQuery, variables: { id: orderId }, fetchPolicy: 'network-only' });
    if (!data?.order) throw new Error('Order not found');
    return data.order;
  };
  const order = await loadOrder();
  if (order.paid && order.transactionId) return { kind: 'paid', transactionId: order.transactionId };
  const closed = CLOSED[order.state];
  if (closed) return { kind: 'closed', message: closed };

  const { data } = await client.mutate({ mutation: PaymentStatusMutation, variables: { orderId } });
  const intent = data?.createPaymentIntent;
  if (!intent) throw new Error('The payment could not be checked; please try again.');
  if (ON_ITS_WAY.has(intent.status)) return { kind: 'processing' };
  if (intent.status !== 'succeeded') return { kind: 'failed' };
  try {
    const { data: confirmed } = await client.mutate({
      mutation: ConfirmPaymentMutation,
      variables: { orderId, paymentIntentId: intent.id },
    });
    const transactionId = confirmed?.confirmPayment.transactionId;
    if (transactionId) return { kind: 'paid', transactionId };
  } catch (failure) {
    // Stripe's webhook may have recorded the payment in the meantime.
    const now = await loadOrder();
    if (now.paid && now.transactionId) return { kind: 'paid', transactionId: now.transactionId };
    throw failure;
  }
  return { kind: 'processing' };
}

/** /payment/return?order={id}: where Stripe brings the customer back after a bank's page. */
export default function PaymentReturnPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const client = useApolloClient();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'checking' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    checkPayment(client, orderId).then(
      (checked) => live && setOutcome(checked),
      (failure: unknown) => live && setOutcome({ kind: 'error', message: errorMessage(failure) }),
    );
    return () => {
      live = false;
    };
  }, [client, orderId, round]);

  const checkAgain = () => {
    setOutcome({ kind: 'checking' });
    setRound((current) => current + 1);
  };

  return (
    <Box sx={{ maxWidth: 480, mx: 'auto', py: 3, px: 1 }}>
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            Your payment
          </Typography>
          {outcome.kind === 'checking' && <Spinner label="Checking your payment" />}
          {outcome.kind === 'paid' && (
            <Box role="status">
              <Typography sx={{ color: 'success.main' }}>Your payment is completed</Typography>
              <Typography>
                Your transaction id :{' '}
                <Box component="span" sx={{ fontWeight: 'bold', color: 'warning.dark' }}>
                  {outcome.transactionId}
                </Box>
              </Typography>
            </Box>
          )}
          {outcome.kind === 'processing' && (
            <>
              <Typography role="status">
                Your payment is still processing. The order is marked paid as soon as the payment is confirmed.
              </Typography>
              <Button variant="outlined" sx={{ mt: 2 }} onClick={checkAgain}>
                Check again
              </Button>
            </>
          )}
          {outcome.kind === 'failed' && (
            <>
              <Typography role="alert" sx={{ color: 'red' }}>
                Your payment did not go through, and nothing was charged.
              </Typography>
              <Button variant="contained" sx={{ mt: 2 }} component={RouterLink} to={`/dashboard/payment/${orderId}`}>
                Try again
              </Button>
            </>
          )}
          {outcome.kind === 'closed' && <Typography role="status">{outcome.message}</Typography>}
          {outcome.kind === 'error' && (
            <>
              <Typography role="alert" sx={{ color: 'red' }}>
                {outcome.message}
              </Typography>
              <Button variant="outlined" sx={{ mt: 2 }} onClick={checkAgain}>
                Check again
              </Button>
            </>
          )}
          {outcome.kind !== 'checking' && <BackToMyOrders />}
        </CardContent>
      </Card>
    </Box>
  );
}
