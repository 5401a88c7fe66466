import { useEffect, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Alert } from '@mui/material';
import { ClaimGuestOrdersMutation } from './operations';

/**
 * My Orders attaches the orders placed as a guest with the customer's address, once their sign-in
 * proves it (the server decides), and says so the one time it happens; the list is read again then.
 */
export default function GuestOrdersNotice({ onClaimed }: { onClaimed: () => unknown }) {
  const [claim] = useMutation(ClaimGuestOrdersMutation);
  const [found, setFound] = useState(0);
  useEffect(() => {
    // Only the call that attached them answers a count: a second one (a remount) answers 0 and changes nothing.
    claim().then(
      ({ data }) => {
        if (!data?.claimGuestOrders) return;
        setFound(data.claimGuestOrders);
        onClaimed();
      },
      () => undefined,
    );
  }, [claim, onClaimed]);
  if (!found) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} onClose={() => setFound(0)}>
      We found {found === 1 ? 'an order' : `${found} orders`} you placed as a guest: {found === 1 ? 'it is' : 'they are'} below now.
    </Alert>
  );
}
