import { initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import http from 'node:http';
import jwt from 'jsonwebtoken';
import { formatMoney } from '@keen/rules';
import { Pool, type QueryConfig } from 'pg';
import { type BareBuyer, type BareOrderInput, BareRefusal, placeBare } from './race-baseline';

/**
 * The bare baseline of `npm run bench:http` (started by http.ts as its own process): a
 * `node:http` server over one `pg` Pool with statements prepared by name, answering the bench's
 * requests with the same rows in the same JSON, byte for byte, as Keen, and like Keen with one
 * statement per list (rows and count together). No framework, no GraphQL engine, no ORM: how fast
 * this machine can serve these answers at all. It only knows the bench's requests; anything else is 404.
 * With BASELINE_STATIC=true it is the "static" reference instead: each answer is made once, then
 * replayed from memory as prepared bytes (the limit for a cached answer on this machine).
 * `POST /orders` is the races' bare write path (race-baseline.ts) for the buyer its ID token names,
 * checked as Keen checks one: 200 with the order's id, 409 on a shortage, 401 for a bad token.
 * `POST /orders/writes-only` does the same writes for the buyer the request names, unchecked: the
 * writes alone, a reference of their own.
 *   DATABASE_URL, PORT, ACCESS_TOKEN_SECRET (Keen's, to check Keen's access tokens), BASELINE_STATIC,
 *   FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_PROJECT_ID (Keen's, to check ID tokens), PAGE_SOURCE (the
 *   static replay's source of a page's bytes: Keen's URL).
 */

/** The demo's first knife, whose page the bench reads by slug and whose server-rendered head it asks for. */
export const BENCH_PRODUCT_SLUG = 'damascus-chef-knife-8';

/** The bench's GraphQL queries, sent as is (no variables) to Keen and to the baseline. */
export const BENCH_QUERIES = {
  products: '{ products(options: { take: 20 }) { totalItems items { id name img price quantity minimumQuantity } } }',
  /** The My Orders page's fields (frontend/src/operations/orders.ts, OrderFields), 20 orders with their lines. */
  /** A product page's own fields (frontend/src/features/product/operations.ts, without its variants), by its slug. */
  productBySlug: `{ product(slug: "${BENCH_PRODUCT_SLUG}") { id name slug description img priceFrom { amount currency formatted } quantity minimumQuantity engravable engravingMaxLength kind rating { average count } images { url alt } } }`,
  myOrders:
    '{ myOrders(options: { take: 20 }) { totalItems items { id userName name email description img price totalPrice quantity status paid state transactionId createdAt engraving { text font unitPrice } lines { id name img quantity unitPrice lineTotal engraving { text font unitPrice } } } } }',
};

/** Keen's list order: products oldest first, orders newest first, ties by id; the count over all rows rides on each row. */
const statements = {
  graphqlProducts: {
    name: 'graphql_products',
    text: `SELECT id, name, img, ("priceAmount" + 50) / 100 AS price, quantity, "minimumQuantity", count(*) OVER ()::int AS total
           FROM product ORDER BY "createdAt" ASC, id ASC LIMIT $1 OFFSET $2`,
  },
  restProducts: {
    name: 'rest_products',
    // Each product's variants ride along as JSON, in Keen's key order: one statement for the page.
    text: `SELECT id AS "_id", name, slug, img, description, ("priceAmount" / 100.0)::float8 AS price, quantity, "minimumQuantity", engravable,
                  "engravingMaxLength", ("engravingAmount" / 100.0)::float8 AS "engravingPrice", "engravingPlacements", "ageRestricted", "minimumAge",
                  kind, "weightGrams",
                  (SELECT coalesce(json_agg(json_build_object('_id', v.id, 'sku', v.sku, 'name', v.name,
                            'options', (SELECT coalesce(json_agg(json_build_object('group', g.name, 'value', o.name, 'custom', o.custom) ORDER BY g.position), '[]')
                                          FROM product_variant_option vo JOIN product_option_value o ON o.id = vo."valueId"
                                          JOIN product_option_group g ON g.id = o."groupId" WHERE vo."variantId" = v.id),
                            'price', (v."priceAmount" / 100.0)::float8, 'quantity', v.quantity, 'img', coalesce(v.img, p.img), 'enabled', v.enabled,
                            'weightGrams', coalesce(v."weightGrams", p."weightGrams"), 'leadTimeMode', v."leadTimeMode",
                            'madeToOrder', CASE WHEN v."leadTimeMode" = 'MADE_TO_ORDER' THEN json_build_object('minDays', v."madeToOrderMinDays", 'maxDays', v."madeToOrderMaxDays")
                                                WHEN v."leadTimeMode" = 'IN_STOCK' OR p."madeToOrderMinDays" IS NULL THEN NULL
                                                ELSE json_build_object('minDays', p."madeToOrderMinDays", 'maxDays', p."madeToOrderMaxDays") END) ORDER BY v.position, v.id), '[]')
                     FROM product_variant v WHERE v."productId" = p.id) AS variants,
                  count(*) OVER ()::int AS total
           FROM product p ORDER BY "createdAt" ASC, id ASC LIMIT $1 OFFSET $2`,
  },
  productBySlug: {
    name: 'product_by_slug',
    // The product, its rating's parts and its photos: one statement, as Keen's product page reads them.
    text: `SELECT id, name, slug, description, img, "priceAmount", quantity, "minimumQuantity", engravable, "engravingMaxLength", kind,
                  (SELECT avg(r.star)::float8 FROM review r WHERE r."productId" = p.id) AS average,
                  (SELECT count(*)::int FROM review r WHERE r."productId" = p.id) AS count,
                  (SELECT coalesce(json_agg(json_build_object('url', i.url, 'alt', i.alt) ORDER BY i.position), '[]')
                     FROM product_image i WHERE i."productId" = p.id) AS images
           FROM product p WHERE lower(slug) = $1`,
  },
  userByEmail: { name: 'user_by_email', text: 'SELECT id, "tokensValidSince" FROM "user" WHERE email = $1' },
  orders: {
    name: 'orders_page',
    text: `SELECT id, "userName", name, email, description, img, ("priceAmount" + 50) / 100 AS price, ("totalAmount" + 50) / 100 AS "totalPrice",
                  quantity, state, "shippedAt", "transactionId", "createdAt", "engravingText", "engravingFont",
                  ("engravingUnitAmount" + 50) / 100 AS "engravingUnitPrice", count(*) OVER ()::int AS total,
                  (SELECT coalesce(json_agg(json_build_object('id', l.id, 'name', l.name, 'img', l.img, 'quantity', l.quantity,
                            'unitPrice', (l."unitAmount" + 50) / 100, 'lineTotal', (l."lineAmount" + 50) / 100, 'engravingText', l."engravingText",
                            'engravingFont', l."engravingFont", 'engravingUnitPrice', (l."engravingUnitAmount" + 50) / 100) ORDER BY l.position), '[]')
                   FROM order_line l WHERE l."orderId" = o.id) AS lines
           FROM "order" o WHERE "customerId" = $1 ORDER BY "createdAt" DESC, id ASC LIMIT $2 OFFSET $3`,
  },
} satisfies Record<string, QueryConfig>;

interface Engraved {
  engravingText: string | null;
  engravingFont: string | null;
  engravingUnitPrice: number | null;
}

interface LineRow extends Engraved {
  id: string;
  name: string;
  img: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

interface OrderRow extends Engraved {
  id: string;
  userName: string;
  name: string;
  email: string;
  description: string;
  img: string;
  price: number;
  totalPrice: number;
  quantity: number;
  state: string;
  shippedAt: Date | null;
  transactionId: string | null;
  createdAt: Date;
  lines: LineRow[];
}

interface ProductPageRow {
  id: string;
  name: string;
  slug: string;
  description: string;
  img: string;
  priceAmount: number;
  quantity: number;
  minimumQuantity: number;
  engravable: boolean;
  engravingMaxLength: number;
  kind: string;
  average: number | null;
  count: number;
  images: { url: string; alt: string }[];
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Reply {
  status: number;
  headers: Record<string, string | number>;
  bytes: Buffer;
}

export function startBaseline(
  databaseUrl: string,
  port: number,
  accessTokenSecret: string,
  identity: Auth,
  replayFromMemory: boolean,
  /** Where the static replay takes a page's bytes from, once (Keen's URL): the limit for a cached page. */
  pageSource: string | null = null,
): http.Server {
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });

  const rows = async <T>(statement: QueryConfig, values: unknown[] = []): Promise<(T & { total: number })[]> =>
    (await pool.query({ ...statement, values })).rows as (T & { total: number })[];
  /** The rows without their count column, and the count. */
  const page = <T extends { total: number }>(found: T[]) => ({
    totalItems: found[0]?.total ?? 0,
    items: found.map(({ total: _total, ...row }) => row),
  });

  /** As Keen checks its own access tokens (identity.ts), then finds the user and their token-valid-since stamp. */
  async function customerId(authorization: string | undefined): Promise<string> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
    if (!token) throw new HttpError(401, 'Send the token as Authorization: Bearer <token>');
    let payload: jwt.JwtPayload;
    try {
      payload = jwt.verify(token, accessTokenSecret, { issuer: 'keen', algorithms: ['HS256'] }) as jwt.JwtPayload;
    } catch {
      throw new HttpError(401, 'The access token is invalid or has expired');
    }
    // Keen creates a user it has never seen; the bench's customer exists, so the baseline only looks up.
    const [user] = await rows<{ id: string; tokensValidSince: Date }>(statements.userByEmail, [String(payload.sub).toLowerCase()]);
    if (!user || typeof payload.vs !== 'number' || payload.vs !== user.tokensValidSince.getTime())
      throw new HttpError(401, 'The access token is no longer valid');
    return user.id;
  }

  /** The ID token's buyer, checked as Keen's identity.ts checks it (against the Auth Emulator, firebase-admin asks it for the account). */
  async function buyerOf(authorization: string | undefined): Promise<BareBuyer> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
    if (!token) throw new HttpError(401, 'Send the token as Authorization: Bearer <token>');
    const decoded = await identity.verifyIdToken(token).catch(() => {
      throw new HttpError(401, 'The sign-in token is invalid or has expired');
    });
    if (!decoded.email) throw new HttpError(401, 'The sign-in token carries no e-mail address');
    return { email: decoded.email.toLowerCase(), name: (decoded.name as string | undefined) ?? null };
  }

  async function placeOrder(buyer: BareBuyer, body: string): Promise<Reply> {
    const placed = await placeBare(pool, buyer, JSON.parse(body) as BareOrderInput).catch((error: unknown) => {
      throw error instanceof BareRefusal ? new HttpError(400, error.message) : error;
    });
    return 'orderId' in placed ? reply(200, { id: placed.orderId }) : reply(409, { message: `Variant ${placed.shortOf} is short` });
  }

  async function graphql(req: http.IncomingMessage, body: string): Promise<unknown> {
    const { query } = JSON.parse(body) as { query?: string };
    if (query === BENCH_QUERIES.products) return { data: { products: page(await rows(statements.graphqlProducts, [20, 0])) } };
    if (query === BENCH_QUERIES.productBySlug) {
      const [product] = await rows<ProductPageRow>(statements.productBySlug, [BENCH_PRODUCT_SLUG]);
      return { data: { product: productPageFields(product) } };
    }
    if (query === BENCH_QUERIES.myOrders) {
      const customer = await customerId(req.headers.authorization);
      const { totalItems, items } = page(await rows<OrderRow>(statements.orders, [customer, 20, 0]));
      return { data: { myOrders: { totalItems, items: items.map(orderFields) } } };
    }
    throw new HttpError(404, 'The baseline answers only the bench queries');
  }

  async function answer(req: http.IncomingMessage, body: string): Promise<Reply> {
    // Apollo Server ends its JSON with a newline.
    if (req.method === 'POST' && req.url === '/graphql') return reply(200, await graphql(req, body), {}, true);
    if (req.method === 'GET' && req.url === '/api/products') {
      const { totalItems, items } = page(await rows(statements.restProducts, [1000, 0]));
      return reply(200, items, { 'x-total-count': String(totalItems) });
    }
    if (req.method === 'POST' && req.url === '/orders') return placeOrder(await buyerOf(req.headers.authorization), body);
    if (req.method === 'POST' && req.url === '/orders/writes-only') {
      const { buyer } = JSON.parse(body) as BareOrderInput;
      if (!buyer) throw new HttpError(400, 'Name the buyer');
      return placeOrder(buyer, body);
    }
    if (req.method === 'GET' && req.url === '/healthz') return reply(200, { status: 'ok' });
    if (req.method === 'GET' && pageSource && req.url?.startsWith('/products/')) return pageOf(pageSource, req.url);
    throw new HttpError(404, 'Not found');
  }

  const replies = new Map<string, Reply>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const key = `${req.method} ${req.url} ${req.headers.authorization ?? ''} ${body}`;
      const kept = replayFromMemory ? replies.get(key) : undefined;
      if (kept) return send(res, kept);
      answer(req, body).then(
        (made) => {
          if (replayFromMemory) replies.set(key, made);
          send(res, made);
        },
        (error: unknown) => send(res, reply(error instanceof HttpError ? error.status : 500, { message: (error as Error).message })),
      );
    });
  });
  server.on('close', () => void pool.end());
  server.listen(port, '127.0.0.1');
  return server;
}

