import type { FormEventHandler, ReactNode } from 'react';
import { Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import type { AuthStep } from './useAuthStep';

interface AuthCardProps {
  title: string;
  maxWidth: number;
  /** The progress bar's accessible name; it runs along the card's top while the step is busy. */
  busyLabel: string;
  /** The page's sign-in step: while busy, the buttons wait; its refusal shows in red above the submit button. */
  step: Pick<AuthStep, 'busy' | 'error'>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's fields. */
  children: ReactNode;
  submitLabel: string;
  /** Under the submit button: other actions and the link to the other page. */
  footer: ReactNode;
  /** Below the form. */
  after?: ReactNode;
}

/** The centred card that login and sign-up share: progress bar, heading, the form and its submit button. */
export default function AuthCard({
  title,
  maxWidth,
  busyLabel,
  step: { busy, error },
  onSubmit,
  children,
  submitLabel,
  footer,
  after,
}: AuthCardProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: 6 }}>
      <Card sx={{ width: '100%', maxWidth }}>
        {busy && <LinearProgress aria-label={busyLabel} />}
        <CardContent>
          <Typography variant="h4" component="h1" sx={{ textAlign: 'center', color: 'primary.main', mb: 2 }}>
            {title}
          </Typography>
          <Box component="form" noValidate onSubmit={onSubmit}>
            <Stack spacing={2}>
              {children}
              {error && (
                <Typography role="alert" sx={{ color: 'red' }}>
                  {error}
                </Typography>
              )}
              <Button type="submit" variant="contained" disabled={busy} fullWidth>
                {submitLabel}
              </Button>
              {footer}
            </Stack>
          </Box>
          {after}
        </CardContent>
      </Card>
    </Box>
  );
}
