import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Stack, type SxProps, type Theme } from '@mui/material';
import { useSubmitOnce } from '../../lib/submitOnce';
import type { EmailVerification } from './useEmailVerification';

interface VerifyEmailPromptProps {
  verification: EmailVerification;
  /** What waits for the address ("Verify your e-mail address to …"). */
  title: string;
  /** The server has seen the address verified (the prompt is about to go). */
  onVerified?: () => void;
  sx?: SxProps<Theme>;
}

/** Firebase's refusal of a resend: too many asked for, or another failure. */
function resendFailure(failure: unknown): string {
  const code = (failure as { code?: unknown } | null)?.code;
  if (code === 'auth/too-many-requests') return 'Too many e-mails asked for: wait a few minutes, then try again.';
  return "We couldn't send the e-mail: please try again.";
}

/**
 * Tells a customer whose address the server has not seen verified what waits for it, where the
 * link went, and lets them have it sent again or say they followed it (which checks with Firebase
 * and the server). What happened is said in a polite live region.
 */
export default function VerifyEmailPrompt({ verification, title, onVerified, sx }: VerifyEmailPromptProps) {
  const [outcome, setOutcome] = useState('');
  const { email } = verification;

  const resend = useSubmitOnce(async () => {
    setOutcome('');
    try {
      await verification.resend();
      setOutcome(email ? `We sent a new link to ${email}.` : 'We sent you a new link.');
    } catch (failure) {
      setOutcome(resendFailure(failure));
    }
  });
  const recheck = useSubmitOnce(async () => {
    setOutcome('');
    try {
      if (await verification.recheck()) onVerified?.();
      else setOutcome('Your address is not verified yet: open the link in the e-mail we sent, then try again.');
    } catch {
      setOutcome("We couldn't check your address: please try again.");
    }
  });

  return (
    <Alert severity="info" sx={sx}>
      <AlertTitle>{title}</AlertTitle>
      <Box sx={{ overflowWrap: 'anywhere' }}>
        {email ? (
          <>
            Open the link we sent to <strong>{email}</strong>, then come back here.
          </>
        ) : (
          'Open the link we sent to your e-mail address, then come back here.'
        )}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5, alignItems: { xs: 'stretch', sm: 'center' } }}>
        <Button variant="contained" size="small" onClick={recheck.onSubmit} loading={recheck.sending}>
          I&apos;ve verified it
        </Button>
        <Button variant="outlined" size="small" onClick={resend.onSubmit} loading={resend.sending}>
          Resend verification e-mail
        </Button>
      </Stack>
      <Box role="status" sx={{ mt: outcome ? 1 : 0 }}>
        {outcome}
      </Box>
    </Alert>
  );
}
