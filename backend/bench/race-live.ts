import { Buyers, emulatorCall, orderAtOnce } from './buyers';
import { listenerPid, treeCpuMs } from './cpu';
import { whole } from './processes';
import { percentile } from './report';

/**
 * `npm run bench:race`: the 500-buyer race against a Keen that is already running, as `npm start`
 * runs it (its embedded PostgreSQL, the Auth Emulator, the mail catcher, order e-mails on). As the
 * demo admin it adds a product with stock 100; 500 new Auth Emulator accounts then send placeOrder
 * for one unit each at the same moment. Goal: exactly 100 orders in under 2 s. Afterwards the
 * product is deleted and the accounts are removed from the emulator; the 100 unpaid orders stay,
 * and expire as any unpaid order does. Exit 1 when anything but 100 orders and 400 shortages came
 * back, or the goal was missed.
 *   BENCH_URL (http://localhost:4000), FIREBASE_AUTH_EMULATOR_HOST (127.0.0.1:9099),
 *   BENCH_BUYERS (500), BENCH_STOCK (100).
 */

const KEEN = (process.env.BENCH_URL || 'http://localhost:4000').replace(/\/$/, '');
const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
const BUYERS = whole('BENCH_BUYERS', 500);
const STOCK = whole('BENCH_STOCK', 100);
const GOAL_MS = 2000;
const SHORTAGE = 'Product cannot be purchased for product shortage';
/** The demo admin `npm start` makes (README, "Run it"). */
const ADMIN = { email: 'admin@keen.test', password: 'keen-admin-1' };

const buyers = new Buyers(EMULATOR, 'race-buyer');

async function asAdmin<T>(token: string, query: string, variables: object): Promise<T> {
  const response = await fetch(`${KEEN}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!answer.data || answer.errors) throw new Error(`${query.split('(')[0]}: ${response.status} ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

async function main(): Promise<number> {
  const admin = String(
    (await emulatorCall(EMULATOR, 'accounts:signInWithPassword?key=demo-api-key', { ...ADMIN, returnSecureToken: true })).idToken,
  );
  const { createProduct: product } = await asAdmin<{ createProduct: { id: string } }>(
    admin,
    'mutation($input: ProductInput!) { createProduct(input: $input) { id } }',
    {
      input: {
        name: `Race Knife ${new Date().toISOString()}`,
        description: 'Made by npm run bench:race; deleted when it ends.',
        price: 100,
        quantity: STOCK,
        minimumQuantity: 1,
        img: '/images/bushcraft.svg',
      },
    },
  );
  try {
    console.log(`Keen at ${KEEN}: signing up ${BUYERS} buyers with the Auth Emulator at ${EMULATOR}...`);
    const tokens = await buyers.make(BUYERS);
    const keenPid = listenerPid(Number(new URL(KEEN).port || 80));
    const cpuBefore = keenPid ? treeCpuMs(keenPid) : 0;
    const { answers, wallMs } = await orderAtOnce(KEEN, tokens, () => ({ productId: product.id, quantity: 1 }));
    const keenCpuMs = keenPid ? treeCpuMs(keenPid) - cpuBefore : null;
    const placed = answers.filter((a) => a.answer.data?.placeOrder?.id).length;
    const short = answers.filter((a) => a.answer.errors?.[0]?.message === SHORTAGE).length;
    const other = answers.filter((a) => !a.answer.data?.placeOrder?.id && a.answer.errors?.[0]?.message !== SHORTAGE);
    const times = answers.map((a) => a.ms);
    const met = placed === STOCK && wallMs < GOAL_MS;
    console.log(
      [
        `${BUYERS} new buyers, stock ${STOCK}: ${placed} orders, ${short} refused for shortage, ${other.length} other answers` +
          (other.length ? ` (first: ${other[0].status} ${JSON.stringify(other[0].answer).slice(0, 200)})` : ''),
        `wall ${(wallMs / 1000).toFixed(2)} s, p50 ${percentile(times, 0.5).toFixed(0)} ms, p99 ${percentile(times, 0.99).toFixed(0)} ms` +
          (keenCpuMs !== null
            ? `, CPU of Keen's process tree (an embedded PostgreSQL included) ${(keenCpuMs / BUYERS).toFixed(2)} ms per buyer`
            : ''),
        `goal: exactly ${STOCK} orders in < ${GOAL_MS / 1000} s: ${met ? 'yes' : 'NO'}`,
      ].join('\n'),
    );
    return met && !other.length ? 0 : 1;
  } finally {
    await asAdmin(admin, 'mutation($id: ID!) { deleteProduct(id: $id) }', { id: product.id });
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
