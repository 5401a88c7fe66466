import express, { type Router } from 'express';
import { pino } from 'pino';
import { PublicReadRoutes } from '../../src/http-kit/public-reads';
import { createRestRouter, restApiDocument as openApiDocument } from '../../src/app/rest-router';
import { startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** "METHOD /path/{param}" for every route on the router, as the app mounts it. */
function mountedRoutes(router: Router): string[] {
  const routes: string[] = [];
  for (const layer of (router as unknown as { stack: { route?: { path: string; methods: Record<string, boolean> } }[] }).stack) {
    if (!layer.route) continue;
    const path = layer.route.path.replace(/:(\w+)/g, '{$1}');
    for (const method of Object.keys(layer.route.methods)) routes.push(`${method.toUpperCase()} ${path}`);
  }
  return routes.sort();
}

function documentedRoutes(): string[] {
  return Object.entries(openApiDocument.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

test('every mounted /api route is documented and every documented route is mounted', () => {
  const mounted = mountedRoutes(createRestRouter(app.services, pino({ level: 'silent' }), new PublicReadRoutes()));
  expect(mounted.length).toBeGreaterThan(20);
  expect(new Set(mounted).size).toBe(mounted.length);
  expect(documentedRoutes()).toEqual(mounted);
});

test('the server answers every documented route, anonymously and with unknown ids, without a 500 and without falling through to the API 404', async () => {
  for (const route of documentedRoutes()) {
    const [method, path] = route.split(' ');
    const url = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
      name === 'email' ? 'nobody@keen.test' : '00000000-0000-0000-0000-000000000000',
    );
    const response = await fetch(`${app.url}/api${url}`, { method });
    const body = response.headers.get('content-type')?.includes('json') ? await response.json() : null;
    expect({ route, body: body?.message === 'No such API route' ? 'unmounted' : 'mounted', serverError: response.status >= 500 }).toEqual({
      route,
      body: 'mounted',
      serverError: false,
    });
  }
});

test('GET /api/openapi.json serves an OpenAPI 3.1 document with the bearer scheme, and every operation lists its answers', async () => {
  const response = await fetch(`${app.url}/api/openapi.json`);
  expect(response.status).toBe(200);
  const document = await response.json();
  expect(document.openapi).toBe('3.1.0');
  expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  for (const item of Object.values(document.paths) as Record<string, { responses: Record<string, unknown> }>[]) {
    for (const operation of Object.values(item)) expect(Object.keys(operation.responses)).toContain('200');
  }
  // Every $ref points at a schema that exists.
  const refs = JSON.stringify(document).match(/#\/components\/schemas\/\w+/g) ?? [];
  for (const ref of new Set(refs)) expect(document.components.schemas[ref.split('/').pop()!]).toBeDefined();
});

test('the walk sees routes with their parameters, not middleware', () => {
  const router = express.Router();
  router.use(express.json());
  router.get('/only/:id', (_req, res) => res.json({}));
  expect(mountedRoutes(router)).toEqual(['GET /only/{id}']);
});

test("a body's numbers show the range the service holds them to, though the router reads them loosely", () => {
  const bodyProperty = (path: string, method: 'post' | 'put', name: string) =>
    (openApiDocument.paths as any)[path][method].requestBody.content['application/json'].schema.properties[name];
  expect(bodyProperty('/reviews', 'post', 'star')).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 });
  expect(bodyProperty('/orders', 'post', 'quantity')).toMatchObject({ type: 'integer', minimum: 1 });
  expect(bodyProperty('/products', 'post', 'engravingMaxLength')).toMatchObject({ minimum: 1, maximum: 40 });
  expect(bodyProperty('/products', 'post', 'minimumAge')).toMatchObject({ minimum: 16, maximum: 25 });
});
