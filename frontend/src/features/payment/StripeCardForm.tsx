import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Box } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CARD_FONT_SIZE, type CardFormProps } from './CardFormProps';
import { ConfirmPaymentMutation } from './operations';
import PayButton from './PayButton';
import { paymentReturnPath } from './paymentReturn';
import { errorMessage } from '../../lib/errors';
import { useSubmitOnce } from '../../lib/submitOnce';

const APPEARANCE: StripeElementsOptions['appearance'] = { variables: { fontSizeBase: CARD_FONT_SIZE, colorText: '#424770' } };

// Stripe.js is fetched from Stripe only when this module runs, i.e. on the payment page.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (!stripeByKey.has(publishableKey)) stripeByKey.set(publishableKey, loadStripe(publishableKey));
  return stripeByKey.get(publishableKey)!;
}

/**
 * Stripe's Payment Element: cards, and the wallets and Link where the account has them. The card
 * never reaches Keen's server, only the intent id does.
 */
export default function StripeCardForm({ publishableKey, clientSecret, ...props }: CardFormProps & { publishableKey: string }) {
  // The Payment Element is made for one intent: it waits for the client secret.
  if (!clientSecret) return <PayButton disabled loading={false} cardError={null} />;
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: APPEARANCE }}>
      <StripeCheckout clientSecret={clientSecret} {...props} />
    </Elements>
  );
}

function StripeCheckout({ orderId, token = null, billing, completed, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [cardError, setCardError] = useState<string | null>(null);
  const [confirmPayment] = useMutation(ConfirmPaymentMutation);

  const { sending, onSubmit } = useSubmitOnce(async () => {
    if (!stripe || !elements || completed) return;
    setCardError(null);
    // 3-D Secure opens in Stripe's own dialog; only a payment method that must leave the page
    // (a bank's site) goes to the return page, which asks Keen's server how it ended.
    // A guest comes back to their order's page (its link), which shows how the payment ended.
    const returnPath = token ? `/orders/${orderId}?token=${encodeURIComponent(token)}` : paymentReturnPath(orderId);
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}${returnPath}` },
      redirect: 'if_required',
    });
    if (error) {
      setCardError(error.message ?? 'Your payment could not be taken.');
      return;
    }
    if (paymentIntent.status !== 'succeeded') {
      navigate(returnPath);
      return;
    }
    onPaid(paymentIntent.id);
    // The server looks the intent up with Stripe before it records the payment.
    await confirmPayment({ variables: { orderId, paymentIntentId: paymentIntent.id, ...(token && { token }) } }).catch(
      (confirmError: unknown) => setCardError(errorMessage(confirmError)),
    );
  });

  return (
    <Box component="form" onSubmit={onSubmit}>
      <PaymentElement options={{ defaultValues: { billingDetails: billing } }} />
      <PayButton disabled={!stripe || !elements || completed} loading={sending} cardError={cardError} />
    </Box>
  );
}
