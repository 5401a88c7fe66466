import type { Router } from 'express';
import type { ApiKeyScope } from '../modules/auth/scopes';
import { productSorts } from '../modules/catalog/catalog.routes';
import { REST_LIST_CAP } from '../http-kit/query';

/**
 * The OpenAPI 3.1 description of everything mounted under /api. A test compares its paths and
 * methods with the router's, so a route cannot be added or removed without updating this file.
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const ok = (description: string, schema: object) => ({ description, ...json(schema) });
const error = (description: string) => ({ description, ...json(ref('Error')) });
const arrayOf = (name: string) => ({ type: 'array', items: ref(name) });
const object = (properties: Record<string, object>, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});

const errors = {
  400: error('Bad input: malformed JSON, a wrong type, a missing field or a number out of range; the SPEC message where it has one'),
  401: error('No token, or an invalid or expired one'),
  403: error('The caller may not do this'),
  404: error('No such record'),
  429: {
    ...error('Too many requests: over a per-minute limit; `Retry-After` says how many seconds to wait'),
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
  },
};
const pick = (...codes: (keyof typeof errors)[]) => Object.fromEntries(codes.map((code) => [code, errors[code]]));

const bearer = [{ bearer: [] }];
const publicRoute: object[] = [];
/** A route an API key may call with `scope` (declared beside the route with `keyScope`); people sign in as on any route. */
const withKey = (scope: ApiKeyScope, { open = false } = {}) => [...(open ? [{}] : bearer), { apiKey: [scope] }];

const query = (name: string, description: string, required = false) => ({
  name,
  in: 'query',
  required,
  description,
  schema: { type: 'string' },
});
const pathParam = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } });
const idInPath = pathParam('id', "The record's _id");
const emailInPath = pathParam('email', 'An e-mail address');

const text = { type: 'string' };
const whole = { type: 'integer' };
const engravingSettings = {
  engravable: { type: 'boolean', description: 'Whether an order may carry an engraving (default false)' },
  engravingMaxLength: { ...whole, minimum: 1, maximum: 40, description: 'Most characters of an engraving (default 24)' },
  engravingPrice: { ...whole, minimum: 0, description: 'Engraving surcharge per unit, whole dollars (default 0)' },
};

/** The paging of every REST list: a plain array of at most REST_LIST_CAP rows, and the full count in a header. */
/** An order's or a line's engraving as ordered, or null. */
const orderedEngraving = {
  oneOf: [
    { type: 'null' },
    object(
      {
        text,
        font: { ...text, description: 'A font id (GraphQL engravingFonts)' },
        unitPrice: { ...whole, description: 'Surcharge per unit, included in the totals' },
      },
      ['text', 'font', 'unitPrice'],
    ),
  ],
};
const listPage = [
  { name: 'skip', in: 'query', required: false, description: 'Rows to skip (default 0)', schema: { ...whole, minimum: 0 } },
  {
    name: 'take',
    in: 'query',
    required: false,
    description: `Rows to answer (default and at most ${REST_LIST_CAP})`,
    schema: { ...whole, minimum: 1, maximum: REST_LIST_CAP },
  },
];
const list = (description: string, name: string) => ({
  ...ok(`${description}: at most ${REST_LIST_CAP}; page with ?skip and ?take`, arrayOf(name)),
  headers: { 'X-Total-Count': { description: 'Rows that match, over every page', schema: whole } },
});

