import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Box, InputBase } from '@mui/material';
import { CARD_FONT_SIZE, type CardFormProps } from './CardFormProps';
import { ConfirmTestCardPaymentMutation } from './operations';
import PayButton from './PayButton';
import { errorMessage } from '../../lib/errors';

const inputStyle = { fontSize: CARD_FONT_SIZE, color: '#424770' };

/**
 * The offline test provider's card field, laid out like Stripe's CardElement. The server charges
 * the card against the order's intent (Stripe's test cards) and marks the order paid on success.
 */
export default function TestCardForm({ orderId, clientSecret, completed, onPaid }: CardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [cardError, setCardError] = useState<string | null>(null);
  const [pay, { loading }] = useMutation(ConfirmTestCardPaymentMutation);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!clientSecret || completed) return;
    const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
    if (!match) {
      setCardError("Your card's expiration date is incomplete.");
      return;
    }
    setCardError(null);
    try {
      const { data } = await pay({ variables: { orderId, card: { number, expMonth: Number(match[1]), expYear: Number(match[2]), cvc } } });
      const transactionId = data?.confirmTestCardPayment.transactionId;
      if (transactionId) onPaid(transactionId);
    } catch (error) {
      setCardError(errorMessage(error));
    }
  }

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Box
        data-testid="card-field"
        sx={{
          display: 'flex',
          gap: 1,
          alignItems: 'center',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 1.5,
          py: 1,
          fontSize: CARD_FONT_SIZE,
        }}
      >
        <InputBase
          sx={{ flex: 3 }}
          inputProps={{ 'aria-label': 'Card number', inputMode: 'numeric', autoComplete: 'cc-number', style: inputStyle }}
          placeholder="Card number"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          disabled={completed}
        />
        <InputBase
          sx={{ flex: 1 }}
          inputProps={{ 'aria-label': 'Expiration date', autoComplete: 'cc-exp', style: inputStyle }}
          placeholder="MM / YY"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          disabled={completed}
        />
        <InputBase
          sx={{ flex: 1 }}
          inputProps={{ 'aria-label': 'CVC', inputMode: 'numeric', autoComplete: 'cc-csc', style: inputStyle }}
          placeholder="CVC"
          value={cvc}
          onChange={(event) => setCvc(event.target.value)}
          disabled={completed}
        />
      </Box>
      <PayButton disabled={!clientSecret || completed || loading} cardError={cardError} />
    </Box>
  );
}
