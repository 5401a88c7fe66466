import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from './lib/auth';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/router';
import { createApolloClient } from './lib/apollo';
import { currentIdToken } from './lib/session';

const client = createApolloClient(currentIdToken);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders client={client}>
      <AuthProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AuthProvider>
    </AppProviders>
  </StrictMode>,
);
