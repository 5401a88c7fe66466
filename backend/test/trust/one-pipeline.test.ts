import { mkdtempSync, writeFileSync } from 'node:fs';
import { OutgoingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { capturedLogs } from '../support/shared-app';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * One request pipeline (http-kit/pipeline.ts, started by app/front-door.ts): every request, answered
 * before Express (GraphQL POSTs, anonymous public reads) or by Express (everything else), gets the
 * security headers, a request id, one access-log line and one count in the request metrics, each
 * exactly once.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'keen-client-'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Keen shop</title>');
writeFileSync(path.join(clientDir, 'graphiql.html'), '<!doctype html><title>Keen GraphiQL</title>');

const { lines, logger } = capturedLogs();
let app: TestApp;
let shopper: TestSession;
beforeAll(async () => {
  app = await startTestApp({ METRICS_TOKEN: TOKEN, CLIENT_DIR: clientDir }, { logger });
  shopper = await app.customer();
});
afterAll(() => app.close());

interface Case {
  name: string;
  /** The path the access log and the metrics name (the route label). */
  url: string;
  method: string;
  route: string;
  status: number;
  send: () => Promise<Response>;
  /** Express's last-resort 404 (finalhandler) answers with its own Content-Security-Policy. */
  ownPolicy?: boolean;
}

const cases: Case[] = [
  {
    name: 'GraphQL POST (front door)',
    url: '/graphql',
    method: 'POST',
    route: '/graphql',
    status: 200,
    send: () =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ engravingFonts { name } }' }),
      }),
  },
  {
    name: 'anonymous public read (front door)',
    url: '/api/products?take=1',
    method: 'GET',
    route: '/api/products',
    status: 200,
    send: () => fetch(`${app.url}/api/products?take=1`),
  },
  {
    name: 'signed-in REST read (Express)',
    url: '/api/orders?email=',
    method: 'GET',
    route: '/api/orders',
    status: 200,
    send: () => fetch(`${app.url}/api/orders?email=${shopper.email}`, { headers: { authorization: `Bearer ${shopper.token}` } }),
  },
  {
    name: 'the client page (Express, static)',
    url: '/',
    method: 'GET',
    route: '/{*path}',
    status: 200,
    send: () => fetch(`${app.url}/`, { headers: { accept: 'text/html' } }),
  },
  {
    name: 'GraphiQL (Express)',
    url: '/graphql',
    method: 'GET',
    route: '/graphql',
    status: 200,
    send: () => fetch(`${app.url}/graphql`, { headers: { accept: 'text/html' } }),
  },
  {
    name: 'a demo image (Express, static)',
    url: '/images/santoku.svg',
    method: 'GET',
    route: '/images',
    status: 200,
    send: () => fetch(`${app.url}/images/santoku.svg`),
  },
  {
    name: 'an unknown API path (Express, 404)',
    url: '/api/no-such-thing',
    method: 'GET',
    route: '/api (unmatched)',
    status: 404,
    send: () => fetch(`${app.url}/api/no-such-thing`),
  },
  {
    name: "a method nothing answers (Express's 404)",
    url: '/nowhere',
    method: 'POST',
    route: '(not found)',
    status: 404,
    send: () => fetch(`${app.url}/nowhere`, { method: 'POST' }),
    ownPolicy: true,
  },
];

/** The count of one series of keen_http_requests_total, read from /metrics. */
async function answered(method: string, route: string, status: number): Promise<number> {
  const text = await (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const series = `keen_http_requests_total{method="${method}",route="${route}",status="${status}"} `;
  const line = text.split('\n').find((candidate) => candidate.startsWith(series));
  return line ? Number(line.slice(series.length)) : 0;
}

interface AccessLine {
  reqId: string;
  req: { method: string; url: string };
  res: { statusCode: number };
}

/** The access-log lines written since `lines` was emptied (a line names the request and its answer), parsed. */
function accessLines(): AccessLine[] {
  return lines.map((line) => JSON.parse(line) as Partial<AccessLine>).filter((line): line is AccessLine => Boolean(line.req && line.res));
}

describe.each(cases)('$name', (request) => {
  test('has the security headers and a request id, set once; one access-log line; one count in the metrics', async () => {
    const before = await answered(request.method, request.route, request.status);
    lines.length = 0;
    const setHeader = jest.spyOn(OutgoingMessage.prototype, 'setHeader');
    let response: Response;
    let names: string[];
    try {
      response = await request.send();
      await response.arrayBuffer();
    } finally {
      names = setHeader.mock.calls.map(([name]) => name.toLowerCase());
      setHeader.mockRestore();
    }
    expect(response.status).toBe(request.status);

    // A header set twice (a second copy of the pipeline) would show as two calls for one answer.
    const sets = (name: string) => names.filter((header) => header === name).length;
    expect(['x-request-id', 'x-frame-options', 'referrer-policy', 'x-content-type-options'].map((name) => [name, sets(name)])).toEqual([
      ['x-request-id', 1],
      ['x-frame-options', 1],
      ['referrer-policy', 1],
      // Express's last-resort 404 sets nosniff again, with its own policy.
      ['x-content-type-options', request.ownPolicy ? 2 : 1],
    ]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    if (!request.ownPolicy) expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(UUID);
    const logged = accessLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ reqId: requestId, req: { method: request.method }, res: { statusCode: request.status } });
    expect(logged[0].req.url.startsWith(request.url)).toBe(true);

    expect(await answered(request.method, request.route, request.status)).toBe(before + 1);
  });
});
