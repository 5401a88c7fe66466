import http, { type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import express from 'express';
import { pino } from 'pino';
import { z } from 'zod';
import { ReadCache } from '../../src/common/read-cache';
import { frontDoor } from '../../src/app/front-door';
import type { GraphQLAnswer } from '../../src/app/graphql-handler';
import { createRestRouter } from '../../src/app/rest-router';
import { requestIdOf, requestLog } from '../../src/http-kit/access-log';
import { mountRoutes } from '../../src/http-kit/express-routes';
import { PublicReadRoutes } from '../../src/http-kit/public-reads';
import { requestPipeline } from '../../src/http-kit/pipeline';
import { param } from '../../src/http-kit/query';
import { routeDeclarer } from '../../src/http-kit/routes';
import { startTestApp, type TestApp } from '../support/harness';

/**
 * Every request goes through the front door, which starts its answer once (request id, access-log
 * line, metrics, headers: http-kit/pipeline.ts) and answers before Express anonymous GETs to
 * declared public-read routes (cached or by the route's work), and GraphQL POSTs with a small JSON
 * body. The app behind it (here a small Express app with one declared public-read route and a
 * /graphql route) runs only for the rest, and repeats none of the pipeline's work. The GraphQL
 * endpoint here stands in for Apollo's (the real one is exercised through the whole app in the
 * GraphQL suites). The last tests put the front door before the shop's own REST router.
 */
let server: Server;
let url: string;
let routeRuns: number;
let expressRequests: number;
let expressGraphqlRuns: number;
const endpointCalls: { body: unknown; address: string }[] = [];
let endpointAnswer: () => Promise<GraphQLAnswer>;
/** How many times the pipeline has set the headers: the list is walked once per answer. */
let headerSets: number;
const logged: { url: string; statusCode: number; reqId?: string; msg: string }[] = [];

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(logLine(line)) });
  const readCache = ReadCache.create(
    { enabled: true, redisUrl: null, maxBytes: 1 << 20, maxAnswerBytes: 1 << 16, maxAgeMs: 60_000 },
    logger,
  );
  const publicReads = new PublicReadRoutes();
  const things = routeDeclarer<object, 'anyone'>()({
    method: 'GET',
    path: '/things',
    tag: 'Things',
    summary: 'Things',
    access: 'anyone',
    publicRead: true,
    query: z.object({ q: param.text(), inStock: param.yesNo() }),
    answer: z.array(z.object({ name: z.string() })),
    work: async (req, res) => {
      routeRuns += 1;
      res.setHeader('x-total-count', '1');
      return [{ name: 'Santoku', q: req.query.q ?? null, inStock: req.query.inStock ?? null, runs: routeRuns }];
    },
  });

  const app = express();
  app.use((_req, _res, next) => {
    expressRequests += 1;
    next();
  });
  const api = express.Router();
  mountRoutes(api, [things], {
    contextOf: async () => ({}),
    anonymous: {},
    authorize: () => {},
    readCache,
    publicReads,
    base: '/api',
    maxImageBytes: 1024,
    logger,
  });
  // The same kind of answer as Express sends it, to compare the ETags.
  api.get('/plain', (req, res) => {
    res.json([{ name: 'Santoku', q: req.query.q ?? null, inStock: null, runs: Number(req.query.runs) }]);
  });
  // A handler behind Express reads the id and logger the pipeline gave its request.
  api.get('/logged', (req, res) => {
    requestLog(logger, req).info('handler line');
    res.json({ id: requestIdOf(req) });
  });
  app.use('/api', api);
  app.post('/graphql', express.json(), (_req, res) => {
    expressGraphqlRuns += 1;
    res.json({ data: { through: 'express' } });
  });

  const endpoint = {
    answer: async (_req: IncomingMessage, body: unknown, clientAddress: () => string) => {
      endpointCalls.push({ body, address: clientAddress() });
      return endpointAnswer();
    },
  };
  // As behind a proxy Keen trusts: the client is the X-Forwarded-For address.
  const addressOf = (req: IncomingMessage) => String(req.headers['x-forwarded-for'] ?? req.socket.remoteAddress);
  const headers: [string, string][] = [['x-frame-options', 'DENY']];
  const walk = headers[Symbol.iterator].bind(headers);
  headers[Symbol.iterator] = () => {
    headerSets += 1;
    return walk();
  };
  const startAnswer = requestPipeline({ logger, headers, addressOf });
  server = http.createServer(frontDoor({ readCache, publicReads, graphql: endpoint, startAnswer, addressOf, logger }, app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  routeRuns = 0;
  expressRequests = 0;
  expressGraphqlRuns = 0;
  endpointCalls.length = 0;
  logged.length = 0;
  headerSets = 0;
  endpointAnswer = async () => ({
    status: 200,
    headers: [['content-type', 'application/json; charset=utf-8']],
    body: '{"data":{"ok":true}}',
  });
});

