import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from './lib/auth';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/router';
import { resetApolloStore } from './lib/lazyApollo';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <AuthProvider onUserChange={resetApolloStore}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AuthProvider>
    </AppProviders>
  </StrictMode>,
);
