import { startTestApp, type TestApp, type TestSession } from '../support/harness';

let app: TestApp;
let admin: TestSession;
let shopper: TestSession;

beforeAll(async () => {
  app = await startTestApp();
  [admin, shopper] = await Promise.all([app.adminUser(), app.customer('variant-shopper')]);
});
afterAll(() => app.close());

type Variant = { id: string; name: string; sku: string };

/** A santoku in 18 and 21 cm, walnut or ebony, through the admin's API; each variant at the given stock. */
async function santoku(name: string, stock: number): Promise<{ productId: string; variants: Variant[] }> {
  const product = await app.product({ name, price: 90, quantity: 0, minimumQuantity: 2 });
  const set = await app.gql<{ setProductOptions: { variants: Variant[] } }>(
    `mutation($id: ID!, $groups: [ProductOptionGroupInput!]!) { setProductOptions(productId: $id, groups: $groups) { variants { id name sku } } }`,
    {
      id: product.id,
      groups: [
        { name: 'Blade length', values: ['18 cm', '21 cm'] },
        { name: 'Handle', values: ['Walnut', 'Ebony'] },
      ],
    },
    admin,
  );
  expect(set.errors).toBeUndefined();
  const variants = set.data!.setProductOptions.variants;
  const stocked = await app.gql(
    'mutation($ids: [ID!]!) { updateProductVariants(ids: $ids, input: { quantity: ' + stock + ' }) { id } }',
    { ids: variants.map((variant) => variant.id) },
    admin,
  );
  expect(stocked.errors).toBeUndefined();
  return { productId: product.id, variants };
}

async function paidOrder(lines: { productId: string; variantId: string; quantity: number }[]): Promise<string> {
  const res = await app.gql<{ placeOrder: { id: string } }>(
    'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
    { input: { lines, phone: '+1 555 0100', address: '1 Test Street' } },
    shopper,
  );
  expect(res.errors).toBeUndefined();
  await app.payOrder(shopper, res.data!.placeOrder.id);
  return res.data!.placeOrder.id;
}

test('the overview counts units per variant and lists low stock per variant, named with its SKU', async () => {
  const { productId, variants } = await santoku('Report Santoku', 5);
  const [short, long] = [variants[0], variants[3]];
  await paidOrder([
    { productId, variantId: short.id, quantity: 3 },
    { productId, variantId: long.id, quantity: 2 },
  ]);
  await paidOrder([{ productId, variantId: short.id, quantity: 2 }]);

  const res = await app.gql<{
    overview: {
      unitsByVariant: { variantId: string; name: string; variantName: string; sku: string; units: number }[];
      lowStockVariants: { variantId: string; variantName: string; sku: string; quantity: number }[];
      lowStockProducts: { id: string }[];
    };
  }>(
    '{ overview { unitsByVariant { variantId name variantName sku units } lowStockVariants { variantId variantName sku quantity } lowStockProducts { id } } }',
    {},
    admin,
  );
  expect(res.errors).toBeUndefined();
  const { unitsByVariant, lowStockVariants, lowStockProducts } = res.data!.overview;
  expect(unitsByVariant.filter((row) => row.name === 'Report Santoku')).toEqual([
    { variantId: short.id, name: 'Report Santoku', variantName: '18 cm / Walnut', sku: short.sku, units: 5 },
    { variantId: long.id, name: 'Report Santoku', variantName: '21 cm / Ebony', sku: long.sku, units: 2 },
  ]);
  // 18 cm / Walnut is sold out; 21 cm / Ebony has 3 left, above the minimum of 2, as are the two untouched variants.
  const low = lowStockVariants.filter((row) => variants.some((variant) => variant.id === row.variantId));
  expect(low).toEqual([{ variantId: short.id, variantName: '18 cm / Walnut', sku: short.sku, quantity: 0 }]);
  // The product has 15 units left over all its variants, yet one variant is low: the product is listed.
  expect(lowStockProducts.map((product) => product.id)).toContain(productId);
});

test("orders.csv names each line's variant and SKU", async () => {
  const { productId, variants } = await santoku('Export Santoku', 3);
  const orderId = await paidOrder([{ productId, variantId: variants[2].id, quantity: 2 }]);
  const response = await fetch(`${app.url}/api/admin/export/orders.csv?search=export%20santoku`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const [header, ...rows] = (await response.text()).split('\r\n').filter(Boolean);
  expect(header.split(',').slice(-9, -5)).toEqual(['variant', 'sku', 'customValue', 'currency']);
  expect(rows).toHaveLength(1);
  expect(rows[0].startsWith(orderId)).toBe(true);
  expect(rows[0].endsWith(`,21 cm / Walnut,${variants[2].sku},,USD,,0,0,,`)).toBe(true);
});
