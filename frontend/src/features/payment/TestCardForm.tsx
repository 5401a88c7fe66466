import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Box, InputBase } from '@mui/material';
import { CARD_FONT_SIZE, type CardFormProps } from './CardFormProps';
import { ConfirmTestCardPaymentMutation } from './operations';
import PayButton from './PayButton';
import TestAuthenticationDialog from './TestAuthenticationDialog';
import { errorMessage } from '../../lib/errors';
import { useSubmitOnce } from '../../lib/submitOnce';

const inputStyle = { fontSize: CARD_FONT_SIZE, color: '#424770' };

type CardPart = 'number' | 'expiry' | 'cvc';

/** The three inputs of Stripe's CardElement, in its order and proportions. */
const CARD_PARTS: { part: CardPart; label: string; placeholder: string; flex: number; inputMode?: 'numeric'; autoComplete: string }[] = [
  { part: 'number', label: 'Card number', placeholder: 'Card number', flex: 3, inputMode: 'numeric', autoComplete: 'cc-number' },
  { part: 'expiry', label: 'Expiration date', placeholder: 'MM / YY', flex: 1, autoComplete: 'cc-exp' },
  { part: 'cvc', label: 'CVC', placeholder: 'CVC', flex: 1, inputMode: 'numeric', autoComplete: 'cc-csc' },
];

/**
 * The offline test provider's card field, laid out like Stripe's CardElement. The server charges
 * the card against the order's intent (Stripe's test cards) and marks the order paid on success;
 * a card that asks for authentication answers the order unpaid, and the challenge opens.
 */
export default function TestCardForm({ orderId, token = null, clientSecret, completed, onPaid }: CardFormProps) {
  const [card, setCard] = useState<Record<CardPart, string>>({ number: '', expiry: '', cvc: '' });
  const [cardError, setCardError] = useState<string | null>(null);
  const [challenged, setChallenged] = useState(false);
  const [pay] = useMutation(ConfirmTestCardPaymentMutation);

  const { sending, onSubmit } = useSubmitOnce(async () => {
    if (!clientSecret || completed) return;
    const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
    if (!match) {
      setCardError("Your card's expiration date is incomplete.");
      return;
    }
    setCardError(null);
    try {
      const { number, cvc } = card;
      const expiry = { expMonth: Number(match[1]), expYear: Number(match[2]) };
      const { data } = await pay({ variables: { orderId, ...(token && { token }), card: { number, ...expiry, cvc } } });
      const answered = data?.confirmTestCardPayment;
      if (answered?.transactionId) onPaid(answered.transactionId);
      else if (answered && !answered.paid) setChallenged(true);
    } catch (error) {
      setCardError(errorMessage(error));
    }
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
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
        {CARD_PARTS.map(({ part, label, placeholder, flex, inputMode, autoComplete }) => (
          <InputBase
            key={part}
            sx={{ flex }}
            inputProps={{ 'aria-label': label, inputMode, autoComplete, style: inputStyle }}
            placeholder={placeholder}
            value={card[part]}
            onChange={(event) => setCard((current) => ({ ...current, [part]: event.target.value }))}
            disabled={completed}
          />
        ))}
      </Box>
      <PayButton disabled={!clientSecret || completed || challenged} loading={sending} cardError={cardError} />
      {challenged && (
        <TestAuthenticationDialog
          orderId={orderId}
          token={token}
          onAnswered={(outcome) => {
            setChallenged(false);
            if (outcome.paid) onPaid(outcome.transactionId);
            else setCardError(outcome.message);
          }}
        />
      )}
    </Box>
  );
}
