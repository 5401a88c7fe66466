import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from './lib/auth';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/router';
import { resetApolloStore } from './lib/lazyApollo';
import { afterFirstPaint } from './lib/afterFirstPaint';
import { loadRuntimeConfig } from './lib/config';

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

// The shop's currency and locale for the amounts the browser writes (lib/money.ts), read once the
// page is shown; should it fail, whatever needs the config next asks again.
void afterFirstPaint()
  .then(loadRuntimeConfig)
  .catch(() => undefined);
