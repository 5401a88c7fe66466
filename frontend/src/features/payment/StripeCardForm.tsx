import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Box } from '@mui/material';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CARD_FONT_SIZE, type CardFormProps } from './CardFormProps';
import { ConfirmPaymentMutation } from './operations';
import PayButton from './PayButton';
import { errorMessage } from '../../lib/errors';

const CARD_OPTIONS = {
  style: {
    base: { fontSize: CARD_FONT_SIZE, color: '#424770', '::placeholder': { color: '#aab7c4' } },
    invalid: { color: '#9e2146' },
  },
};

// Stripe.js is fetched from Stripe only when this module runs, i.e. on the payment page.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (!stripeByKey.has(publishableKey)) stripeByKey.set(publishableKey, loadStripe(publishableKey));
  return stripeByKey.get(publishableKey)!;
}

/** Stripe's CardElement; the card never reaches Keen's server, only the intent id does. */
export default function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCheckout {...props} />
    </Elements>
  );
}

function StripeCheckout({ orderId, clientSecret, billing, completed, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [confirmPayment] = useMutation(ConfirmPaymentMutation);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || completed) return;
    setProcessing(true);
    setCardError(null);
    try {
      const method = await stripe.createPaymentMethod({ type: 'card', card, billing_details: billing });
      if (method.error) {
        setCardError(method.error.message ?? 'Your card could not be used.');
        return;
      }
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, { payment_method: method.paymentMethod.id });
      if (error) {
        setCardError(error.message ?? 'Your card could not be charged.');
        return;
      }
      if (paymentIntent?.status !== 'succeeded') return;
      onPaid(paymentIntent.id);
      // The server looks the intent up with Stripe before it records the payment.
      await confirmPayment({ variables: { orderId, paymentIntentId: paymentIntent.id } }).catch((confirmError: unknown) =>
        setCardError(errorMessage(confirmError)),
      );
    } finally {
      setProcessing(false);
    }
  }

  return (
    <Box component="form" onSubmit={submit}>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1.25 }}>
        <CardElement options={CARD_OPTIONS} />
      </Box>
      <PayButton disabled={!stripe || !clientSecret || completed || processing} cardError={cardError} />
    </Box>
  );
}
