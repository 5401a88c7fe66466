import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { Alert } from '@mui/material';
import { useAuth } from '../../lib/auth';
import { EmailVerifiedQuery } from './operations';

/**
 * Tells a customer whose address the server has not seen verified that their order e-mails wait
 * for it. The server is asked on each visit (it records the verification on a later sign-in).
 */
export default function VerifyEmailNotice() {
  const { auth } = useAuth();
  const { data, refetch } = useQuery(EmailVerifiedQuery, { fetchPolicy: 'cache-and-network' });
  const unverified = data?.me?.emailVerified === false;

  useEffect(() => {
    const user = auth?.currentUser;
    if (!unverified || !user) return;
    let live = true;
    // The link may have been followed since this session's token was issued: a fresh token says
    // so, and the server records the verification (and sends the held mails) on the next request.
    void user
      .reload()
      .then(async () => {
        if (!live || !user.emailVerified) return;
        await user.getIdToken(true);
        await refetch();
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [unverified, auth, refetch]);

  if (!unverified) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      Verify your e-mail address to receive order e-mails
    </Alert>
  );
}
