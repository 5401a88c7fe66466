import { lazy, type ComponentType } from 'react';
import { afterFirstPaint } from './afterFirstPaint';

const loadApollo = () => import('./apolloProvider');

/**
 * React.lazy for a component that talks to the API: its chunk and Apollo Client load together,
 * after the first paint (neither is in the first load of /), and it renders inside the shop's
 * ApolloProvider.
 */
export function lazyWithApollo<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    await afterFirstPaint();
    const [{ default: Component }, { default: AppApolloProvider }] = await Promise.all([load(), loadApollo()]);
    function WithApollo(props: P) {
      return (
        <AppApolloProvider>
          <Component {...props} />
        </AppApolloProvider>
      );
    }
    return { default: WithApollo };
  });
}

/** Someone else is signed in now: what the cache holds about "me" and "my orders" is not theirs. */
export function resetApolloStore(uid: string | null): void {
  void loadApollo().then(({ client }) => (uid ? client.resetStore().catch(() => undefined) : client.clearStore()));
}
