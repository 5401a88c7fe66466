import http from 'node:http';
import { startTestApp } from '../support/harness';

test('on close: /readyz answers 503 at once, requests are served through the drain delay, a request in flight finishes, then the listener is gone', async () => {
  const app = await startTestApp({ DRAIN_DELAY_SECONDS: '1' });
  const { port } = new URL(app.url);
  const body = JSON.stringify({ query: '{ __typename }' });

  // A request in flight: headers and half of its body now, the rest after the listener has closed.
  let answered: (value: { status: number; body: string }) => void;
  const inFlight = new Promise<{ status: number; body: string }>((resolve) => (answered = resolve));
  const slow = http.request(
    {
      host: '127.0.0.1',
      port,
      path: '/graphql',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    },
    (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => answered({ status: res.statusCode!, body: text }));
    },
  );
  slow.write(body.slice(0, 10));
  await new Promise((resolve) => setTimeout(resolve, 100));

  const startedAt = Date.now();
  let closedAt = 0;
  const closing = app.close().then(() => (closedAt = Date.now()));
  const ready = await fetch(`${app.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

  await new Promise((resolve) => setTimeout(resolve, 1500));
  await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
  expect(closedAt).toBe(0);
  slow.end(body.slice(10));

  expect(await inFlight).toEqual({ status: 200, body: expect.stringContaining('"__typename":"Query"') });
  await closing;
  expect(closedAt - startedAt).toBeGreaterThanOrEqual(1000);
});
