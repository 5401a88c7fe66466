import { z } from 'zod';
import { restApiDocument, restRoutes } from '../../src/app/rest-router';
import type { RouteDeclaration } from '../../src/http-kit/routes';
import type { RestAccess } from '../../src/modules/auth/access';
import { restClient } from '../support/rest-client';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * Every declared REST route does what its declaration (and so /api/openapi.json) says: its caller
 * rule is enforced before its input is read, a documented required field or parameter left out is
 * a 400, and what it answers has the documented shape.
 */
let app: TestApp;
let customer: TestSession;
let admin: TestSession;
let keyWithoutScopes: string;
let api: ReturnType<typeof restClient>;
const placeholderId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  app = await startTestApp();
  api = restClient(app);
  customer = await app.customer('contract');
  admin = await app.adminUser();
  const created = await app.gql<{ createApiKey: { secret: string } }>(
    'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }',
    { input: { name: 'No scope it needs', scopes: ['reports:read'] } },
    admin,
  );
  keyWithoutScopes = created.data!.createApiKey.secret;
});
afterAll(() => app.close());

type Route = RouteDeclaration<never, RestAccess>;
const routes = restRoutes as readonly Route[];
const describe = (route: Route) => `${route.method} ${route.path}`;
/** A URL for the route, its path parameters filled with values of the right form. */
const urlOf = (route: Route, query = '') =>
  route.path.replace(/:(\w+)/g, (_m, name: string) => (name === 'email' ? 'nobody@keen.test' : placeholderId)) + query;

test('the document is generated from the table: each declared route is in it, with its caller rule', () => {
  expect(routes.length).toBeGreaterThan(0);
  for (const route of routes) {
    const operation = (restApiDocument.paths as Record<string, Record<string, { security: object[] }>>)[
      route.path.replace(/:(\w+)/g, '{$1}')
    ]?.[route.method.toLowerCase()];
    expect({ route: describe(route), documented: Boolean(operation) }).toEqual({ route: describe(route), documented: true });
    const open = operation.security.some((requirement) => Object.keys(requirement).length === 0);
    expect({ route: describe(route), open }).toEqual({ route: describe(route), open: route.access.allow === 'public' });
  }
});

test('a route for signed-in callers answers 401 to an anonymous caller, before reading any input', async () => {
  for (const route of routes.filter((r) => r.access.allow !== 'public')) {
    const { status } = await api(route.method, urlOf(route), route.body && typeof route.body !== 'string' ? { raw: '{"junk":' } : {});
    expect({ route: describe(route), status }).toEqual({ route: describe(route), status: 401 });
  }
});

test("an admin's route answers 403 to a customer, before reading any input", async () => {
  for (const route of routes.filter((r) => r.access.allow === 'admin' || r.access.allow === 'admin person')) {
    const { status } = await api(route.method, urlOf(route), {
      as: customer,
      ...(route.body && typeof route.body !== 'string' ? { body: {} } : {}),
    });
    expect({ route: describe(route), status }).toEqual({ route: describe(route), status: 403 });
  }
});

test('an API key reaches only the routes that declare its scope', async () => {
  for (const route of routes) {
    if (route.body === 'raw') continue; // a signed webhook: its signature is its caller rule
    const { status, body } = await api(route.method, urlOf(route), { as: keyWithoutScopes });
    const scope = typeof route.access.key === 'string' && route.access.allow !== 'admin person' ? route.access.key : null;
    expect({ route: describe(route), status, message: body?.message }).toEqual({
      route: describe(route),
      status: 403,
      message: scope ? `This API key lacks the scope ${scope}` : expect.any(String),
    });
  }
});

/** Who may call the route: the weakest caller its rule lets in. */
const callerFor = (route: Route) => (route.access.allow === 'public' ? undefined : route.access.allow === 'signed in' ? customer : admin);

test('a JSON body without its documented required fields is a 400', async () => {
  // Path ids name real records, so that the body is what the route refuses.
  const product = await app.product({ name: 'Contract Body Knife' });
  const order = await app.placeOrder(customer, product.id);
  const realIds: Record<string, string> = { products: product.id, orders: order.id };
  const urlWithRecords = (route: Route) =>
    route.path.replace(/:(\w+)/g, (_m, name: string) =>
      name === 'email' ? customer.email : (realIds[route.path.split('/')[1]] ?? placeholderId),
    );
  for (const route of routes) {
    if (!(route.body instanceof z.ZodObject)) continue;
    const shape = route.body.shape as Record<string, z.ZodType>;
    const required = Object.keys(shape).filter((name) => !shape[name].safeParse(undefined).success);
    if (!required.length) continue;
    const { status } = await api(route.method, urlWithRecords(route), { as: callerFor(route), body: {} });
    expect({ route: describe(route), required, status }).toEqual({ route: describe(route), required, status: 400 });
  }
});

