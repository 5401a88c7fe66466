import { taxOf } from '@keen/rules';
import type { PostalAddress } from '@keen/rules/address';
import type { Pool, PoolClient, QueryConfig, QueryResultRow } from 'pg';
import { orderPayload } from '../src/modules/orders/order-events';
import { formatAddress } from '../src/modules/addresses/address-metadata';
import type { Order } from '../src/modules/orders/order.entity';
import type { OrderLine } from '../src/modules/orders/order-line.entity';

/**
 * The bare write path of `npm run bench:http`'s races, served by baseline.ts as `POST /orders`:
 * what Keen's placeOrder does for a first-time buyer, with pg and named prepared statements.
 * baseline.ts first checks the buyer's ID token as Keen does (firebase-admin against the same Auth
 * Emulator); then the buyer's row (on first sight, as Keen writes it whether or not the order goes
 * through), then one transaction: each variant's units taken by a conditional update (in id order,
 * as Keen), the products' totals refreshed as refreshProductTotals (catalog/variants.ts) does it
 * (the lock in a statement of its own, then the sums), the products and the delivery method with
 * its zone's tax rates read, then the order, its lines, its "placed" event and its outbox event.
 * Left to Keen: checking the input, the stock read before the transaction, the unpaid-order limits,
 * and delivering the event after the commit. The bench's products have one variant each, without
 * options, engraving or measure; prices do not include tax and shipping is not taxed (Keen's defaults).
 */

/** Keen's default shop currency (the bench sets no other). */
const CURRENCY = 'USD';
/** Keen's default UNPAID_ORDER_HOLD_MINUTES, for the event's holdEndsAt. */
const HOLD_MINUTES = 30;

/** Who buys: the ID token's e-mail and name (or, for the writes alone, the request's). */
export interface BareBuyer {
  email: string;
  name: string | null;
}

export interface BareOrderInput {
  /** Read only by `POST /orders/writes-only`, which trusts it; `POST /orders` takes the buyer from the ID token. */
  buyer?: BareBuyer;
  shippingAddress: PostalAddress & { phone: string };
  shippingMethodId: string;
  lines: { variantId: string; quantity: number }[];
}

/** The order placed, or the variant that was short. */
export type BarePlaced = { orderId: string } | { shortOf: string };

type OrderRow = Omit<Order, 'lines' | 'engraving' | 'status' | 'paid' | 'product' | 'customer'>;
type LineRow = Omit<OrderLine, 'engraving' | 'order' | 'product' | 'variant'>;

interface TakenRow {
  productId: string;
  sku: string;
  priceAmount: number;
  img: string | null;
}

interface ProductRow {
  id: string;
  name: string;
  description: string;
  img: string;
  minimumQuantity: number;
  taxCategory: string;
}

interface MethodRow {
  id: string;
  name: string;
  shippingAmount: number;
  /** Thousandths of a percent by tax category (the zone's own rates). */
  rates: Record<string, number>;
}

const statements = {
  buyer: {
    name: 'race_buyer',
    text: `INSERT INTO "user" ("email", "name") VALUES ($1, $2)
           ON CONFLICT ("email") DO UPDATE SET "name" = EXCLUDED."name" RETURNING "id"`,
  },
  take: {
    name: 'race_take',
    text: `UPDATE "product_variant" SET "quantity" = "quantity" - $2 WHERE "id" = $1 AND "quantity" >= $2 AND "enabled"
           RETURNING "productId", "sku", "priceAmount", "img"`,
  },
  lockProducts: { name: 'race_lock_products', text: `SELECT 1 FROM "product" WHERE "id" = ANY($1::uuid[]) ORDER BY "id" FOR UPDATE` },
  sumProducts: {
    name: 'race_sum_products',
    text: `UPDATE "product" p SET "priceAmount" = coalesce(t."priceAmount", p."priceAmount"), "quantity" = t."quantity"
             FROM (SELECT v."productId" AS id,
                          min(v."priceAmount") FILTER (WHERE v."enabled") AS "priceAmount",
                          LEAST(coalesce(sum(v."quantity") FILTER (WHERE v."enabled"), 0), 2147483647)::int AS "quantity"
                     FROM "product_variant" v WHERE v."productId" = ANY($1::uuid[]) GROUP BY v."productId") t
            WHERE p."id" = t.id`,
  },
  products: {
    name: 'race_products',
    text: `SELECT "id", "name", "description", "img", "minimumQuantity", "taxCategory" FROM "product" WHERE "id" = ANY($1::uuid[])`,
  },
  /** The method, if it is enabled and serves the country, priced for the subtotal ($3), with its zone's rates. */
  method: {
    name: 'race_method',
    text: `SELECT m."id", m."name",
                  CASE WHEN m."freeOverAmount" IS NOT NULL AND $3::int >= m."freeOverAmount" THEN 0 ELSE m."priceAmount" END AS "shippingAmount",
                  coalesce((SELECT json_object_agg(r."category", r."rateMilliPercent") FROM "tax_rate" r WHERE r."zoneId" = m."zoneId" AND r."country" = '' AND r."region" = ''), '{}') AS "rates"
             FROM "shipping_method" m JOIN "shipping_zone_country" c ON c."zoneId" = m."zoneId" AND c."country" = $2
            WHERE m."id" = $1 AND m."enabled"`,
  },
  order: {
    name: 'race_order',
    text: `INSERT INTO "order" ("userName", "email", "customerId", "phone", "address", "shippingAddress", "shippingMethodId",
                                "shippingMethodName", "productId", "name", "description", "img", "priceAmount", "minimumQuantity",
                                "quantity", "currency", "subtotalAmount", "shippingAmount", "taxAmount", "totalAmount")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) RETURNING *`,
  },
  lines: {
    name: 'race_lines',
    text: `INSERT INTO "order_line" ("orderId", "currency", "position", "productId", "variantId", "sku", "name", "img", "quantity",
                                     "unitAmount", "lineAmount", "taxRateMilliPercent", "taxAmount")
           SELECT $1::uuid, $2::char(3), l.* FROM unnest($3::int[], $4::uuid[], $5::uuid[], $6::varchar[], $7::varchar[], $8::varchar[],
                                                         $9::int[], $10::int[], $11::int[], $12::int[], $13::int[]) AS l
           RETURNING *`,
  },
  placedEvent: {
    name: 'race_placed_event',
    text: `INSERT INTO "order_event" ("orderId", "fromState", "toState", "actor", "actorEmail") VALUES ($1, NULL, $2, 'customer', $3)`,
  },
  // Written delivered: nothing here delivers it, and Keen's relay, on the same database, must not
  // hand it to Keen's subscribers during the bench's later rounds.
  outbox: {
    name: 'race_outbox',
    text: `INSERT INTO "outbox_event" ("name", "aggregateId", "payload", "deliveredAt") VALUES ('order.placed', $1, $2, now())`,
  },
} satisfies Record<string, QueryConfig>;