function logLine(line: string): { url: string; statusCode: number; reqId?: string; msg: string } {
  const parsed = JSON.parse(line) as { req?: { url: string }; res?: { statusCode: number }; reqId?: string; msg: string };
  return { url: parsed.req?.url ?? '', statusCode: parsed.res?.statusCode ?? 0, reqId: parsed.reqId, msg: parsed.msg };
}

const graphql = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

test('a public GET already answered is replayed without the route, with the same body, its headers, a request id and a log line', async () => {
  const first = await fetch(`${url}/api/things?q=knife`);
  const firstBody = await first.text();
  const replayed = await fetch(`${url}/api/things?q=knife`);
  expect(routeRuns).toBe(1);
  expect(expressRequests).toBe(0);
  expect(await replayed.text()).toBe(firstBody);
  expect(replayed.status).toBe(200);
  expect(replayed.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(replayed.headers.get('x-total-count')).toBe('1');
  expect(replayed.headers.get('x-frame-options')).toBe('DENY');
  expect(replayed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(replayed.headers.get('content-length')).toBe(String(Buffer.byteLength(firstBody)));
  // One line for each answer, both the front door's: the route was declared, so Express saw neither.
  expect(logged).toEqual(
    [first, replayed].map((answer) => ({
      url: '/api/things?q=knife',
      statusCode: 200,
      reqId: answer.headers.get('x-request-id'),
      msg: 'request completed',
    })),
  );
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

test("a public GET not answered yet is the route's work before Express, with Express's ETag and the same headers", async () => {
  const viaFrontDoor = await fetch(`${url}/api/things?q=second`);
  expect(expressRequests).toBe(0);
  const body = await viaFrontDoor.text();
  expect(JSON.parse(body)).toEqual([{ name: 'Santoku', q: 'second', inStock: null, runs: routeRuns }]);
  const sameFromExpress = await fetch(`${url}/api/plain?q=second&runs=${routeRuns}`);
  expect(await sameFromExpress.text()).toBe(body);
  expect(viaFrontDoor.headers.get('etag')).toBe(sameFromExpress.headers.get('etag'));
  expect(viaFrontDoor.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(viaFrontDoor.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
  expect(viaFrontDoor.headers.get('x-total-count')).toBe('1');
  expect(viaFrontDoor.headers.get('x-frame-options')).toBe('DENY');
  expect(viaFrontDoor.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(logged.filter((line) => line.url === '/api/things?q=second')).toEqual([
    { url: '/api/things?q=second', statusCode: 200, reqId: viaFrontDoor.headers.get('x-request-id'), msg: 'request completed' },
  ]);
});

test("a bad parameter to a public read answered before Express is the route's 400, in REST's shape", async () => {
  const refused = await fetch(`${url}/api/things?q=bad&inStock=maybe`);
  expect(refused.status).toBe(400);
  expect(await refused.json()).toEqual({ message: 'inStock must be true or false' });
  expect(refused.headers.get('x-frame-options')).toBe('DENY');
  expect(expressRequests).toBe(0);
});

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

test('a GraphQL POST is answered by the endpoint before Express, with the body parsed, the headers, a request id, a log line and the client address', async () => {
  const body = { query: 'query($q: String) { products(options: { search: $q }) { totalItems } }', variables: { q: 'chef' } };
  const answer = await graphql(JSON.stringify(body), { authorization: 'Bearer someone', 'x-forwarded-for': '2001:db8:aa:bb::7' });
  expect(answer.status).toBe(200);
  expect(await answer.text()).toBe('{"data":{"ok":true}}');
  expect(answer.headers.get('content-length')).toBe('20');
  expect(answer.headers.get('x-frame-options')).toBe('DENY');
  expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  // The address as failed sign-ins count it: an IPv6 client by its /64.
  expect(endpointCalls).toEqual([{ body, address: '2001:db8:aa:bb::/64' }]);
  expect(expressGraphqlRuns).toBe(0);
  expect(logged).toEqual([{ url: '/graphql', statusCode: 200, reqId: answer.headers.get('x-request-id'), msg: 'request completed' }]);
});

test("a GraphQL body that is not JSON is a 400 in GraphQL's shape, and never reaches the endpoint", async () => {
  const answer = await graphql('{"query": "{ products { totalItems } }"');
  expect(answer.status).toBe(400);
  expect(await answer.json()).toEqual({ errors: [{ message: 'The request body is not valid JSON', extensions: { code: 'BAD_REQUEST' } }] });
  expect(answer.headers.get('x-frame-options')).toBe('DENY');
  expect(endpointCalls).toEqual([]);
  expect(logged).toEqual([{ url: '/graphql', statusCode: 400, reqId: expect.any(String), msg: 'request completed' }]);
});

test('an endpoint that fails is a 500 that says nothing of it, and an error line with the request id', async () => {
  endpointAnswer = async () => {
    throw new Error('connection string postgres://keen:secret@db/keen refused');
  };
  const answer = await graphql('{"query": "{ __typename }"}');
  expect(answer.status).toBe(500);
  expect(await answer.json()).toEqual({ message: 'Something went wrong on our side; please try again' });
  const reqId = answer.headers.get('x-request-id');
  expect(logged.map(({ msg, reqId: id, statusCode }) => ({ msg, reqId: id, statusCode }))).toEqual([
    { msg: 'request failed', reqId, statusCode: 0 },
    { msg: 'request failed', reqId, statusCode: 500 },
  ]);
});

test('GraphQL POSTs the front door does not read (another charset, a large or compressed body) go to Express', async () => {
  const query = JSON.stringify({ query: '{ __typename }' });
  const utf16 = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-16le' },
    body: new Uint8Array(Buffer.from(query, 'utf16le')),
  });
  expect(await utf16.json()).toEqual({ data: { through: 'express' } });
  const large = JSON.stringify({ query: `{ __typename }${' '.repeat(70 * 1024)}` });
  expect(await (await graphql(large)).json()).toEqual({ data: { through: 'express' } });
  expect(expressGraphqlRuns).toBe(2);
  expect(endpointCalls).toEqual([]);
});

test("a request handed to Express gets the pipeline's work once: the headers, an id its handler reads, one access-log line", async () => {
  const answer = await fetch(`${url}/api/logged`, { headers: { 'x-request-id': 'trace-express-1' } });
  expect(await answer.json()).toEqual({ id: 'trace-express-1' });
  expect(answer.headers.get('x-request-id')).toBe('trace-express-1');
  expect(answer.headers.get('x-frame-options')).toBe('DENY');
  expect(expressRequests).toBe(1);
  expect(headerSets).toBe(1);
  expect(logged).toEqual([
    { url: '', statusCode: 0, reqId: 'trace-express-1', msg: 'handler line' },
    { url: '/api/logged', statusCode: 200, reqId: 'trace-express-1', msg: 'request completed' },
  ]);
});

test('every answer, before Express or behind it, has its headers set once and one access-log line', async () => {
  await fetch(`${url}/api/things?q=once`);
  const requests: [string, () => Promise<Response>][] = [
    ['/api/things?q=once', () => fetch(`${url}/api/things?q=once`)],
    ['/graphql', () => graphql('{"query": "{ __typename }"}')],
    ['/api/plain?runs=1', () => fetch(`${url}/api/plain?runs=1`)],
    ['/nowhere', () => fetch(`${url}/nowhere`)],
  ];
  for (const [path, send] of requests) {
    headerSets = 0;
    logged.length = 0;
    const answer = await send();
    await answer.arrayBuffer();
    expect({ path, headerSets, frameOptions: answer.headers.get('x-frame-options') }).toEqual({
      path,
      headerSets: 1,
      frameOptions: 'DENY',
    });
    expect(logged).toEqual([{ url: path, statusCode: answer.status, reqId: answer.headers.get('x-request-id'), msg: 'request completed' }]);
  }
});

describe("the shop's REST router behind a fresh front door", () => {
  let shop: TestApp;
  let shopServer: Server;
  let shopUrl: string;
  let shopExpressRequests = 0;
  let knife: string;

  beforeAll(async () => {
    shop = await startTestApp({ READ_CACHE: 'true' });
    knife = `Fresh${randomBytes(3).toString('hex')}`;
    await shop.product({ name: `${knife} santoku` });
    const logger = pino({ level: 'silent' });
    // The app's own assembly (app/app.ts) in miniature: a new table of public reads, filled by the router as it is mounted.
    const publicReads = new PublicReadRoutes();
    const app = express();
    app.use((_req, _res, next) => {
      shopExpressRequests += 1;
      next();
    });
    app.use('/api', createRestRouter(shop.services, logger, publicReads));
    const unused = {
      answer: async (): Promise<GraphQLAnswer> => {
        throw new Error('no GraphQL here');
      },
    };
    shopServer = http.createServer(
      frontDoor(
        {
          readCache: shop.services.readCache,
          publicReads,
          graphql: unused,
          startAnswer: requestPipeline({ logger, headers: [['x-frame-options', 'DENY']], addressOf: (req) => req.socket.remoteAddress }),
          addressOf: (req) => req.socket.remoteAddress,
          logger,
        },
        app,
      ),
    );
    await new Promise<void>((resolve) => shopServer.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(shopServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => shopServer.close(() => resolve()));
    await shop.close();
  });

  test('answers the first anonymous GET /api/products from the declarations, before Express, then from the read cache', async () => {
    const first = await fetch(`${shopUrl}/api/products?q=${knife}`);
    expect(shopExpressRequests).toBe(0);
    expect(first.status).toBe(200);
    const body = await first.text();
    expect((JSON.parse(body) as { name: string }[]).map((product) => product.name)).toEqual([`${knife} santoku`]);
    expect(first.headers.get('x-total-count')).toBe('1');
    expect(first.headers.get('x-frame-options')).toBe('DENY');

    shop.queries.count = 0;
    shop.queries.counting = true;
    const again = await fetch(`${shopUrl}/api/products?q=${knife}`);
    shop.queries.counting = false;
    expect(shop.queries.count).toBe(0);
    expect(shopExpressRequests).toBe(0);
    expect(await again.text()).toBe(body);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));

    // A signed-in customer's request goes through Express and the route: the same answer, the same headers.
    const customer = await shop.customer();
    const throughExpress = await fetch(`${shopUrl}/api/products?q=${knife}`, { headers: { authorization: `Bearer ${customer.token}` } });
    expect(shopExpressRequests).toBe(1);
    expect(await throughExpress.text()).toBe(body);
    for (const header of ['etag', 'content-type', 'content-length', 'x-total-count']) {
      expect({ header, value: first.headers.get(header) }).toEqual({ header, value: throughExpress.headers.get(header) });
    }
  });
});