const document = {
  openapi: '3.1.0',
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
  servers: [{ url: '/api' }],
  security: bearer,
  components: {
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
    schemas: {
      Error: object({ message: text }, ['message']),
      Product: object(
        {
          _id: text,
          name: text,
          img: text,
          description: text,
          price: { ...whole, description: 'Whole dollars' },
          quantity: { ...whole, description: 'Stock' },
          minimumQuantity: whole,
          ...engravingSettings,
        },
        ['_id', 'name', 'img', 'description', 'price', 'quantity', 'minimumQuantity', 'engravable', 'engravingMaxLength', 'engravingPrice'],
      ),
      ProductInput: object(
        {
          name: text,
          description: text,
          price: { ...whole, minimum: 1 },
          quantity: { ...whole, minimum: 0 },
          minimumQuantity: { ...whole, minimum: 1 },
          img: text,
          ...engravingSettings,
        },
        ['description', 'price', 'quantity', 'minimumQuantity', 'img'],
      ),
      Order: object(
        {
          _id: text,
          userName: text,
          phone: text,
          address: text,
          name: { ...text, description: "The first line's product name" },
          email: { ...text, description: "The customer's e-mail" },
          description: text,
          price: whole,
          totalPrice: { ...whole, description: "The order total: the sum of its lines' totals" },
          quantity: whole,
          minimumQuantity: whole,
          img: text,
          status: { type: 'string', enum: ['Pending', 'Shipped'], description: 'Derived from state: Shipped once shipped' },
          paid: { type: 'boolean', description: 'Derived from state: true while Paid or Shipped' },
          state: {
            type: 'string',
            enum: ['AwaitingPayment', 'Paid', 'Shipped', 'Cancelled', 'Expired', 'Refunded'],
            description:
              'Where the order is: an unpaid order expires after the hold (UNPAID_ORDER_HOLD_MINUTES) and its units return to stock',
          },
          transactionId: { type: ['string', 'null'] },
          productCode: { type: ['string', 'null'], description: "The product's _id (null once the product is deleted)" },
          engraving: { ...orderedEngraving, description: "The first line's engraving as ordered, or null" },
          lines: {
            type: 'array',
            description: 'Every line of the order, in the order the customer listed them; the flat product fields above are the first line',
            items: object(
              {
                productCode: { type: ['string', 'null'], description: "The product's _id (null once the product is deleted)" },
                name: { ...text, description: 'The product name, as ordered' },
                img: text,
                quantity: whole,
                unitPrice: { ...whole, description: 'Unit price as ordered, without the engraving surcharge' },
                engraving: { ...orderedEngraving, description: 'The engraving as ordered, or null' },
                lineTotal: { ...whole, description: 'quantity times (unitPrice plus the engraving surcharge)' },
              },
              ['productCode', 'name', 'quantity', 'unitPrice', 'engraving', 'lineTotal'],
            ),
          },
        },
        ['_id', 'userName', 'phone', 'address', 'name', 'email', 'totalPrice', 'quantity', 'status', 'paid', 'lines'],
      ),
      Review: object(
        {
          _id: text,
          userName: text,
          name: text,
          email: text,
          description: text,
          img: { type: ['string', 'null'] },
          star: { ...whole, minimum: 1, maximum: 5 },
        },
        ['_id', 'userName', 'email', 'description', 'star'],
      ),
      User: object(
        {
          _id: text,
          name: text,
          email: text,
          address: { type: ['string', 'null'] },
          phone: { type: ['string', 'null'] },
          img: { type: ['string', 'null'] },
          role: { type: 'string', enum: ['admin', 'user'] },
        },
        ['_id', 'name', 'email', 'role'],
      ),
    },
  },
  paths: {
    '/openapi.json': {
      get: { summary: 'This document', security: publicRoute, responses: { 200: ok('The OpenAPI 3.1 document', { type: 'object' }) } },
    },
    '/products': {
      get: {
        summary: 'All products, or one by id; optionally searched, sorted and filtered',
        security: withKey('catalog:read', { open: true }),
        parameters: [
          query('id', 'A product _id: answers an array with that one product (the other parameters are ignored)'),
          query(
            'q',
            'Search: products whose name or description contains every word (case-insensitive, parts of words too: "bowi" finds "Bowie"), best match first',
          ),
          {
            ...query('sort', 'Order of the answer; without it, best match first when searching, else oldest first'),
            schema: { type: 'string', enum: Object.keys(productSorts) },
          },
          {
            ...query('inStock', 'true or 1: only products with at least their minimum order quantity in stock'),
            schema: { type: 'string', enum: ['true', 'false', '1', '0'] },
          },
          ...listPage,
        ],
        responses: { 200: list('Products', 'Product'), ...pick(400, 404) },
      },
      post: {
        summary: 'Add a product (admin)',
        security: withKey('catalog:write'),
        parameters: [query('productname', 'The product name, used when the body has no name')],
        requestBody: { required: true, ...json(ref('ProductInput')) },
        responses: {
          200: ok(
            "`success: false` with 'Product already exist' for a duplicate name",
            object({ success: { type: 'boolean' }, message: text, product: ref('Product') }, ['success']),
          ),
          ...pick(400, 401, 403),
        },
      },
      delete: {
        summary: 'Delete a product (admin)',
        security: withKey('catalog:write'),
        parameters: [query('id', 'The product _id', true)],
        responses: { 200: ok('Deleted', object({ deletedCount: whole }, ['deletedCount'])), ...pick(400, 401, 403, 404) },
      },
    },
    '/products/{id}': {
      put: {
        summary: 'Update a product (admin): price, quantity, minimumQuantity and img required; name and description optional',
        security: withKey('catalog:write'),
        parameters: [idInPath],
        requestBody: { required: true, ...json(ref('ProductInput')) },
        responses: { 200: ok('The updated product', ref('Product')), ...pick(400, 401, 403, 404) },
      },
    },
    '/users': {
      get: {
        summary: 'All users (admin), or one by e-mail (yourself, or anyone for an admin)',
        parameters: [query('email', 'An e-mail address: answers an array with that one user'), ...listPage],
        responses: { 200: list('Users; never a password', 'User'), ...pick(400, 401, 403, 404) },
      },
      post: {
        summary: "Complete the caller's profile after sign-up; email must be the caller's own; a password is ignored",
        requestBody: {
          required: true,
          ...json(
            object({ name: text, email: text, address: text, phone: text, password: { ...text, description: 'Ignored: never stored' } }, [
              'name',
              'email',
              'address',
              'phone',
            ]),
          ),
        },
        responses: {
          200: ok(
            "`success: true` with '{name} you have been registered', or `success: false` with 'User already exist'",
            object({ success: { type: 'boolean' }, message: text }, ['success']),
          ),
          ...pick(400, 401, 403),
        },
      },
      put: {
        summary: 'Update your own profile; email, password and role in the body are ignored',
        parameters: [query('id', 'Your own user _id', true)],
        requestBody: {
          required: true,
          ...json(object({ name: text, phone: text, address: text, img: text }, ['name', 'phone', 'address', 'img'])),
        },
        responses: {
          200: ok("The profile, with '{name} profile has been updated'", { allOf: [ref('User'), object({ message: text })] }),
          ...pick(400, 401, 403),
        },
      },
    },
    '/users/{email}': {
      put: {
        summary: 'Exchange a Firebase ID token whose e-mail is {email} for an access token valid for an hour',
        description:
          'The bearer must be a Firebase ID token (not an access token); a disabled or deleted account, or a revoked token, is refused (401). ' +
          'The access token stops working after an hour, when your role changes, when you sign out everywhere, and on the first sign-in that proves your e-mail address. ' +
          'Refused exchanges count as failed sign-ins: after 20 in a minute from one address, 429.',
        parameters: [emailInPath],
        responses: { 200: ok('The access token', object({ token: text }, ['token'])), ...pick(400, 401, 403, 429) },
      },
    },
    '/users/signOutEverywhere': {
      post: {
        summary: "End every session of the caller: Firebase refresh tokens are revoked and Keen's access tokens stop working",
        responses: { 200: ok('Signed out everywhere', object({ success: { type: 'boolean' } }, ['success'])), ...pick(401) },
      },
    },
    '/admin/{email}': {
      get: {
        summary: 'Whether {email} is an admin: about yourself, or anyone for an admin',
        parameters: [emailInPath],
        responses: { 200: ok('Admin flag', object({ admin: { type: 'boolean' } }, ['admin'])), ...pick(400, 401, 403) },
      },
    },
    '/users/admin/{email}': {
      put: {
        summary: 'Make {email} an admin (an admin signed in as themselves; API keys are refused, 403)',
        parameters: [emailInPath],
        responses: {
          200: ok('1, or 0 when already an admin', object({ modifiedCount: whole }, ['modifiedCount'])),
          ...pick(400, 401, 403, 404),
        },
      },
    },
    '/user/removeAdmin/{email}': {
      put: {
        summary:
          'Remove the admin right of {email} (an admin signed in as themselves; API keys are refused, 403); the last admin keeps it (403); the API keys they created are revoked',
        parameters: [emailInPath],
        responses: {
          200: ok('1, or 0 when not an admin', object({ modifiedCount: whole }, ['modifiedCount'])),
          ...pick(400, 401, 403, 404),
        },
      },
    },
    '/orders': {
      get: {
        summary: 'All orders (admin), or the orders of one e-mail (yourself, or anyone for an admin)',
        parameters: [query('email', "A customer's e-mail"), ...listPage],
        responses: { 200: list('Orders, newest first', 'Order'), ...pick(400, 401, 403) },
      },
      post: {
        summary:
          'Place an order; price, totalPrice, status, paid, transactionId, email and userName in the body are ignored. ' +
          "An optional engraving (engravable products only) adds the product's engravingPrice to each unit",
        requestBody: {
          required: true,
          ...json(
            object(
              {
                productCode: { ...text, description: "The product's _id (or send productId)" },
                productId: text,
                quantity: { ...whole, minimum: 1 },
                phone: text,
                address: text,
                engraving: object(
                  {
                    text: {
                      ...text,
                      description:
                        "Up to the product's engravingMaxLength characters: letters (accented too), digits, space and . , ' & - !, with no leading or trailing space; empty means no engraving",
                    },
                    font: { type: 'string', enum: ['serif', 'script', 'block', 'mono'] },
                  },
                  ['text', 'font'],
                ),
              },
              ['quantity', 'phone', 'address'],
            ),
          ),
        },
        responses: {
          200: ok("The order (Pending, unpaid), with 'Order Placed'", {
            allOf: [ref('Order'), object({ insertedId: text, message: text })],
          }),
          ...pick(400, 401, 404, 429),
        },
      },
      put: {
        summary: 'Ship an order (admin): body status must be Shipped; the order must be paid and pending',
        parameters: [query('id', 'The order _id', true)],
        requestBody: { required: true, ...json(object({ status: { type: 'string', const: 'Shipped' } }, ['status'])) },
        responses: {
          200: ok("The order, with 'Status is updated'", { allOf: [ref('Order'), object({ message: text })] }),
          ...pick(400, 401, 403, 404),
        },
      },
      delete: {
        summary:
          'Delete an order: the customer or an admin cancels an unpaid one (409 "This order is being paid" while a payment is under way); an admin refunds a paid, unshipped one. Its units return to stock; the order stays, as Cancelled or Refunded, with its history',
        parameters: [query('id', 'The order _id', true)],
        responses: {
          200: ok('Deleted', object({ deletedCount: whole }, ['deletedCount'])),
          ...pick(400, 401, 403, 404),
          409: error('This order is being paid'),
        },
      },
    },
    '/orders/{id}': {
      get: {
        summary: 'One order: its customer or an admin',
        parameters: [idInPath],
        responses: { 200: ok('The order', ref('Order')), ...pick(401, 403, 404) },
      },
      patch: {
        summary: 'Record a payment (payments module): paid only when the provider confirms the intent succeeded for this order and amount',
        parameters: [idInPath],
        requestBody: {
          required: true,
          ...json(object({ transactionId: { ...text, description: 'The payment intent id' }, orders: text }, ['transactionId'])),
        },
        responses: {
          200: ok(
            'The payment state',
            object({ _id: text, paid: { type: 'boolean' }, transactionId: { type: ['string', 'null'] } }, ['_id', 'paid']),
          ),
          ...pick(400, 401, 403, 404),
        },
      },
    },
    '/create-payment-intent': {
      post: {
        summary:
          "Create (or reuse) the order's payment intent (payments module); the amount is the stored order's total, any totalPrice sent is ignored",
        requestBody: {
          required: true,
          ...json(
            object(
              {
                orderId: { ...text, description: 'The order _id (or send id)' },
                id: text,
                totalPrice: { ...whole, description: 'Ignored' },
              },
              ['orderId'],
            ),
          ),
        },
        responses: {
          200: ok('The client secret for the card field', object({ clientSecret: text }, ['clientSecret'])),
          ...pick(400, 401, 403, 404),
          503: error('No payment provider is configured'),
        },
      },
    },
    '/payments/stripe/webhook': {
      post: {
        summary:
          "Stripe's signed webhook (payments module); the Stripe-Signature header is the authority, not a bearer token. payment_intent.succeeded pays the order (or refunds a payment for a closed order); charge.refunded (whole) and charge.dispute.created make it Refunded. Replays change nothing",
        security: publicRoute,
        parameters: [{ name: 'Stripe-Signature', in: 'header', required: true, schema: text }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', description: 'A Stripe event, read as raw bytes' } } },
        },
        responses: { 200: ok('Received', object({ received: { type: 'boolean' } }, ['received'])), ...pick(400) },
      },
    },
    '/uploads': {
      post: {
        summary:
          "Upload a JPEG, PNG or WebP image of at most 5 MB and UPLOAD_MAX_MEGAPIXELS (default 24) (signed-in users); the answer has the old image host's shape",
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: object({ image: { type: 'string', contentMediaType: 'application/octet-stream' } }, ['image']),
            },
          },
        },
        responses: {
          200: ok('Stored', object({ success: { type: 'boolean' }, data: object({ url: text }, ['url']) }, ['success', 'data'])),
          ...pick(400, 401, 429),
          413: error('The image is larger than 5 MB'),
          503: {
            ...error('Too many images are being decoded in this process; `Retry-After` says how many seconds to wait'),
            headers: { 'Retry-After': { schema: { type: 'integer' } } },
          },
        },
      },
    },
    ...Object.fromEntries(
      (['orders', 'products', 'users'] as const).map((grid) => [
        `/admin/export/${grid}.csv`,
        {
          get: {
            summary: `Every ${grid.slice(0, -1)} matching the admin grid's filter, as CSV (admin)`,
            security: withKey(({ orders: 'orders:read', products: 'catalog:read', users: 'users:read' } as const)[grid]),
            parameters: [
              query('search', 'Case-insensitive text search'),
              query('sortBy', 'A sort field of the grid'),
              query('sortDirection', 'ASC or DESC'),
              ...{
                orders: [
                  query('state', 'AwaitingPayment, Paid, Shipped, Cancelled, Expired or Refunded'),
                  query('status', 'Pending or Shipped'),
                  query('paid', 'true or false'),
                  query('engraved', 'true (any engraved line) or false (no engraved line)'),
                ],
                products: [query('lowStock', 'true or false')],
                users: [query('role', 'admin or user')],
              }[grid],
            ],
            responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: text } } }, ...pick(400, 401, 403) },
          },
        },
      ]),
    ),
  },
};

/**
 * The paths of the routes not yet declared as data (http-kit/routes.ts); a declared route's own
 * documentation replaces its entry here.
 */
export const undeclaredPaths = document.paths;
export const legacyComponents = document.components.schemas;

export function registerOpenApiRoutes(router: Router, answer: () => object): void {
  router.get('/openapi.json', (_req, res) => {
    res.json(answer());
  });
}