/** A refusal other than a shortage (a method that does not serve the address), answered 400. */
export class BareRefusal extends Error {}

export async function placeBare(pool: Pool, buyer: BareBuyer, input: BareOrderInput): Promise<BarePlaced> {
  const client = await pool.connect();
  try {
    const [row] = await run<{ id: string }>(client, statements.buyer, [buyer.email, buyer.name]);
    await client.query('BEGIN');
    try {
      const placed = await placeIn(client, row.id, buyer, input);
      await client.query('shortOf' in placed ? 'ROLLBACK' : 'COMMIT');
      return placed;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  } finally {
    client.release();
  }
}

async function placeIn(
  client: PoolClient,
  customerId: string,
  buyer: BareBuyer,
  { shippingAddress, shippingMethodId, lines }: BareOrderInput,
) {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.variantId, (units.get(line.variantId) ?? 0) + line.quantity);
  const taken = new Map<string, TakenRow>();
  for (const id of [...units.keys()].sort()) {
    const [row] = await run<TakenRow>(client, statements.take, [id, units.get(id)]);
    if (!row) return { shortOf: id };
    taken.set(id, row);
  }
  const productIds = [...new Set([...taken.values()].map((row) => row.productId))].sort();
  await run(client, statements.lockProducts, [productIds]);
  await run(client, statements.sumProducts, [productIds]);
  const products = new Map((await run<ProductRow>(client, statements.products, [productIds])).map((p) => [p.id, p]));

  const priced = lines.map((line, position) => {
    const variant = taken.get(line.variantId)!;
    const product = products.get(variant.productId)!;
    const lineAmount = line.quantity * variant.priceAmount;
    return { position, line, variant, product, lineAmount };
  });
  const subtotal = priced.reduce((sum, p) => sum + p.lineAmount, 0);
  const [method] = await run<MethodRow>(client, statements.method, [shippingMethodId, shippingAddress.country, subtotal]);
  if (!method) throw new BareRefusal(`The method ${shippingMethodId} does not deliver to ${shippingAddress.country}`);
  const taxed = priced.map((p) => {
    const rate = method.rates[p.product.taxCategory] ?? 0;
    return { ...p, rate, tax: taxOf(p.lineAmount, rate, false) };
  });
  const tax = taxed.reduce((sum, p) => sum + p.tax, 0);

  const [first] = taxed;
  const { phone, ...address } = shippingAddress;
  const [order] = await run<OrderRow>(client, statements.order, [
    buyer.name,
    buyer.email,
    customerId,
    phone,
    formatAddress(address),
    JSON.stringify({ ...address, line2: address.line2 ?? null, region: address.region ?? null, phone }),
    method.id,
    method.name,
    first.product.id,
    first.product.name,
    first.product.description,
    first.variant.img ?? first.product.img,
    first.variant.priceAmount,
    first.product.minimumQuantity,
    first.line.quantity,
    CURRENCY,
    subtotal,
    method.shippingAmount,
    tax,
    subtotal + method.shippingAmount + tax,
  ]);
  const column = <T>(of: (p: (typeof taxed)[number]) => T) => taxed.map(of);
  const orderLines = await run<LineRow>(client, statements.lines, [
    order.id,
    CURRENCY,
    column((p) => p.position),
    column((p) => p.product.id),
    column((p) => p.line.variantId),
    column((p) => p.variant.sku),
    column((p) => p.product.name),
    column((p) => p.variant.img ?? p.product.img),
    column((p) => p.line.quantity),
    column((p) => p.variant.priceAmount),
    column((p) => p.lineAmount),
    column((p) => p.rate),
    column((p) => p.tax),
  ]);
  await run(client, statements.placedEvent, [order.id, order.state, buyer.email]);
  const holdEndsAt = new Date(order.createdAt.getTime() + HOLD_MINUTES * 60_000);
  // orderPayload reads the columns only, which the rows as written carry.
  const payload = orderPayload({ ...order, lines: orderLines.sort((a, b) => a.position - b.position) } as Order, { holdEndsAt });
  await run(client, statements.outbox, [order.id, JSON.stringify(payload)]);
  return { orderId: order.id };
}

async function run<R extends QueryResultRow>(client: PoolClient, statement: QueryConfig, values: unknown[]): Promise<R[]> {
  return (await client.query<R>({ ...statement, values })).rows;
}