const engraving = (row: Engraved) =>
  row.engravingText === null ? null : { text: row.engravingText, font: row.engravingFont ?? '', unitPrice: row.engravingUnitPrice ?? 0 };

/** The product page's fields as Keen resolves them: the price as Money in the shop's currency (USD, en-US), the rating to one decimal. */
function productPageFields({ priceAmount, average, count, images, ...p }: ProductPageRow) {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    img: p.img,
    priceFrom: { amount: priceAmount, currency: 'USD', formatted: formatMoney(priceAmount, 'USD') },
    quantity: p.quantity,
    minimumQuantity: p.minimumQuantity,
    engravable: p.engravable,
    engravingMaxLength: p.engravingMaxLength,
    kind: p.kind,
    rating: { average: average === null ? 0 : Math.round(average * 10) / 10, count },
    images,
  };
}

/** OrderFields as Keen resolves them: status and paid derived from state, the engraving as one object or null. */
function orderFields(o: Omit<OrderRow, 'total'>) {
  return {
    id: o.id,
    userName: o.userName,
    name: o.name,
    email: o.email,
    description: o.description,
    img: o.img,
    price: o.price,
    totalPrice: o.totalPrice,
    quantity: o.quantity,
    status: o.shippedAt ? 'Shipped' : 'Pending',
    paid: o.state === 'Paid' || o.state === 'Shipped',
    state: o.state,
    transactionId: o.transactionId,
    createdAt: o.createdAt.toISOString(),
    engraving: engraving(o),
    lines: o.lines.map((l) => ({
      id: l.id,
      name: l.name,
      img: l.img,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      lineTotal: l.lineTotal,
      engraving: engraving(l),
    })),
  };
}

