import type { ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from './apollo';
import { currentIdToken } from './session';

// Imported only lazily (lib/lazyApollo.tsx), so Apollo Client is not part of the first load of /.

/** The shop's one Apollo Client: every provider below shares its cache. */
export const client = createApolloClient(currentIdToken);

export default function AppApolloProvider({ children }: { children: ReactNode }) {
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
