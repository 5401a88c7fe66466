import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from './app/auth';
import { AppProviders } from './app/AppProviders';
import { createRouter } from './app/router';
import { createApolloClient } from './lib/apollo';
import { currentIdToken } from './lib/session';

const client = createApolloClient(currentIdToken);
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders client={client}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </AppProviders>
  </StrictMode>,
);