/** The declared JSON body's fields (a body that checks more after its fields parse is a pipe from its object). */
const bodyShape = (route: Route): Record<string, z.ZodType> | null => {
  const body = route.body instanceof z.ZodPipe ? route.body.in : route.body;
  return body instanceof z.ZodObject ? (body.shape as Record<string, z.ZodType>) : null;
};

test('a JSON body that is not an object, or a field of the wrong JSON type, is a 400 naming it, for every route with a body', async () => {
  const bodied = routes.filter((route) => bodyShape(route));
  expect(bodied.length).toBeGreaterThan(5);
  for (const route of bodied) {
    // Required query parameters are given, so that the body is what the route refuses.
    const shape = route.query?.shape as Record<string, z.ZodType> | undefined;
    const required = Object.keys(shape ?? {}).filter((name) => !shape![name].safeParse(undefined).success);
    const url = urlOf(route, required.length ? `?${required.map((name) => `${name}=${placeholderId}`).join('&')}` : '');
    const notAnObject = await api(route.method, url, { as: callerFor(route), body: ['not', 'an', 'object'] });
    expect({ route: describe(route), ...notAnObject }).toEqual({
      route: describe(route),
      status: 400,
      body: { message: 'The request body must be a JSON object' },
    });
    const fields = bodyShape(route)!;
    // A field that must be one value (PUT /orders: status Shipped) is sent right, so that the others are reached.
    const fixed = Object.fromEntries(
      Object.entries(fields).flatMap(([name, schema]) => (schema instanceof z.ZodLiteral ? [[name, schema.value]] : [])),
    );
    for (const field of Object.keys(fields)) {
      // No field of any route takes an array of arrays.
      const { status, body } = await api(route.method, url, { as: callerFor(route), body: { ...fixed, [field]: [[]] } });
      expect({ route: describe(route), field, status, message: body.message.startsWith(`${field} must be `) }).toEqual({
        route: describe(route),
        field,
        status: 400,
        message: true,
      });
    }
  }
});

test('a rule that asks more of a request without a query parameter refuses before the input is read', async () => {
  const ruled = routes.filter((route) => route.access.without);
  expect(ruled.map(describe)).toEqual([
    'GET /users',
    'GET /orders',
    'GET /orders/:id/invoice.pdf',
    'GET /orders/:id/credit-notes/:refundId.pdf',
  ]);
  for (const route of ruled) {
    const without = route.access.without!;
    if (without.allow === 'signed in') {
      // A guest's document: signed out without the link's token is a 401 before anything is read; with one, the order is looked up.
      expect({ route: describe(route), status: (await api('GET', urlOf(route))).status }).toEqual({ route: describe(route), status: 401 });
      const withIt = await api('GET', urlOf(route, `?${without.query}=not-the-token`));
      expect({ route: describe(route), status: withIt.status }).toEqual({ route: describe(route), status: 404 });
      continue;
    }
    // A customer without the parameter meets the stricter rule (403), before the bad page's 400.
    expect({ route: describe(route), status: (await api('GET', urlOf(route, '?skip=-1'), { as: customer })).status }).toEqual({
      route: describe(route),
      status: 403,
    });
    // With it, the route's own rule lets them through to the input: the bad page is the answer.
    const withIt = await api('GET', urlOf(route, `?${without.query}=${encodeURIComponent(customer.email)}&skip=-1`), { as: customer });
    expect({ route: describe(route), ...withIt }).toEqual({
      route: describe(route),
      status: 400,
      body: { message: 'skip must be a whole number of at least 0' },
    });
    expect((await api('GET', urlOf(route, '?skip=-1'), { as: admin })).status).toBe(400);
  }
});

test('leaving out a documented required query parameter is a 400', async () => {
  for (const route of routes) {
    if (!route.query) continue;
    const shape = route.query.shape as Record<string, z.ZodType>;
    for (const name of Object.keys(shape).filter((key) => !shape[key].safeParse(undefined).success)) {
      const { status } = await api(route.method, urlOf(route), { as: callerFor(route) });
      expect({ route: describe(route), parameter: name, status }).toEqual({ route: describe(route), parameter: name, status: 400 });
    }
  }
});

test('what a GET answers has the documented shape', async () => {
  await app.product({ name: 'Contract Knife' });
  const gets = routes.filter((r) => r.method === 'GET' && !r.params && !r.answerType);
  expect(gets.length).toBeGreaterThan(0);
  for (const route of gets) {
    const { status, body } = await api('GET', urlOf(route), { as: route.access.allow === 'public' ? undefined : admin });
    expect({ route: describe(route), status }).toEqual({ route: describe(route), status: route.status ?? 200 });
    const parsed = route.answer.safeParse(body);
    expect({ route: describe(route), issues: parsed.error?.issues ?? [] }).toEqual({ route: describe(route), issues: [] });
  }
});
