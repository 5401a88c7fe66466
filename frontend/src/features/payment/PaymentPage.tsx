import { lazy, Suspense, useEffect, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import Spinner from '../../components/Spinner';
import OrderDelivery from '../../components/OrderDelivery';
import { useParams, useSearchParams } from 'react-router-dom';
import { shortOrderId } from '@keen/rules';
import EngravingText from '../../components/engraving/EngravingText';
import { CreatePaymentIntentMutation, PaymentPageQuery } from './operations';
import { useAttemptKey } from '../../lib/attemptKey';
import { errorMessage } from '../../lib/errors';
import { usePaymentConfig } from './paymentConfig';
import { CLOSED } from './paymentReturn';
import TestCardForm from './TestCardForm';
import { lineName } from '../../lib/variants';
import BackToMyOrders from './BackToMyOrders';

// Stripe's React bindings and Stripe.js load only when Stripe takes the payment.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

/**
 * /dashboard/payment/{id}: the customer pays for one unpaid order (SPEC §2, §4). A guest pays on
 * their order's page (/orders/{id}?token=...), which shows this with the link's token.
 */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const token = useSearchParams()[0].get('token');
  // Sent only for a guest's order: an account's calls stay as they were.
  const byLink = token ? { token } : {};
  const { data, loading, error } = useQuery(PaymentPageQuery, { variables: { id, ...byLink } });
  const { config, error: configError } = usePaymentConfig();
  const [createIntent] = useMutation(CreatePaymentIntentMutation);
  // One key per order paid for in this tab: a reload asks again with it.
  const attempt = useAttemptKey('payment');
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [intentError, setIntentError] = useState<string | null>(null);
  const [paidNow, setPaidNow] = useState<string | null>(null);

  const order = data?.order;
  const unpaidOrderId = order?.state === 'AwaitingPayment' ? order.id : null;
  useEffect(() => {
    if (!unpaidOrderId) return;
    let live = true;
    const byLink = token ? { token } : {};
    createIntent({ variables: { orderId: unpaidOrderId, ...byLink, idempotencyKey: attempt.keyFor({ orderId: unpaidOrderId }) } }).then(
      ({ data: created }) => live && setClientSecret(created?.createPaymentIntent.clientSecret ?? null),
      (failure: unknown) => live && setIntentError(errorMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, [unpaidOrderId, token, createIntent, attempt]);

  if (loading || (!config && !configError)) return <Spinner />;
  if (error || !order) {
    return (
      <Typography role="alert" sx={{ color: 'red', p: 3 }}>
        {error ? errorMessage(error) : 'Order not found'}
      </Typography>
    );
  }

  const closed = CLOSED[order.state];
  if (closed && !paidNow) {
    return (
      <Box sx={{ maxWidth: 480, mx: 'auto', py: 3 }}>
        <Card>
          <CardContent>
            <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
              {order.name}
            </Typography>
            <Typography role="status">{closed}</Typography>
            <BackToMyOrders />
          </CardContent>
        </Card>
      </Box>
    );
  }

  const transactionId = paidNow ?? (order.paid ? order.transactionId : null);
  const formProps = {
    orderId: order.id,
    token,
    clientSecret,
    billing: { name: data.me?.name ?? '', email: data.me?.email ?? '' },
    completed: transactionId !== null,
    onPaid: setPaidNow,
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 480, mx: 'auto', py: 3 }}>
      <Card>
        <CardContent>
          {data.me && <Typography sx={{ color: 'success.main', fontWeight: 'bold' }}>Hello, {data.me.name}</Typography>}
          {order.lines.length > 1 ? (
            <>
              <Typography variant="h5" component="h1" sx={{ my: 1 }}>
                Pay for your order of {order.lines.length} knives
              </Typography>
              <Typography variant="body2">Order #{shortOrderId(order.id)}</Typography>
              <Box component="ul" aria-label="Order lines" sx={{ pl: 2, my: 1 }}>
                {order.lines.map((line) => (
                  <li key={line.id}>
                    <Typography component="span">
                      {line.quantity} x {lineName(line.name, line.variantName)}: {line.lineAmount.formatted}{' '}
                    </Typography>
                    <EngravingText engraving={line.engraving} />
                  </li>
                ))}
              </Box>
            </>
          ) : (
            <>
              <Typography variant="h5" component="h1" sx={{ my: 1 }}>
                Pay for {lineName(order.name, order.lines[0]?.variantName)}
              </Typography>
              <Typography variant="body2">Order #{shortOrderId(order.id)}</Typography>
              <EngravingText engraving={order.engraving} />
            </>
          )}
          {order.shipBy && <Typography sx={{ fontWeight: 600 }}>{order.shipBy.text}</Typography>}
          <OrderDelivery order={order} headingComponent="h2" />
          <Typography>Please pay : {order.totals.amountDue.formatted}</Typography>
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
            <Suspense fallback={<Spinner />}>
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
                Your transaction id :{' '}
                <Box component="span" sx={{ fontWeight: 'bold', color: 'warning.dark' }}>
                  {transactionId}
                </Box>
              </Typography>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
