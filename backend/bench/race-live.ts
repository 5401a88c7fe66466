import { Buyers, emulatorCall, graphqlAs, orderAtOnce, type RaceAnswer } from './buyers';
import { listenerPid, treeCpuMs } from './cpu';
import { whole } from './processes';
import { percentile } from './report';

/**
 * `npm run bench:race`: two races against a Keen that is already running, as `npm start` runs it
 * (its embedded PostgreSQL, the Auth Emulator, the mail catcher, order e-mails on), printed as one
 * row each.
 * - product: as the demo admin it adds a product with stock 100; 500 new Auth Emulator accounts
 *   then send placeOrder for one unit each at the same moment. Goal: exactly 100 orders in under 2 s.
 * - variants: a product with two variants of stock 25 each; 300 new accounts at the same moment,
 *   the first 40 with a cart holding both variants (in either order), the others one unit of one
 *   variant. Goal: both variants sold out exactly (no oversell), every other answer a shortage
 *   (no deadlock, no 5xx).
 * Afterwards the products are deleted and the accounts are removed from the emulator; the unpaid
 * orders stay, and expire as any unpaid order does. Exit 1 when a goal was missed or an answer was
 * neither an order nor a shortage.
 *   BENCH_URL (http://localhost:4000), FIREBASE_AUTH_EMULATOR_HOST (127.0.0.1:9099),
 *   BENCH_BUYERS (500), BENCH_STOCK (100), BENCH_VARIANT_BUYERS (300), BENCH_VARIANT_STOCK (25).
 */

const KEEN = (process.env.BENCH_URL || 'http://localhost:4000').replace(/\/$/, '');
const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
const BUYERS = whole('BENCH_BUYERS', 500);
const STOCK = whole('BENCH_STOCK', 100);
const VARIANT_BUYERS = whole('BENCH_VARIANT_BUYERS', 300);
const VARIANT_STOCK = whole('BENCH_VARIANT_STOCK', 25);
/** Buyers of the variant race whose cart holds both variants. */
const CARTS = 40;
const GOAL_MS = 2000;
const SHORTAGE = 'Product cannot be purchased for product shortage';
/** A cart's shortage names the variant short. */
const CART_SHORTAGE = /^(Only \d+ left of .+|.+ is sold out)$/;
/** The demo admin `npm start` makes (README, "Run it"). */
const ADMIN = { email: 'admin@keen.test', password: 'keen-admin-1' };

const buyers = new Buyers(EMULATOR, 'race-buyer');

function asAdmin<T>(token: string, query: string, variables: object): Promise<T> {
  return graphqlAs<T>(KEEN, token, query, variables);
}

async function addProduct(admin: string, name: string, quantity: number): Promise<string> {
  const { createProduct } = await asAdmin<{ createProduct: { id: string } }>(
    admin,
    'mutation($input: ProductInput!) { createProduct(input: $input) { id } }',
    {
      input: {
        name: `${name} ${new Date().toISOString()}`,
        description: 'Made by npm run bench:race; deleted when it ends.',
        price: 100,
        quantity,
        minimumQuantity: 1,
        img: '/images/bushcraft.svg',
      },
    },
  );
  return createProduct.id;
}

interface RaceRow {
  name: string;
  buyers: number;
  placed: number;
  short: number;
  other: RaceAnswer[];
  wallMs: number;
  p50: number;
  p99: number;
  /** CPU of Keen's process tree (an embedded PostgreSQL included) per buyer; null when out of sight. */
  cpuMsPerBuyer: number | null;
  goal: string;
  met: boolean;
  /** What happened, for the line under the table. */
  summary: string;
}

/** Signs up `count` new buyers, then each sends the placeOrder of `inputOf(its number)` at the same moment. */
async function race(count: number, inputOf: (i: number) => object) {
  console.log(`Signing up ${count} buyers with the Auth Emulator at ${EMULATOR}...`);
  const tokens = await buyers.make(count);
  const keenPid = listenerPid(Number(new URL(KEEN).port || 80));
  const cpuBefore = keenPid ? treeCpuMs(keenPid) : 0;
  const { answers, wallMs } = await orderAtOnce(KEEN, tokens, inputOf);
  const cpuMsPerBuyer = keenPid ? (treeCpuMs(keenPid) - cpuBefore) / count : null;
  const times = answers.map((a) => a.ms);
  return { answers, wallMs, p50: percentile(times, 0.5), p99: percentile(times, 0.99), cpuMsPerBuyer };
}

/** 500 new buyers, one unit each of a product of stock 100. */
async function productRace(admin: string): Promise<RaceRow> {
  const productId = await addProduct(admin, 'Race Knife', STOCK);
  try {
    const run = await race(BUYERS, () => ({ productId, quantity: 1 }));
    const placed = run.answers.filter((a) => a.answer.data?.placeOrder?.id).length;
    const short = run.answers.filter((a) => a.answer.errors?.[0]?.message === SHORTAGE).length;
    const other = run.answers.filter((a) => !a.answer.data?.placeOrder?.id && a.answer.errors?.[0]?.message !== SHORTAGE);
    return {
      ...run,
      name: `product (${BUYERS} new buyers, stock ${STOCK})`,
      buyers: BUYERS,
      placed,
      short,
      other,
      goal: `exactly ${STOCK} orders in < ${GOAL_MS / 1000} s`,
      met: placed === STOCK && run.wallMs < GOAL_MS,
      summary: `${placed} orders, ${short} refused for shortage`,
    };
  } finally {
    await asAdmin(admin, 'mutation($id: ID!) { deleteProduct(id: $id) }', { id: productId });
  }
}

