import { lazy, Suspense, useEffect, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import EngravingText from '../engraving/EngravingText';
import { CreatePaymentIntentMutation, PaymentPageQuery } from './operations';
import { errorMessage, usePaymentConfig } from './paymentConfig';
import TestCardForm from './TestCardForm';

// Stripe's React bindings and Stripe.js load only when Stripe takes the payment.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

const spinner = (
  <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
    <CircularProgress aria-label="Loading" />
  </Box>
);

/** /dashboard/payment/{id}: the customer pays for one unpaid order (SPEC §2, §4). */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(PaymentPageQuery, { variables: { id } });
  const { config, error: configError } = usePaymentConfig();
  const [createIntent] = useMutation(CreatePaymentIntentMutation);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [intentError, setIntentError] = useState<string | null>(null);
  const [paidNow, setPaidNow] = useState<string | null>(null);

  const order = data?.order;
  const unpaidOrderId = order && !order.paid ? order.id : null;
  useEffect(() => {
    if (!unpaidOrderId) return;
    let live = true;
    createIntent({ variables: { orderId: unpaidOrderId } }).then(
      ({ data: created }) => live && setClientSecret(created?.createPaymentIntent.clientSecret ?? null),
      (failure: unknown) => live && setIntentError(errorMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, [unpaidOrderId, createIntent]);

  if (loading || (!config && !configError)) return spinner;
  if (error || !order) {
    return (
      <Typography role="alert" sx={{ color: 'red', p: 3 }}>
        {error ? errorMessage(error) : 'Order not found'}
      </Typography>
    );
  }

  const transactionId = paidNow ?? (order.paid ? order.transactionId : null);
  const formProps = {
    orderId: order.id,
    clientSecret,
    billing: { name: data.me?.name ?? '', email: data.me?.email ?? '' },
    completed: transactionId !== null,
    onPaid: setPaidNow,
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 480, mx: 'auto', py: 3 }}>
      <Card>
        <CardContent>
          <Typography sx={{ color: 'success.main', fontWeight: 'bold' }}>
            Hello, {data.me?.name}
          </Typography>
          <Typography variant="h5" component="h2" sx={{ my: 1 }}>
            Pay for {order.name}
          </Typography>
          <EngravingText engraving={order.engraving} />
          <Typography>Please pay : ${order.totalPrice}</Typography>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          {configError && (
            <Typography role="alert" sx={{ color: 'red' }}>
              {configError}
            </Typography>
          )}
          {config?.paymentProvider === 'stripe' && config.stripePublishableKey ? (
            <Suspense fallback={spinner}>
              <StripeCardForm publishableKey={config.stripePublishableKey} {...formProps} />
            </Suspense>
          ) : (
            config && <TestCardForm {...formProps} />
          )}
          {intentError && !transactionId && (
            <Typography role="alert" sx={{ color: 'red', mt: 1 }}>
              {intentError}
            </Typography>
          )}
          {transactionId && (
            <Box sx={{ mt: 2 }}>
              <Typography sx={{ color: 'success.main' }}>Your payment is completed</Typography>
              <Typography>
                Your transaction id : <Box component="span" sx={{ fontWeight: 'bold', color: 'warning.dark' }}>{transactionId}</Box>
              </Typography>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
