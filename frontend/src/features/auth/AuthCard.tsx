import type { ReactNode } from 'react';
import { Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';

interface AuthCardProps {
  title: string;
  maxWidth: number;
  /** While set, a progress bar with this accessible name runs along the card's top. */
  busyLabel: string | null;
  children: ReactNode;
}

/** The centred card that login and sign-up share: progress bar, page heading, then the form. */
export default function AuthCard({ title, maxWidth, busyLabel, children }: AuthCardProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: 6 }}>
      <Card sx={{ width: '100%', maxWidth }}>
        {busyLabel && <LinearProgress aria-label={busyLabel} />}
        <CardContent>
          <Typography variant="h4" component="h1" sx={{ textAlign: 'center', color: 'primary.main', mb: 2 }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
