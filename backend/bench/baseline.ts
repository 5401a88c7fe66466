import http from 'node:http';
import jwt from 'jsonwebtoken';
import { Pool, type QueryConfig } from 'pg';

/**
 * The bare baseline of `npm run bench:http` (started by bench-http.ts as its own process): a
 * `node:http` server over one `pg` Pool with statements prepared by name, answering the bench's
 * requests with the same rows in the same JSON, byte for byte, as Keen. No framework, no GraphQL
 * engine, no ORM: how fast this machine can serve these answers at all. It only knows the bench's
 * requests; anything else is 404.
 *   DATABASE_URL, PORT, ACCESS_TOKEN_SECRET (Keen's, to check Keen's access tokens).
 */

/** The bench's GraphQL queries, sent as is (no variables) to Keen and to the baseline. */
export const BENCH_QUERIES = {
  products: '{ products(options: { take: 20 }) { totalItems items { id name img price quantity minimumQuantity } } }',
  /** The My Orders page's fields (frontend/src/graphql/orders.ts, OrderFields), 20 orders. */
  myOrders:
    '{ myOrders(options: { take: 20 }) { totalItems items { id userName name email description img price totalPrice quantity status paid state transactionId createdAt engraving { text font unitPrice } } } }',
};

/** Keen's list order: products oldest first, orders newest first, ties by id. */
const statements = {
  productCount: { name: 'product_count', text: 'SELECT count(*)::int AS n FROM product' },
  graphqlProducts: {
    name: 'graphql_products',
    text: 'SELECT id, name, img, price, quantity, "minimumQuantity" FROM product ORDER BY "createdAt" ASC, id ASC LIMIT $1 OFFSET $2',
  },
  restProducts: {
    name: 'rest_products',
    text: `SELECT id AS "_id", name, img, description, price, quantity, "minimumQuantity", engravable, "engravingMaxLength", "engravingPrice"
           FROM product ORDER BY "createdAt" ASC, id ASC LIMIT $1 OFFSET $2`,
  },
  userByEmail: { name: 'user_by_email', text: 'SELECT id, "tokensValidSince" FROM "user" WHERE email = $1' },
  orderCount: { name: 'order_count', text: 'SELECT count(*)::int AS n FROM "order" WHERE "customerId" = $1' },
  orders: {
    name: 'orders_page',
    text: `SELECT id, "userName", name, email, description, img, price, "totalPrice", quantity, state, "shippedAt", "transactionId",
                  "createdAt", "engravingText", "engravingFont", "engravingUnitPrice"
           FROM "order" WHERE "customerId" = $1 ORDER BY "createdAt" DESC, id ASC LIMIT $2 OFFSET $3`,
  },
} satisfies Record<string, QueryConfig>;

interface OrderRow {
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
  engravingText: string | null;
  engravingFont: string | null;
  engravingUnitPrice: number | null;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function startBaseline(databaseUrl: string, port: number, accessTokenSecret: string): http.Server {
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });

  const rows = async <T>(statement: QueryConfig, values: unknown[] = []): Promise<T[]> =>
    (await pool.query({ ...statement, values })).rows as T[];
  const count = async (statement: QueryConfig, values: unknown[] = []) => (await rows<{ n: number }>(statement, values))[0].n;

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

  async function graphql(req: http.IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const { query } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query?: string };
    if (query === BENCH_QUERIES.products) {
      const [items, totalItems] = await Promise.all([rows(statements.graphqlProducts, [20, 0]), count(statements.productCount)]);
      return { data: { products: { totalItems, items } } };
    }
    if (query === BENCH_QUERIES.myOrders) {
      const customer = await customerId(req.headers.authorization);
      const [orders, totalItems] = await Promise.all([
        rows<OrderRow>(statements.orders, [customer, 20, 0]),
        count(statements.orderCount, [customer]),
      ]);
      return { data: { myOrders: { totalItems, items: orders.map(orderFields) } } };
    }
    throw new HttpError(404, 'The baseline answers only the bench queries');
  }

  const server = http.createServer((req, res) => {
    const answer = async (): Promise<{ body: unknown; headers?: Record<string, string>; newline?: boolean }> => {
      // Apollo Server ends its JSON with a newline.
      if (req.method === 'POST' && req.url === '/graphql') return { body: await graphql(req), newline: true };
      if (req.method === 'GET' && req.url === '/api/products') {
        const [items, total] = await Promise.all([rows(statements.restProducts, [1000, 0]), count(statements.productCount)]);
        return { body: items, headers: { 'x-total-count': String(total) } };
      }
      if (req.method === 'GET' && req.url === '/healthz') return { body: { status: 'ok' } };
      throw new HttpError(404, 'Not found');
    };
    answer().then(
      ({ body, headers, newline }) => send(res, 200, body, headers, newline),
      (error: unknown) => send(res, error instanceof HttpError ? error.status : 500, { message: (error as Error).message }),
    );
  });
  server.on('close', () => void pool.end());
  server.listen(port, '127.0.0.1');
  return server;
}

/** OrderFields as Keen resolves them: status and paid derived from state, the engraving as one object or null. */
function orderFields(o: OrderRow) {
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
    engraving:
      o.engravingText === null ? null : { text: o.engravingText, font: o.engravingFont ?? '', unitPrice: o.engravingUnitPrice ?? 0 },
  };
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, newline = false): void {
  const text = newline ? `${JSON.stringify(body)}\n` : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

if (require.main === module) {
  const secret = process.env.ACCESS_TOKEN_SECRET;
  if (!process.env.DATABASE_URL || !process.env.PORT || !secret) throw new Error('Set DATABASE_URL, PORT and ACCESS_TOKEN_SECRET');
  const server = startBaseline(process.env.DATABASE_URL, Number(process.env.PORT), secret);
  process.on('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
