import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { theme } from './theme';

/** Theme, toasts and Apollo: everything a page needs apart from auth and routing. */
export function AppProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider maxSnack={3} autoHideDuration={4000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </ApolloProvider>
  );
}
