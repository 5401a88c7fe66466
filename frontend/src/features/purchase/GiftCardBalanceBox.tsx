import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../lib/errors';
import { GiftCardBalanceQuery } from '../../operations/delivery';

/** A gift card's balance from its code (giftCardBalance): what is left on it and until when; the server's refusal otherwise. */
export default function GiftCardBalanceBox() {
  const client = useApolloClient();
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [asking, setAsking] = useState(false);
  const check = async () => {
    if (!code.trim()) return setAnswer({ ok: false, text: 'Enter a gift card code' });
    setAsking(true);
    try {
      const { data } = await client.query({ query: GiftCardBalanceQuery, variables: { code: code.trim() }, fetchPolicy: 'network-only' });
      const card = data?.giftCardBalance;
      if (card) {
        const until = card.expiresAt ? `, until ${new Date(card.expiresAt).toLocaleDateString()}` : '';
        setAnswer({ ok: true, text: `Gift card •••• ${card.lastFour} holds ${card.balance.formatted}${until}` });
      }
    } catch (failure) {
      setAnswer({ ok: false, text: errorMessage(failure) });
    }
    setAsking(false);
  };
  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="gift-card-balance-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="gift-card-balance-title" sx={{ mb: 1 }}>
          Check a gift card's balance
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            id="gift-card-balance-code"
            label="Gift card code"
            size="small"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setAnswer(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void check();
              }
            }}
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          />
          <Button variant="outlined" onClick={() => void check()} loading={asking}>
            Check
          </Button>
        </Stack>
        {answer && (
          <Alert severity={answer.ok ? 'info' : 'error'} sx={{ mt: 1 }} role="status">
            {answer.text}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
