import { z } from 'zod';
import { named, openApiDocument, type OpenApiSettings } from '../http-kit/openapi';
import type { Routes } from '../http-kit/routes';
import type { RestAccess } from '../modules/auth/access';

const publicCaller = {};
const bearer = { bearer: [] };

/** What the REST layer's document says of itself, its callers and its failures; the routes say the rest. */
const settings: OpenApiSettings<RestAccess> = {
  info: {
    title: 'Keen REST compatibility API',
    version: '1.0.0',
    description:
      "The original client's calls (SPEC §7) over the same services as the GraphQL API at /graphql. " +
      'Send `Authorization: Bearer <token>` with a Firebase ID token or the access token from `PUT /users/{email}`, ' +
      'or an API key on the routes whose security lists `apiKey` (with the scope it needs). ' +
      'Errors answer `{ message }`. Prices, totals, order status and payment state are never taken from a client. ' +
      'Any route may answer 429 with `Retry-After` (too many failed sign-ins from one address: at most 20 a minute) ' +
      'and 503 with `Retry-After` while the database cannot be reached.',
  },
  server: '/api',
  securitySchemes: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'A Firebase ID token, or the access token from PUT /users/{email}',
    },
    apiKey: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'keen_sk_...',
      description:
        "An admin's API key (Dashboard > API keys), sent as `Authorization: Bearer keen_sk_...`. It reaches only the routes " +
        'that list it here, with the scope they list (403 naming a missing scope), at most RATE_LIMIT_API_KEY (600) requests a minute',
    },
  },
  describeRule: ({ allow, key }) => {
    const keyed = typeof key === 'string' && allow !== 'admin person' ? [{ apiKey: [key] }] : [];
    // Every route refuses a key without its scope (403); a signed-in route also answers 403 to a person whose record it is not.
    return { security: [allow === 'public' ? publicCaller : bearer, ...keyed], refusals: allow === 'public' ? [403] : [401, 403] };
  },
  failure: named('Error', z.object({ message: z.string().describe('What went wrong, in words for the person') })),
  failures: {
    400: 'Bad input: malformed JSON, a wrong type, a missing field or a number out of range; the SPEC message where it has one',
    401: 'No token, or an invalid or expired one',
    403: 'The caller may not do this',
    404: 'No such record',
    409: 'It conflicts with what is already there',
    413: 'The body is larger than the route takes',
    429: 'Too many requests: over a per-minute limit; `Retry-After` says how many seconds to wait',
    503: 'Briefly unavailable; `Retry-After` says when to try again',
  },
};

/** Where the document itself is served, below /api. */
export const DOCUMENT_PATH = '/openapi.json';

/** `/api/openapi.json`: generated from the declared routes, with its own entry. */
export function restDocument(routes: Routes<never, RestAccess>) {
  const generated = openApiDocument(routes, settings);
  const self = {
    get: {
      summary: 'This document: the OpenAPI 3.1 description of /api, generated from the declared routes',
      tags: ['API'],
      security: [publicCaller],
      responses: { 200: { description: 'The document', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  };
  return { ...generated, paths: { [DOCUMENT_PATH]: self, ...generated.paths } };
}
