// GraphiQL bundled by vite (no CDN), pointed at this origin's /graphql.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';

type FetcherParams = { query: string; operationName?: string | null; variables?: unknown };

async function fetcher(params: FetcherParams, options?: { headers?: Record<string, string> }) {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(options?.headers ?? {}) },
    body: JSON.stringify(params),
  });
  return response.json();
}

createRoot(document.getElementById('graphiql')!).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultEditorToolsVisibility />
  </StrictMode>,
);
