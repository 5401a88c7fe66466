import { ProductVariantRow } from '../../src/modules/catalog/variant.entity';
import { Product } from '../../src/modules/catalog/product.entity';
import type { TestSession } from '../support/harness';
import { sharedApp } from '../support/shared-app';
import { PLACE, contact, variantsApi } from '../support/variants';

/**
 * The variant race, CI-sized (npm run bench:race runs it against a running Keen): 300 first-time
 * buyers (accounts Keen has never seen) at the same moment over two variants of one product, stock
 * 25 each; most want one unit of one variant, some a cart holding both, listed in either order.
 * No variant is oversold, nothing deadlocks, nothing answers 5xx, and the product's stock is its
 * variants' afterwards.
 */
const shop = sharedApp();
const BUYERS = 300;
const CARTS = 40;
const STOCK = 25;
const SHORTAGE = /^(Product cannot be purchased for product shortage|Only \d+ left of .+|.+ is sold out)$/;

let buyers: TestSession[] = [];
beforeAll(async () => {
  // New accounts, 20 sign-ups at a time, none of them seen by Keen yet.
  for (let i = 0; i < BUYERS; i += 20)
    buyers = buyers.concat(await Promise.all(Array.from({ length: Math.min(20, BUYERS - i) }, () => shop.app.signUp('racer'))));
}, 180_000);

test(`${BUYERS} first-time buyers over two variants of stock ${STOCK}, some with both in their cart: no oversell, no deadlock, no 5xx`, async () => {
  const v = variantsApi(shop.app);
  const admin = await shop.app.adminUser();
  const product = await v.productWith(
    admin,
    [{ name: 'Blade length', values: ['18 cm', '21 cm'] }],
    [
      { price: 80, quantity: STOCK },
      { price: 90, quantity: STOCK },
    ],
  );
  const [a, b] = product.variants;
  const lineOf = (variantId: string) => ({ productId: product.id, variantId, quantity: 1 });
  const cartOf = (i: number) =>
    i < CARTS ? (i % 2 ? [lineOf(a.id), lineOf(b.id)] : [lineOf(b.id), lineOf(a.id)]) : [lineOf(i % 2 ? a.id : b.id)];

  const answers = await Promise.all(
    buyers.map(async (buyer, i) => {
      const response = await fetch(`${shop.app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
        body: JSON.stringify({ query: PLACE, variables: { input: { ...contact, lines: cartOf(i) } } }),
      });
      const body = (await response.json()) as {
        data?: { placeOrder: { id: string; lines: { variantId: string }[] } } | null;
        errors?: { message: string }[];
      };
      return { status: response.status, body, cart: i < CARTS };
    }),
  );

  expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
  const placed = answers.filter((answer) => answer.body.data?.placeOrder);
  const refused = answers.filter((answer) => !answer.body.data?.placeOrder);
  // Every refusal is a clean shortage: no deadlock, no timeout, no other error.
  expect(refused.map((answer) => answer.body.errors?.[0]?.message).filter((message) => !SHORTAGE.test(message ?? ''))).toEqual([]);
  // An accepted cart holds both of its lines.
  expect(placed.filter((answer) => answer.cart).every((answer) => answer.body.data!.placeOrder.lines.length === 2)).toBe(true);

  const stock = async (id: string) => (await shop.app.db.getRepository(ProductVariantRow).findOneByOrFail({ id })).quantity;
  const [leftA, leftB] = [await stock(a.id), await stock(b.id)];
  const soldOf = (id: string) =>
    placed.flatMap((answer) => answer.body.data!.placeOrder.lines).filter((line) => line.variantId === id).length;
  // Far more buyers than units: both variants sell out, exactly.
  expect([leftA, leftB]).toEqual([0, 0]);
  expect([soldOf(a.id), soldOf(b.id)]).toEqual([STOCK, STOCK]);
  const [{ a: linesA, b: linesB }] = await shop.app.db.query(
    `SELECT coalesce(sum("quantity") FILTER (WHERE "variantId" = $1), 0)::int AS a, coalesce(sum("quantity") FILTER (WHERE "variantId" = $2), 0)::int AS b
         FROM "order_line" WHERE "productId" = $3`,
    [a.id, b.id, product.id],
  );
  expect([linesA, linesB]).toEqual([STOCK, STOCK]);
  expect((await shop.app.db.getRepository(Product).findOneByOrFail({ id: product.id })).quantity).toBe(leftA + leftB);
  expect((await v.read(product.id)).quantity).toBe(leftA + leftB);
}, 120_000);
