import { useRef, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { CompleteTestPaymentAuthenticationMutation } from './operations';
import { errorMessage } from '../../lib/errors';

export type AuthenticationOutcome = { paid: true; transactionId: string } | { paid: false; message: string };

/**
 * The offline test provider's stand-in for the bank's 3-D Secure page that Stripe's test mode shows
 * for 4000 0027 6000 3184. Only its buttons close it: at Stripe, leaving the page fails the payment.
 */
export default function TestAuthenticationDialog({
  orderId,
  token,
  onAnswered,
}: {
  orderId: string;
  /** A guest order's link token; null for an account's order. */
  token: string | null;
  onAnswered: (outcome: AuthenticationOutcome) => void;
}) {
  const [answer] = useMutation(CompleteTestPaymentAuthenticationMutation);
  const [chosen, setChosen] = useState<boolean | null>(null);
  // One answer per challenge, even for two clicks within one render.
  const answering = useRef(false);

  async function respond(succeed: boolean) {
    if (answering.current) return;
    answering.current = true;
    setChosen(succeed);
    try {
      const { data } = await answer({ variables: { orderId, succeed, ...(token && { token }) } });
      const transactionId = data?.completeTestPaymentAuthentication.transactionId;
      onAnswered(transactionId ? { paid: true, transactionId } : { paid: false, message: 'Your payment was not completed.' });
    } catch (error) {
      onAnswered({ paid: false, message: errorMessage(error) });
    }
  }

  return (
    <Dialog open aria-labelledby="test-authentication-title" aria-describedby="test-authentication-text">
      <DialogTitle id="test-authentication-title">3D Secure 2 Test Page</DialogTitle>
      <DialogContent>
        <DialogContentText id="test-authentication-text">
          This is a test authentication: your bank would ask you here to confirm the payment. No bank is asked while the shop takes test
          cards; choose how the authentication ends.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => respond(false)} disabled={chosen === true} loading={chosen === false}>
          Fail
        </Button>
        <Button variant="contained" onClick={() => respond(true)} disabled={chosen === false} loading={chosen === true}>
          Complete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
