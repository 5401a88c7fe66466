import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { ReadCache } from '../../src/common/read-cache';
import { PublicQueries } from '../../src/app/graphql-handler';
import { replayFirst } from '../../src/app/replay-first';
import { requestLogger } from '../../src/http-kit/access-log';
import { createHandlers, PublicReadRoutes } from '../../src/http-kit/handle';

/**
 * Cached anonymous reads are answered before Express: the app behind `replayFirst` (here a small
 * Express app with one public-read route and one GraphQL-like route) runs only for what is not
 * replayed, and the replay carries what Express's chain would have added.
 */
let server: Server;
let url: string;
let routeRuns: number;
let graphqlRuns: number;
const graphqlBodies: unknown[] = [];
const logged: { url: string; statusCode: number }[] = [];

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(accessLine(line)) });
  const readCache = ReadCache.create(
    { enabled: true, redisUrl: null, maxBytes: 1 << 20, maxAnswerBytes: 1 << 16, maxAgeMs: 60_000 },
    logger,
  );
  const publicReads = new PublicReadRoutes();
  const publicQueries = new PublicQueries();
  const { publicRead } = createHandlers(async () => ({}), readCache, publicReads);

  const app = express();
  const api = express.Router();
  api.get(
    '/things',
    publicRead(
      async (_req, res) => {
        routeRuns += 1;
        res.setHeader('x-total-count', '1');
        return [{ name: 'Santoku', runs: routeRuns }];
      },
      { query: ['q'] },
    ),
  );
  app.use('/api', api);
  // No express.json: a body read ahead must reach the route already parsed.
  app.post('/graphql', async (req, res) => {
    graphqlRuns += 1;
    if (req.unreadableBody) {
      res.status(400).json({ errors: [{ message: 'The request body is not valid JSON' }] });
      return;
    }
    graphqlBodies.push(req.body);
    const key = publicQueries.keyOf(req.body);
    const generation = await readCache.generation();
    const body = JSON.stringify({ data: { products: { runs: graphqlRuns } } });
    res.type('json').send(body);
    if (typeof key === 'string') readCache.store(key, generation, { body, headers: { 'content-type': 'application/json; charset=utf-8' } });
  });

  server = http.createServer(
    replayFirst(
      {
        readCache,
        publicReads,
        publicQueries,
        headers: [['x-frame-options', 'DENY']],
        logRequest: requestLogger(logger, (req) => req.socket.remoteAddress),
      },
      app,
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  routeRuns = 0;
  graphqlRuns = 0;
  graphqlBodies.length = 0;
  logged.length = 0;
});

function accessLine(line: string): { url: string; statusCode: number } {
  const parsed = JSON.parse(line) as { req?: { url: string }; res?: { statusCode: number } };
  return { url: parsed.req?.url ?? '', statusCode: parsed.res?.statusCode ?? 0 };
}

const graphql = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

test('a public GET already answered is replayed without the route, with the same body, its headers, a request id and a log line', async () => {
  const first = await fetch(`${url}/api/things?q=knife`);
  const firstBody = await first.text();
  const replayed = await fetch(`${url}/api/things?q=knife`);
  expect(routeRuns).toBe(1);
  expect(await replayed.text()).toBe(firstBody);
  expect(replayed.status).toBe(200);
  expect(replayed.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(replayed.headers.get('x-total-count')).toBe('1');
  expect(replayed.headers.get('x-frame-options')).toBe('DENY');
  expect(replayed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(replayed.headers.get('content-length')).toBe(String(Buffer.byteLength(firstBody)));
  // This app has no access log of its own: the line is the replay's.
  expect(logged).toEqual([{ url: '/api/things?q=knife', statusCode: 200 }]);
});

/** A GET with exactly these headers (fetch adds Cache-Control: no-cache to conditional requests). */
function plainGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${path}`, { headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

test('a replay answers 304 to an If-None-Match naming its ETag, unless the client asks for no-cache', async () => {
  const first = await fetch(`${url}/api/things?q=etag`);
  const etag = first.headers.get('etag')!;
  expect(etag).toBeTruthy();
  expect(await plainGet('/api/things?q=etag', { 'if-none-match': `"other", ${etag}` })).toEqual({ status: 304, body: '' });
  expect((await plainGet('/api/things?q=etag', { 'if-none-match': '"other"' })).status).toBe(200);
  expect((await plainGet('/api/things?q=etag', { 'if-none-match': etag, 'cache-control': 'no-cache' })).status).toBe(200);
  expect(routeRuns).toBe(1);
});

test('other spellings of the path, unknown parameters and signed-in callers always reach the route', async () => {
  await fetch(`${url}/api/things?q=spelt`);
  for (let i = 0; i < 2; i += 1) {
    expect((await fetch(`${url}/API/Things?q=spelt`)).status).toBe(200);
    expect((await fetch(`${url}/api/things?q=spelt&junk=${i}`)).status).toBe(200);
    expect((await fetch(`${url}/api/things?q=spelt`, { headers: { authorization: 'Bearer someone' } })).status).toBe(200);
  }
  expect(routeRuns).toBe(1 + 6);
});

test('a public GraphQL query is replayed from its body; a miss reaches the route with the body already parsed', async () => {
  const body = JSON.stringify({
    query: 'query($q: String) { products(options: { search: $q }) { totalItems } }',
    variables: { q: 'chef' },
  });
  const first = await graphql(body);
  expect(await first.json()).toEqual({ data: { products: { runs: 1 } } });
  expect(graphqlBodies).toEqual([JSON.parse(body)]);
  const replayed = await graphql(body);
  expect(await replayed.json()).toEqual({ data: { products: { runs: 1 } } });
  expect(replayed.headers.get('x-frame-options')).toBe('DENY');
  expect(graphqlRuns).toBe(1);
  // Other variables, a mutation and a signed-in caller are never answered from the cache.
  await graphql(
    JSON.stringify({ query: 'query($q: String) { products(options: { search: $q }) { totalItems } }', variables: { q: 'paring' } }),
  );
  await graphql(JSON.stringify({ query: 'mutation { signOutEverywhere }' }));
  await graphql(body, { authorization: 'Bearer someone' });
  expect(graphqlRuns).toBe(4);
});

test('a body that is not JSON reaches the route marked unreadable, and nothing is replayed for it', async () => {
  for (let i = 0; i < 2; i += 1) {
    const answer = await graphql('{"query": "{ products { totalItems } }"');
    expect(answer.status).toBe(400);
  }
  expect(graphqlRuns).toBe(2);
});
