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
      { priceAmount: 8000, quantity: STOCK },
      { priceAmount: 9000, quantity: STOCK },
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

test('orders racing the admin changing the same product’s options, stock and prices: no deadlock, no 5xx, totals that add up', async () => {
  const v = variantsApi(shop.app);
  const admin = await shop.app.adminUser();
  const product = await v.productWith(
    admin,
    [{ name: 'Handle', values: ['Oak', 'Ash', 'Elm'] }],
    [
      { priceAmount: 4000, quantity: 30 },
      { priceAmount: 5000, quantity: 30 },
      { priceAmount: 6000, quantity: 30 },
    ],
  );
  const ids = product.variants.map((variant) => variant.id);
  const orders = buyers.slice(0, 60).map((buyer, i) => {
    // Carts of two of the three, listed in every order.
    const pair = [ids[i % 3], ids[(i + 1 + (i % 2)) % 3]];
    return shop.app.gql(
      PLACE,
      { input: { ...contact, lines: pair.map((variantId) => ({ productId: product.id, variantId, quantity: 1 })) } },
      buyer,
    );
  });
  const edits = [
    shop.app.gql(
      'mutation($productId: ID!, $groups: [ProductOptionGroupInput!]!) { setProductOptions(productId: $productId, groups: $groups) { id } }',
      { productId: product.id, groups: [{ name: 'Handle', values: ['Oak', 'Ash', 'Elm', 'Yew'] }] },
      admin,
    ),
    shop.app.gql(
      'mutation($ids: [ID!]!, $input: ProductVariantInput!) { updateProductVariants(ids: $ids, input: $input) { id } }',
      { ids: [...ids].reverse(), input: { priceAmount: 4550 } },
      admin,
    ),
    shop.app.gql(
      'mutation($id: ID!, $input: ProductVariantInput!) { updateProductVariant(id: $id, input: $input) { id } }',
      { id: ids[2], input: { quantity: 25 } },
      admin,
    ),
  ];
  const [placed, edited] = await Promise.all([Promise.all(orders), Promise.all(edits)]);
  expect(edited.map((answer) => answer.errors)).toEqual([undefined, undefined, undefined]);
  expect(placed.map((answer) => answer.errors?.[0]?.message).filter((message) => message !== undefined && !SHORTAGE.test(message))).toEqual(
    [],
  );
  const after = await v.read(product.id);
  expect(after.variants.map((variant) => variant.name)).toEqual(['Oak', 'Ash', 'Elm', 'Yew']);
  expect(after.variants.every((variant) => variant.quantity >= 0)).toBe(true);
  // Oak and Ash lost exactly the units their accepted lines took.
  const sold = (id: string) =>
    placed.flatMap((answer) => answer.data?.placeOrder.lines ?? []).filter((line: { variantId: string }) => line.variantId === id).length;
  expect([after.variants[0].quantity, after.variants[1].quantity]).toEqual([30 - sold(ids[0]), 30 - sold(ids[1])]);
  expect(after.quantity).toBe(after.variants.reduce((sum, variant) => sum + variant.quantity, 0));
  // The bulk edit priced the three it named; Yew started at the product's price when it was made.
  expect(after.variants.slice(0, 3).map((variant) => variant.unitPrice.amount)).toEqual([4550, 4550, 4550]);
  expect(after.priceFrom.amount).toBe(Math.min(...after.variants.map((variant) => variant.unitPrice.amount)));
}, 60_000);