/** A page as `source` answers it (its status, type and bytes), for the static replay to keep. */
async function pageOf(source: string, url: string): Promise<Reply> {
  const response = await fetch(`${source}${url}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    bytes,
    headers: { 'content-type': response.headers.get('content-type') ?? 'text/html; charset=utf-8', 'content-length': bytes.length },
  };
}

function reply(status: number, body: unknown, headers: Record<string, string> = {}, newline = false): Reply {
  const bytes = Buffer.from(newline ? `${JSON.stringify(body)}\n` : JSON.stringify(body));
  return { status, bytes, headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length, ...headers } };
}

function send(res: http.ServerResponse, { status, headers, bytes }: Reply): void {
  res.writeHead(status, headers);
  res.end(bytes);
}

if (require.main === module) {
  const { DATABASE_URL: databaseUrl, PORT: port, ACCESS_TOKEN_SECRET: secret, FIREBASE_PROJECT_ID: projectId } = process.env;
  if (!databaseUrl || !port || !secret || !projectId || !process.env.FIREBASE_AUTH_EMULATOR_HOST)
    throw new Error('Set DATABASE_URL, PORT, ACCESS_TOKEN_SECRET, FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_PROJECT_ID');
  // As Keen's identity.ts: a bounded set of kept-alive connections to the identity provider.
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const identity = getAuth(initializeApp({ projectId, httpAgent }, 'baseline'));
  const replay = process.env.BASELINE_STATIC === 'true';
  const server = startBaseline(databaseUrl, Number(port), secret, identity, replay, replay ? (process.env.PAGE_SOURCE ?? null) : null);
  process.on('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
