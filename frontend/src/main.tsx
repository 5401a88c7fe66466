import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from './lib/auth';
import { AppProviders } from './app/AppProviders';
import { AppRoutes, preloadPage } from './app/router';
import { resetApolloStore } from './lib/lazyApollo';
import { hasStoredSession } from './lib/session';

// Whether someone is signed in here (read from the browser's storage): the page's first query waits for it.
void hasStoredSession();
/** How long the first render waits for the page a visitor lands on: past it, the layout shows with the page's spinner. */
const LANDING_WAIT_MS = 1000;

// The first render waits for the page's own chunk (fetched with the HTML: the server lists it) and
// its first query, so that the page shows whole at once rather than a spinner and then a second
// render; should either fail, the page shows its error.
void Promise.race([
  preloadPage(window.location.pathname).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, LANDING_WAIT_MS)),
]).then(() =>
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
  ),
);
