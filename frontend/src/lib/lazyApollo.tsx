import type { ComponentType } from 'react';
import type { ApolloClient } from '@apollo/client';
import type { Params } from 'react-router-dom';
import { afterFirstPaint } from './afterFirstPaint';
import { preloadableLazy } from './preloadableLazy';

const loadApollo = () => import('./apolloProvider');

/** What a lazy page's module exports: the page, and what it may ask for ahead of its first render. */
interface PageModule<P> {
  default: ComponentType<P>;
  /** Asks for the page's first query for these route parameters (the page's own query then finds it cached or joins it); settles when it is answered, failed or not. */
  prefetch?: (client: ApolloClient, params: Params) => Promise<void>;
}

/** A lazy page whose loading, and first query, can be started ahead of its first render. */
export type PreloadablePage<P extends object> = ComponentType<P> & { preload: (params: Params) => Promise<void> };

/**
 * React.lazy for a component that talks to the API: its chunk and Apollo Client load together,
 * after the first paint (neither is in the first load of /), and it renders inside the shop's
 * ApolloProvider. `preload()` loads both at once, then the page's first query: for the page a
 * visitor lands on, which is what they came for, so waiting for the layout's paint would only
 * delay it.
 */
export function lazyWithApollo<P extends object>(load: () => Promise<PageModule<P>>): PreloadablePage<P> {
  const Page = preloadableLazy(
    () =>
      Promise.all([load(), loadApollo()]).then(([page, { default: AppApolloProvider, client }]) => {
        const Component = page.default;
        function WithApollo(props: P) {
          return (
            <AppApolloProvider>
              <Component {...props} />
            </AppApolloProvider>
          );
        }
        return { default: WithApollo, prefetch: page.prefetch, client };
      }),
    afterFirstPaint,
  );
  const loadPage = Page.preload;
  const preload = async (params: Params) => {
    const { prefetch, client } = await loadPage();
    await prefetch?.(client, params);
  };
  return Object.assign(Page, { preload });
}

/** Someone else is signed in now: what the cache holds about "me" and "my orders" is not theirs. */
export function resetApolloStore(uid: string | null): void {
  void loadApollo().then(({ client }) => (uid ? client.resetStore().catch(() => undefined) : client.clearStore()));
}