/** 300 new buyers over two variants of stock 25: 40 carts holding both, the rest one unit of one. */
async function variantRace(admin: string): Promise<RaceRow> {
  const productId = await addProduct(admin, 'Race Santoku', 0);
  try {
    const { setProductOptions } = await asAdmin<{ setProductOptions: { variants: { id: string }[] } }>(
      admin,
      'mutation($id: ID!, $groups: [ProductOptionGroupInput!]!) { setProductOptions(productId: $id, groups: $groups) { variants { id } } }',
      { id: productId, groups: [{ name: 'Blade length', values: ['18 cm', '21 cm'] }] },
    );
    const ids = setProductOptions.variants.map((variant) => variant.id);
    await asAdmin(
      admin,
      'mutation($ids: [ID!]!, $input: ProductVariantInput!) { updateProductVariants(ids: $ids, input: $input) { id } }',
      {
        ids,
        input: { quantity: VARIANT_STOCK },
      },
    );
    const [a, b] = ids;
    const line = (variantId: string) => ({ productId, variantId, quantity: 1 });
    const cartOf = (i: number) => (i < CARTS ? (i % 2 ? [line(a), line(b)] : [line(b), line(a)]) : [line(i % 2 ? a : b)]);
    const run = await race(VARIANT_BUYERS, (i) => ({ lines: cartOf(i) }));

    const isShort = (a: RaceAnswer) => {
      const message = a.answer.errors?.[0]?.message ?? '';
      return message === SHORTAGE || CART_SHORTAGE.test(message);
    };
    const placedAt = run.answers.flatMap((answer, i) => (answer.answer.data?.placeOrder?.id ? [i] : []));
    const sold = (id: string) => placedAt.flatMap(cartOf).filter((ordered) => ordered.variantId === id).length;
    const { product } = await asAdmin<{ product: { quantity: number; variants: { id: string; quantity: number }[] } }>(
      admin,
      'query($id: ID!) { product(id: $id) { quantity variants { id quantity } } }',
      { id: productId },
    );
    const left = ids.map((id) => product.variants.find((variant) => variant.id === id)!.quantity);
    const soldOut = ids.every((id) => sold(id) === VARIANT_STOCK) && left.every((quantity) => quantity === 0) && product.quantity === 0;
    const other = run.answers.filter((a) => !a.answer.data?.placeOrder?.id && !isShort(a));
    return {
      ...run,
      name: `variants (${VARIANT_BUYERS} new buyers, 2 x stock ${VARIANT_STOCK}, ${CARTS} carts of both)`,
      buyers: VARIANT_BUYERS,
      placed: placedAt.length,
      short: run.answers.filter(isShort).length,
      other,
      goal: 'each variant sold out exactly, no oversell',
      met: soldOut,
      summary: `${placedAt.length} orders, units sold ${ids.map(sold).join(' and ')}, stock left ${left.join(' and ')} (product ${product.quantity})`,
    };
  } finally {
    await asAdmin(admin, 'mutation($id: ID!) { deleteProduct(id: $id) }', { id: productId });
  }
}

function printRows(rows: RaceRow[]): void {
  const head = ['race', 'buyers', 'orders', 'short', 'other', 'wall s', 'p50 ms', 'p99 ms', 'CPU ms/buyer', 'goal', 'met?'];
  const lines = rows.map((r) => [
    r.name,
    String(r.buyers),
    String(r.placed),
    String(r.short),
    String(r.other.length),
    (r.wallMs / 1000).toFixed(2),
    r.p50.toFixed(0),
    r.p99.toFixed(0),
    r.cpuMsPerBuyer === null ? '-' : r.cpuMsPerBuyer.toFixed(2),
    r.goal,
    r.met ? 'yes' : 'NO',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 || i >= 9 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(`\n${format(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${lines.map(format).join('\n')}\n`);
  console.log("CPU ms/buyer: of Keen's process tree, an embedded PostgreSQL included.");
  for (const r of rows)
    console.log(
      `${r.name}: ${r.summary}` +
        (r.other.length ? `; first other answer: ${r.other[0].status} ${JSON.stringify(r.other[0].answer).slice(0, 200)}` : ''),
    );
}

async function main(): Promise<number> {
  const admin = String(
    (await emulatorCall(EMULATOR, 'accounts:signInWithPassword?key=demo-api-key', { ...ADMIN, returnSecureToken: true })).idToken,
  );
  console.log(`Keen at ${KEEN}.`);
  try {
    const rows = [await productRace(admin), await variantRace(admin)];
    printRows(rows);
    return rows.every((row) => row.met && !row.other.length) ? 0 : 1;
  } finally {
    await buyers.removeAll();
  }
}

process.once('SIGINT', () => {
  buyers.interrupted = true;
});

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error)?.stack ?? String(error));
    process.exit(1);
  },
);
