import { capturedLogs } from '../support/shared-app';
import { startTestApp, type TestApp } from '../support/harness';

/**
 * A caller's X-Request-Id is kept only when it is a plain token of up to 128 characters; anything
 * else is replaced by Keen's own id, in the answer and in the log line alike, on the front door's
 * routes (GraphQL, public REST reads) as on Express's.
 */
const { lines, logger } = capturedLogs();
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { logger });
});
afterAll(() => app.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One request of each kind, with `requestId` in its X-Request-Id. */
const routes: { name: string; url: string; status: number; send: (requestId: string) => Promise<Response> }[] = [
  {
    name: 'GraphQL POST (front door)',
    url: '/graphql',
    status: 200,
    send: (requestId) =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': requestId },
        body: JSON.stringify({ query: '{ engravingFonts { name } }' }),
      }),
  },
  {
    name: 'public REST read (front door)',
    url: '/api/products?take=1',
    status: 200,
    send: (requestId) => fetch(`${app.url}/api/products?take=1`, { headers: { 'x-request-id': requestId } }),
  },
  {
    name: 'signed-in REST route (Express)',
    url: '/api/orders',
    status: 401,
    send: (requestId) => fetch(`${app.url}/api/orders`, { headers: { 'x-request-id': requestId } }),
  },
  {
    name: 'unknown API path (Express, 404)',
    url: '/api/no-such-thing',
    status: 404,
    send: (requestId) => fetch(`${app.url}/api/no-such-thing`, { headers: { 'x-request-id': requestId } }),
  },
];

/** The access-log lines written for `url`, parsed. */
function loggedFor(url: string): { reqId: string; req: { url: string } }[] {
  return lines
    .map((line) => JSON.parse(line) as { reqId?: string; req?: { url?: string } })
    .filter((line): line is { reqId: string; req: { url: string } } => line.req?.url === url && typeof line.reqId === 'string');
}

async function answerAndLine(route: (typeof routes)[number], requestId: string): Promise<{ header: string | null; logged: string }> {
  lines.length = 0;
  const response = await route.send(requestId);
  expect(response.status).toBe(route.status);
  await response.arrayBuffer();
  const logged = loggedFor(route.url);
  expect(logged).toHaveLength(1);
  return { header: response.headers.get('x-request-id'), logged: logged[0].reqId };
}

const refused = [
  'spoofed-id\tabc',
  'two words',
  'x'.repeat(129),
  '<script>alert(1)</script>',
  'id"},"level":60,"msg":"forged',
  'ünïcode-id',
  'id/with/slashes',
];
const kept = ['trace-123', 'a', 'Root:1-5f84c7a1.abc_def:ghi', 'x'.repeat(128)];

describe.each(routes)('$name', (route) => {
  test('a plain token of up to 128 characters is kept, in the answer and the log line', async () => {
    for (const requestId of kept) expect(await answerAndLine(route, requestId)).toEqual({ header: requestId, logged: requestId });
  });

  test('anything else is replaced by a new id, in the answer and the log line', async () => {
    for (const requestId of refused) {
      const { header, logged } = await answerAndLine(route, requestId);
      expect({ requestId, header }).toEqual({ requestId, header: expect.stringMatching(UUID) });
      expect(logged).toBe(header);
    }
    expect(lines.join('')).not.toContain('spoofed-id');
  });
});
