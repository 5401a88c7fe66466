import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { ThemeProvider } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { GraphQLError, print } from 'graphql';
import { of } from 'rxjs';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { AuthContext, type AuthState, type AuthUser } from '../lib/auth';
import { theme } from '../lib/theme';
import { createCache } from '../lib/apollo';

export const customer: AuthUser = { uid: 'uid-casey', email: 'casey@keen.test', displayName: 'Casey Blade' };

export function authState(overrides: Partial<AuthState> = {}): AuthState {
  return {
    user: customer,
    initializing: false,
    auth: {} as AuthState['auth'],
    config: {
      firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-keen' },
      authEmulatorUrl: null,
      stripePublishableKey: null,
      paymentProvider: 'test',
      ageVerification: 'test',
      shop: { currency: 'USD', locale: 'en-US', country: 'US', pricesIncludeTax: false },
    },
    error: null,
    signOut: vi.fn(async () => {}),
    ...overrides,
  };
}

/** Shows where the router ended up, and the state it carried. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)} data-search={location.search}>
      {location.pathname}
    </div>
  );
}

interface Options {
  path: string;
  route: string | { pathname: string; state?: unknown };
  mocks?: MockLink.MockedResponse[];
  client?: ApolloClient;
  auth?: AuthState;
  extraRoutes?: ReactNode;
  cache?: ReturnType<typeof createCache>;
}

export function renderPage(element: ReactElement, options: Options) {
  const cache = options.cache ?? createCache();
  const tree = (
    <ThemeProvider theme={theme}>
      <AuthContext.Provider value={options.auth ?? authState()}>
        <SnackbarProvider autoHideDuration={null}>
          <MemoryRouter initialEntries={[options.route]}>
            <Routes>
              <Route path={options.path} element={element} />
              {options.extraRoutes}
              <Route path="*" element={<LocationProbe />} />
            </Routes>
          </MemoryRouter>
        </SnackbarProvider>
      </AuthContext.Provider>
    </ThemeProvider>
  );
  const wrapped = options.client ? (
    <ApolloProvider client={options.client}>{tree}</ApolloProvider>
  ) : (
    <MockedProvider mocks={options.mocks ?? []} cache={cache}>
      {tree}
    </MockedProvider>
  );
  return { cache, ...render(wrapped) };
}

/**
 * A client whose terminating link answers every operation from `answer` and records its name, so
 * that a test can prove what was fetched and that nothing was fetched again. An answer that is a
 * GraphQLError is the server's refusal; one that throws is a network failure.
 */
export function countingClient(answer: (operationName: string, variables: Record<string, unknown>) => unknown) {
  const requests: string[] = [];
  const link = new ApolloLink((operation) => {
    const name = operation.operationName ?? print(operation.query);
    requests.push(name);
    const answered = answer(name, operation.variables);
    return of(answered instanceof GraphQLError ? { errors: [answered] } : { data: answered as Record<string, unknown> });
  });
  return { client: new ApolloClient({ link, cache: createCache() }), requests };
}
