import type { ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { theme } from '../lib/theme';

/**
 * The theme (toasts: layouts/MainLayout.tsx; Apollo: lib/lazyApollo.tsx, around each page that
 * talks to the API, so that Apollo Client is not part of the first load).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
