// GraphiQL bundled by vite (no CDN), pointed at this origin's /graphql. It sends the shop's
// session (when this browser is signed in) unless the Headers tab sets Authorization itself.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { currentIdToken } from '../lib/session';
import { exampleTabs } from './examples';

type FetcherParams = { query: string; operationName?: string | null; variables?: unknown };

const hasAuthorization = (headers: Record<string, string>) => Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');

async function fetcher(params: FetcherParams, options?: { headers?: Record<string, string> }) {
  const headers = options?.headers ?? {};
  // A pasted key or token (a placeholder left in an example tab does not count) wins over the session.
  const pasted = hasAuthorization(headers) && !Object.values(headers).some((value) => String(value).includes('PASTE'));
  const token = pasted ? null : await currentIdToken().catch(() => null);
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(pasted ? headers : Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'))),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(params),
  });
  return response.json();
}

type Who = { email: string; role: string } | null | 'loading';

/** "Signed in as ..." for the shop's session in this browser, or a sign-in link. */
function SessionBar() {
  const [who, setWho] = useState<Who>('loading');
  useEffect(() => {
    fetcher({ query: '{ me { email role } }' })
      .then((answer: { data?: { me: { email: string; role: string } | null } }) => setWho(answer.data?.me ?? null))
      .catch(() => setWho(null));
  }, []);
  return (
    <header style={{ padding: '6px 12px', fontFamily: 'system-ui, sans-serif', fontSize: 14, borderBottom: '1px solid #ddd' }}>
      {who === 'loading' ? (
        'Checking your session…'
      ) : who ? (
        <span role="status">
          Signed in as {who.email} ({who.role}): requests carry your session unless the Headers tab sets Authorization.
        </span>
      ) : (
        <span role="status">
          Not signed in. <a href="/login">Sign in to the shop</a> to call the API as yourself, or paste an API key in the Headers tab.
        </span>
      )}
    </header>
  );
}

createRoot(document.getElementById('graphiql')!).render(
  <StrictMode>
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <SessionBar />
      <div style={{ flex: 1, minHeight: 0 }}>
        <GraphiQL fetcher={fetcher} defaultEditorToolsVisibility defaultTabs={exampleTabs} />
      </div>
    </div>
  </StrictMode>,
);
